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
	mu    sync.Mutex
	limit rate.Limit // for providers without a pace of their own; 0 = none
	burst int
	own   map[string]ProviderRate
	m     map[string]*rate.Limiter
}

// ProviderRate is one provider's pace: PerMinute requests a minute on
// average, in bursts of up to Burst (at least 1). PerMinute 0 is no limit.
type ProviderRate struct {
	PerMinute int
	Burst     int
}

// NewRateLimiter returns a limiter that lets perSecond requests per second
// through per provider, with bursts of burst. perSecond <= 0 means no limit.
func NewRateLimiter(perSecond float64, burst int) *RateLimiter {
	if perSecond <= 0 {
		return &RateLimiter{}
	}
	return &RateLimiter{limit: rate.Limit(perSecond), burst: max(burst, 1)}
}

// SetProviderRates replaces the per-provider paces (the rateLimit setting).
// Buckets already in use keep their tokens and take the new pace at once; a
// provider left out goes back to the limiter's default.
func (r *RateLimiter) SetProviderRates(rates map[string]ProviderRate) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.own = rates
	for p, l := range r.m {
		lim, burst := r.paceLocked(p)
		l.SetLimit(lim)
		l.SetBurst(burst)
	}
}

// paceLocked is provider's pace; r.mu is held.
func (r *RateLimiter) paceLocked(provider string) (rate.Limit, int) {
	if own, ok := r.own[provider]; ok {
		if own.PerMinute <= 0 {
			return rate.Inf, 1
		}
		return rate.Limit(own.PerMinute) / 60, max(own.Burst, 1)
	}
	if r.limit == 0 {
		return rate.Inf, 1
	}
	return r.limit, r.burst
}

// Wait blocks until provider may be sent a request or ctx is done.
func (r *RateLimiter) Wait(ctx context.Context, provider string) error {
	if r == nil {
		return ctx.Err()
	}
	r.mu.Lock()
	l := r.m[provider]
	if l == nil {
		lim, burst := r.paceLocked(provider)
		if lim == rate.Inf {
			r.mu.Unlock()
			return ctx.Err()
		}
		l = rate.NewLimiter(lim, burst)
		if r.m == nil {
			r.m = make(map[string]*rate.Limiter)
		}
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
