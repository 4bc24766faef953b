package engine

import (
	"context"

	"github.com/loopls/loopls/engine/machine"
)

// Verdict is what the check of a run that completed found: whether the
// problem the run was asked to fix is gone (a fix run's check: the
// diagnostic it was started on no longer reported, and no new errors in the
// files it edited), and if not, what remains.
type Verdict struct {
	// Fixed: the check passed.
	Fixed bool `json:"fixed"`
	// Remaining are the problems left, one a line (path:line:col: severity
	// [source code] message).
	Remaining []string `json:"remaining,omitempty"`
	// Retries is how many further attempts the run was given with the
	// remaining problems as its next input.
	Retries int `json:"retries"`
	// Note says why nothing could be checked (the editor did not answer);
	// Fixed is then false and Remaining empty.
	Note string `json:"note,omitempty"`
}

// Check judges a run that completed. It returns the verdict and, when the
// run should try again, the next user input (the remaining problems); ""
// ends the run with the verdict. It is I/O (the editor is asked) and honours
// ctx.
type Check func(ctx context.Context) (Verdict, string)

// checkResult is what a check posts back to the run loop.
type checkResult struct {
	verdict Verdict
	next    string
}

// recheck runs the run's check when the machine has ended it Completed,
// before the run ends: the verdict goes into the Run record, and a run
// still failing with retries left is given the remaining problems as its
// next input. The machine needs no state of its own for it: the attempt
// settles (its turn commits, as any completed run's does) and the machine
// accepts the next input from Terminal, as it does a new run's. It reports
// whether the run goes on.
func (a *Agent) recheck(rs *runState, step machine.Step) bool {
	if rs.check == nil || step.Outcome.Name != machine.OutcomeCompleted {
		return false
	}
	results := make(chan checkResult, 1)
	go func() {
		v, next := rs.check(rs.ctx)
		results <- checkResult{v, next}
	}()
	var r checkResult
	select {
	case r = <-results:
	case <-rs.ctx.Done():
		// The run completed; only its check was cut short.
		r = checkResult{verdict: Verdict{Note: "not checked: the run was cancelled while its check waited for the editor"}}
	}
	r.verdict.Retries = rs.retried
	rs.run.Verdict = &r.verdict
	if r.verdict.Fixed || r.next == "" || rs.retried >= rs.retries || rs.ctx.Err() != nil {
		return false
	}
	rs.retried++
	if _, err := a.machine.Settle(); err != nil {
		rs.log.Error("a checked run could not settle its attempt", "err", err)
		return false
	}
	rs.turnsBefore += a.machine.TurnsTaken()
	mv, err := a.machine.AcceptInput(r.next)
	if err == nil {
		err = a.machine.SetContextTokens(a.counter.count(a.machine.Conversation()))
	}
	if err != nil {
		// AcceptInput is legal from Terminal; anything else is a broken
		// invariant.
		_, _ = a.machine.Fail(machine.Internal(err.Error()))
		return true // the loop's next step is Done{Failed}
	}
	a.emit(rs, mv)
	a.output(rs, mv)
	return true
}
