package localmodels

import (
	"net/http"
	"strconv"
	"sync"
	"time"
)

// The Ollama client hides the HTTP response: a 429's Retry-After header never
// reaches the caller, and an error status with an empty body makes Chat
// return nil. A recordingTransport, made for one request, keeps what the
// response said, so Stream can still tell a rate limit or a 5xx from a clean
// end. It is the request's own transport, not a value in its context.
type recordingTransport struct {
	base http.RoundTripper

	mu         sync.Mutex
	status     int
	retryAfter time.Duration
}

func (t *recordingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(req)
	if err != nil {
		return resp, err
	}
	t.mu.Lock()
	t.status = resp.StatusCode
	t.retryAfter = parseRetryAfter(resp.Header.Get("Retry-After"), time.Now())
	t.mu.Unlock()
	return resp, nil
}

// seen returns the status and Retry-After of the last response.
func (t *recordingTransport) seen() (int, time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.status, t.retryAfter
}

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

// httpClient returns a copy of c (or a fresh client) with transport rt, or
// c's own transport when rt is nil. A fresh client has no overall timeout,
// because a stream may last as long as the model keeps generating; Stream
// catches stalls itself.
func httpClient(c *http.Client, rt func(base http.RoundTripper) http.RoundTripper) *http.Client {
	var out http.Client
	if c != nil {
		out = *c
	}
	base := out.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	out.Transport = base
	if rt != nil {
		out.Transport = rt(base)
	}
	return &out
}
