package session_test

import (
	"context"
	"regexp"
	"testing"

	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/session"
	"github.com/loopls/loopls/store"
)

// A run with NewSessionID creates its session under that id, in the store
// from its claim on; an id a session already has is refused, in memory or
// in the store, and the session it names is left as it was.
func TestNewSessionID(t *testing.T) {
	e := newEnv(t)
	st, err := store.Open(context.Background(), t.TempDir(), e.root)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	m := e.manager(t, st)
	const id machine.SessionID = "ses_00112233aabbccdd"
	h, err := m.Start(context.Background(), session.Request{NewSessionID: id, Prompt: "chat one"})
	if err != nil {
		t.Fatal(err)
	}
	if h.SessionID() != id {
		t.Errorf("session id = %s, want %s", h.SessionID(), id)
	}
	if _, err := m.Start(context.Background(), session.Request{NewSessionID: id, Prompt: "chat again"}); err == nil {
		t.Error("a second new session under an id in memory was started")
	}
	if _, err := waitRun(t, h); err != nil {
		t.Fatal(err)
	}
	m.Close()

	m2 := e.manager(t, st)
	if _, err := m2.Start(context.Background(), session.Request{NewSessionID: id, Prompt: "chat again"}); err == nil {
		t.Error("a new session under an id the store holds was started")
	}
	rec, err := m2.Session(context.Background(), id)
	if err != nil || len(rec.History) != 2 || len(rec.Runs) != 1 {
		t.Errorf("stored session %s: %d messages, %d runs, %v; want the one run's 2 messages", id, len(rec.History), len(rec.Runs), err)
	}
}

// A run without a session gets one from NewSessionID: "ses_" and 16 hex
// digits, never the same twice.
func TestRunWithoutSessionGetsAFreshID(t *testing.T) {
	e := newEnv(t)
	m := e.manager(t, nil)
	seen := map[machine.SessionID]bool{}
	for range 2 {
		h, err := m.Start(context.Background(), session.Request{Prompt: "chat"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := waitRun(t, h); err != nil {
			t.Fatal(err)
		}
		id := h.SessionID()
		if !sessionIDShape.MatchString(string(id)) || seen[id] {
			t.Errorf("session id %q: want ses_ and 16 hex digits, new each time (seen %v)", id, seen)
		}
		seen[id] = true
	}
	if id := session.NewSessionID(); !sessionIDShape.MatchString(string(id)) || seen[id] {
		t.Errorf("NewSessionID() = %q", id)
	}
}

var sessionIDShape = regexp.MustCompile(`^ses_[0-9a-f]{16}$`)
