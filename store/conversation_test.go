package store

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

func TestTranscriptRenameDelete(t *testing.T) {
	ctx := testCtx(t)
	s := openTest(t, t.TempDir(), t.TempDir())
	c := started("s1", "r1", "chat one", nil)
	if err := s.Checkpoint(ctx, c); err != nil {
		t.Fatal(err)
	}
	if err := s.Checkpoint(ctx, ended(c, machine.OutcomeCompleted, nil, nil)); err != nil {
		t.Fatal(err)
	}
	if err := s.Checkpoint(ctx, started("s2", "r2", "other", nil)); err != nil {
		t.Fatal(err)
	}
	tr := json.RawMessage(`[{"kind":"prompt","text":"chat one"}]`)
	if err := s.SetTranscript(ctx, "r1", tr, nil); err != nil {
		t.Fatal(err)
	}
	if r, _ := s.Run(ctx, "r1"); len(r.Edits) != 1 || r.Edits[0].Path != "hello.txt" {
		t.Errorf("no edits given: the stored ones became %+v", r.Edits)
	}
	if err := s.SetTranscript(ctx, "r1", tr, []engine.Edit{{Path: "a.go"}, {Path: "b.go"}}); err != nil {
		t.Fatal(err)
	}
	if r, _ := s.Run(ctx, "r1"); len(r.Edits) != 2 || r.Edits[1].Path != "b.go" {
		t.Errorf("edits after SetTranscript = %+v", r.Edits)
	}
	if err := s.SetTranscript(ctx, "nope", tr, nil); !errors.Is(err, ErrNotFound) {
		t.Errorf("SetTranscript of an unknown run: %v, want ErrNotFound", err)
	}
	if err := s.SetTranscript(ctx, "r1", json.RawMessage(`[{`), nil); err == nil {
		t.Errorf("SetTranscript stored a transcript that is not JSON")
	}
	got, err := s.Transcripts(ctx, "s1")
	if err != nil || string(got["r1"]) != string(tr) || len(got) != 1 {
		t.Errorf("Transcripts(s1) = %s, %v; want r1's", got, err)
	}
	if got, _ := s.Transcripts(ctx, "s2"); string(got["r2"]) != "[]" {
		t.Errorf("a run with no transcript yet has %s, want []", got["r2"])
	}

	if err := s.RenameSession(ctx, "s1", "  My chat  "); err != nil {
		t.Fatal(err)
	}
	if rec, _ := s.Session(ctx, "s1"); rec.Title != "My chat" {
		t.Errorf("title after rename = %q", rec.Title)
	}
	for _, bad := range []string{"", "   ", "two\nlines", strings.Repeat("x", 201)} {
		if err := s.RenameSession(ctx, "s1", bad); !errors.Is(err, ErrBadTitle) {
			t.Errorf("RenameSession(%q) = %v, want ErrBadTitle", bad, err)
		}
	}
	if err := s.RenameSession(ctx, "nope", "x"); !errors.Is(err, ErrNotFound) {
		t.Errorf("RenameSession of an unknown session: %v", err)
	}
	// A later run keeps the user's title.
	c3 := started("s1", "r3", "chat two", nil)
	if err := s.Checkpoint(ctx, c3); err != nil {
		t.Fatal(err)
	}
	if err := s.Checkpoint(ctx, ended(c3, machine.OutcomeCompleted, nil, nil)); err != nil {
		t.Fatal(err)
	}
	if rec, _ := s.Session(ctx, "s1"); rec.Title != "My chat" {
		t.Errorf("title after a later run = %q, want the renamed one", rec.Title)
	}

	if err := s.DeleteSession(ctx, "s1"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Session(ctx, "s1"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Session after delete: %v", err)
	}
	if _, err := s.Run(ctx, "r1"); !errors.Is(err, ErrNotFound) {
		t.Errorf("a run of a deleted session is still stored: %v", err)
	}
	if list, _ := s.Sessions(ctx); len(list) != 1 || list[0].ID != "s2" {
		t.Errorf("sessions after delete = %+v, want only s2", list)
	}
	if err := s.DeleteSession(ctx, "s1"); !errors.Is(err, ErrNotFound) {
		t.Errorf("deleting twice: %v, want ErrNotFound", err)
	}
}

// A session with a run in flight in a live process is not deleted.
func TestDeleteRefusedWhileARunIsInFlight(t *testing.T) {
	ctx := testCtx(t)
	dir, root := t.TempDir(), t.TempDir()
	a, b := openTest(t, dir, root), openTest(t, dir, root)
	c := started("s", "r", "chat", nil)
	if err := a.Checkpoint(ctx, c); err != nil {
		t.Fatal(err)
	}
	for name, s := range map[string]*Store{"the running store": a, "another store": b} {
		if err := s.DeleteSession(ctx, "s"); !errors.Is(err, ErrBusy) {
			t.Errorf("%s deleted a session with a run in flight: %v, want ErrBusy", name, err)
		}
	}
	if err := a.Checkpoint(ctx, ended(c, machine.OutcomeCompleted, nil, nil)); err != nil {
		t.Fatal(err)
	}
	if err := b.DeleteSession(ctx, "s"); err != nil {
		t.Errorf("delete after the run ended: %v", err)
	}
}
