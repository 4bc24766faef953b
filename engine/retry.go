package engine

import (
	"context"
	"errors"
	"fmt"
	"github.com/loopls/loopls/engine/machine"
	"time"
)

// RetryPolicy says how a failed model call is retried. Only transient
// failures (connection reset, 429, 5xx, a stream cut or stalled) are
// retried; a 4xx that will never succeed and a cancellation are not. Zero
// fields take the defaults.
type RetryPolicy struct {
	// Attempts is the number of tries of one model call, the first
	// included. Default 3.
	Attempts int
	// BaseDelay is the wait after the first failure; it doubles after each
	// further failure. Default 100 ms.
	BaseDelay time.Duration
	// MaxDelay caps the doubling. Default 10 s.
	MaxDelay time.Duration
	// Jitter spreads each wait by ± this fraction so that clients that
	// failed together do not retry together. Default 0.1; negative = none.
	Jitter float64
	// MaxRetryAfter caps how long a provider's Retry-After is honoured.
	// Default 60 s.
	MaxRetryAfter time.Duration
}

func (p RetryPolicy) withDefaults() RetryPolicy {
	if p.Attempts <= 0 {
		p.Attempts = 3
	}
	if p.BaseDelay <= 0 {
		p.BaseDelay = 100 * time.Millisecond
	}
	if p.MaxDelay <= 0 {
		p.MaxDelay = 10 * time.Second
	}
	if p.Jitter == 0 {
		p.Jitter = 0.1
	}
	if p.Jitter < 0 {
		p.Jitter = 0
	}
	if p.MaxRetryAfter <= 0 {
		p.MaxRetryAfter = 60 * time.Second
	}
	return p
}

// Delay returns how long to wait after the failed-th consecutive failure
// (1 for the first) before trying again. A provider's Retry-After, when
// given, is honoured exactly (capped by MaxRetryAfter); otherwise the wait
// is BaseDelay doubled per failure, capped by MaxDelay, spread by Jitter
// using r, a uniform number in [0,1).
func (p RetryPolicy) Delay(failed int, retryAfter time.Duration, r float64) time.Duration {
	p = p.withDefaults()
	if retryAfter > 0 {
		return min(retryAfter, p.MaxRetryAfter)
	}
	d := p.BaseDelay
	for i := 1; i < failed && d < p.MaxDelay; i++ {
		d *= 2
	}
	d = min(d, p.MaxDelay)
	spread := time.Duration(float64(d) * p.Jitter * (2*r - 1))
	return max(d+spread, 0)
}

// failureClass says what to do about one failed model call.
type failureClass int

const (
	failPermanent   failureClass = iota // report it, do not retry
	failTransient                       // retry after a backoff
	failRateLimited                     // retry after Retry-After; counts toward escalation
	failCancelled                       // the run was cancelled: never a failure
)

// classifyFailure sorts err from a model call made under ctx. A stalled stream is
// transient whatever the adapter said, because the driver cut it.
func classifyFailure(ctx context.Context, err error, stalled bool) failureClass {
	if ctx.Err() != nil {
		return failCancelled
	}
	if stalled {
		return failTransient
	}
	var ae *APIError
	if errors.As(err, &ae) {
		switch {
		case ae.RateLimit:
			return failRateLimited
		case ae.Transient:
			return failTransient
		}
	}
	return failPermanent
}

// APIFailure is the error of a run whose model call failed: the provider's
// status and message, and what to do about it.
func APIFailure(err error) *machine.LoopError {
	var le *machine.LoopError
	if errors.As(err, &le) {
		return le
	}
	out := &machine.LoopError{Kind: machine.KindAPI, Cause: err}
	var ae *APIError
	if errors.As(err, &ae) {
		out.Status = ae.Status
	}
	msg := err.Error()
	switch {
	case out.Status == 401 || out.Status == 403:
		out.Message = fmt.Sprintf("model request refused (%d): %s; check the API key", out.Status, msg)
	case out.Status >= 400 && out.Status < 500:
		out.Message = fmt.Sprintf("model request rejected (%d): %s", out.Status, msg)
	case out.Status != 0:
		out.Message = fmt.Sprintf("model server error (%d): %s; it was retried, try again later or configure fallbackModels", out.Status, msg)
	default:
		out.Message = fmt.Sprintf("model request failed: %s; check that the model server is running and reachable", msg)
	}
	return out
}

// RateLimitEscalation is the error of a run whose provider kept answering
// 429 through every retry.
func RateLimitEscalation(attempts int, retryAfter time.Duration) *machine.LoopError {
	msg := fmt.Sprintf("rate limited: the provider answered 429 to %d attempts in a row", attempts)
	if retryAfter > 0 {
		msg += fmt.Sprintf(" (it asked to wait %s)", retryAfter)
	}
	return &machine.LoopError{Kind: machine.KindRateLimitEscalation, Status: 429,
		Message: msg + "; wait and run again, lower the request rate, or configure fallbackModels"}
}

// sleepCtx waits d or until ctx is done, whichever comes first, and reports
// ctx's error in the second case.
func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
