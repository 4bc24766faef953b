package jsonhttp

import (
	"net/http"
	"strconv"
	"time"
)

// maxRetryAfter bounds the advice RetryAfter takes: a server that asks for
// more than a day is broken, and its advice is ignored.
const maxRetryAfter = 24 * time.Hour

// RetryAfter reads how long an error answer with header h asks its client
// to wait: Retry-After-Ms (milliseconds, which some OpenAI-compatible
// servers send) first, then Retry-After as seconds (a fraction taken too)
// or an HTTP date. Anything else, a time in the past, or more than a day is
// 0: no advice.
func RetryAfter(h http.Header, now time.Time) time.Duration {
	if v := h.Get("Retry-After-Ms"); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms > 0 && ms < float64(maxRetryAfter/time.Millisecond) {
			return time.Duration(ms * float64(time.Millisecond))
		}
	}
	v := h.Get("Retry-After")
	if v == "" {
		return 0
	}
	if n, err := strconv.ParseFloat(v, 64); err == nil {
		if n <= 0 || n > float64(maxRetryAfter/time.Second) {
			return 0
		}
		return time.Duration(n * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) && t.Sub(now) <= maxRetryAfter {
		return t.Sub(now)
	}
	return 0
}
