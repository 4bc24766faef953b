package session_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/loopls/loopls/config"
	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/fakeollama"
	"github.com/loopls/loopls/providers"
	"github.com/loopls/loopls/session"
	"github.com/loopls/loopls/store"
	"github.com/loopls/loopls/workspace"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

const wait = 20 * time.Second

type env struct {
	srv  *fakeollama.Server
	root string
	ws   *workspace.Workspace
}

func newEnv(t *testing.T) *env {
	t.Helper()
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "README.md"), []byte("# demo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ws, err := workspace.Open(context.Background(), root, workspace.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	return &env{srv: srv, root: root, ws: ws}
}

func (e *env) manager(t *testing.T, st *store.Store) *session.Manager {
	t.Helper()
	s := config.Default()
	s.Model, s.OllamaHost = "ollama:tiny", e.srv.Host
	m, err := session.New(session.Config{Root: e.root, Store: st, Workspace: e.ws,
		Settings: func() config.Settings { return s }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	return m
}

// waitRun waits for h with a bound.
func waitRun(t *testing.T, h *session.Handle) (engine.Run, error) {
	t.Helper()
	select {
	case <-h.Done():
	case <-time.After(wait):
		t.Fatalf("run %s did not end", h.RunID())
	}
	return h.Wait()
}

// recorder is an observer that keeps transitions.
type recorder struct {
	engine.NopObserver
	mu   sync.Mutex
	trs  []engine.Transition
	ends []engine.Run
	seen chan machine.StateName
}

func newRecorder() *recorder { return &recorder{seen: make(chan machine.StateName, 64)} }

func (r *recorder) OnTransition(t engine.Transition) {
	r.mu.Lock()
	r.trs = append(r.trs, t)
	r.mu.Unlock()
	r.seen <- t.To
}

func (r *recorder) OnRunEnd(run engine.Run) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.ends = append(r.ends, run)
}

func TestRunCompletesAndIsListed(t *testing.T) {
	e := newEnv(t)
	m := e.manager(t, nil)
	rec := newRecorder()
	h, err := m.Start(context.Background(), session.Request{Prompt: "read the README", Observer: rec})
	if err != nil {
		t.Fatal(err)
	}
	run, err := waitRun(t, h)
	if err != nil || run.Outcome != machine.OutcomeCompleted || run.SessionID != h.SessionID() || run.ID != h.RunID() {
		t.Fatalf("run = %+v, %v", run, err)
	}
	if len(rec.trs) != 6 {
		t.Errorf("observer saw %d transitions, want 6", len(rec.trs))
	}
	list, err := m.Sessions(context.Background())
	if err != nil || len(list) != 1 || list[0].ID != h.SessionID() || list[0].Runs != 1 {
		t.Errorf("Sessions = %+v, %v", list, err)
	}
	rec2, err := m.Session(context.Background(), h.SessionID())
	if err != nil || len(rec2.History) != 4 || len(rec2.Runs) != 1 {
		t.Errorf("Session = %d messages, %d runs, %v; want 4 and 1", len(rec2.History), len(rec2.Runs), err)
	}
}

func TestBusyUnknownAndCancel(t *testing.T) {
	e := newEnv(t)
	m := e.manager(t, nil)
	first, err := m.Start(context.Background(), session.Request{Prompt: "chat"})
	if err != nil {
		t.Fatal(err)
	}
	waitRun(t, first)
	before, _ := m.Session(context.Background(), first.SessionID())

	rec := newRecorder()
	h, err := m.Start(context.Background(), session.Request{SessionID: first.SessionID(), Prompt: "stall", Observer: rec})
	if err != nil {
		t.Fatal(err)
	}
	// Bounded: a run that ends before it waits on the model must fail the
	// test with what it did, not hang the package until go test's timeout.
	for awaiting := false; !awaiting; {
		select {
		case st := <-rec.seen:
			awaiting = st == machine.StateAwaitingModel
		case <-h.Done():
			run, err := h.Wait()
			t.Fatalf("the stalled run ended before it waited on the model: %+v, %v", run, err)
		case <-time.After(wait):
			t.Fatal("the stalled run never reached AwaitingModel")
		}
	}
	if _, err := m.Start(context.Background(), session.Request{SessionID: first.SessionID(), Prompt: "chat"}); !errors.Is(err, session.ErrBusy) {
		t.Errorf("a second run on a busy session: %v, want ErrBusy", err)
	}
	if _, err := m.Start(context.Background(), session.Request{SessionID: "ses_none", Prompt: "chat"}); !errors.Is(err, session.ErrUnknownSession) {
		t.Errorf("a run on an unknown session: %v, want ErrUnknownSession", err)
	}
	if !m.Cancel(h.RunID()) {
		t.Error("Cancel found no run")
	}
	run, err := waitRun(t, h)
	if !machine.IsCancelled(err) || run.Outcome != machine.OutcomeCancelled {
		t.Errorf("cancelled run = %+v, %v", run, err)
	}
	after, _ := m.Session(context.Background(), first.SessionID())
	if len(after.History) != len(before.History) {
		t.Errorf("history went from %d to %d messages on a cancel", len(before.History), len(after.History))
	}
	if m.Cancel(h.RunID()) {
		t.Error("Cancel of an ended run reported true")
	}
}

func TestSessionLoadedFromStore(t *testing.T) {
	e := newEnv(t)
	st, err := store.Open(context.Background(), t.TempDir(), e.root)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	m1 := e.manager(t, st)
	h, err := m1.Start(context.Background(), session.Request{Prompt: "chat one"})
	if err != nil {
		t.Fatal(err)
	}
	waitRun(t, h)
	m1.Close()

	m2 := e.manager(t, st)
	h2, err := m2.Start(context.Background(), session.Request{SessionID: h.SessionID(), Prompt: "chat two"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := waitRun(t, h2); err != nil {
		t.Fatal(err)
	}
	rec, err := m2.Session(context.Background(), h.SessionID())
	if err != nil || len(rec.History) != 4 || len(rec.Runs) != 2 {
		t.Errorf("stored session: %d messages, %d runs, %v; want 4 and 2", len(rec.History), len(rec.Runs), err)
	}
	// The model request of the second run carried the first run's history.
	reqs := e.srv.Requests()
	if got := len(reqs[len(reqs)-1].Messages); got < 3 {
		t.Errorf("the second run sent %d messages, want the first run's history too", got)
	}
}

func TestResolveFailureEndsTheRunFailed(t *testing.T) {
	e := newEnv(t)
	m, err := session.New(session.Config{Root: e.root, Settings: config.Default,
		Resolve: func(context.Context, config.Settings, string) (providers.Resolved, error) {
			return providers.Resolved{}, providers.ErrUnreachable
		}})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	rec := newRecorder()
	h, err := m.Start(context.Background(), session.Request{Prompt: "chat", Observer: rec})
	if err != nil {
		t.Fatal(err)
	}
	run, err := waitRun(t, h)
	if !errors.Is(err, machine.ErrAPI) || run.Outcome != machine.OutcomeFailed || run.Error == nil || run.Error.Kind != machine.KindAPI {
		t.Errorf("run = %+v, %v; want failed with kind Api", run, err)
	}
	if !errors.Is(err, providers.ErrUnreachable) {
		t.Errorf("the cause is lost: %v", err)
	}
	if len(rec.ends) != 1 {
		t.Errorf("OnRunEnd fired %d times, want 1", len(rec.ends))
	}
	// The editor still sees the machine's walk: accepted, then failed.
	rec.mu.Lock()
	trs := append([]engine.Transition(nil), rec.trs...)
	rec.mu.Unlock()
	if len(trs) != 2 ||
		trs[0].Seq != 1 || trs[0].From != machine.StateStart || trs[0].To != machine.StateStart || trs[0].Event != machine.EventAcceptInput ||
		trs[1].Seq != 2 || trs[1].To != machine.StateTerminal || trs[1].Event != machine.EventFail ||
		trs[1].Outcome != machine.OutcomeFailed || trs[1].Error == nil || trs[1].Error.Kind != machine.KindAPI ||
		trs[1].RunID != h.RunID() {
		t.Errorf("transitions = %+v; want accept_input then fail (failed, Api)", trs)
	}
	// The session is free again.
	if _, err := m.Start(context.Background(), session.Request{SessionID: h.SessionID(), Prompt: "chat"}); err != nil {
		t.Errorf("the session is not reusable: %v", err)
	}
}

func TestCloseCancelsRuns(t *testing.T) {
	e := newEnv(t)
	m := e.manager(t, nil)
	hs := make([]*session.Handle, 3)
	for i := range hs {
		h, err := m.Start(context.Background(), session.Request{Prompt: "loop forever"})
		if err != nil {
			t.Fatal(err)
		}
		hs[i] = h
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	for _, h := range hs {
		if run, _ := waitRun(t, h); run.Outcome != machine.OutcomeCancelled {
			t.Errorf("run %s after Close: %s", h.RunID(), run.Outcome)
		}
	}
	if _, err := m.Start(context.Background(), session.Request{Prompt: "chat"}); !errors.Is(err, session.ErrClosed) {
		t.Errorf("Start after Close: %v", err)
	}
}
