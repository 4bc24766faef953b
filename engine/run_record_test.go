package engine

import (
	"errors"
	"fmt"
	"github.com/loopls/loopls/engine/machine"
	"slices"
	"strings"
	"testing"
)

// allKinds are every ErrorKind of SPEC §2.2.
var allKinds = []machine.ErrorKind{
	machine.KindCancelled, machine.KindMaxTurnsExceeded, machine.KindContextExceeded, machine.KindAPI, machine.KindLoopDetected,
	machine.KindToolRecoveryExhausted, machine.KindFallbackExhausted, machine.KindRateLimitEscalation, machine.KindEmptyAnswer, machine.KindInternal,
}

// allOutcomes are every outcome of SPEC §3.3.
var allOutcomes = []machine.OutcomeName{
	machine.OutcomeCompleted, machine.OutcomeCancelled, machine.OutcomeMaxTurnsExceeded, machine.OutcomeContextExceeded, machine.OutcomeFailed,
}

// TestOutcomeOfEveryKind: the error → outcome direction, for every kind,
// bare and wrapped, and for errors that are no LoopError.
func TestOutcomeOfEveryKind(t *testing.T) {
	want := map[machine.ErrorKind]machine.OutcomeName{
		machine.KindCancelled:             machine.OutcomeCancelled,
		machine.KindMaxTurnsExceeded:      machine.OutcomeMaxTurnsExceeded,
		machine.KindContextExceeded:       machine.OutcomeContextExceeded,
		machine.KindAPI:                   machine.OutcomeFailed,
		machine.KindLoopDetected:          machine.OutcomeFailed,
		machine.KindToolRecoveryExhausted: machine.OutcomeFailed,
		machine.KindFallbackExhausted:     machine.OutcomeFailed,
		machine.KindRateLimitEscalation:   machine.OutcomeFailed,
		machine.KindEmptyAnswer:           machine.OutcomeFailed,
		machine.KindInternal:              machine.OutcomeFailed,
	}
	if len(want) != len(allKinds) {
		t.Fatalf("the table covers %d kinds of %d", len(want), len(allKinds))
	}
	for _, k := range allKinds {
		le := &machine.LoopError{Kind: k, Message: "m"}
		if got := machine.OutcomeOf(le); got != want[k] {
			t.Errorf("OutcomeOf(%s) = %s, want %s", k, got, want[k])
		}
		if got := machine.OutcomeOf(fmt.Errorf("run: %w", le)); got != want[k] {
			t.Errorf("OutcomeOf(wrapped %s) = %s, want %s", k, got, want[k])
		}
	}
	if got := machine.OutcomeOf(nil); got != machine.OutcomeCompleted {
		t.Errorf("OutcomeOf(nil) = %s, want completed", got)
	}
	if got := machine.OutcomeOf(errors.New("disk on fire")); got != machine.OutcomeFailed {
		t.Errorf("OutcomeOf(a plain error) = %s, want failed", got)
	}
}

// TestOutcomeErrorRoundTrip: Outcome.Error and OutcomeOf are inverses —
// every outcome, with every error a failure can carry, maps to an error
// that maps back to it.
func TestOutcomeErrorRoundTrip(t *testing.T) {
	for _, o := range allOutcomes {
		carried := []*machine.LoopError{nil}
		if o == machine.OutcomeFailed || o == machine.OutcomeContextExceeded {
			carried = nil
			for _, k := range allKinds {
				if machine.OutcomeOf(&machine.LoopError{Kind: k}) == o {
					carried = append(carried, &machine.LoopError{Kind: k, Message: "m"})
				}
			}
		}
		for _, c := range carried {
			out := machine.Outcome{Name: o, Err: c}
			le := out.Error(7)
			var err error
			if le != nil {
				err = le
			}
			if got := machine.OutcomeOf(err); got != o {
				t.Errorf("OutcomeOf(Outcome{%s, %v}.Error()) = %s, want it back", o, c, got)
			}
			if c != nil && le != c {
				t.Errorf("Outcome{%s, %v}.Error() = %v, want the carried error", o, c, le)
			}
		}
	}
	if le := (machine.Outcome{Name: machine.OutcomeMaxTurnsExceeded}).Error(7); le.Max != 7 {
		t.Errorf("max turns error = %+v, want Max 7", le)
	}
}

