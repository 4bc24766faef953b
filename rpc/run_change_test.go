package rpc_test

import (
	"path/filepath"
	"strings"
	"testing"
)

// loopls/runChange gives an edited file's text before and after the run,
// from the daemon's journal, for an editor's diff view; a file the run did
// not edit is refused with the reason, an unknown run with -31005.
func TestRunChangeShowsAnEditsBeforeAndAfter(t *testing.T) {
	f := newFixture(t)
	ed := &editor{uri: fileURI(filepath.Join(f.root, "hello.txt")), text: "hello world\n", version: 1}
	f.c.handle("workspace/applyEdit", ed.applyEdit(t))
	f.c.initialize(f.root, map[string]any{"workspace": map[string]any{"applyEdit": true}}, nil)
	f.c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": ed.uri, "languageId": "plaintext", "version": 1, "text": ed.text}})

	var res runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "edit hello.txt"}, &res)
	if res.Outcome != "completed" || len(res.Edits) != 1 {
		t.Fatalf("run: %+v", res)
	}
	var ch struct {
		RunID   string `json:"runId"`
		Path    string `json:"path"`
		URI     string `json:"uri"`
		Created bool   `json:"created"`
		Before  string `json:"before"`
		After   string `json:"after"`
	}
	f.c.mustRequest("loopls/runChange", map[string]any{"runId": res.RunID, "path": "hello.txt"}, &ch)
	if ch.Before != "hello world\n" || ch.After != "goodbye world\n" || ch.Created || ch.URI != ed.uri || ch.Path != "hello.txt" {
		t.Errorf("runChange = %+v, want hello.txt from %q to %q at %s", ch, "hello world\n", "goodbye world\n", ed.uri)
	}

	if _, err := f.c.request("loopls/runChange", map[string]any{"runId": res.RunID, "path": "README.md"}); err == nil || !strings.Contains(err.Message, "did not edit README.md") {
		t.Errorf("a file the run did not edit: %+v, want an error naming it", err)
	}
	if _, err := f.c.request("loopls/runChange", map[string]any{"runId": "run_nosuchrun", "path": "hello.txt"}); err == nil || err.Code != -31005 {
		t.Errorf("an unknown run: %+v, want -31005", err)
	}
	if _, err := f.c.request("loopls/runChange", map[string]any{"runId": res.RunID}); err == nil || err.Code != -32602 || !strings.Contains(err.Message, "path") {
		t.Errorf("no path: %+v, want -32602 naming path", err)
	}
}
