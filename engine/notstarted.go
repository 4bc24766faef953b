package engine

import (
	"context"
	"errors"
	"github.com/loopls/loopls/engine/machine"
	"time"
)

// NotStarted is a run that ended before its first step: its model could not
// be resolved, or it was cancelled while that was tried.
type NotStarted struct {
	// ID names the run; empty = a fresh random id.
	ID machine.RunID
	// Prompt is the user's message.
	Prompt string
	// Model is the model the run asked for, as the caller spelled it ("" =
	// the settings' model).
	Model string
	// StartedAt is when the caller began starting the run; zero = now.
	StartedAt time.Time
	// Cause is why the run could not start.
	Cause error
}

// EndNotStarted ends a run that could not start the way every run ends, so
// an editor that follows transitions and a store that keeps runs see one
// shape of run: OnRunStart, accept_input, then fail with the cause (or
// cancel, when ctx ended: cancel is never failure), the RunStarted and
// RunEnded checkpoints, OnRunEnd. The committed history stays as it was.
// It returns the Run record with its error, as Run does, and ErrBusy while
// a run is in flight.
func (a *Agent) EndNotStarted(ctx context.Context, in NotStarted) (Run, error) {
	if !a.running.CompareAndSwap(false, true) {
		return Run{}, ErrBusy
	}
	defer a.running.Store(false)
	if in.ID == "" {
		in.ID = NewRunID()
	}
	rs := a.newRunState(ctx, RunInput{ID: in.ID, Prompt: in.Prompt})
	rs.run.Model = in.Model
	if !in.StartedAt.IsZero() {
		rs.run.StartedAt = in.StartedAt
	}
	lerr := a.endNotStarted(rs, notStartedError(ctx, in.Cause))
	if lerr != nil {
		return rs.run, lerr
	}
	return rs.run, nil
}

func (a *Agent) endNotStarted(rs *runState, cause *machine.LoopError) *machine.LoopError {
	// The conversation is not measured: no model call will read it.
	if !a.accept(rs, false) {
		return a.finalize(rs)
	}
	// The cause is the result of the one step the run got to: the attempt
	// to start. await takes it (a cancellation as a cancel), and the loop
	// ends the run at its first step.
	results := make(chan stepResult, 1)
	results <- stepResult{err: cause}
	a.await(rs, inflight{results: results, apply: func(r stepResult) { a.fail(rs, r.err) }})
	return a.loop(rs)
}

// notStartedError is the error of a run that could not start: a
// cancellation when ctx ended with the cause, the cause itself when it is a
// LoopError, else an API error (resolving a model asks its server).
func notStartedError(ctx context.Context, cause error) *machine.LoopError {
	if cause == nil {
		return machine.Internal("a run could not start, and no one said why")
	}
	if ctx.Err() != nil && errors.Is(cause, context.Canceled) {
		return machine.Cancelled()
	}
	var le *machine.LoopError
	if errors.As(cause, &le) {
		return le
	}
	return &machine.LoopError{Kind: machine.KindAPI, Message: cause.Error(), Cause: cause}
}
