package engine

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// allKinds are every ErrorKind of SPEC §2.2.
var allKinds = []ErrorKind{
	KindCancelled, KindMaxTurnsExceeded, KindContextExceeded, KindAPI, KindLoopDetected,
	KindToolRecoveryExhausted, KindFallbackExhausted, KindRateLimitEscalation, KindInternal,
}

// allOutcomes are every outcome of SPEC §3.3.
var allOutcomes = []OutcomeName{
	OutcomeCompleted, OutcomeCancelled, OutcomeMaxTurnsExceeded, OutcomeContextExceeded, OutcomeFailed,
}

// TestOutcomeOfEveryKind: the error → outcome direction, for every kind,
// bare and wrapped, and for errors that are no LoopError.
func TestOutcomeOfEveryKind(t *testing.T) {
	want := map[ErrorKind]OutcomeName{
		KindCancelled:             OutcomeCancelled,
		KindMaxTurnsExceeded:      OutcomeMaxTurnsExceeded,
		KindContextExceeded:       OutcomeContextExceeded,
		KindAPI:                   OutcomeFailed,
		KindLoopDetected:          OutcomeFailed,
		KindToolRecoveryExhausted: OutcomeFailed,
		KindFallbackExhausted:     OutcomeFailed,
		KindRateLimitEscalation:   OutcomeFailed,
		KindInternal:              OutcomeFailed,
	}
	if len(want) != len(allKinds) {
		t.Fatalf("the table covers %d kinds of %d", len(want), len(allKinds))
	}
	for _, k := range allKinds {
		le := &LoopError{Kind: k, Message: "m"}
		if got := OutcomeOf(le); got != want[k] {
			t.Errorf("OutcomeOf(%s) = %s, want %s", k, got, want[k])
		}
		if got := OutcomeOf(fmt.Errorf("run: %w", le)); got != want[k] {
			t.Errorf("OutcomeOf(wrapped %s) = %s, want %s", k, got, want[k])
		}
	}
	if got := OutcomeOf(nil); got != OutcomeCompleted {
		t.Errorf("OutcomeOf(nil) = %s, want completed", got)
	}
	if got := OutcomeOf(errors.New("disk on fire")); got != OutcomeFailed {
		t.Errorf("OutcomeOf(a plain error) = %s, want failed", got)
	}
}

// TestOutcomeErrorRoundTrip: Outcome.Error and OutcomeOf are inverses —
// every outcome, with every error a failure can carry, maps to an error
// that maps back to it.
func TestOutcomeErrorRoundTrip(t *testing.T) {
	for _, o := range allOutcomes {
		carried := []*LoopError{nil}
		if o == OutcomeFailed || o == OutcomeContextExceeded {
			carried = nil
			for _, k := range allKinds {
				if OutcomeOf(&LoopError{Kind: k}) == o {
					carried = append(carried, &LoopError{Kind: k, Message: "m"})
				}
			}
		}
		for _, c := range carried {
			out := Outcome{Name: o, Err: c}
			le := out.Error(7)
			var err error
			if le != nil {
				err = le
			}
			if got := OutcomeOf(err); got != o {
				t.Errorf("OutcomeOf(Outcome{%s, %v}.Error()) = %s, want it back", o, c, got)
			}
			if c != nil && le != c {
				t.Errorf("Outcome{%s, %v}.Error() = %v, want the carried error", o, c, le)
			}
		}
	}
	if le := (Outcome{Name: OutcomeMaxTurnsExceeded}).Error(7); le.Max != 7 {
		t.Errorf("max turns error = %+v, want Max 7", le)
	}
}

