package rpc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/session"
)

// runParams are loopls/run's params and loopls.run's argument.
type runParams struct {
	Prompt        string            `json:"prompt"`
	Fix           *fixParams        `json:"fix"`
	Session       machine.SessionID `json:"session"`
	Model         string            `json:"model"`
	MaxTurns      int               `json:"maxTurns"`
	Mode          string            `json:"mode"`
	Context       []contextParam    `json:"context"`
	WorkDoneToken json.RawMessage   `json:"workDoneToken"`
}

// validate checks the fields and returns the prompt to run.
func (s *Server) validate(p *runParams) (string, error) {
	if p.MaxTurns < 0 {
		return "", badParam("maxTurns", "must be 0 or more")
	}
	if p.Fix != nil {
		return s.fixPrompt(p.Fix)
	}
	if strings.TrimSpace(p.Prompt) == "" {
		return "", badParam("prompt", "is required (or give \"fix\")")
	}
	return p.Prompt, nil
}

// runState is a run the server is reporting on.
type runState struct {
	id       machine.RunID
	session  machine.SessionID
	handle   *session.Handle
	progress *progress
	obs      *runObserver
	ended    chan struct{} // closed after loopls/runEnded is queued
	run      engine.Run
}

// startRun starts a run whose life is bound to ctx and reports on it until
// it ends: transitions, deltas, tool calls, progress, then loopls/runEnded.
func (s *Server) startRun(ctx context.Context, p runParams, token json.RawMessage) (*runState, error) {
	prompt, err := s.validate(&p)
	if err != nil {
		return nil, err
	}
	mgr, err := s.manager(ctx)
	if err != nil {
		return nil, err
	}
	mode, err := s.runMode(p.Mode)
	if err != nil {
		return nil, err
	}
	refs, err := contextRefs(p.Context)
	if err != nil {
		return nil, err
	}
	var focus []string
	if p.Fix != nil {
		focus = []string{p.Fix.URI}
	}
	id := engine.NewRunID()
	return s.launch(id, token, progressTitle(prompt), func(obs engine.Observer) (*session.Handle, error) {
		return mgr.Start(ctx, session.Request{
			SessionID: p.Session,
			Prompt:    prompt,
			Title:     s.fixTitle(p.Fix),
			Model:     p.Model,
			MaxTurns:  p.MaxTurns,
			Mode:      mode,
			Context:   refs,
			Focus:     focus,
			Fix:       s.fixTarget(p.Fix),
			Observer:  obs,
			RunID:     id,
		})
	})
}

// launch starts run id through start, with its observer and progress, and
// reports on it until it ends: transitions, deltas, tool calls, progress,
// then loopls/runEnded.
func (s *Server) launch(id machine.RunID, token json.RawMessage, title string, start func(engine.Observer) (*session.Handle, error)) (*runState, error) {
	rs := &runState{id: id, ended: make(chan struct{})}
	rs.obs = &runObserver{s: s, rs: rs, open: make(map[machine.ToolCallID]engine.ToolEvent)}
	rs.progress = s.newProgress(id, token, title)
	h, err := start(rs.obs)
	if err != nil {
		rs.progress.end("not started: " + err.Error())
		if errors.Is(err, session.ErrBadContext) {
			return nil, badParam("context", "%v", err)
		}
		return nil, err
	}
	rs.handle, rs.session = h, h.SessionID()
	s.mu.Lock()
	s.runs[id] = rs
	s.mu.Unlock()
	s.runWG.Add(1)
	go s.watch(rs)
	if s.tracing() {
		s.logMessage(4, fmt.Sprintf("loopls: run %s started in session %s", id, rs.session))
	}
	return rs, nil
}

// watch waits for the run's end and reports it.
func (s *Server) watch(rs *runState) {
	defer s.runWG.Done()
	run, _ := rs.handle.Wait() // complete: session.Handle.Wait
	rs.obs.cancelOpenCalls()
	end := string(run.Outcome)
	if run.Error != nil && run.Outcome != machine.OutcomeCancelled {
		end += ": " + run.Error.Error()
	}
	rs.progress.end(end)
	switch {
	case run.Outcome == machine.OutcomeFailed || run.Outcome == machine.OutcomeContextExceeded:
		s.logMessage(1, fmt.Sprintf("loopls: run %s %s", rs.id, end))
	case s.tracing():
		s.logMessage(4, fmt.Sprintf("loopls: run %s %s", rs.id, end))
	}
	s.out.notify("loopls/runEnded", run, rs.id)
	rs.run = run
	s.mu.Lock()
	delete(s.runs, rs.id)
	s.ended.add(rs.id)
	s.mu.Unlock()
	close(rs.ended)
}

