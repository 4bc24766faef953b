package workspace

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/loopls/loopls/engine/machine"
)

// heldBytes recomputes the text the journal holds.
func heldBytes(j *journal) int {
	n := 0
	for _, entries := range j.runs {
		for _, e := range entries {
			n += len(e.Before) + len(e.After)
		}
	}
	return n
}

// A run that rewrites one file many times keeps two texts of it, not one
// per edit, and undo still goes back to the first.
func TestJournalKeepsOnlyWhatUndoNeeds(t *testing.T) {
	dir := newTree(t, map[string]string{"a.txt": "original\n"})
	w := openWS(t, dir, Options{})
	const size = 64 << 10
	for i := range 50 {
		content := strings.Repeat(fmt.Sprintf("%d", i%10), size)
		if res := callRun(t, w, "r1", ToolWriteFile, map[string]any{"path": "a.txt", "content": content}); res.IsError {
			t.Fatal(res.Output)
		}
	}
	if got := len(w.Journal("r1")); got != 50 {
		t.Errorf("journal lists %d edits, want 50", got)
	}
	if held := heldBytes(w.journal); held != len("original\n")+size || w.journal.bytes != held {
		t.Errorf("journal holds %d bytes (counted %d), want %d: the first Before and the last After", held, w.journal.bytes, len("original\n")+size)
	}
	applied, reason, err := w.UndoRun(context.Background(), "r1")
	if err != nil || !applied {
		t.Fatalf("UndoRun = %v %q %v", applied, reason, err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "a.txt")); string(b) != "original\n" {
		t.Errorf("after undo a.txt = %.40q", b)
	}
}

// Old runs are pruned: at most MaxJournalRuns runs and MaxJournalBytes of
// text are held, and undo of a pruned run says why it cannot.
func TestJournalIsBoundedAndPruned(t *testing.T) {
	j := newJournal()
	const size = 4 << 20
	runs := MaxJournalRuns + 10
	for i := range runs {
		run := machine.RunID(fmt.Sprintf("run%03d", i))
		after := strings.Repeat(string(rune('a'+i%26)), size)
		j.add(context.Background(), run, JournalEntry{Path: "f.txt", Before: "x", Existed: true, After: after})
		if j.bytes > MaxJournalBytes {
			t.Fatalf("after run %d the journal holds %d bytes, over MaxJournalBytes", i, j.bytes)
		}
		if j.bytes != heldBytes(j) {
			t.Fatalf("after run %d the count %d differs from the %d bytes held", i, j.bytes, heldBytes(j))
		}
	}
	if len(j.runs) != MaxJournalRuns || len(j.order) != MaxJournalRuns {
		t.Errorf("journal keeps %d runs, want MaxJournalRuns = %d", len(j.runs), MaxJournalRuns)
	}
	if _, ok := j.runs["run000"]; ok {
		t.Errorf("the oldest run is still journaled")
	}
	newest := machine.RunID(fmt.Sprintf("run%03d", runs-1))
	if e := j.runs[newest]; len(e) != 1 || len(e[0].After) != size {
		t.Errorf("the newest run lost its text")
	}

	dir := newTree(t, map[string]string{"f.txt": "x"})
	w := openWS(t, dir, Options{})
	w.journal = j
	oldestKept := j.order[0]
	if !j.pruned[oldestKept] {
		t.Fatalf("run %s kept its text past MaxJournalBytes", oldestKept)
	}
	applied, reason, _ := w.UndoRun(context.Background(), oldestKept)
	if applied || !strings.Contains(reason, "MaxJournalBytes") {
		t.Errorf("undo of a pruned run = %v %q, want refused naming MaxJournalBytes", applied, reason)
	}
	applied, reason, _ = w.UndoRun(context.Background(), "run000")
	if applied || !strings.Contains(reason, "MaxJournalRuns") {
		t.Errorf("undo of a dropped run = %v %q, want refused naming MaxJournalRuns", applied, reason)
	}
	// Nor can a pruned run's change be shown: the texts are gone.
	if _, err := w.RunFileChange(oldestKept, "f.txt"); !errors.Is(err, ErrNoChange) || !strings.Contains(err.Error(), "MaxJournalBytes") {
		t.Errorf("RunFileChange of a pruned run: %v, want ErrNoChange naming MaxJournalBytes", err)
	}
	if fc, err := w.RunFileChange(newest, "f.txt"); err != nil || len(fc.After) != size || fc.Before != "x" {
		t.Errorf("RunFileChange of the newest run: %d bytes after, before %q, err %v", len(fc.After), fc.Before, err)
	}
}

