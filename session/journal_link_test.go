package session

import (
	"context"
	"testing"

	"github.com/loopls/loopls/store"
	"github.com/loopls/loopls/workspace"
)

// A line's link entry keeps its kind through the store: a reloaded
// journal undoes it as a link, not as a file whose text is its target.
func TestJournalKeepsLinks(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	st, err := store.Open(ctx, t.TempDir(), root)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	j := journalStore{st: st}
	in := []workspace.JournalEntry{
		{Kind: workspace.EntryLine, Path: "l", Link: true, After: "keep.txt"},
		{Kind: workspace.EntryLine, Path: "f", After: "text\n"},
	}
	if err := j.AppendJournal(ctx, "run_1", in); err != nil {
		t.Fatal(err)
	}
	if err := st.FlushJournal(ctx, "run_1"); err != nil {
		t.Fatal(err)
	}
	out, err := j.LoadJournal(ctx, "run_1")
	if err != nil || len(out) != 2 {
		t.Fatalf("LoadJournal = %+v, %v", out, err)
	}
	if !out[0].Link || out[0].After != "keep.txt" || out[1].Link {
		t.Errorf("entries after the store: %+v", out)
	}
}
