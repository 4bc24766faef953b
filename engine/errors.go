package engine

import (
	"errors"
	"fmt"
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
		Message: fmt.Sprintf("stopped after %d turns without a final answer: raise maxTurns or narrow the prompt", max)}
}

// ContextExceeded is the error of a run whose conversation of used tokens
// no longer fits the model's window of limit tokens.
func ContextExceeded(used, limit int) *LoopError {
	return &LoopError{Kind: KindContextExceeded, Used: used, Limit: limit,
		Message: fmt.Sprintf("context exceeded: the conversation needs %d tokens and the model's window is %d: use a model with a bigger window (contextWindow) or start a new session", used, limit)}
}

// contextExceededAfterCompaction is the error of a compaction, begun at
// trigger tokens (percent % of window) for reason, that left the
// conversation at need tokens. Used is the need, Limit the window.
func contextExceededAfterCompaction(need, window, trigger, percent int, reason CompactReason) *LoopError {
	le := &LoopError{Kind: KindContextExceeded, Used: need, Limit: window}
	switch {
	case window <= 0:
		le.Message = fmt.Sprintf("context exceeded: the conversation needs %d tokens and compaction freed nothing: use a model with a bigger window (contextWindow) or start a new session", need)
	case reason == CompactThresholdExceeded:
		le.Message = fmt.Sprintf("context exceeded: the conversation needs %d tokens, over the compaction threshold of %d (%d%% of the model's %d-token window), and compaction freed nothing: raise compactThreshold, use a model with a bigger window (contextWindow) or start a new session", need, trigger, percent, window)
	default:
		le.Message = fmt.Sprintf("context exceeded: the conversation needs %d tokens and the model's window is %d, of which loopls fills at most %d (%d%%) to leave room for the answer; compaction freed nothing: use a model with a bigger window (contextWindow) or start a new session", need, window, trigger, percent)
	}
	return le
}

// Internal is the error of a broken invariant inside loopls.
func Internal(msg string) *LoopError {
	return &LoopError{Kind: KindInternal, Message: "internal error: " + msg}
}

// APIError is a provider failure as adapters report it. Transient marks a
// failure worth retrying (connection reset, 429, 5xx, a stream cut or stalled).
type APIError struct {
	Status     int    // HTTP status, 0 when none (connection refused, stream cut)
	Message    string // what the user can act on
	Transient  bool
	RateLimit  bool  // a 429
	RetryAfter int64 // nanoseconds the provider asked to wait, 0 if none
	Cause      error
}

func (e *APIError) Error() string { return e.Message }

// Unwrap exposes the cause.
func (e *APIError) Unwrap() error { return e.Cause }
