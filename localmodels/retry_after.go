package localmodels

import (
	"net/http"
	"strconv"
	"time"
)

// parseRetryAfter reads a Retry-After header: delta-seconds or an HTTP date.
// Anything else, or a time in the past, is 0 (no advice).
func parseRetryAfter(v string, now time.Time) time.Duration {
	if v == "" {
		return 0
	}
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		if n <= 0 || n > int64(24*time.Hour/time.Second) {
			return 0
		}
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}
