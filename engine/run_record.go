package engine

import (
	"errors"
	"fmt"
	"github.com/loopls/loopls/engine/machine"
)

// Complete returns the record of a run that ended with err made whole, and
// the error that agrees with it. It is the one place a Run record is
// completed: session completes each record before its Handle gives it out,
// and the front ends (rpc, acp, the CLI) trust what they get.
//
//   - The outcome agrees with err (OutcomeOf) when the record has none, or
//     says completed although err is set; a name that is no outcome is
//     failed.
//   - A run that did not complete has its LoopError: err's when err is (or
//     wraps) one, an Internal error that says err when it is not, and the
//     outcome's own (Outcome.Error) when there is no err.
//   - A completed run has no error.
//   - Edits is a list, never null.
//
// The error returned is nil for a completed run, else err when there is
// one, else the record's error. Complete is idempotent.
func (r Run) Complete(err error) (Run, error) {
	if r.Outcome == "" || (r.Outcome == machine.OutcomeCompleted && err != nil) {
		r.Outcome = machine.OutcomeOf(err)
	}
	switch r.Outcome {
	case machine.OutcomeCompleted:
		r.Error = nil
	case machine.OutcomeCancelled, machine.OutcomeMaxTurnsExceeded, machine.OutcomeContextExceeded, machine.OutcomeFailed:
		if r.Error == nil {
			r.Error = loopErrorOf(err, r)
		}
	default:
		r.Error = machine.Internal(fmt.Sprintf("unmapped terminal outcome %q", r.Outcome))
		r.Outcome = machine.OutcomeFailed
	}
	if r.Edits == nil {
		r.Edits = []Edit{}
	}
	switch {
	case r.Outcome == machine.OutcomeCompleted:
		return r, nil
	case err != nil:
		return r, err
	}
	return r, r.Error
}

// loopErrorOf is the LoopError of run r, which ended with err and did not
// complete.
func loopErrorOf(err error, r Run) *machine.LoopError {
	var le *machine.LoopError
	switch {
	case errors.As(err, &le):
		return le
	case err != nil:
		return &machine.LoopError{Kind: machine.KindInternal, Message: err.Error(), Cause: err}
	}
	// No error came with the ending: the outcome's own. A run stopped at
	// its cap took as many turns as the cap allows.
	return machine.Outcome{Name: r.Outcome}.Error(r.Turns)
}
