package session_test

import (
	"context"
	"testing"
	"time"

	"github.com/loopls/loopls/config"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/session"
)

// The rateLimit setting paces a provider across sessions: with one request
// a minute, a second session's run waits in AwaitingModel without reaching
// the server, and a cancel ends the wait.
func TestRateLimitSettingPacesTheProvider(t *testing.T) {
	e := newEnv(t)
	s := config.Default()
	s.Model, s.OllamaHost = "ollama:tiny", e.srv.Host
	if err := s.Apply([]byte(`{"rateLimit":{"ollama":{"requestsPerMinute":1}}}`)); err != nil {
		t.Fatal(err)
	}
	m, err := session.New(session.Config{Root: e.root, Workspace: e.ws, Settings: func() config.Settings { return s }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })

	h, err := m.Start(context.Background(), session.Request{Prompt: "chat"})
	if err != nil {
		t.Fatal(err)
	}
	if run, err := waitRun(t, h); err != nil || run.Outcome != machine.OutcomeCompleted {
		t.Fatalf("first run: %+v, %v", run, err)
	}
	if n := len(e.srv.Requests()); n != 1 {
		t.Fatalf("%d requests after the first run, want 1", n)
	}

	rec := newRecorder()
	h2, err := m.Start(context.Background(), session.Request{Prompt: "chat", Observer: rec})
	if err != nil {
		t.Fatal(err)
	}
	for st := machine.StateName(""); st != machine.StateAwaitingModel; {
		select {
		case st = <-rec.seen:
		case <-time.After(wait):
			t.Fatal("the second run never reached AwaitingModel")
		}
	}
	h2.Cancel()
	run, err := waitRun(t, h2)
	if run.Outcome != machine.OutcomeCancelled || !machine.IsCancelled(err) {
		t.Fatalf("second run: %+v, %v; want cancelled while paced", run, err)
	}
	if n := len(e.srv.Requests()); n != 1 {
		t.Errorf("%d requests, want 1: the paced run must not reach the server", n)
	}
}
