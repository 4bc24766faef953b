package engine

import (
	"context"
	"github.com/loopls/loopls/engine/machine"
	"log/slog"
	"sync/atomic"
)

// runState is what one run carries besides the machine.
type runState struct {
	ctx    context.Context
	run    Run
	policy machine.Policy
	models []Model // chain: primary first
	tools  map[string]Tool
	specs  []ToolSpec
	names  []string
	seq    int
	refl   *reflector
	ledger deltaLedger // the current turn's deltas, across retries
	wait   *modelWait  // the current model call's silence notice
	log    *slog.Logger
	// ended is set once the run has ended, so late tool goroutines of a
	// cancelled batch report nothing.
	ended atomic.Bool
	// check judges the run when it completes (check.go), retries bounds
	// the further attempts it may give, retried counts them, and
	// turnsBefore are the turns of the attempts before the current one.
	check       Check
	retries     int
	retried     int
	turnsBefore int
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
		ctx:     ctx,
		policy:  p,
		models:  append([]Model{primary}, a.cfg.Fallbacks...),
		tools:   make(map[string]Tool, len(tools)),
		refl:    newReflector(a.cfg.MaxToolAttempts),
		log:     a.log.With("run", string(in.ID)),
		check:   in.Check,
		retries: in.Retries,
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

// drive begins a run (accept_input, the first checkpoint) and runs the
// loop. It returns the run's error, nil when Completed.
func (a *Agent) drive(rs *runState) *machine.LoopError {
	a.counter.overhead = overheadOf(a.cfg.System, rs.specs) // re-measured per run: tools may differ
	if !a.accept(rs, true) {
		return a.finalize(rs)
	}
	return a.loop(rs)
}

// accept reports the run's start and feeds its prompt (accept_input, a
// commit point), measuring the conversation when measure is set. It reports
// false when the machine refused the prompt and has been failed.
func (a *Agent) accept(rs *runState, measure bool) bool {
	a.obs.each(func(o Observer) { o.OnRunStart(rs.run) })
	mv, err := a.machine.AcceptInput(rs.run.Prompt)
	if err == nil && measure {
		err = a.machine.SetContextTokens(a.counter.count(a.machine.Conversation()))
	}
	if err != nil {
		// AcceptInput is legal from Start and Terminal, the only states an
		// idle agent rests in; anything else is a broken invariant.
		_, _ = a.machine.Fail(machine.Internal(err.Error()))
		return false
	}
	a.emit(rs, mv)
	a.output(rs, mv)
	return true
}

// inflight is the one I/O step under way: the goroutine performing it posts
// its result on results (buffered, so an abandoned step never blocks), and
// apply, called on the run loop, feeds that result to the machine.
type inflight struct {
	results <-chan stepResult
	apply   func(stepResult)
	// abandon: a cancel stops waiting for the step (tools, whose late
	// reports are then dropped); otherwise the loop waits for the step to
	// notice the cancel and return (a model stream, a compaction).
	abandon bool
}

// stepResult is what an I/O step posts back. err is set when the step
// failed; a cancellation is one such failure.
type stepResult struct {
	err     *machine.LoopError
	resp    ModelResponse     // CallLLM
	results []machine.Message // CallTools: one result per call, in the model's order
	ran     []bool            // CallTools: which calls were dispatched
	compact CompactResult     // Compact
}

// perform starts one step's I/O on its own goroutine and returns it.
func perform(apply func(stepResult), abandon bool, io func() stepResult) inflight {
	results := make(chan stepResult, 1)
	go func() { results <- io() }()
	return inflight{results: results, apply: apply, abandon: abandon}
}

// loop is the run loop, the one goroutine that holds the machine while a
// run is in flight (as go.etcd.io/raft's node.run holds its raft): it asks
// the machine for the next step, begins it, starts its I/O elsewhere and
// waits in await for the result or a cancel, then feeds the result back.
// Nothing else reads or writes the machine during a run; readers get the
// snapshot of the last checkpoint (History, Snapshot). It returns the run's
// error, nil when Completed.
func (a *Agent) loop(rs *runState) *machine.LoopError {
	a.await(rs, inflight{}) // a cancel that came before the first step
	if rs.models[0] == nil {
		a.fail(rs, machine.Internal("no model configured: set a model (for example ollama:qwen2.5-coder) in the settings"))
	}
	for {
		step := a.machine.NextStep(rs.policy)
		mv, err := a.machine.Begin(step, rs.policy)
		if err != nil {
			a.fail(rs, machine.Internal(err.Error()))
			continue
		}
		a.emit(rs, mv)
		var io inflight
		switch step.Kind {
		case machine.StepDone:
			if a.recheck(rs, step) {
				continue
			}
			return a.finalize(rs)
		case machine.StepCallLLM:
			io = a.stepCallLLM(rs, step.Turn)
		case machine.StepCallTools:
			io = a.stepCallTools(rs, step)
		case machine.StepCompact:
			io = a.stepCompact(rs, step.Reason)
		}
		a.await(rs, io)
	}
}

// await waits for the step in flight (if any) and feeds its result, and is
// the one place a cancel enters the machine: one select over the step's
// result and the run's context. A cancel sets the machine's cancel flag
// (Cancel), so the next step the machine answers is Done{Cancelled}; a
// cancel that arrived together with the result is taken before the result
// is fed, and one that arrived while it was fed is taken after. A step that
// reports a cancellation itself is taken as a cancel, never as a failure.
func (a *Agent) await(rs *runState, io inflight) {
	cancelled := rs.ctx.Done()
	take := func() {
		select {
		case <-cancelled:
			_ = a.machine.Cancel()
			cancelled = nil
		default:
		}
	}
	if io.results != nil {
		var r stepResult
		select {
		case r = <-io.results:
		case <-cancelled:
			_ = a.machine.Cancel()
			cancelled = nil
			if io.abandon {
				rs.ended.Store(true)
				return
			}
			r = <-io.results
		}
		if r.err != nil && machine.IsCancelled(r.err) {
			_ = a.machine.Cancel()
		}
		take()
		io.apply(r)
	}
	take()
}

// fail ends the run because a step failed, unless it was cancelled (cancel
// is never failure): the machine ends Failed (or ContextExceeded) with lerr.
func (a *Agent) fail(rs *runState, lerr *machine.LoopError) {
	if a.machine.IsCancelled() {
		return
	}
	mv, _ := a.machine.Fail(lerr)
	a.emit(rs, mv)
}

// feed reports the move of one feed, written a.feed(rs)(a.machine.X(…)),
// and performs the outputs the machine decided on it; an illegal feed is a
// broken driver invariant and fails the run.
func (a *Agent) feed(rs *runState) func(machine.Move, error) {
	return func(mv machine.Move, err error) {
		if err != nil {
			rs.log.Error("illegal feed", "err", err)
			a.fail(rs, machine.Internal(err.Error()))
			return
		}
		a.emit(rs, mv)
		a.output(rs, mv)
	}
}

// output performs what the machine decided on a move: report the
// compaction it completed, and checkpoint at the commit point it reached.
func (a *Agent) output(rs *runState, mv machine.Move) {
	if c := mv.Compacted; c != nil {
		a.obs.each(func(o Observer) { o.OnCompaction(rs.run.ID, string(c.Reason), c.Before, c.After) })
	}
	if mv.Checkpoint != "" {
		a.checkpoint(rs, mv.Checkpoint)
	}
}

// emit reports one move to the observers as a Transition.
func (a *Agent) emit(rs *runState, mv machine.Move) {
	if !mv.Moved() {
		return
	}
	rs.seq++
	t := transitionOf(mv, rs.run.ID, a.session, rs.seq, a.machine.ContextTokens(), rs.policy.MaxTurns)
	a.obs.each(func(o Observer) { o.OnTransition(t) })
}

// checkpoint reports a commit point with the machine's snapshot, and
// publishes that snapshot to the agent's readers.
func (a *Agent) checkpoint(rs *runState, point machine.CheckpointPoint) {
	snap, err := MarshalMachine(a.machine)
	history := a.machine.History()
	if err != nil {
		rs.log.Error("machine snapshot failed; checkpoint carries no machine", "err", err)
	}
	a.publish(history, snap)
	c := Checkpoint{SessionID: a.session, Point: point, Run: rs.run, History: history, Machine: snap, Seq: rs.seq}
	a.obs.each(func(o Observer) { o.OnCheckpoint(c) })
}

// finalize is the single exit of a run: commit on Completed, discard
// otherwise, clear an unfired loop stop, fill the Run record, report the
// end. The agent is reusable as soon as it returns.
func (a *Agent) finalize(rs *runState) *machine.LoopError {
	rs.ended.Store(true)
	out, err := a.machine.Settle() // the machine commits or discards, as its outcome says
	if err != nil {
		rs.log.Error("finalize could not settle the run", "err", err)
		out = machine.Outcome{Name: machine.OutcomeFailed, Err: machine.Internal("run ended without a terminal state")}
	}
	lerr := out.Error(rs.policy.MaxTurns)
	a.loops.EndRun()

	rs.run.EndedAt = a.clock.Now()
	rs.run.Turns = rs.turnsBefore + a.machine.TurnsTaken()
	rs.run.Outcome = out.Name
	rs.run.Error = lerr
	if lerr == nil {
		rs.run.Output = out.FinalText
	}
	a.checkpoint(rs, machine.PointRunEnded)
	a.obs.each(func(o Observer) { o.OnRunEnd(rs.run) })
	return lerr
}
