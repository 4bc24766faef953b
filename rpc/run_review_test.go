package rpc_test

import (
	"os"
	"path/filepath"
	"testing"
)

type reviewResult struct {
	RunID string `json:"runId"`
	Files []struct {
		Path    string `json:"path"`
		Status  string `json:"status"`
		Created bool   `json:"created"`
		Hunks   []struct {
			Line    int    `json:"line"`
			Removed string `json:"removed"`
			Added   string `json:"added"`
		} `json:"hunks"`
	} `json:"files"`
	Waiting int `json:"waiting"`
}

func statuses(r reviewResult) map[string]string {
	out := map[string]string{}
	for _, f := range r.Files {
		out[f.Path] = f.Status
	}
	return out
}

// The run review over a run that changed three files lasts past the
// daemon: a hunk kept in one daemon is kept in the next (a window
// reloaded), where Undo all reverts what was not kept.
func TestRunReviewSurvivesADaemonRestart(t *testing.T) {
	state := t.TempDir()
	f := newFixture(t, "XDG_STATE_HOME="+state)
	f.c.initialize(f.root, nil, nil)
	var res runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "edit three"}, &res)
	if res.Outcome != "completed" || len(res.Edits) != 3 {
		t.Fatalf("run: %+v", res)
	}
	var rev reviewResult
	f.c.mustRequest("loopls/runReview", map[string]any{"runId": res.RunID}, &rev)
	if rev.Waiting != 3 || len(rev.Files) != 3 {
		t.Fatalf("review = %+v, want three files waiting", rev)
	}
	for _, fr := range rev.Files {
		if fr.Status != "waiting for your review" || len(fr.Hunks) != 1 {
			t.Errorf("%s: %+v", fr.Path, fr)
		}
	}
	var kept struct {
		Review reviewResult `json:"review"`
	}
	f.c.mustRequest("loopls/reviewRun", map[string]any{"runId": res.RunID, "path": "README.md", "hunk": 0, "keep": true}, &kept)
	if st := statuses(kept.Review); st["README.md"] != "kept" || kept.Review.Waiting != 2 {
		t.Fatalf("after keeping README.md's hunk: %v", st)
	}
	if _, err := f.c.request("loopls/reviewRun", map[string]any{"runId": res.RunID, "path": "README.md", "hunk": 3, "keep": false}); err == nil || err.Code != -32602 {
		t.Errorf("a hunk the file has not: %v, want -32602", err)
	}
	if code := f.c.shutdownExit(); code != 0 {
		t.Fatalf("exit %d", code)
	}

	c := startClient(t, f.root, "LOOPLS_MODEL=ollama:tiny", "OLLAMA_HOST="+f.srv.Host, "XDG_STATE_HOME="+state)
	c.initialize(f.root, nil, nil)
	c.mustRequest("loopls/runReview", map[string]any{"runId": res.RunID}, &rev)
	if st := statuses(rev); st["README.md"] != "kept" || st["hello.txt"] != "waiting for your review" || st["notes.txt"] != "waiting for your review" {
		t.Fatalf("review after the restart: %v, want README.md kept, the others waiting", st)
	}
	var undone struct {
		Review        reviewResult `json:"review"`
		FailureReason string       `json:"failureReason"`
	}
	c.mustRequest("loopls/reviewRun", map[string]any{"runId": res.RunID, "keep": false}, &undone)
	if st := statuses(undone.Review); st["hello.txt"] != "rejected by you" || st["notes.txt"] != "rejected by you" || st["README.md"] != "kept" || undone.FailureReason != "" {
		t.Errorf("after Undo all: %v %q", st, undone.FailureReason)
	}
	if b, _ := os.ReadFile(filepath.Join(f.root, "hello.txt")); string(b) != "hello world\n" {
		t.Errorf("hello.txt after Undo all = %q", b)
	}
	if _, err := os.Stat(filepath.Join(f.root, "notes.txt")); !os.IsNotExist(err) {
		t.Errorf("notes.txt after Undo all: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(f.root, "README.md")); string(b) != "# demo, reviewed\n\nA project for loopls tests.\n" {
		t.Errorf("README.md after Undo all = %q, want what was kept", b)
	}
	if _, err := c.request("loopls/runReview", map[string]any{"runId": "run_nosuch"}); err == nil || err.Code != -31005 {
		t.Errorf("an unknown run: %v, want -31005", err)
	}
}