// TestCompleteCases are the endings the front ends used to complete on
// their own (rpc's normalizeRun, acp's endingOf, the CLI).
func TestCompleteCases(t *testing.T) {
	loop := &LoopError{Kind: KindLoopDetected, Message: "loop"}
	tests := []struct {
		name    string
		run     Run
		err     error
		outcome OutcomeName
		kind    ErrorKind // "" = no error
		msg     string    // the error's message, when it matters
		errOut  bool      // an error is returned
	}{
		{"completed", Run{Outcome: OutcomeCompleted, Output: "hi"}, nil, OutcomeCompleted, "", "", false},
		{"cancelled", Run{Outcome: OutcomeCancelled, Error: Cancelled()}, Cancelled(), OutcomeCancelled, KindCancelled, "", true},
		{"max turns", Run{Outcome: OutcomeMaxTurnsExceeded, Error: MaxTurnsExceeded(2)}, MaxTurnsExceeded(2), OutcomeMaxTurnsExceeded, KindMaxTurnsExceeded, "", true},
		{"context", Run{Outcome: OutcomeContextExceeded, Error: ContextExceeded(10, 8)}, ContextExceeded(10, 8), OutcomeContextExceeded, KindContextExceeded, "", true},
		{"failed, error only in the record", Run{Outcome: OutcomeFailed, Error: loop}, nil, OutcomeFailed, KindLoopDetected, "loop", true},
		// No outcome recorded: the error alone decides.
		{"bare success", Run{}, nil, OutcomeCompleted, "", "", false},
		{"bare cancel", Run{}, fmt.Errorf("run: %w", Cancelled()), OutcomeCancelled, KindCancelled, "cancelled", true},
		{"bare max turns", Run{}, MaxTurnsExceeded(1), OutcomeMaxTurnsExceeded, KindMaxTurnsExceeded, "", true},
		{"bare context", Run{}, ContextExceeded(10, 8), OutcomeContextExceeded, KindContextExceeded, "", true},
		{"bare failure", Run{}, errors.New("disk on fire"), OutcomeFailed, KindInternal, "disk on fire", true},
		{"bare api", Run{}, &LoopError{Kind: KindAPI, Message: "502"}, OutcomeFailed, KindAPI, "502", true},
		// A record that says completed while the run reported an error.
		{"completed with an error", Run{Outcome: OutcomeCompleted, Output: "x"}, errors.New("turn not saved"), OutcomeFailed, KindInternal, "turn not saved", true},
		// An ending without its error gets the outcome's own.
		{"cancelled without error", Run{Outcome: OutcomeCancelled}, nil, OutcomeCancelled, KindCancelled, "", true},
		{"max turns without error", Run{Outcome: OutcomeMaxTurnsExceeded, Turns: 4}, nil, OutcomeMaxTurnsExceeded, KindMaxTurnsExceeded, "stopped after 4 turns", true},
		{"failed without error", Run{Outcome: OutcomeFailed}, nil, OutcomeFailed, KindInternal, "unmapped terminal outcome", true},
		{"no such outcome", Run{Outcome: "exploded"}, nil, OutcomeFailed, KindInternal, `unmapped terminal outcome "exploded"`, true},
		// A completed run has no error.
		{"completed with a stray error", Run{Outcome: OutcomeCompleted, Error: loop}, nil, OutcomeCompleted, "", "", false},
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
		if tt.run.Output != "" && tt.outcome == OutcomeCompleted && run.Output != tt.run.Output {
			t.Errorf("%s: output %q lost", tt.name, run.Output)
		}
	}
}

// TestCompleteEveryOutcomeEveryKind: whatever the record says and whatever
// error came with it, the completed record keeps the invariants every front
// end relies on, and completing it again changes nothing.
func TestCompleteEveryOutcomeEveryKind(t *testing.T) {
	outcomes := append([]OutcomeName{"", "exploded"}, allOutcomes...)
	errs := []error{nil, errors.New("plain")}
	for _, k := range allKinds {
		errs = append(errs, &LoopError{Kind: k, Message: "m"}, fmt.Errorf("wrapped: %w", &LoopError{Kind: k, Message: "m"}))
	}
	for _, o := range outcomes {
		for _, withErr := range []bool{false, true} {
			for _, err := range errs {
				rec := Run{ID: "run_1", SessionID: "ses_1", Outcome: o, Turns: 3}
				if withErr && o != OutcomeCompleted && o != "" {
					rec.Error = &LoopError{Kind: KindAPI, Message: "recorded"}
				}
				run, rerr := rec.Complete(err)
				name := fmt.Sprintf("outcome %q, recorded error %v, err %v", o, rec.Error, err)
				if !isOutcome(run.Outcome) {
					t.Errorf("%s: outcome %q is none of SPEC's", name, run.Outcome)
				}
				if (run.Error == nil) != (run.Outcome == OutcomeCompleted) {
					t.Errorf("%s: outcome %s with error %v: an error iff not completed", name, run.Outcome, run.Error)
				}
				if (rerr == nil) != (run.Outcome == OutcomeCompleted) {
					t.Errorf("%s: outcome %s returned error %v: an error iff not completed", name, run.Outcome, rerr)
				}
				if run.Edits == nil || run.ID != "run_1" || run.SessionID != "ses_1" || run.Turns != 3 {
					t.Errorf("%s: record %+v lost fields or has null edits", name, run)
				}
				if o == "" && run.Outcome != OutcomeOf(err) {
					t.Errorf("%s: outcome %s, want OutcomeOf(err) = %s", name, run.Outcome, OutcomeOf(err))
				}
				var le *LoopError
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

func isOutcome(o OutcomeName) bool { return slices.Contains(allOutcomes, o) }
