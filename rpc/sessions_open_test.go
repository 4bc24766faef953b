package rpc_test

import (
	"encoding/json"
	"path/filepath"
	"testing"
)

// databases lists the session databases under the state directory.
func databases(t *testing.T, state string) []string {
	t.Helper()
	dbs, err := filepath.Glob(filepath.Join(state, "loopls", "*.db"))
	if err != nil {
		t.Fatal(err)
	}
	return dbs
}

// The store opens on the first request that needs sessions, not at
// initialize: a daemon that is initialized, serves a code action and shuts
// down never opened SQLite, so it created no database; one asked for its
// sessions did.
func TestStoreOpensOnFirstNeed(t *testing.T) {
	state := t.TempDir()
	f := newFixture(t, "XDG_STATE_HOME="+state)
	f.c.initialize(f.root, nil, nil)
	f.c.notify("initialized", map[string]any{})
	uri := fileURI(filepath.Join(f.root, "hello.txt"))
	f.c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": uri, "languageId": "plaintext", "version": 1, "text": "hello world\n"}})
	// A code action is answered once the workspace is open.
	var actions json.RawMessage
	f.c.mustRequest("textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": uri},
		"range":        map[string]any{"start": map[string]any{"line": 0, "character": 0}, "end": map[string]any{"line": 0, "character": 5}},
		"context":      map[string]any{"diagnostics": []any{}},
	}, &actions)
	if dbs := databases(t, state); len(dbs) != 0 {
		t.Errorf("the workspace is open and no request needed sessions, yet the store was opened: %v", dbs)
	}
	f.c.mustRequest("shutdown", nil, nil)
	f.c.notify("exit", nil)
	if code := f.c.waitExit(); code != 0 {
		t.Fatalf("exit code = %d, want 0", code)
	}
	if dbs := databases(t, state); len(dbs) != 0 {
		t.Errorf("a daemon that never needed sessions created a database: %v", dbs)
	}

	g := newFixture(t, "XDG_STATE_HOME="+state)
	g.c.initialize(g.root, nil, nil)
	var sessions []json.RawMessage
	g.c.mustRequest("loopls/sessions", nil, &sessions)
	if dbs := databases(t, state); len(dbs) != 1 {
		t.Errorf("after loopls/sessions the state directory holds %v, want one database", dbs)
	}
}

// The workspace opens at initialized, or at the first request that needs
// it: a request sent before initialized is answered (it starts the open),
// and a daemon told to shut down before initialized, which never opened
// anything, still exits cleanly.
func TestOpenStartsAtInitializedOrFirstNeed(t *testing.T) {
	f := newFixture(t)
	f.c.initialize(f.root, nil, nil)
	var sessions []json.RawMessage
	f.c.mustRequest("loopls/sessions", nil, &sessions) // before initialized
	f.c.notify("initialized", map[string]any{})        // late: the open is already done
	f.c.mustRequest("shutdown", nil, nil)
	f.c.notify("exit", nil)
	if code := f.c.waitExit(); code != 0 {
		t.Fatalf("exit code = %d, want 0", code)
	}

	g := newFixture(t)
	g.c.initialize(g.root, nil, nil)
	g.c.mustRequest("shutdown", nil, nil)
	g.c.notify("exit", nil)
	if code := g.c.waitExit(); code != 0 {
		t.Fatalf("a daemon shut down before initialized: exit code = %d, want 0", code)
	}
}
