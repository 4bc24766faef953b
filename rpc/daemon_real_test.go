//go:build realollama

package rpc_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/realollama"
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
	again := runAfterCancel(t, c, host, res.SessionID)
	if again.Outcome != "completed" || again.SessionID != res.SessionID {
		t.Errorf("the run after the cancel: %+v", again)
	}
	var sess struct {
		History []machine.Message `json:"history"`
	}
	c.mustRequest("loopls/session", map[string]any{"sessionId": res.SessionID}, &sess)
	if len(sess.History) != 6 {
		t.Errorf("history has %d messages, want 6 (4 of the first run, none of the cancelled one, 2 of the last)", len(sess.History))
	}
}

// runAfterCancel runs "chat" in session after a cancelled run, under
// realollama.AfterCancel's rule for Ollama's slot hold: a run that gets no
// answer in time is cancelled (it adds nothing to the session's history),
// the model unloaded, and the run sent again.
func runAfterCancel(t *testing.T, c *client, host string, session machine.SessionID) runResult {
	t.Helper()
	params := map[string]any{"prompt": "chat", "session": session}
	var got runResult
	err := realollama.AfterCancel(t, host, "tiny", func(ctx context.Context) error {
		id, answer := c.send("loopls/run", params)
		select {
		case m := <-answer:
			if m.Error != nil {
				t.Fatalf("the run after the cancel: %+v", m.Error)
			}
			return json.Unmarshal(m.Result, &got)
		case <-ctx.Done():
		}
		c.notify("$/cancelRequest", map[string]any{"id": id})
		if m := c.await(answer); m.Error == nil || m.Error.Code != -32800 {
			t.Fatalf("the held run, cancelled, answered %+v", m.Error)
		}
		return ctx.Err()
	})
	if err != nil {
		t.Fatalf("the run after the cancel: %v", err)
	}
	return got
}

// A follow-up conversation against the real Ollama: the second run gets the
// first exchange, and loopls/session re-draws both runs with the tool call.
func TestRealOllamaFollowUpConversation(t *testing.T) {
	host := startRealOllama(t)
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "README.md"), "# demo\n\nA project for loopls tests.\n")
	c := startClient(t, root, "LOOPLS_MODEL=ollama:tiny", "OLLAMA_HOST="+host)
	c.initialize(root, nil, nil)

	var first, second runResult
	c.mustRequest("loopls/run", map[string]any{"prompt": "read the README"}, &first)
	c.mustRequest("loopls/run", map[string]any{"prompt": "chat", "session": first.SessionID}, &second)
	if first.Outcome != "completed" || second.Outcome != "completed" || second.SessionID != first.SessionID {
		t.Fatalf("runs: %+v, %+v", first, second)
	}
	var v sessionView
	c.mustRequest("loopls/session", map[string]any{"sessionId": first.SessionID}, &v)
	if len(v.History) != 6 || v.History[0].Content != "read the README" || v.History[4].Content != "chat" {
		t.Errorf("history = %+v, want both exchanges in order", v.History)
	}
	if len(v.Runs) != 2 {
		t.Fatalf("runs = %d", len(v.Runs))
	}
	t0, t1 := v.Runs[0].Transcript, v.Runs[1].Transcript
	if len(t0) < 3 || t0[0].Text != "read the README" || t0[1].Kind != "toolCall" || t0[1].Name != "read_file" ||
		t0[1].Status != "completed" || !strings.Contains(t0[1].Output, "A project for loopls tests.") || t0[len(t0)-1].Kind != "answer" {
		t.Errorf("first run's transcript = %+v", t0)
	}
	if len(t1) != 2 || t1[0].Text != "chat" || t1[1].Kind != "answer" || t1[1].Text != second.Output {
		t.Errorf("second run's transcript = %+v, want the prompt and the answer %q", t1, second.Output)
	}
}
