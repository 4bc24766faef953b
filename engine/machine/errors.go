package machine

import (
	"errors"
	"strconv"
)

// ErrorKind names a class of LoopError. The strings are part of the protocol
// (data.error.kind on the wire) and of the store.
type ErrorKind string

// The kinds of SPEC §2.2.
const (
	KindCancelled             ErrorKind = "Cancelled"
	KindMaxTurnsExceeded      ErrorKind = "MaxTurnsExceeded"
	KindContextExceeded       ErrorKind = "ContextExceeded"
	KindAPI                   ErrorKind = "Api"
	KindLoopDetected          ErrorKind = "LoopDetected"
	KindToolRecoveryExhausted ErrorKind = "ToolRecoveryExhausted"
	KindFallbackExhausted     ErrorKind = "FallbackExhausted"
	KindRateLimitEscalation   ErrorKind = "RateLimitEscalation"
	KindEmptyAnswer           ErrorKind = "EmptyAnswer"
	KindInternal              ErrorKind = "Internal"
)

// LoopError is why a run did not complete. Fields beyond Kind and Message are
// filled for the kinds that carry them.
//
// errors.Is(err, &LoopError{Kind: k}) matches any LoopError of kind k, so
// callers test kinds without comparing strings.
type LoopError struct {
	Kind    ErrorKind `json:"kind"`
	Message string    `json:"message"`
	// MaxTurnsExceeded
	Max int `json:"max,omitempty"`
	// ContextExceeded
	Used  int `json:"used,omitempty"`
	Limit int `json:"limit,omitempty"`
	// Api
	Status int `json:"status,omitempty"`
	// Cause is the underlying error, if any; it is not serialized.
	Cause error `json:"-"`
}

func (e *LoopError) Error() string {
	if e.Message != "" {
		return e.Message
	}
	return string(e.Kind)
}

// Unwrap exposes the cause.
func (e *LoopError) Unwrap() error { return e.Cause }

// Is matches another *LoopError of the same kind.
func (e *LoopError) Is(target error) bool {
	t, ok := target.(*LoopError)
	return ok && t.Kind == e.Kind
}

// Sentinels for errors.Is.
var (
	ErrCancelled             = &LoopError{Kind: KindCancelled}
	ErrMaxTurnsExceeded      = &LoopError{Kind: KindMaxTurnsExceeded}
	ErrContextExceeded       = &LoopError{Kind: KindContextExceeded}
	ErrAPI                   = &LoopError{Kind: KindAPI}
	ErrLoopDetected          = &LoopError{Kind: KindLoopDetected}
	ErrToolRecoveryExhausted = &LoopError{Kind: KindToolRecoveryExhausted}
	ErrFallbackExhausted     = &LoopError{Kind: KindFallbackExhausted}
	ErrRateLimitEscalation   = &LoopError{Kind: KindRateLimitEscalation}
	ErrEmptyAnswer           = &LoopError{Kind: KindEmptyAnswer}
	ErrInternal              = &LoopError{Kind: KindInternal}
)

// IsCancelled reports whether err is a cancellation.
func IsCancelled(err error) bool { return errors.Is(err, ErrCancelled) }

// Cancelled is the error of a run the user stopped.
func Cancelled() *LoopError {
	return &LoopError{Kind: KindCancelled, Message: "cancelled"}
}

// MaxTurnsExceeded is the error of a run that hit its turn cap.
func MaxTurnsExceeded(max int) *LoopError {
	return &LoopError{Kind: KindMaxTurnsExceeded, Max: max,
		Message: "stopped after " + itoa(max) + " turns without a final answer: raise maxTurns or narrow the prompt"}
}

// ContextExceeded is the error of a run whose conversation of used tokens
// no longer fits the model's window of limit tokens.
func ContextExceeded(used, limit int) *LoopError {
	return &LoopError{Kind: KindContextExceeded, Used: used, Limit: limit,
		Message: "context exceeded: the conversation needs " + itoa(used) + " tokens and the model's window is " + itoa(limit) + ": use a model with a bigger window (contextWindow) or start a new session"}
}

// contextExceededAfterCompaction is the error of a compaction, begun at
// trigger tokens (percent % of window) for reason, that left the
// conversation at need tokens. Used is the need, Limit the window.
func contextExceededAfterCompaction(need, window, trigger, percent int, reason CompactReason) *LoopError {
	le := &LoopError{Kind: KindContextExceeded, Used: need, Limit: window}
	switch {
	case window <= 0:
		le.Message = "context exceeded: the conversation needs " + itoa(need) + " tokens and compaction freed nothing: use a model with a bigger window (contextWindow) or start a new session"
	case reason == CompactThresholdExceeded:
		le.Message = "context exceeded: the conversation needs " + itoa(need) + " tokens, over the compaction threshold of " + itoa(trigger) + " (" + itoa(percent) + "% of the model's " + itoa(window) + "-token window), and compaction freed nothing: raise compactThreshold, use a model with a bigger window (contextWindow) or start a new session"
	default:
		le.Message = "context exceeded: the conversation needs " + itoa(need) + " tokens and the model's window is " + itoa(window) + ", of which loopls fills at most " + itoa(trigger) + " (" + itoa(percent) + "%) to leave room for the answer; compaction freed nothing: use a model with a bigger window (contextWindow) or start a new session"
	}
	return le
}

// Internal is the error of a broken invariant inside loopls.
func Internal(msg string) *LoopError {
	return &LoopError{Kind: KindInternal, Message: "internal error: " + msg}
}

// LoopDetected is the error of a run stopped because the model kept making
// the same call with the same result.
func LoopDetected(tool string, repeats int) *LoopError {
	return &LoopError{Kind: KindLoopDetected,
		Message: "loop detected: " + tool + " was called " + itoa(repeats) + " times with the same arguments and the same result; rephrase the prompt or give the model what it is missing"}
}

// ToolRecoveryExhausted is the error of a run whose model kept making a tool
// call that kept failing.
func ToolRecoveryExhausted(tool string, attempts int) *LoopError {
	return &LoopError{Kind: KindToolRecoveryExhausted,
		Message: "tool " + tool + " failed " + itoa(attempts) + " times with the same arguments; fix what its last result reports, or rephrase the prompt"}
}

// EmptyAnswer is the error of a run whose model answered nothing (no text,
// no tool call) twice in a row, the second time after being asked again.
func EmptyAnswer() *LoopError {
	return &LoopError{Kind: KindEmptyAnswer,
		Message: "the model gave an empty answer (no text, no tool call), and again when asked once more: try again, rephrase the prompt, or use another model"}
}

// itoa spells n in decimal (the package imports no fmt: fmt does I/O).
func itoa(n int) string { return strconv.Itoa(n) }
