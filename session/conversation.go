package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/store"
	"github.com/loopls/loopls/workspace"
)

// Started is what a run was given besides its prompt, known before its
// first event: loopls/runStarted.
type Started struct {
	RunID     machine.RunID     `json:"runId"`
	SessionID machine.SessionID `json:"sessionId"`
	Mode      workspace.Mode    `json:"mode"`
	// Instructions are the AGENTS.md files in the system prompt.
	Instructions []Instruction `json:"instructions"`
	// Context is what the user attached, as the model got it.
	Context []Attached `json:"context"`
}

// StartObserver is an engine.Observer that also hears Started, before any
// other event of the run.
type StartObserver interface {
	OnRunStarted(Started)
}

// Conversation is a session with each run's transcript: enough to draw the
// conversation again (loopls/session).
type Conversation struct {
	store.SessionRecord
	// Transcripts holds each run's entries by run id; a run with none
	// recorded (stored by an older loopls) has an empty list.
	Transcripts map[machine.RunID][]Entry
}

// Conversation returns a session with its runs' transcripts; an unknown id
// is ErrUnknownSession.
func (m *Manager) Conversation(ctx context.Context, id machine.SessionID) (Conversation, error) {
	rec, err := m.Session(ctx, id)
	if err != nil {
		return Conversation{}, err
	}
	c := Conversation{SessionRecord: rec, Transcripts: make(map[machine.RunID][]Entry)}
	if m.cfg.Store != nil {
		raw, err := m.cfg.Store.Transcripts(ctx, id)
		if err != nil {
			return Conversation{}, err
		}
		for run, t := range raw {
			var entries []Entry
			if err := json.Unmarshal(t, &entries); err != nil {
				m.log.Warn("transcript not readable", "run", run, "err", err)
				continue
			}
			c.Transcripts[run] = entries
		}
	} else {
		m.mu.Lock()
		if e := m.sessions[id]; e != nil {
			for run, t := range e.transcripts {
				c.Transcripts[run] = t
			}
		}
		m.mu.Unlock()
	}
	for _, r := range c.Runs {
		if c.Transcripts[r.ID] == nil {
			c.Transcripts[r.ID] = []Entry{}
		}
	}
	return c, nil
}

// saveTranscript stores a run's transcript and edits once the run has ended.
func (m *Manager) saveTranscript(run machine.RunID, t []Entry, edits []engine.Edit) {
	b, err := json.Marshal(t)
	if err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
		defer cancel()
		err = m.cfg.Store.SetTranscript(ctx, run, b, edits)
	}
	if err != nil {
		m.log.Error("transcript not stored", "run", run, "err", err)
	}
}

// Rename sets a session's title (trimmed, one line, 1 to 200 characters).
func (m *Manager) Rename(ctx context.Context, id machine.SessionID, title string) error {
	t, err := store.CleanTitle(title)
	if err != nil {
		return err
	}
	m.mu.Lock()
	e := m.sessions[id]
	if e != nil {
		e.title = t
	}
	m.mu.Unlock()
	if m.cfg.Store == nil {
		if e == nil {
			return fmt.Errorf("session %s: %w", id, ErrUnknownSession)
		}
		return nil
	}
	err = m.cfg.Store.RenameSession(ctx, id, t)
	if errors.Is(err, store.ErrNotFound) {
		if e != nil {
			// Its first run has not reached the store yet; the run's
			// checkpoints keep a title that is already set.
			return nil
		}
		return fmt.Errorf("session %s: %w", id, ErrUnknownSession)
	}
	return err
}

// Delete removes a session, its history and its runs. A session with a run
// in flight is ErrBusy (cancel the run first); an unknown one is
// ErrUnknownSession.
func (m *Manager) Delete(ctx context.Context, id machine.SessionID) error {
	m.mu.Lock()
	e := m.sessions[id]
	if e != nil && e.busy {
		m.mu.Unlock()
		return fmt.Errorf("session %s: %w", id, ErrBusy)
	}
	delete(m.sessions, id)
	m.mu.Unlock()
	if m.cfg.Store == nil {
		if e == nil {
			return fmt.Errorf("session %s: %w", id, ErrUnknownSession)
		}
		return nil
	}
	err := m.cfg.Store.DeleteSession(ctx, id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return fmt.Errorf("session %s: %w", id, ErrUnknownSession)
	case errors.Is(err, store.ErrBusy):
		return kinded{err, ErrBusy}
	}
	return err
}

// tee forwards a run's events to its recorder and to the run's observer.
type tee struct {
	rec *recorder
	o   engine.Observer
}

func (t tee) each(f func(engine.Observer)) {
	f(t.rec)
	if t.o != nil {
		f(t.o)
	}
}

func (t tee) OnRunStart(run engine.Run) { t.each(func(o engine.Observer) { o.OnRunStart(run) }) }
func (t tee) OnTransition(tr engine.Transition) {
	t.each(func(o engine.Observer) { o.OnTransition(tr) })
}
func (t tee) OnDelta(id machine.RunID, lane engine.Lane, text string) {
	t.each(func(o engine.Observer) { o.OnDelta(id, lane, text) })
}
func (t tee) OnResponse(id machine.RunID, turn int, resp engine.ModelResponse) {
	t.each(func(o engine.Observer) { o.OnResponse(id, turn, resp) })
}
func (t tee) OnToolPre(ev engine.ToolEvent)  { t.each(func(o engine.Observer) { o.OnToolPre(ev) }) }
func (t tee) OnToolPost(ev engine.ToolEvent) { t.each(func(o engine.Observer) { o.OnToolPost(ev) }) }
func (t tee) OnCompaction(id machine.RunID, reason string, before, after int) {
	t.each(func(o engine.Observer) { o.OnCompaction(id, reason, before, after) })
}
func (t tee) OnFallback(id machine.RunID, from, to string) {
	t.each(func(o engine.Observer) { o.OnFallback(id, from, to) })
}
func (t tee) OnLoopDetected(id machine.RunID, tool string, repeats int, stopped bool) {
	t.each(func(o engine.Observer) { o.OnLoopDetected(id, tool, repeats, stopped) })
}
func (t tee) OnStreamFailure(id machine.RunID, turn int, model string, err error) {
	t.each(func(o engine.Observer) { o.OnStreamFailure(id, turn, model, err) })
}
func (t tee) OnModelWait(w engine.ModelWait)   { t.each(func(o engine.Observer) { o.OnModelWait(w) }) }
func (t tee) OnRunEnd(run engine.Run)          { t.each(func(o engine.Observer) { o.OnRunEnd(run) }) }
func (t tee) OnCheckpoint(c engine.Checkpoint) { t.each(func(o engine.Observer) { o.OnCheckpoint(c) }) }
