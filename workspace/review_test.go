package workspace

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// The review of a run that changed three files: hunks from the text before
// the run; keeping one hunk and undoing the other; Keep all and Undo all.
func TestRunReviewKeepAndUndo(t *testing.T) {
	dir := newTree(t, map[string]string{"a.txt": "one\ntwo\nthree\nfour\nfive\n", "b.txt": "bee\n"})
	w := openWS(t, dir, Options{})
	for _, s := range []struct {
		tool string
		args map[string]any
	}{
		{ToolEditFile, map[string]any{"path": "a.txt", "old_string": "one", "new_string": "ONE"}},
		{ToolEditFile, map[string]any{"path": "a.txt", "old_string": "five", "new_string": "FIVE"}},
		{ToolEditFile, map[string]any{"path": "b.txt", "old_string": "bee", "new_string": "BEE"}},
		{ToolWriteFile, map[string]any{"path": "c.txt", "content": "new\n"}},
	} {
		if res := callRun(t, w, "r1", s.tool, s.args); res.IsError {
			t.Fatal(res.Output)
		}
	}
	ctx := context.Background()
	rev, err := w.RunReview(ctx, "r1")
	if err != nil {
		t.Fatal(err)
	}
	if len(rev.Files) != 3 || rev.Waiting != 3 {
		t.Fatalf("review = %+v, want 3 files waiting", rev)
	}
	a := rev.Files[0]
	if a.Path != "a.txt" || a.Status != ReviewWaiting || len(a.Hunks) != 2 || a.Hunks[0].Removed != "one\n" || a.Hunks[1].Added != "FIVE\n" || a.Hunks[1].Line != 5 {
		t.Errorf("a.txt = %+v", a)
	}
	if c := rev.Files[2]; !c.Created || len(c.Hunks) != 1 || c.Hunks[0].Added != "new\n" {
		t.Errorf("c.txt = %+v", c)
	}
	// Keep a.txt's first hunk, undo its second.
	if _, why, err := w.ReviewAction(ctx, "r1", "a.txt", 0, true); err != nil || why != "" {
		t.Fatal(why, err)
	}
	rev, why, err := w.ReviewAction(ctx, "r1", "a.txt", 0, false) // the one left: "five"
	if err != nil || why != "" {
		t.Fatal(why, err)
	}
	if got := readDisk(t, dir, "a.txt"); got != "ONE\ntwo\nthree\nfour\nfive\n" {
		t.Errorf("a.txt after keeping one hunk and undoing the other = %q", got)
	}
	if rev.Files[0].Status != ReviewKept || len(rev.Files[0].Hunks) != 0 {
		t.Errorf("a.txt after both hunks = %+v, want kept with none left", rev.Files[0])
	}
	// Undo all: b.txt back, c.txt gone; a.txt stays as the user left it.
	rev, why, err = w.ReviewAction(ctx, "r1", "", -1, false)
	if err != nil || why != "" {
		t.Fatal(why, err)
	}
	if got := readDisk(t, dir, "b.txt"); got != "bee\n" {
		t.Errorf("b.txt after Undo all = %q", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "c.txt")); !os.IsNotExist(err) {
		t.Errorf("c.txt after Undo all: %v", err)
	}
	if got := readDisk(t, dir, "a.txt"); got != "ONE\ntwo\nthree\nfour\nfive\n" {
		t.Errorf("a.txt after Undo all = %q, want what was kept", got)
	}
	if rev.Waiting != 0 || rev.Files[1].Status != ReviewRejected || rev.Files[2].Status != ReviewRejected {
		t.Errorf("after Undo all = %+v", rev)
	}
	// Keep all on another run: nothing written, everything kept.
	if res := callRun(t, w, "r2", ToolWriteFile, map[string]any{"path": "b.txt", "content": "BEE2\n"}); res.IsError {
		t.Fatal(res.Output)
	}
	rev, _, err = w.ReviewAction(ctx, "r2", "", -1, true)
	if err != nil || rev.Waiting != 0 || rev.Files[0].Status != ReviewKept || readDisk(t, dir, "b.txt") != "BEE2\n" {
		t.Errorf("Keep all = %+v %v, b.txt %q", rev, err, readDisk(t, dir, "b.txt"))
	}
	if _, _, err := w.ReviewAction(ctx, "r2", "nope.txt", -1, true); err == nil {
		t.Errorf("a path the run did not change was accepted")
	}
}
