package workspace

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/loopls/loopls/engine/machine"
)

// What a line applied is journaled per path and undone as a whole: a
// created file is deleted, a changed one gets its text back, a deleted one
// comes back, a changed mode is set back.
func TestRecordLineUndo(t *testing.T) {
	dir := newTree(t, map[string]string{"a.txt": "alpha\n", "old.txt": "old\n", "run.sh": "#!/bin/sh\n"})
	if err := os.Chmod(filepath.Join(dir, "run.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	w := openWS(t, dir, Options{})
	// What the layer applied, done here by hand.
	must(t, os.WriteFile(filepath.Join(dir, "new.txt"), []byte("new\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "a.txt"), []byte("ALPHA\n"), 0o644))
	must(t, os.Remove(filepath.Join(dir, "old.txt")))
	must(t, os.Chmod(filepath.Join(dir, "run.sh"), 0o644))
	err := w.RecordLine(context.Background(), "r1", "call_1", []LineChange{
		{Path: "new.txt", Op: LineCreated, ModeAfter: 0o644, After: []byte("new\n")},
		{Path: "a.txt", Op: LineChanged, ModeBefore: 0o644, ModeAfter: 0o644, Before: []byte("alpha\n"), After: []byte("ALPHA\n")},
		{Path: "old.txt", Op: LineDeleted, ModeBefore: 0o644, Before: []byte("old\n")},
		{Path: "run.sh", Op: LineMode, ModeBefore: 0o755, ModeAfter: 0o644, After: []byte("#!/bin/sh\n")},
	})
	if err != nil {
		t.Fatal(err)
	}
	j := w.Journal("r1")
	if len(j) != 4 || j[0].Kind != EntryLine || j[0].CallID != "call_1" || j[0].Existed || !j[2].Removed {
		t.Fatalf("journal = %+v", j)
	}
	if fc, err := w.RunFileChange("r1", "old.txt"); err != nil || !fc.Removed || fc.Before != "old\n" || fc.Kind != EntryLine {
		t.Errorf("RunFileChange(old.txt) = %+v, %v", fc, err)
	}
	applied, reason, err := w.UndoRun(context.Background(), "r1")
	if err != nil || !applied || reason != "" {
		t.Fatalf("UndoRun = %v %q %v", applied, reason, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "new.txt")); !os.IsNotExist(err) {
		t.Errorf("new.txt still there after undo (%v)", err)
	}
	if got := readDisk(t, dir, "a.txt"); got != "alpha\n" {
		t.Errorf("a.txt = %q", got)
	}
	if got := readDisk(t, dir, "old.txt"); got != "old\n" {
		t.Errorf("old.txt = %q, want it back", got)
	}
	if fi, err := os.Stat(filepath.Join(dir, "run.sh")); err != nil || fi.Mode().Perm() != 0o755 {
		t.Errorf("run.sh mode after undo = %v (%v), want 0755", fi.Mode(), err)
	}
}

// A line that fills a git-ignored node_modules journals every file's name
// but holds their texts only up to MaxJournalBulkBytes; the files git
// tracks keep theirs, and so does every other run.
func TestLineBulkIsBounded(t *testing.T) {
	dir := newTree(t, map[string]string{".gitignore": "node_modules/\n", "notes.txt": "n\n"})
	w := openWS(t, dir, Options{})
	if res := callRun(t, w, "r0", ToolWriteFile, map[string]any{"path": "notes.txt", "content": "earlier\n"}); res.IsError {
		t.Fatal(res.Output)
	}
	const n, size = 3000, 1 << 10
	var changes []LineChange
	for i := range n {
		p := fmt.Sprintf("node_modules/pkg%d/index.js", i)
		var text []byte
		if w.KeepsText("r1", p, size) {
			text = []byte(strings.Repeat("x", size))
		}
		changes = append(changes, LineChange{Path: p, Op: LineCreated, After: text, Size: size})
		if text != nil {
			// As the layer does: what it read is journaled before it asks again.
			must(t, w.RecordLine(context.Background(), "r1", "c", changes[len(changes)-1:]))
			changes = changes[:len(changes)-1]
		}
	}
	changes = append(changes, LineChange{Path: "package-lock.json", Op: LineCreated, After: []byte("{}\n")})
	must(t, w.RecordLine(context.Background(), "r1", "c", changes))
	bulk, kept, listed := 0, 0, 0
	for _, e := range w.Journal("r1") {
		listed++
		if e.Bulk {
			bulk += len(e.After)
		}
		if e.Path == "package-lock.json" && e.After == "{}\n" && !e.Bulk {
			kept++
		}
	}
	if listed != n+1 {
		t.Errorf("journal lists %d paths, want %d", listed, n+1)
	}
	if bulk > MaxJournalBulkBytes || bulk < MaxJournalBulkBytes-size {
		t.Errorf("bulk text held = %d, want just under MaxJournalBulkBytes (%d)", bulk, MaxJournalBulkBytes)
	}
	if kept != 1 {
		t.Errorf("package-lock.json lost its text")
	}
	if fc, err := w.RunFileChange("r0", "notes.txt"); err != nil || fc.After != "earlier\n" {
		t.Errorf("the earlier run's change = %+v, %v; want it kept", fc, err)
	}
	if fc, err := w.RunFileChange("r1", fmt.Sprintf("node_modules/pkg%d/index.js", n-1)); err == nil || !strings.Contains(err.Error(), "MaxJournalBulkBytes") {
		t.Errorf("a bulk file past the bound: %+v, %v; want an error naming MaxJournalBulkBytes", fc, err)
	}
}

// One run's texts cannot take more than MaxJournalRunBytes, so a run that
// rewrites a big tree leaves the other runs undoable.
func TestOneRunCannotEvictTheOthers(t *testing.T) {
	dir := newTree(t, map[string]string{"a.txt": "a\n"})
	w := openWS(t, dir, Options{})
	for i := range 3 {
		run := fmt.Sprintf("early%d", i)
		if res := callRun(t, w, machine.RunID(run), ToolWriteFile, map[string]any{"path": "a.txt", "content": run}); res.IsError {
			t.Fatal(res.Output)
		}
	}
	big := strings.Repeat("y", 1<<20)
	var changes []LineChange
	for i := range 80 { // 80 MiB, more than MaxJournalBytes
		changes = append(changes, LineChange{Path: fmt.Sprintf("gen/%d.txt", i), Op: LineCreated, After: []byte(big)})
	}
	must(t, w.RecordLine(context.Background(), "huge", "c", changes))
	if w.journal.runText["huge"] > MaxJournalRunBytes {
		t.Errorf("the run holds %d bytes, over MaxJournalRunBytes", w.journal.runText["huge"])
	}
	for i := range 3 {
		if _, err := w.RunFileChange(machine.RunID(fmt.Sprintf("early%d", i)), "a.txt"); err != nil {
			t.Errorf("early%d was evicted by one run: %v", i, err)
		}
	}
	applied, reason, _ := w.UndoRun(context.Background(), "huge")
	if !strings.Contains(reason, "MaxJournalRunBytes") {
		t.Errorf("undo of the big run = %v %q, want the files past the bound named", applied, reason)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
