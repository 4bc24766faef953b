package session

import (
	"context"
	"errors"
	"fmt"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/store"
	"github.com/loopls/loopls/workspace"
)

// ResumeRequest asks to continue a run a dead daemon left resumable.
type ResumeRequest struct {
	// RunID names the run; it keeps its id.
	RunID machine.RunID
	// MaxTurns overrides the settings' turn cap (0 = settings).
	MaxTurns int
	// Mode may narrow the mode the run started in (ask narrows edit and
	// auto, edit narrows auto); it never widens it: a resumed run keeps
	// its original mode ("" keeps it as it is).
	Mode workspace.Mode
	// Observer sees the resumed run's events.
	Observer engine.Observer
}

// Resume continues a run from its last checkpoint, as Start begins one: it
// returns at once and the run goes on in its own goroutine. The run keeps
// its id; its transitions number on from its last checkpoint. It fails with
// ErrUnknownRun, ErrBusy (the session runs, here or in another process),
// or ErrNotResumable with the reason.
func (m *Manager) Resume(ctx context.Context, r ResumeRequest) (*Handle, error) {
	if m.cfg.Store == nil {
		return nil, fmt.Errorf("run %s: %w: this loopls keeps no store, so nothing was checkpointed", r.RunID, ErrNotResumable)
	}
	rec, err := m.cfg.Store.Run(ctx, r.RunID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fmt.Errorf("run %s: %w", r.RunID, ErrUnknownRun)
	}
	if err != nil {
		return nil, err
	}
	sid := rec.SessionID

	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		return nil, ErrClosed
	}
	e := m.sessions[sid]
	isNew := e == nil
	if isNew {
		e = &entry{id: sid, version: -1, relay: &relay{}}
		m.sessions[sid] = e
	}
	if e.busy {
		m.mu.Unlock()
		return nil, fmt.Errorf("session %s: %w", sid, ErrBusy)
	}
	if _, dup := m.runs[r.RunID]; dup {
		m.mu.Unlock()
		return nil, fmt.Errorf("session: run id %s is already in flight", r.RunID)
	}
	runCtx, cancel := context.WithCancel(ctx)
	h := &Handle{id: r.RunID, session: sid, cancel: cancel, done: make(chan struct{})}
	e.busy = true
	m.runs[r.RunID] = h
	m.mu.Unlock()

	res, err := m.cfg.Store.ClaimResume(ctx, r.RunID)

	m.mu.Lock()
	defer m.mu.Unlock()
	if err != nil {
		e.busy = false
		delete(m.runs, r.RunID)
		if isNew {
			delete(m.sessions, sid)
		}
		cancel()
		switch {
		case errors.Is(err, store.ErrBusy):
			return nil, kinded{err, ErrBusy}
		case errors.Is(err, store.ErrNotResumable):
			return nil, kinded{err, ErrNotResumable}
		case errors.Is(err, store.ErrNotFound):
			return nil, fmt.Errorf("run %s: %w", r.RunID, ErrUnknownRun)
		}
		return nil, err
	}
	if res.Version != e.version {
		e.agent = nil // its breakers may stay stale; its machine is replaced anyway
	}
	e.history, e.version = res.History, res.Version
	if e.title == "" {
		e.title = store.Title(res.Run.Prompt)
	}
	req := Request{
		SessionID: sid, Prompt: res.Run.Prompt, MaxTurns: r.MaxTurns, Mode: resumedMode(workspace.Mode(res.Run.Mode), r.Mode),
		Observer: r.Observer, RunID: r.RunID,
	}
	// The prompt already holds its attached context; the project's
	// instructions are read again, as for any run.
	prep, perr := m.prepare(Request{Prompt: res.Run.Prompt})
	if perr != nil {
		prep = prepared{prompt: res.Run.Prompt}
	}
	if snap, err := engine.UnmarshalMachine(res.Machine); err == nil {
		h.recorded = snap.Conversation()
	}
	m.wg.Add(1)
	go m.run(runCtx, e, h, req, prep, &res)
	return h, nil
}

// resumedMode is the mode a resumed run gets: the one it started in, or
// the asked one when that is narrower. A run recorded before modes were
// kept resumes in ask: nothing says it may change anything (fail closed).
func resumedMode(started, asked workspace.Mode) workspace.Mode {
	rank := map[workspace.Mode]int{workspace.ModeAsk: 0, workspace.ModeEdit: 1, workspace.ModeAuto: 2}
	orig, ok := rank[started]
	if !ok {
		return workspace.ModeAsk
	}
	if a, ok := rank[asked]; ok && a < orig {
		return asked
	}
	return started
}