// An open document over MaxOpenBufferBytes is not mirrored: the tools read
// the disk, and the error says which bound was hit. So is one that would
// take all open documents over MaxOpenBuffersBytes, or a change that would
// grow a document past the bound.
func TestOpenBuffersAreBounded(t *testing.T) {
	dir := newTree(t, map[string]string{"big.txt": "on disk\n", "small.txt": "disk small\n"})
	w := openWS(t, dir, Options{})
	big := string(uri.File(filepath.Join(dir, "big.txt")))
	small := string(uri.File(filepath.Join(dir, "small.txt")))

	if err := w.DidOpen(big, 1, "open buffer\n"); err != nil {
		t.Fatal(err)
	}
	err := w.DidOpen(big, 2, strings.Repeat("x", MaxOpenBufferBytes+1))
	if !errors.Is(err, ErrBufferTooLarge) || !strings.Contains(err.Error(), "MaxOpenBufferBytes") {
		t.Fatalf("DidOpen of %d bytes = %v, want ErrBufferTooLarge naming the bound", MaxOpenBufferBytes+1, err)
	}
	if text, _, open, _ := w.ReadOverlayOrDisk("big.txt"); open || text != "on disk\n" {
		t.Errorf("after a refused open the tools read %.20q (open %v), want the disk", text, open)
	}

	if err := w.DidOpen(small, 1, "s"); err != nil {
		t.Fatal(err)
	}
	grow := []protocol.TextDocumentContentChangeEvent{&protocol.TextDocumentContentChangePartial{
		Range: protocol.Range{}, Text: strings.Repeat("y", MaxOpenBufferBytes)}}
	if err := w.DidChange(small, 2, grow); !errors.Is(err, ErrBufferTooLarge) {
		t.Fatalf("growing change = %v, want ErrBufferTooLarge", err)
	}
	if text, _, open, _ := w.ReadOverlayOrDisk("small.txt"); open || text != "disk small\n" {
		t.Errorf("after a refused change the tools read %.20q (open %v), want the disk", text, open)
	}

	// Many documents just under the bound: the total is bounded too.
	chunk := strings.Repeat("z", MaxOpenBufferBytes)
	var refused error
	for i := range MaxOpenBuffersBytes/MaxOpenBufferBytes + 1 {
		p := filepath.Join(dir, fmt.Sprintf("f%d.txt", i))
		if err := w.DidOpen(string(uri.File(p)), 1, chunk); err != nil {
			refused = err
		}
	}
	if !errors.Is(refused, ErrBufferTooLarge) || !strings.Contains(refused.Error(), "MaxOpenBuffersBytes") {
		t.Errorf("opening more than MaxOpenBuffersBytes = %v, want refused naming the bound", refused)
	}
	if w.overlays.bytes > MaxOpenBuffersBytes {
		t.Errorf("open documents hold %d bytes, over MaxOpenBuffersBytes", w.overlays.bytes)
	}
	if err := w.DidClose(string(uri.File(filepath.Join(dir, "f0.txt")))); err != nil {
		t.Fatal(err)
	}
	if w.overlays.bytes != MaxOpenBuffersBytes-MaxOpenBufferBytes {
		t.Errorf("after a close the open documents count %d bytes, want %d", w.overlays.bytes, MaxOpenBuffersBytes-MaxOpenBufferBytes)
	}
}
