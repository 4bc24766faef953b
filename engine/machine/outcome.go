package machine

import "errors"

// CompactReason says why the machine asked for a compaction.
type CompactReason string

// The reasons of SPEC §2.1's guard chain.
const (
	// CompactThresholdExceeded: the estimate is above the configured
	// threshold share of the window (strict).
	CompactThresholdExceeded CompactReason = "ThresholdExceeded"
	// CompactEmergency: the estimate is at or above 95 % of the window
	// (inclusive); always on while a window is set.
	CompactEmergency CompactReason = "Emergency"
)

// Outcome is how a run ended: the payload of the Terminal state.
type Outcome struct {
	// Name is the outcome as it is spelled on the wire.
	Name OutcomeName `json:"name"`
	// FinalText is the answer of a Completed run: the content of the last
	// assistant message.
	FinalText string `json:"final_text,omitempty"`
	// Err is why a Failed or ContextExceeded run ended.
	Err *LoopError `json:"err,omitempty"`
}

// Error maps the outcome to the error the run reports, totally and
// mechanically (SPEC §2.1): Completed maps to nil, Cancelled to Cancelled,
// MaxTurnsExceeded to MaxTurnsExceeded{maxTurns}, a failure to its error.
// Anything else that is not Completed — an unknown name, a failure without
// an error — maps to Internal("unmapped terminal outcome"), never to a
// silent success.
func (o Outcome) Error(maxTurns int) *LoopError {
	switch o.Name {
	case OutcomeCompleted:
		return nil
	case OutcomeCancelled:
		return Cancelled()
	case OutcomeMaxTurnsExceeded:
		return MaxTurnsExceeded(maxTurns)
	case OutcomeContextExceeded, OutcomeFailed:
		if o.Err != nil {
			return o.Err
		}
	}
	return Internal("unmapped terminal outcome")
}

// OutcomeOf is the inverse of Error: the outcome of a run that ended with
// err. Nil is Completed; an error that is (or wraps) a LoopError of kind
// Cancelled, MaxTurnsExceeded or ContextExceeded is that outcome; any other
// error — another kind, or one that is no LoopError at all — is Failed.
// Run.Complete is its one user outside the machine.
func OutcomeOf(err error) OutcomeName {
	switch {
	case err == nil:
		return OutcomeCompleted
	case errors.Is(err, ErrCancelled):
		return OutcomeCancelled
	case errors.Is(err, ErrMaxTurnsExceeded):
		return OutcomeMaxTurnsExceeded
	case errors.Is(err, ErrContextExceeded):
		return OutcomeContextExceeded
	}
	return OutcomeFailed
}

// outcomeOf returns the terminal outcome a failure with err leads to: a
// ContextExceeded error ends the run context_exceeded, anything else failed.
func outcomeOf(err *LoopError) Outcome {
	if err.Kind == KindContextExceeded {
		return Outcome{Name: OutcomeContextExceeded, Err: err}
	}
	return Outcome{Name: OutcomeFailed, Err: err}
}
