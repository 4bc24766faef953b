package rpc_test

import (
	"context"
	"encoding/json"
	"os/exec"
	"reflect"
	"strings"
	"testing"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// The four cancel paths of SPEC §3.2, each tried in AwaitingModel (the
// model stalls mid-stream) and in AwaitingTools (a command sleeps).
func TestCancelPaths(t *testing.T) {
	paths := []string{"$/cancelRequest", "window/workDoneProgress/cancel", "loopls/cancel", "loopls.cancel"}
	states := []struct {
		name   string
		prompt string
		state  machine.StateName
	}{
		{"AwaitingModel", "stall now", machine.StateAwaitingModel},
		{"AwaitingTools", "sleep a while", machine.StateAwaitingTools},
	}
	for _, st := range states {
		for _, path := range paths {
			t.Run(st.name+"/"+path, func(t *testing.T) {
				t.Parallel()
				testCancel(t, path, st.prompt, st.state)
			})
		}
	}
}

func testCancel(t *testing.T, path, prompt string, state machine.StateName) {
	t.Helper()
	f := newFixture(t)
	f.c.initialize(f.root, map[string]any{"window": map[string]any{"workDoneProgress": true}},
		map[string]any{"allowCommands": true, "allowedCommands": []string{"sleep"}})

	// A first run gives the session some history to keep.
	var first runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "chat first"}, &first)
	history := sessionHistory(t, f.c, first.SessionID)

	id, answer := f.c.send("loopls/run", map[string]any{"prompt": prompt, "session": first.SessionID, "workDoneToken": "cancel-me"})
	entered := f.c.waitFor("the run entering "+string(state), func(m *wireMsg) bool {
		if m.Method != "loopls/transition" {
			return false
		}
		tr := params[engine.Transition](t, m)
		return tr.SessionID == first.SessionID && tr.RunID != first.RunID && tr.To == state
	})
	run := params[engine.Transition](t, entered).RunID
	if state == machine.StateAwaitingTools {
		f.c.waitFor("run_command running", func(m *wireMsg) bool {
			return m.Method == "loopls/toolCall" && strings.Contains(string(m.Params), `"running"`) &&
				strings.Contains(string(m.Params), string(run))
		})
	} else {
		f.c.waitFor("the stalled model's first chunk", func(m *wireMsg) bool {
			return m.Method == "loopls/delta" && strings.Contains(string(m.Params), string(run))
		})
	}
	disconnects := f.srv.Disconnects()

	switch path {
	case "$/cancelRequest":
		f.c.notify("$/cancelRequest", map[string]any{"id": json.RawMessage(id)})
	case "window/workDoneProgress/cancel":
		f.c.notify("window/workDoneProgress/cancel", map[string]any{"token": "cancel-me"})
	case "loopls/cancel":
		var res struct {
			Cancelled bool `json:"cancelled"`
		}
		f.c.mustRequest("loopls/cancel", map[string]any{"runId": run}, &res)
		if !res.Cancelled {
			t.Error("loopls/cancel answered cancelled=false for a run in flight")
		}
	case "loopls.cancel":
		f.c.mustRequest("workspace/executeCommand", map[string]any{
			"command": "loopls.cancel", "arguments": []any{map[string]any{"runId": run}}}, nil)
	}

	m := f.c.await(answer)
	if m.Error == nil || m.Error.Code != -32800 {
		t.Fatalf("loopls/run answered %s %v, want -32800", m.Result, m.Error)
	}
	var data runResult
	if err := json.Unmarshal(m.Error.Data, &data); err != nil || data.Outcome != "cancelled" || data.Error == nil || data.Error.Kind != "Cancelled" {
		t.Errorf("error data = %s, want the Run record, outcome cancelled", m.Error.Data)
	}
	trs := transitionsOf(t, f.c, run)
	if last := trs[len(trs)-1]; last.To != machine.StateTerminal || last.Outcome != machine.OutcomeCancelled {
		t.Errorf("last transition = %+v, want → Terminal (cancelled)", last)
	}
	for i, tr := range trs {
		if tr.Seq != i+1 {
			t.Errorf("transition %d has seq %d", i, tr.Seq)
		}
	}
	if ended := runEnded(t, f.c, run); ended.Outcome != "cancelled" {
		t.Errorf("runEnded outcome = %s", ended.Outcome)
	}
	f.c.waitFor("progress end", func(m *wireMsg) bool {
		return m.Method == "$/progress" && strings.Contains(string(m.Params), `"end"`)
	})

	if state == machine.StateAwaitingModel {
		// The model's HTTP stream was closed.
		ctx, cancel := context.WithTimeout(context.Background(), wait)
		defer cancel()
		for f.srv.Disconnects() <= disconnects {
			if err := f.srv.WaitDisconnect(ctx); err != nil {
				t.Fatalf("the scripted server saw no disconnect: %v", err)
			}
		}
	} else {
		f.c.waitFor("run_command cancelled", func(m *wireMsg) bool {
			return m.Method == "loopls/toolCall" && strings.Contains(string(m.Params), `"cancelled"`)
		})
		// The command's process is gone.
		if out, err := exec.Command("pgrep", "-f", "^sleep 30$").Output(); err == nil && len(out) > 0 {
			t.Logf("sleep processes still around (maybe another test's): %s", out)
		}
	}

	// History is unchanged, and the session runs again.
	if got := sessionHistory(t, f.c, first.SessionID); !reflect.DeepEqual(got, history) {
		t.Errorf("history after the cancel = %+v, want %+v", got, history)
	}
	var again runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "chat again", "session": first.SessionID}, &again)
	if again.Outcome != "completed" {
		t.Errorf("the next run: %+v", again)
	}
	if got := sessionHistory(t, f.c, first.SessionID); len(got) != len(history)+2 {
		t.Errorf("after the next run the history has %d messages, want %d", len(got), len(history)+2)
	}
}

func sessionHistory(t *testing.T, c *client, id machine.SessionID) []machine.Message {
	t.Helper()
	var sess struct {
		History []machine.Message `json:"history"`
	}
	c.mustRequest("loopls/session", map[string]any{"sessionId": id}, &sess)
	return sess.History
}
