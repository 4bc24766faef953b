package workspace

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUndoRunSkipsFileChangedSince: a run edits three files (one of them
// twice, one created), the user changes one afterwards; undo reverts the
// other two and reports the third.
func TestUndoRunSkipsFileChangedSince(t *testing.T) {
	dir := newTree(t, map[string]string{"a.txt": "alpha\n", "b.txt": "beta\n"})
	w := openWS(t, dir, Options{})
	steps := []struct {
		tool string
		args map[string]any
	}{
		{ToolEditFile, map[string]any{"path": "a.txt", "old_string": "alpha", "new_string": "ALPHA"}},
		{ToolEditFile, map[string]any{"path": "a.txt", "old_string": "ALPHA", "new_string": "ALPHA!"}},
		{ToolEditFile, map[string]any{"path": "b.txt", "old_string": "beta", "new_string": "BETA"}},
		{ToolWriteFile, map[string]any{"path": "new/c.txt", "content": "gamma\n"}},
	}
	for _, s := range steps {
		if res := callRun(t, w, "runA", s.tool, s.args); res.IsError {
			t.Fatalf("%s: %s", s.tool, res.Output)
		}
	}
	// Another run's edit is not part of runA's undo.
	if res := callRun(t, w, "runB", ToolWriteFile, map[string]any{"path": "other.txt", "content": "x"}); res.IsError {
		t.Fatal(res.Output)
	}
	if got := len(w.Journal("runA")); got != 4 {
		t.Fatalf("journal of runA has %d entries, want 4", got)
	}
	// The user changes b.txt after the run.
	if err := os.WriteFile(filepath.Join(dir, "b.txt"), []byte("BETA edited by the user\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	applied, reason, err := w.UndoRun(context.Background(), "runA")
	if err != nil {
		t.Fatal(err)
	}
	if !applied {
		t.Errorf("UndoRun applied = false, want true (two files could be reverted); reason %q", reason)
	}
	if !strings.Contains(reason, "b.txt") || strings.Contains(reason, "a.txt") {
		t.Errorf("failure reason %q, want it to name b.txt only", reason)
	}
	if got := readDisk(t, dir, "a.txt"); got != "alpha\n" {
		t.Errorf("a.txt = %q, want reverted to before the run", got)
	}
	if got := readDisk(t, dir, "b.txt"); got != "BETA edited by the user\n" {
		t.Errorf("b.txt = %q, want the user's change kept", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "new/c.txt")); !os.IsNotExist(err) {
		t.Errorf("new/c.txt created by the run still exists after undo (err %v)", err)
	}
	if got := readDisk(t, dir, "other.txt"); got != "x" {
		t.Errorf("runB's file = %q, want untouched", got)
	}
	if applied, reason, _ := w.UndoRun(context.Background(), "no-such-run"); applied || reason == "" {
		t.Errorf("UndoRun(unknown) = %v %q, want not applied with a reason", applied, reason)
	}
}

// TestRunFileChange: what a run did to each file, from the journal: the
// text before its first edit and after its last; a created file says so; a
// file the run did not edit, and a run with no edits, are ErrNoChange.
func TestRunFileChange(t *testing.T) {
	dir := newTree(t, map[string]string{"a.txt": "alpha\n", "b.txt": "beta\n"})
	w := openWS(t, dir, Options{})
	steps := []struct {
		tool string
		args map[string]any
	}{
		{ToolEditFile, map[string]any{"path": "a.txt", "old_string": "alpha", "new_string": "ALPHA"}},
		{ToolEditFile, map[string]any{"path": "b.txt", "old_string": "beta", "new_string": "BETA"}},
		{ToolEditFile, map[string]any{"path": "a.txt", "old_string": "ALPHA", "new_string": "ALPHA!"}},
		{ToolWriteFile, map[string]any{"path": "new/c.txt", "content": "gamma\n"}},
	}
	for _, s := range steps {
		if res := callRun(t, w, "runA", s.tool, s.args); res.IsError {
			t.Fatalf("%s: %s", s.tool, res.Output)
		}
	}
	a, err := w.RunFileChange("runA", "a.txt")
	if err != nil {
		t.Fatal(err)
	}
	if a.Before != "alpha\n" || a.After != "ALPHA!\n" || a.Created || !strings.HasSuffix(a.URI, "/a.txt") {
		t.Errorf("a.txt change = %+v, want before the first edit and after the last", a)
	}
	c, err := w.RunFileChange("runA", "new/c.txt")
	if err != nil {
		t.Fatal(err)
	}
	if !c.Created || c.Before != "" || c.After != "gamma\n" {
		t.Errorf("new/c.txt change = %+v, want created with its content", c)
	}
	if _, err := w.RunFileChange("runA", "other.txt"); !errors.Is(err, ErrNoChange) || !strings.Contains(err.Error(), "did not edit other.txt") {
		t.Errorf("a file the run did not edit: %v, want ErrNoChange naming it", err)
	}
	if _, err := w.RunFileChange("runZ", "a.txt"); !errors.Is(err, ErrNoChange) || !strings.Contains(err.Error(), "made no edits") {
		t.Errorf("a run with no edits: %v, want ErrNoChange", err)
	}
}
