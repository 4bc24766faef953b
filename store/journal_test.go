package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/loopls/loopls/engine/machine"
)

// A run's journal comes back in order after the store is closed and opened
// again; a path changed again keeps its first Before and only its last
// After.
func TestJournalLastsAcrossOpens(t *testing.T) {
	ctx := testCtx(t)
	dir, root := t.TempDir(), t.TempDir()
	s := openTest(t, dir, root)
	bounds := JournalBounds{Runs: 8, Bytes: 1 << 20}
	recs := []JournalRecord{
		{Path: "a.txt", Meta: json.RawMessage(`{"kind":"edit"}`), Before: []byte("one\n"), After: []byte("two\n")},
		{Path: "bin/tool", Meta: json.RawMessage(`{"kind":"line","modeAfter":493}`), After: []byte{0, 1, 2, 0xff}},
	}
	if err := s.AppendJournal(ctx, "r1", recs, bounds); err != nil {
		t.Fatal(err)
	}
	if err := s.AppendJournal(ctx, "r1", []JournalRecord{{Path: "a.txt", Repeat: true, After: []byte("three\n")}}, bounds); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s = openTest(t, dir, root)
	got, err := s.LoadJournal(ctx, "r1")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 {
		t.Fatalf("LoadJournal = %d entries, want 3", len(got))
	}
	if string(got[0].Before) != "one\n" || len(got[0].After) != 0 {
		t.Errorf("a.txt's first entry = before %q after %q, want its Before kept and its After given up", got[0].Before, got[0].After)
	}
	if !bytes.Equal(got[1].After, []byte{0, 1, 2, 0xff}) || string(got[1].Meta) != `{"kind":"line","modeAfter":493}` {
		t.Errorf("bin/tool = %q %s, want its bytes and meta as given", got[1].After, got[1].Meta)
	}
	if string(got[2].After) != "three\n" || got[2].Path != "a.txt" {
		t.Errorf("last entry = %+v", got[2])
	}
	if none, err := s.LoadJournal(ctx, "r-none"); err != nil || len(none) != 0 {
		t.Errorf("LoadJournal of a run with none = %v, %v", none, err)
	}
}

// A text that holds a secret is not written (a redacted text could not be
// restored): the entry says why.
func TestJournalDropsTextsWithSecrets(t *testing.T) {
	const key = "sk-journal-0123456789abcdef"
	t.Setenv("OPENAI_API_KEY", key)
	ctx := testCtx(t)
	s := openTest(t, t.TempDir(), t.TempDir())
	err := s.AppendJournal(ctx, "r1", []JournalRecord{
		{Path: ".env", Before: []byte("A=1\n"), After: []byte("OPENAI_API_KEY=" + key + "\n")},
		{Path: "ok.txt", Before: []byte("x"), After: []byte("y")},
	}, JournalBounds{Runs: 8, Bytes: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := s.LoadJournal(ctx, "r1")
	if len(got) != 2 || got[0].Dropped != DroppedSecret || len(got[0].Before)+len(got[0].After) != 0 {
		t.Errorf(".env = %+v, want no texts, dropped %q", got[0], DroppedSecret)
	}
	if got[1].Dropped != "" || string(got[1].After) != "y" {
		t.Errorf("ok.txt = %+v, want its texts", got[1])
	}
	s.Close()
	for _, suffix := range []string{"", "-wal"} {
		if b, _ := os.ReadFile(s.Path() + suffix); strings.Contains(string(b), "0123456789abcdef") {
			t.Errorf("database file %s holds the key", s.Path()+suffix)
		}
	}
}

// Past the bounds the oldest runs go first: their entries past Runs, their
// texts past Bytes; the newest run keeps its texts.
func TestJournalBounds(t *testing.T) {
	ctx := testCtx(t)
	s := openTest(t, t.TempDir(), t.TempDir())
	bounds := JournalBounds{Runs: 3, Bytes: 250}
	for i := range 5 {
		run := machine.RunID(fmt.Sprintf("r%d", i))
		if err := s.AppendJournal(ctx, run, []JournalRecord{{Path: "f", Before: []byte("b"), After: bytes.Repeat([]byte{'a'}, 99)}}, bounds); err != nil {
			t.Fatal(err)
		}
	}
	for i, want := range []string{"gone", "gone", "evicted", "kept", "kept"} {
		got, err := s.LoadJournal(ctx, machine.RunID(fmt.Sprintf("r%d", i)))
		if err != nil {
			t.Fatal(err)
		}
		var is string
		switch {
		case len(got) == 0:
			is = "gone"
		case got[0].Dropped == DroppedEvicted && len(got[0].After) == 0:
			is = "evicted"
		case got[0].Dropped == "" && len(got[0].After) == 99:
			is = "kept"
		default:
			is = fmt.Sprintf("%+v", got[0])
		}
		if is != want {
			t.Errorf("run r%d is %s, want %s", i, is, want)
		}
	}
}

// Deleting a session deletes its runs' journals.
func TestDeleteSessionDeletesItsJournal(t *testing.T) {
	ctx := testCtx(t)
	s := openTest(t, t.TempDir(), t.TempDir())
	c := started("s1", "r1", "edit", nil)
	if err := s.Checkpoint(ctx, c); err != nil {
		t.Fatal(err)
	}
	if err := s.Checkpoint(ctx, ended(c, machine.OutcomeCompleted, nil, nil)); err != nil {
		t.Fatal(err)
	}
	if err := s.AppendJournal(ctx, "r1", []JournalRecord{{Path: "a", After: []byte("x")}}, JournalBounds{}); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteSession(ctx, "s1"); err != nil {
		t.Fatal(err)
	}
	if got, err := s.LoadJournal(ctx, "r1"); err != nil || len(got) != 0 {
		t.Errorf("journal after the session was deleted = %v, %v", got, err)
	}
}
