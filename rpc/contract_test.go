package rpc_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// loopls/cancel: -31005 for a run id no run has (SPEC §3.1), false for a
// run that already ended, and false with no run id when nothing runs.
func TestCancelUnknownRun(t *testing.T) {
	f := newFixture(t)
	f.c.initialize(f.root, nil, nil)
	_, err := f.c.request("loopls/cancel", map[string]any{"runId": "run_nosuchrun"})
	if err == nil || err.Code != -31005 || !strings.Contains(err.Message, "run_nosuchrun") {
		t.Fatalf("cancel of an unknown run: %v, want -31005 naming the run", err)
	}
	var res runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "chat"}, &res)
	var got struct {
		Cancelled *bool `json:"cancelled"`
	}
	f.c.mustRequest("loopls/cancel", map[string]any{"runId": res.RunID}, &got)
	if got.Cancelled == nil || *got.Cancelled {
		t.Errorf("cancel of an ended run = %v, want cancelled false", got.Cancelled)
	}
	got.Cancelled = nil
	f.c.mustRequest("loopls/cancel", map[string]any{}, &got)
	if got.Cancelled == nil || *got.Cancelled {
		t.Errorf("cancel of every run with none running = %v, want cancelled false", got.Cancelled)
	}
}

// A run that ended in an earlier daemon is known through the store: its
// cancel answers false, not -31005.
func TestCancelRunOfAnEarlierDaemon(t *testing.T) {
	state := t.TempDir()
	f := newFixture(t, "XDG_STATE_HOME="+state)
	f.c.initialize(f.root, nil, nil)
	var res runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "chat"}, &res)
	if code := f.c.shutdownExit(); code != 0 {
		t.Fatalf("exit %d", code)
	}
	c := startClient(t, f.root, "LOOPLS_MODEL=ollama:tiny", "OLLAMA_HOST="+f.srv.Host, "XDG_STATE_HOME="+state)
	c.initialize(f.root, nil, nil)
	var got struct {
		Cancelled *bool `json:"cancelled"`
	}
	c.mustRequest("loopls/cancel", map[string]any{"runId": res.RunID}, &got)
	if got.Cancelled == nil || *got.Cancelled {
		t.Errorf("cancel of a stored run = %v, want cancelled false", got.Cancelled)
	}
}

type undoResult struct {
	Applied       *bool  `json:"applied"`
	FailureReason string `json:"failureReason"`
}

// loopls/undoRun answers applied: false whenever nothing was reverted: a run
// without edits, a run undone already; an unknown run is -31005.
func TestUndoRunNothingReverted(t *testing.T) {
	f := newFixture(t)
	f.c.initialize(f.root, nil, nil)
	hello := filepath.Join(f.root, "hello.txt")

	var chat runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "chat"}, &chat)
	var undo undoResult
	f.c.mustRequest("loopls/undoRun", map[string]any{"runId": chat.RunID}, &undo)
	if undo.Applied == nil || *undo.Applied || !strings.Contains(undo.FailureReason, "no edits") {
		t.Errorf("undo of a run without edits = %+v, want applied false and why", undo)
	}

	var edit runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "edit hello.txt"}, &edit)
	undo = undoResult{}
	f.c.mustRequest("loopls/undoRun", map[string]any{"runId": edit.RunID}, &undo)
	if disk, _ := os.ReadFile(hello); undo.Applied == nil || !*undo.Applied || string(disk) != "hello world\n" {
		t.Fatalf("first undo = %+v, hello.txt %q", undo, disk)
	}
	undo = undoResult{}
	f.c.mustRequest("loopls/undoRun", map[string]any{"runId": edit.RunID}, &undo)
	if disk, _ := os.ReadFile(hello); undo.Applied == nil || *undo.Applied || undo.FailureReason == "" || string(disk) != "hello world\n" {
		t.Errorf("second undo = %+v, hello.txt %q; want applied false, a reason, the file as it was", undo, disk)
	}

	if _, err := f.c.request("loopls/undoRun", map[string]any{"runId": "run_nosuchrun"}); err == nil || err.Code != -31005 {
		t.Errorf("undo of an unknown run: %v, want -31005", err)
	}
}

// A ContextExceeded message names the real window and the real need, never
// "N tokens do not fit in N".
func TestContextExceededNamesWindowAndNeed(t *testing.T) {
	f := newFixture(t)
	f.c.initialize(f.root, nil, map[string]any{"contextWindow": 300})
	_, err := f.c.request("loopls/run", map[string]any{"prompt": "read the README please"})
	if err == nil || err.Code != -31002 {
		t.Fatalf("got %v, want -31002", err)
	}
	var data runResult
	if json.Unmarshal(err.Data, &data) != nil || data.Error == nil {
		t.Fatalf("data = %s", err.Data)
	}
	msg := data.Error.Message
	m := regexp.MustCompile(`needs (\d+) tokens and the model's window is 300\b`).FindStringSubmatch(msg)
	if m == nil {
		t.Fatalf("message %q does not name the need and the window of 300", msg)
	}
	if need, _ := strconv.Atoi(m[1]); need <= 285 { // 95 % of 300
		t.Errorf("message %q: a need of %d would have fit", msg, need)
	}
	var raw struct {
		Error struct {
			Used  int `json:"used"`
			Limit int `json:"limit"`
		} `json:"error"`
	}
	json.Unmarshal(err.Data, &raw)
	if raw.Error.Limit != 300 || strconv.Itoa(raw.Error.Used) != m[1] {
		t.Errorf("error fields used %d limit %d, want the need and the window 300", raw.Error.Used, raw.Error.Limit)
	}
}