// TestCompleteCases are the endings the front ends used to complete on
// their own (rpc's normalizeRun, acp's endingOf, the CLI).
func TestCompleteCases(t *testing.T) {
	loop := &machine.LoopError{Kind: machine.KindLoopDetected, Message: "loop"}
	tests := []struct {
		name    string
		run     Run
		err     error
		outcome machine.OutcomeName
		kind    machine.ErrorKind // "" = no error
		msg     string            // the error's message, when it matters
		errOut  bool              // an error is returned
	}{
		{"completed", Run{Outcome: machine.OutcomeCompleted, Output: "hi"}, nil, machine.OutcomeCompleted, "", "", false},
		{"cancelled", Run{Outcome: machine.OutcomeCancelled, Error: machine.Cancelled()}, machine.Cancelled(), machine.OutcomeCancelled, machine.KindCancelled, "", true},
		{"max turns", Run{Outcome: machine.OutcomeMaxTurnsExceeded, Error: machine.MaxTurnsExceeded(2)}, machine.MaxTurnsExceeded(2), machine.OutcomeMaxTurnsExceeded, machine.KindMaxTurnsExceeded, "", true},
		{"context", Run{Outcome: machine.OutcomeContextExceeded, Error: machine.ContextExceeded(10, 8)}, machine.ContextExceeded(10, 8), machine.OutcomeContextExceeded, machine.KindContextExceeded, "", true},
		{"failed, error only in the record", Run{Outcome: machine.OutcomeFailed, Error: loop}, nil, machine.OutcomeFailed, machine.KindLoopDetected, "loop", true},
		// No outcome recorded: the error alone decides.
		{"bare success", Run{}, nil, machine.OutcomeCompleted, "", "", false},
		{"bare cancel", Run{}, fmt.Errorf("run: %w", machine.Cancelled()), machine.OutcomeCancelled, machine.KindCancelled, "cancelled", true},
		{"bare max turns", Run{}, machine.MaxTurnsExceeded(1), machine.OutcomeMaxTurnsExceeded, machine.KindMaxTurnsExceeded, "", true},
		{"bare context", Run{}, machine.ContextExceeded(10, 8), machine.OutcomeContextExceeded, machine.KindContextExceeded, "", true},
		{"bare failure", Run{}, errors.New("disk on fire"), machine.OutcomeFailed, machine.KindInternal, "disk on fire", true},
		{"bare api", Run{}, &machine.LoopError{Kind: machine.KindAPI, Message: "502"}, machine.OutcomeFailed, machine.KindAPI, "502", true},
		// A record that says completed while the run reported an error.
		{"completed with an error", Run{Outcome: machine.OutcomeCompleted, Output: "x"}, errors.New("turn not saved"), machine.OutcomeFailed, machine.KindInternal, "turn not saved", true},
		// An ending without its error gets the outcome's own.
		{"cancelled without error", Run{Outcome: machine.OutcomeCancelled}, nil, machine.OutcomeCancelled, machine.KindCancelled, "", true},
		{"max turns without error", Run{Outcome: machine.OutcomeMaxTurnsExceeded, Turns: 4}, nil, machine.OutcomeMaxTurnsExceeded, machine.KindMaxTurnsExceeded, "stopped after 4 turns", true},
		{"failed without error", Run{Outcome: machine.OutcomeFailed}, nil, machine.OutcomeFailed, machine.KindInternal, "unmapped terminal outcome", true},
		{"no such outcome", Run{Outcome: "exploded"}, nil, machine.OutcomeFailed, machine.KindInternal, `unmapped terminal outcome "exploded"`, true},
		// A completed run has no error.
		{"completed with a stray error", Run{Outcome: machine.OutcomeCompleted, Error: loop}, nil, machine.OutcomeCompleted, "", "", false},
	}
	for _, tt := range tests {
		run, err := tt.run.Complete(tt.err)
		if run.Outcome != tt.outcome {
			t.Errorf("%s: outcome %s, want %s", tt.name, run.Outcome, tt.outcome)
		}
		switch {
		case tt.kind == "" && run.Error != nil:
			t.Errorf("%s: error %+v, want none", tt.name, run.Error)
		case tt.kind != "" && (run.Error == nil || run.Error.Kind != tt.kind):
			t.Errorf("%s: error %+v, want kind %s", tt.name, run.Error, tt.kind)
		case tt.msg != "" && !strings.Contains(run.Error.Message, tt.msg):
			t.Errorf("%s: error message %q, want it to say %q", tt.name, run.Error.Message, tt.msg)
		}
		if (err != nil) != tt.errOut {
			t.Errorf("%s: returned error %v, want one: %v", tt.name, err, tt.errOut)
		}
		if run.Edits == nil {
			t.Errorf("%s: edits null, want a list", tt.name)
		}
		if tt.run.Output != "" && tt.outcome == machine.OutcomeCompleted && run.Output != tt.run.Output {
			t.Errorf("%s: output %q lost", tt.name, run.Output)
		}
	}
}

