package engine

import (
	"context"
	"testing"
	"time"
)

// Per-provider paces from the rateLimit setting: a drained bucket refuses a
// wait that would outlast the context at once (rate.Limiter knows the wait
// before it sleeps), a provider without a pace is not paced, and new paces
// reach buckets already in use.
func TestRateLimiterProviderRates(t *testing.T) {
	r := NewRateLimiter(0, 0)
	r.SetProviderRates(map[string]ProviderRate{"openai": {PerMinute: 1}, "anthropic": {PerMinute: 0}})
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	short, cancelShort := context.WithTimeout(context.Background(), time.Second)
	defer cancelShort()

	if err := r.Wait(ctx, "openai"); err != nil {
		t.Fatalf("the first request is the burst: %v", err)
	}
	if err := r.Wait(short, "openai"); err == nil {
		t.Fatal("a second request within the minute was let through")
	}
	for range 5 {
		if err := r.Wait(short, "anthropic"); err != nil {
			t.Fatalf("requestsPerMinute 0 is no limit: %v", err)
		}
		if err := r.Wait(short, "ollama"); err != nil {
			t.Fatalf("a provider not named is not paced: %v", err)
		}
	}

	r.SetProviderRates(map[string]ProviderRate{"openai": {PerMinute: 6000, Burst: 3}})
	if err := r.Wait(ctx, "openai"); err != nil {
		t.Fatalf("after raising the pace: %v", err)
	}
	r.SetProviderRates(nil)
	for range 5 {
		if err := r.Wait(short, "openai"); err != nil {
			t.Fatalf("after removing the pace: %v", err)
		}
	}
}
