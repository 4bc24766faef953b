package session_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/session"
)

// A run cancelled mid-stream keeps, in its transcript, the prompt and the
// partial answer, though its messages never reach the history.
func TestTranscriptOfACancelledRun(t *testing.T) {
	e := newEnv(t)
	m := e.manager(t, nil)
	rec := newRecorder()
	deltas := make(chan struct{}, 1)
	h, err := m.Start(context.Background(), session.Request{Prompt: "stall here", Observer: &deltaSignal{recorder: rec, ch: deltas}})
	if err != nil {
		t.Fatal(err)
	}
	<-deltas
	m.Cancel(h.RunID())
	run, _ := waitRun(t, h)
	if run.Outcome != machine.OutcomeCancelled {
		t.Fatalf("run = %+v", run)
	}
	c, err := m.Conversation(context.Background(), h.SessionID())
	if err != nil {
		t.Fatal(err)
	}
	tr := c.Transcripts[h.RunID()]
	if len(tr) != 2 || tr[0].Kind != session.EntryPrompt || tr[0].Text != "stall here" ||
		tr[1].Kind != session.EntryAnswer || tr[1].Text != "Thinking" || !tr[1].Partial {
		t.Errorf("transcript = %+v, want the prompt and the partial answer", tr)
	}
	if len(c.History) != 0 || len(c.Runs) != 1 {
		t.Errorf("history %d messages, %d runs; want 0 and 1", len(c.History), len(c.Runs))
	}
}

// deltaSignal signals the first text delta.
type deltaSignal struct {
	*recorder
	ch chan struct{}
}

func (d *deltaSignal) OnDelta(_ machine.RunID, lane engine.Lane, _ string) {
	if lane == engine.LaneText {
		select {
		case d.ch <- struct{}{}:
		default:
		}
	}
}

// Attached context past the cap is cut and the prompt says what was cut;
// an entry that cannot be read refuses the run before it starts.
func TestContextCapAndRefusal(t *testing.T) {
	e := newEnv(t)
	m := e.manager(t, nil)
	big := strings.Repeat("0123456789abcdef\n", (session.MaxContextBytes/17)+100)
	if err := os.WriteFile(filepath.Join(e.root, "big.txt"), []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	st := &startedSignal{recorder: newRecorder(), ch: make(chan session.Started, 1)}
	h, err := m.Start(context.Background(), session.Request{Prompt: "chat", Observer: st,
		Context: []session.ContextRef{{URI: "big.txt"}, {URI: "README.md"}}})
	if err != nil {
		t.Fatal(err)
	}
	run, _ := waitRun(t, h) // 64 KiB do not fit the tiny model's window; the prompt is what counts
	got := <-st.ch
	if len(got.Context) != 2 || !got.Context[0].Truncated || got.Context[0].Bytes != session.MaxContextBytes || !got.Context[1].Omitted {
		t.Errorf("runStarted context = %+v, want big.txt cut at the cap and README.md left out", got.Context)
	}
	user := run.Prompt
	if !strings.Contains(user, "[loopls: the attached context is capped at") || !strings.Contains(user, "big.txt, lines 1-") ||
		!strings.Contains(user, "README.md, lines 1-1: left out") {
		t.Errorf("the prompt does not say what was cut:\n%s", user[len(user)-400:])
	}
	if len(user) > session.MaxContextBytes+1024 {
		t.Errorf("the user message is %d bytes, over the cap", len(user))
	}

	n := len(e.srv.Requests())
	for _, ref := range []session.ContextRef{
		{URI: "../outside.txt"},
		{URI: "missing.txt"},
		{URI: "README.md", Lines: &session.LineRange{Start: 5, End: 9}},
		{URI: "README.md", Lines: &session.LineRange{Start: 2, End: 1}},
	} {
		if _, err := m.Start(context.Background(), session.Request{Prompt: "chat", Context: []session.ContextRef{ref}}); !errors.Is(err, session.ErrBadContext) {
			t.Errorf("context %+v: %v, want ErrBadContext", ref, err)
		}
	}
	if len(e.srv.Requests()) != n {
		t.Errorf("a refused run reached the model")
	}
}

type startedSignal struct {
	*recorder
	ch chan session.Started
}

func (s *startedSignal) OnRunStarted(st session.Started) { s.ch <- st }

func TestRenameAndDeleteInMemory(t *testing.T) {
	e := newEnv(t)
	m := e.manager(t, nil)
	h, err := m.Start(context.Background(), session.Request{Prompt: "chat\nmore"})
	if err != nil {
		t.Fatal(err)
	}
	waitRun(t, h)
	ctx := context.Background()
	if list, _ := m.Sessions(ctx); len(list) != 1 || list[0].Title != "chat" {
		t.Errorf("sessions = %+v, want the title from the first line", list)
	}
	if err := m.Rename(ctx, h.SessionID(), "Renamed"); err != nil {
		t.Fatal(err)
	}
	if list, _ := m.Sessions(ctx); list[0].Title != "Renamed" {
		t.Errorf("title after rename = %q", list[0].Title)
	}
	if err := m.Rename(ctx, "ses_none", "x"); !errors.Is(err, session.ErrUnknownSession) {
		t.Errorf("rename unknown: %v", err)
	}
	if err := m.Delete(ctx, h.SessionID()); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Conversation(ctx, h.SessionID()); !errors.Is(err, session.ErrUnknownSession) {
		t.Errorf("after delete: %v", err)
	}
	if err := m.Delete(ctx, h.SessionID()); !errors.Is(err, session.ErrUnknownSession) {
		t.Errorf("delete twice: %v", err)
	}
}

// Request.Title names the session a run starts (a fix's "Fix path:lines");
// without it the prompt's first line does.
func TestRequestTitleNamesANewSession(t *testing.T) {
	e := newEnv(t)
	m := e.manager(t, nil)
	ctx := context.Background()
	h, err := m.Start(ctx, session.Request{Prompt: "Improve this code.\n\nFile: a.go", Title: "Fix a.go:3-5\nignored"})
	if err != nil {
		t.Fatal(err)
	}
	waitRun(t, h)
	h2, err := m.Start(ctx, session.Request{Prompt: "chat", SessionID: h.SessionID(), Title: "not a new session"})
	if err != nil {
		t.Fatal(err)
	}
	waitRun(t, h2)
	if list, _ := m.Sessions(ctx); len(list) != 1 || list[0].Title != "Fix a.go:3-5" {
		t.Errorf("sessions = %+v, want one titled %q", list, "Fix a.go:3-5")
	}
}
