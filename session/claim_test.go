package session_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/loopls/loopls/config"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/session"
	"github.com/loopls/loopls/store"
)

// openStore opens a real store in a temporary state directory for root;
// two calls with the same dir are two daemons sharing one database.
func openStore(t *testing.T, dir, root string) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), dir, root)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// managerWith is e.manager with settings changed by set.
func (e *env) managerWith(t *testing.T, st *store.Store, set func(*config.Settings)) *session.Manager {
	t.Helper()
	s := config.Default()
	s.Model, s.OllamaHost = "ollama:tiny", e.srv.Host
	set(&s)
	m, err := session.New(session.Config{Root: e.root, Store: st, Workspace: e.ws,
		Settings: func() config.Settings { return s }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	return m
}

// A run claims its session in the store: while it is in flight, a second
// daemon on the same database is refused a run in that session (ErrBusy),
// and gets it once the first run has ended.
func TestClaimRefusesASecondDaemonWhileARunIsInFlight(t *testing.T) {
	e := newEnv(t)
	dir := t.TempDir()
	a := e.manager(t, openStore(t, dir, e.root))
	b := e.manager(t, openStore(t, dir, e.root))

	first, err := a.Start(context.Background(), session.Request{Prompt: "chat"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := waitRun(t, first); err != nil {
		t.Fatal(err)
	}
	sid := first.SessionID()
	rec := newRecorder()
	looping, err := a.Start(context.Background(), session.Request{SessionID: sid, Prompt: "loop forever", Observer: rec})
	if err != nil {
		t.Fatal(err)
	}
	rec.waitState(t, machine.StateAwaitingModel) // the claim is made before the machine starts
	if _, err := b.Start(context.Background(), session.Request{SessionID: sid, Prompt: "chat"}); !errors.Is(err, session.ErrBusy) {
		t.Fatalf("second daemon's run in a claimed session: %v, want ErrBusy", err)
	}
	looping.Cancel()
	waitRun(t, looping)
	h, err := b.Start(context.Background(), session.Request{SessionID: sid, Prompt: "chat again"})
	if err != nil {
		t.Fatalf("after the run ended: %v", err)
	}
	if _, err := waitRun(t, h); err != nil {
		t.Fatal(err)
	}
}

// A claim brings a session held in memory up to the stored history: a
// daemon whose copy is behind (another daemon ran in the session since)
// sends the model the whole conversation, and the store keeps every run.
func TestClaimCatchesUpWithAnotherDaemonsRuns(t *testing.T) {
	e := newEnv(t)
	dir := t.TempDir()
	a := e.manager(t, openStore(t, dir, e.root))
	b := e.manager(t, openStore(t, dir, e.root))
	run := func(m *session.Manager, sid string, prompt string) *session.Handle {
		t.Helper()
		h, err := m.Start(context.Background(), session.Request{SessionID: sessionID(sid), Prompt: prompt})
		if err != nil {
			t.Fatalf("%s: %v", prompt, err)
		}
		if _, err := waitRun(t, h); err != nil {
			t.Fatalf("%s: %v", prompt, err)
		}
		return h
	}
	sid := string(run(a, "", "chat one").SessionID())
	run(b, sid, "chat two")   // b loads the session: 2 messages, then 4
	run(a, sid, "chat three") // a's copy (2 messages) is behind: the claim catches up
	last := e.srv.Requests()[len(e.srv.Requests())-1]
	var users []string
	for _, msg := range last.Messages {
		if msg.Role == "user" {
			users = append(users, msg.Content)
		}
	}
	if len(users) != 3 || users[0] != "chat one" || users[1] != "chat two" || users[2] != "chat three" {
		t.Errorf("the model was sent the user turns %q; want all three runs'", users)
	}
	rec, err := b.Session(context.Background(), sessionID(sid))
	if err != nil || len(rec.History) != 6 || len(rec.Runs) != 3 {
		t.Errorf("stored session: %d messages, %d runs, %v; want 6 and 3", len(rec.History), len(rec.Runs), err)
	}
}

// A session deleted by another daemon is gone for this one too: its
// claim finds no session, though the session is still in its memory.
func TestClaimOfASessionDeletedElsewhere(t *testing.T) {
	e := newEnv(t)
	dir := t.TempDir()
	a := e.manager(t, openStore(t, dir, e.root))
	b := e.manager(t, openStore(t, dir, e.root))
	h, err := a.Start(context.Background(), session.Request{Prompt: "chat"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := waitRun(t, h); err != nil {
		t.Fatal(err)
	}
	if err := b.Delete(context.Background(), h.SessionID()); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Start(context.Background(), session.Request{SessionID: h.SessionID(), Prompt: "chat"}); !errors.Is(err, session.ErrUnknownSession) {
		t.Errorf("a run in a session deleted elsewhere: %v, want ErrUnknownSession", err)
	}
}

func sessionID(s string) machine.SessionID { return machine.SessionID(s) }

// waitState waits, with a bound, until the run has moved to state.
func (r *recorder) waitState(t *testing.T, state machine.StateName) {
	t.Helper()
	timeout := time.After(wait)
	for {
		select {
		case s := <-r.seen:
			if s == state {
				return
			}
		case <-timeout:
			t.Fatalf("the run never reached %s", state)
		}
	}
}
