package localmodels

import (
	"context"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// The Ollama client hides the HTTP response: a 429's Retry-After header never
// reaches the caller, and an error status with an empty body makes Chat
// return nil. responseMeta records what the transport saw, per request, so
// Stream can still tell a rate limit or a 5xx from a clean end.
type responseMeta struct {
	mu         sync.Mutex
	status     int
	retryAfter time.Duration
}

type responseMetaKey struct{}

func withResponseMeta(ctx context.Context, m *responseMeta) context.Context {
	return context.WithValue(ctx, responseMetaKey{}, m)
}

func (m *responseMeta) get() (int, time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.status, m.retryAfter
}

// metaTransport is an http.RoundTripper that fills the request's responseMeta.
type metaTransport struct {
	base http.RoundTripper
}

func (t *metaTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(req)
	if err != nil {
		return resp, err
	}
	if m, ok := req.Context().Value(responseMetaKey{}).(*responseMeta); ok {
		m.mu.Lock()
		m.status = resp.StatusCode
		m.retryAfter = parseRetryAfter(resp.Header.Get("Retry-After"), time.Now())
		m.mu.Unlock()
	}
	return resp, nil
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

// wrapClient returns a copy of c (or of a fresh client) whose transport
// records responseMeta. A fresh client has no overall timeout, because a
// stream may last as long as the model keeps generating; Stream catches
// stalls itself.
func wrapClient(c *http.Client) *http.Client {
	var out http.Client
	if c != nil {
		out = *c
	}
	base := out.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	out.Transport = &metaTransport{base: base}
	return &out
}
