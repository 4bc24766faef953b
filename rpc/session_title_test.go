package rpc_test

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/loopls/loopls/engine/machine"
)

// A fix's prompt starts with its instruction, by default the same for every
// fix ("Improve this code."), so the sessions fixes started all had that
// title (issue 25, item 8). A fix's session is named by what it fixes, in
// the daemon and in the store; a prompt's session still by its first line.
func TestFixSessionsAreNamedByWhatTheyFix(t *testing.T) {
	state := t.TempDir()
	f := newFixture(t, "XDG_STATE_HOME="+state)
	f.c.initialize(f.root, nil, nil)
	uri := fileURI(filepath.Join(f.root, "hello.txt"))
	fix := func(line int, instruction string) {
		t.Helper()
		var res runResult
		f.c.mustRequest("loopls/run", map[string]any{"fix": map[string]any{
			"uri": uri, "range": rangeAt(line, 0, line, 5), "instruction": instruction}}, &res)
		if res.Outcome != "completed" {
			t.Fatalf("fix of line %d: %+v", line+1, res)
		}
	}
	fix(0, "")
	fix(1, "")
	fix(0, "say goodbye")
	var res runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "chat\nmore"}, &res)

	titles := func(c *client) []string {
		var list []struct {
			SessionID machine.SessionID `json:"sessionId"`
			Title     string            `json:"title"`
		}
		c.mustRequest("loopls/sessions", nil, &list)
		var out []string
		for _, s := range list {
			out = append(out, s.Title)
		}
		slices.Sort(out)
		return out
	}
	want := []string{"Fix hello.txt:1-1", "Fix hello.txt:1-1: say goodbye", "Fix hello.txt:2-2", "chat"}
	if got := titles(f.c); !slices.Equal(got, want) {
		t.Errorf("titles = %q, want %q", got, want)
	}
	f.c.shutdownExit()
	c := startClient(t, f.root, "LOOPLS_MODEL=ollama:tiny", "OLLAMA_HOST="+f.srv.Host, "XDG_STATE_HOME="+state)
	c.initialize(f.root, nil, nil)
	if got := titles(c); !slices.Equal(got, want) {
		t.Errorf("titles from the store after a restart = %q, want %q", got, want)
	}
	c.shutdownExit()
}
