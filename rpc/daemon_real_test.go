//go:build realollama

package rpc_test

import (
	"github.com/loopls/loopls/internal/realollama"
	"path/filepath"
	"strings"
	"testing"

	"github.com/loopls/loopls/engine"
)

func startRealOllama(t *testing.T) string { h, _ := realollama.Start(t); return h }

// The daemon against the real Ollama: the two-turn run gives the six
// transitions, a run streaming forever is cancelled, and the session runs
// again at once.
func TestRealOllamaDaemon(t *testing.T) {
	host := startRealOllama(t)
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "README.md"), "# demo\n\nA project for loopls tests.\n")
	c := startClient(t, root, "LOOPLS_MODEL=ollama:tiny", "OLLAMA_HOST="+host)
	c.initialize(root, nil, nil)

	var res runResult
	c.mustRequest("loopls/run", map[string]any{"prompt": "read the README"}, &res)
	if res.Outcome != "completed" {
		t.Fatalf("run: %+v", res)
	}
	checkSix(t, transitionsOf(t, c, res.RunID))

	id, answer := c.send("loopls/run", map[string]any{"prompt": "loop", "session": res.SessionID})
	c.waitFor("the looping run's first delta", func(m *wireMsg) bool {
		return m.Method == "loopls/delta" && !strings.Contains(string(m.Params), string(res.RunID))
	})
	c.notify("$/cancelRequest", map[string]any{"id": id})
	if m := c.await(answer); m.Error == nil || m.Error.Code != -32800 {
		t.Fatalf("cancelled run answered %+v", m.Error)
	}
	var again runResult
	c.mustRequest("loopls/run", map[string]any{"prompt": "chat", "session": res.SessionID}, &again)
	if again.Outcome != "completed" || again.SessionID != res.SessionID {
		t.Errorf("the run after the cancel: %+v", again)
	}
	var sess struct {
		History []engine.Message `json:"history"`
	}
	c.mustRequest("loopls/session", map[string]any{"sessionId": res.SessionID}, &sess)
	if len(sess.History) != 6 {
		t.Errorf("history has %d messages, want 6 (4 of the first run, none of the cancelled one, 2 of the last)", len(sess.History))
	}
}
