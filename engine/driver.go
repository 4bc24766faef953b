package engine

import (
	"context"
	"encoding/json"
	"log/slog"
	"sync/atomic"
)

// runState is what one run carries besides the machine.
type runState struct {
	ctx    context.Context
	run    Run
	policy Policy
	models []Model // chain: primary first
	tools  map[string]Tool
	specs  []ToolSpec
	names  []string
	seq    int
	refl   *reflector
	ledger deltaLedger // the current turn's deltas, across retries
	log    *slog.Logger
	// ended is set once the run has ended, so late tool goroutines of a
	// cancelled batch report nothing.
	ended atomic.Bool
}

func (a *Agent) newRunState(ctx context.Context, in RunInput) *runState {
	p := a.cfg.Policy
	if in.MaxTurns > 0 {
		p.MaxTurns = in.MaxTurns
	}
	primary := a.cfg.Model
	if in.Model != nil {
		primary = in.Model
	}
	tools := a.cfg.Tools
	if in.Tools != nil {
		tools = in.Tools
	}
	rs := &runState{
		ctx:    ctx,
		policy: p,
		models: append([]Model{primary}, a.cfg.Fallbacks...),
		tools:  make(map[string]Tool, len(tools)),
		refl:   newReflector(a.cfg.MaxToolAttempts),
		log:    a.log.With("run", string(in.ID)),
	}
	for _, t := range tools {
		spec := t.Spec()
		if _, dup := rs.tools[spec.Name]; dup {
			continue // the first tool of a name wins; the model sees one schema
		}
		rs.tools[spec.Name] = t
		rs.specs = append(rs.specs, spec)
		rs.names = append(rs.names, spec.Name)
	}
	rs.run = Run{
		ID:        in.ID,
		SessionID: a.session,
		Prompt:    in.Prompt,
		StartedAt: a.clock.Now(),
		Edits:     []Edit{},
	}
	if primary != nil {
		rs.run.Model = primary.Name()
	}
	return rs
}

// drive runs the machine to a terminal state and finalizes. It returns the
// run's error, nil when Completed.
func (a *Agent) drive(rs *runState) *LoopError {
	a.counter.overhead = overheadOf(a.cfg.System, rs.specs) // re-measured per run: tools may differ
	a.obs.each(func(o Observer) { o.OnRunStart(rs.run) })

	a.mu.Lock()
	mv, err := a.machine.AcceptInput(rs.run.Prompt)
	if err == nil {
		err = a.machine.SetContextTokens(a.counter.count(a.machine.Conversation()))
	}
	a.mu.Unlock()
	if err != nil {
		// AcceptInput is legal from Start and Terminal, the only states an
		// idle agent rests in; anything else is a broken invariant.
		a.mu.Lock()
		_, _ = a.machine.Fail(Internal(err.Error()))
		a.mu.Unlock()
		return a.finalize(rs)
	}
	a.emit(rs, mv)
	a.checkpoint(rs, PointRunStarted)
	return a.loop(rs)
}

// loop drives the machine from wherever it is to a terminal state and
// finalizes: a fresh run after accept_input, or a resumed one.
func (a *Agent) loop(rs *runState) *LoopError {
	if rs.models[0] == nil {
		a.abort(rs, Internal("no model configured: set a model (for example ollama:qwen2.5-coder) in the settings"))
	}
	for {
		if rs.ctx.Err() != nil {
			a.mu.Lock()
			_ = a.machine.Cancel()
			a.mu.Unlock()
		}
		a.mu.Lock()
		step := a.machine.NextStep(rs.policy)
		mv, err := a.machine.Begin(step, rs.policy)
		a.mu.Unlock()
		if err != nil {
			a.abort(rs, Internal(err.Error()))
			continue
		}
		a.emit(rs, mv)
		switch step.Kind {
		case StepDone:
			return a.finalize(rs)
		case StepCallLLM:
			a.stepCallLLM(rs, step.Turn)
		case StepCallTools:
			a.stepCallTools(rs, step)
		case StepCompact:
			a.stepCompact(rs, step.Reason)
		}
	}
}

// abort ends the run because a step failed: a cancellation (of the run's
// context, or reported by the step) sets the machine's cancel flag — cancel
// is never failure — and anything else fails the machine with lerr.
func (a *Agent) abort(rs *runState, lerr *LoopError) {
	a.mu.Lock()
	if rs.ctx.Err() != nil || IsCancelled(lerr) {
		_ = a.machine.Cancel()
		a.mu.Unlock()
		return
	}
	mv, _ := a.machine.Fail(lerr)
	a.mu.Unlock()
	a.emit(rs, mv)
}

// feed applies one feed under the lock and reports its move; an illegal
// feed is a broken driver invariant and fails the run.
func (a *Agent) feed(rs *runState, f func(m *LoopMachine) (Move, error)) {
	a.mu.Lock()
	mv, err := f(a.machine)
	a.mu.Unlock()
	if err != nil {
		rs.log.Error("illegal feed", "err", err)
		a.abort(rs, Internal(err.Error()))
		return
	}
	a.emit(rs, mv)
}

// emit reports one move to the observers as a Transition.
func (a *Agent) emit(rs *runState, mv Move) {
	if !mv.Moved() {
		return
	}
	rs.seq++
	a.mu.Lock()
	tokens := a.machine.ContextTokens()
	a.mu.Unlock()
	t := mv.Transition(rs.run.ID, a.session, rs.seq, tokens, rs.policy.MaxTurns)
	a.obs.each(func(o Observer) { o.OnTransition(t) })
}

// checkpoint reports a commit point with the machine's snapshot.
func (a *Agent) checkpoint(rs *runState, point CheckpointPoint) {
	a.mu.Lock()
	snap, err := json.Marshal(a.machine)
	history := a.machine.History()
	a.mu.Unlock()
	if err != nil {
		rs.log.Error("machine snapshot failed; checkpoint carries no machine", "err", err)
	}
	c := Checkpoint{SessionID: a.session, Point: point, Run: rs.run, History: history, Machine: snap, Seq: rs.seq}
	a.obs.each(func(o Observer) { o.OnCheckpoint(c) })
}

// finalize is the single exit of a run: commit on Completed, discard
// otherwise, clear an unfired loop stop, fill the Run record, report the
// end. The agent is reusable as soon as it returns.
func (a *Agent) finalize(rs *runState) *LoopError {
	rs.ended.Store(true)
	a.mu.Lock()
	st := a.machine.State()
	out := Outcome{Name: OutcomeFailed, Err: Internal("run ended without a terminal state")}
	if st.Outcome != nil {
		out = *st.Outcome
	}
	lerr := out.Error(rs.policy.MaxTurns)
	var err error
	if lerr == nil {
		err = a.machine.Commit()
	} else {
		err = a.machine.Discard()
	}
	turns := a.machine.TurnsTaken()
	a.mu.Unlock()
	if err != nil {
		rs.log.Error("finalize could not commit or discard", "err", err)
	}
	a.loops.EndRun()

	rs.run.EndedAt = a.clock.Now()
	rs.run.Turns = turns
	rs.run.Outcome = out.Name
	rs.run.Error = lerr
	if lerr == nil {
		rs.run.Output = out.FinalText
	}
	a.checkpoint(rs, PointRunEnded)
	a.obs.each(func(o Observer) { o.OnRunEnd(rs.run) })
	return lerr
}
