package engine

import "github.com/loopls/loopls/redact"

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

// Scrubbed removes secrets from e's message and its cause's text, in place,
// and returns e: a server may echo the request's headers (or a proxy its
// Authorization) in its error, and no log, trace or notification of the
// error may carry a key. Every adapter returns its errors through it.
func (e *APIError) Scrubbed() *APIError {
	e.Message = redact.String(e.Message)
	e.Cause = redact.Error(e.Cause)
	return e
}

// Unwrap exposes the cause.
func (e *APIError) Unwrap() error { return e.Cause }
