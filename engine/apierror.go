package engine

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
