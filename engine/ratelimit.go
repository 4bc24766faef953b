package engine

import (
	"context"
	"strings"
	"sync"

	"golang.org/x/time/rate"
)

// RateLimiter paces model requests, one token bucket per provider, so that
// concurrent sessions on one provider share its budget. The zero value and a
// nil *RateLimiter do not limit.
type RateLimiter struct {
	limit rate.Limit
	burst int

	mu sync.Mutex
	m  map[string]*rate.Limiter
}

// NewRateLimiter returns a limiter that lets perSecond requests per second
// through per provider, with bursts of burst. perSecond <= 0 means no limit.
func NewRateLimiter(perSecond float64, burst int) *RateLimiter {
	if perSecond <= 0 {
		return &RateLimiter{}
	}
	return &RateLimiter{limit: rate.Limit(perSecond), burst: max(burst, 1), m: make(map[string]*rate.Limiter)}
}

// Wait blocks until provider may be sent a request or ctx is done.
func (r *RateLimiter) Wait(ctx context.Context, provider string) error {
	if r == nil || r.limit == 0 {
		return ctx.Err()
	}
	r.mu.Lock()
	l := r.m[provider]
	if l == nil {
		l = rate.NewLimiter(r.limit, r.burst)
		r.m[provider] = l
	}
	r.mu.Unlock()
	return l.Wait(ctx)
}

// providerOf returns the provider part of a model name ("ollama" for
// "ollama:qwen2.5-coder:7b"); a bare name is its own provider.
func providerOf(model string) string {
	if p, _, ok := strings.Cut(model, ":"); ok {
		return p
	}
	return model
}