// maxEndedRuns bounds the ids of ended runs the daemon remembers; older
// ones are still known through the store.
const maxEndedRuns = 4096

// endedRuns are the ids of the runs that ended in this daemon, the oldest
// forgotten first.
type endedRuns struct {
	ids   map[machine.RunID]struct{}
	order []machine.RunID
}

func (e *endedRuns) add(id machine.RunID) {
	if e.ids == nil {
		e.ids = make(map[machine.RunID]struct{})
	}
	if _, ok := e.ids[id]; ok {
		return
	}
	if len(e.order) >= maxEndedRuns {
		delete(e.ids, e.order[0])
		e.order = e.order[1:]
	}
	e.ids[id] = struct{}{}
	e.order = append(e.order, id)
}

func (e *endedRuns) has(id machine.RunID) bool {
	_, ok := e.ids[id]
	return ok
}

// knownRun reports whether id names a run: one in flight, one that ended in
// this daemon, or one the workspace's session store recorded.
func (s *Server) knownRun(ctx context.Context, id machine.RunID) bool {
	_ = s.openSessions(ctx) // failing, only the runs of this daemon are known
	s.mu.Lock()
	_, inflight := s.runs[id]
	known := inflight || s.ended.has(id)
	s.mu.Unlock()
	if known {
		return true
	}
	if st := s.sess.now().store; st != nil {
		if _, err := st.Run(ctx, id); err == nil {
			return true
		}
	}
	return false
}

// loopRun handles loopls/run: it stays pending until the run ends, then
// answers the Run record, or an error whose data is the Run record.
// $/cancelRequest for it cancels the run.
func (s *Server) loopRun(ctx context.Context, params *json.RawMessage) (any, error) {
	if params == nil {
		return nil, badParam("prompt", "is required (or give \"fix\")")
	}
	var p runParams
	if err := decodeParams(params, &p); err != nil {
		return nil, err
	}
	rs, err := s.startRun(ctx, p, p.WorkDoneToken)
	if err != nil {
		return nil, err
	}
	<-rs.ended
	if rs.run.Outcome != machine.OutcomeCompleted {
		return nil, runError(rs.run)
	}
	return rs.run, nil
}

// progressTitle is the title of a run's progress.
func progressTitle(prompt string) string {
	const max = 48
	line, _, _ := strings.Cut(strings.TrimSpace(prompt), "\n")
	if r := []rune(line); len(r) > max {
		line = string(r[:max]) + "…"
	}
	return "loopls: " + line
}

// runObserver turns one run's engine events into notifications. Its
// callbacks only queue messages, so the engine never waits on the editor.
type runObserver struct {
	engine.NopObserver
	s  *Server
	rs *runState

	mu   sync.Mutex
	open map[machine.ToolCallID]engine.ToolEvent // tool calls begun, not finished
}

// OnRunStarted sends loopls/runStarted: the mode, the AGENTS.md files in
// the system prompt and the attached context, before the run's first
// transition.
func (o *runObserver) OnRunStarted(st session.Started) {
	o.s.out.notify("loopls/runStarted", st, st.RunID)
}

func (o *runObserver) OnTransition(t engine.Transition) {
	if t.SessionID == "" {
		t.SessionID = o.rs.session
	}
	o.s.out.notify("loopls/transition", t, t.RunID)
	o.rs.progress.report(transitionMessage(t))
}

func (o *runObserver) OnDelta(run machine.RunID, lane engine.Lane, text string) {
	if lane == engine.LaneText || lane == engine.LaneThinking {
		o.s.out.delta(run, lane, text)
	}
}

func (o *runObserver) toolCall(ev engine.ToolEvent, status engine.ToolStatus) {
	p := NewToolCallParams(ev, status, o.rs.id)
	o.s.out.notify("loopls/toolCall", p, p.RunID)
}

func (o *runObserver) OnToolPre(ev engine.ToolEvent) {
	o.mu.Lock()
	o.open[ev.Call.ID] = ev
	o.mu.Unlock()
	o.toolCall(ev, StatusBefore(ev))
}

func (o *runObserver) OnToolPost(ev engine.ToolEvent) {
	o.mu.Lock()
	delete(o.open, ev.Call.ID)
	o.mu.Unlock()
	o.toolCall(ev, StatusAfter(ev))
}

// cancelOpenCalls reports the tool calls that began and never finished: an
// OnToolPre without its OnToolPost means the run was cancelled mid-tool.
func (o *runObserver) cancelOpenCalls() {
	o.mu.Lock()
	open := o.open
	o.open = make(map[machine.ToolCallID]engine.ToolEvent)
	o.mu.Unlock()
	for _, ev := range open {
		ev.Output = ""
		o.toolCall(ev, engine.ToolCancelled)
	}
}