// TestCompleteEveryOutcomeEveryKind: whatever the record says and whatever
// error came with it, the completed record keeps the invariants every front
// end relies on, and completing it again changes nothing.
func TestCompleteEveryOutcomeEveryKind(t *testing.T) {
	outcomes := append([]machine.OutcomeName{"", "exploded"}, allOutcomes...)
	errs := []error{nil, errors.New("plain")}
	for _, k := range allKinds {
		errs = append(errs, &machine.LoopError{Kind: k, Message: "m"}, fmt.Errorf("wrapped: %w", &machine.LoopError{Kind: k, Message: "m"}))
	}
	for _, o := range outcomes {
		for _, withErr := range []bool{false, true} {
			for _, err := range errs {
				rec := Run{ID: "run_1", SessionID: "ses_1", Outcome: o, Turns: 3}
				if withErr && o != machine.OutcomeCompleted && o != "" {
					rec.Error = &machine.LoopError{Kind: machine.KindAPI, Message: "recorded"}
				}
				run, rerr := rec.Complete(err)
				name := fmt.Sprintf("outcome %q, recorded error %v, err %v", o, rec.Error, err)
				if !isOutcome(run.Outcome) {
					t.Errorf("%s: outcome %q is none of SPEC's", name, run.Outcome)
				}
				if (run.Error == nil) != (run.Outcome == machine.OutcomeCompleted) {
					t.Errorf("%s: outcome %s with error %v: an error iff not completed", name, run.Outcome, run.Error)
				}
				if (rerr == nil) != (run.Outcome == machine.OutcomeCompleted) {
					t.Errorf("%s: outcome %s returned error %v: an error iff not completed", name, run.Outcome, rerr)
				}
				if run.Edits == nil || run.ID != "run_1" || run.SessionID != "ses_1" || run.Turns != 3 {
					t.Errorf("%s: record %+v lost fields or has null edits", name, run)
				}
				if o == "" && run.Outcome != machine.OutcomeOf(err) {
					t.Errorf("%s: outcome %s, want OutcomeOf(err) = %s", name, run.Outcome, machine.OutcomeOf(err))
				}
				var le *machine.LoopError
				if o == "" && errors.As(err, &le) && run.Error != le {
					t.Errorf("%s: error %v, want err's own LoopError", name, run.Error)
				}
				if rec.Error != nil && isOutcome(o) && err == nil && run.Error != rec.Error {
					t.Errorf("%s: the recorded error was replaced by %v", name, run.Error)
				}
				again, aerr := run.Complete(rerr)
				if again.Outcome != run.Outcome || again.Error != run.Error || (aerr == nil) != (rerr == nil) {
					t.Errorf("%s: completing twice changed %+v into %+v", name, run, again)
				}
			}
		}
	}
}

func isOutcome(o machine.OutcomeName) bool { return slices.Contains(allOutcomes, o) }
