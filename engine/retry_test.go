package engine

import (
	"context"
	"errors"
	"github.com/loopls/loopls/engine/machine"
	"testing"
	"time"
)

func TestRetryDelay(t *testing.T) {
	p := RetryPolicy{Jitter: -1}
	cases := []struct {
		failed     int
		retryAfter time.Duration
		r          float64
		want       time.Duration
	}{
		{1, 0, 0.5, 100 * time.Millisecond},
		{2, 0, 0.5, 200 * time.Millisecond},
		{3, 0, 0.5, 400 * time.Millisecond},
		{8, 0, 0.5, 10 * time.Second}, // capped
		{40, 0, 0.5, 10 * time.Second},
		{1, 7 * time.Second, 0.5, 7 * time.Second},  // Retry-After honoured
		{1, 2 * time.Minute, 0.5, 60 * time.Second}, // and capped
	}
	for _, tc := range cases {
		if got := p.Delay(tc.failed, tc.retryAfter, tc.r); got != tc.want {
			t.Errorf("Delay(%d, %s) = %s, want %s", tc.failed, tc.retryAfter, got, tc.want)
		}
	}
	j := RetryPolicy{} // default jitter 10 %
	if lo, hi := j.Delay(1, 0, 0), j.Delay(1, 0, 0.999999); lo != 90*time.Millisecond || hi < 109*time.Millisecond || hi > 110*time.Millisecond {
		t.Errorf("jitter bounds = %s..%s, want 90ms..110ms", lo, hi)
	}
}

func TestClassifyFailure(t *testing.T) {
	live := context.Background()
	dead, cancel := context.WithCancel(context.Background())
	cancel()
	cases := []struct {
		name    string
		ctx     context.Context
		err     error
		stalled bool
		want    failureClass
	}{
		{"cancelled wins over anything", dead, &APIError{Status: 500, Transient: true}, false, failCancelled},
		{"5xx transient", live, &APIError{Status: 503, Transient: true}, false, failTransient},
		{"reset transient", live, &APIError{Transient: true}, false, failTransient},
		{"429", live, &APIError{Status: 429, Transient: true, RateLimit: true}, false, failRateLimited},
		{"4xx permanent", live, &APIError{Status: 404}, false, failPermanent},
		{"wrapped", live, errors.Join(errors.New("ctx"), &APIError{Status: 502, Transient: true}), false, failTransient},
		{"plain error", live, errors.New("garbage"), false, failPermanent},
		{"stall", live, context.Canceled, true, failTransient},
	}
	for _, tc := range cases {
		if got := classifyFailure(tc.ctx, tc.err, tc.stalled); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestEveryErrorKindIsMatchableAndActionable(t *testing.T) {
	cases := []struct {
		err      *machine.LoopError
		sentinel error
		advice   string
	}{
		{machine.Cancelled(), machine.ErrCancelled, "cancelled"},
		{machine.MaxTurnsExceeded(5), machine.ErrMaxTurnsExceeded, "raise maxTurns"},
		{machine.ContextExceeded(10, 9), machine.ErrContextExceeded, "bigger window"},
		{APIFailure(&APIError{Status: 500, Message: "x"}), machine.ErrAPI, "fallbackModels"},
		{APIFailure(&APIError{Status: 401, Message: "x"}), machine.ErrAPI, "API key"},
		{APIFailure(errors.New("dial tcp: refused")), machine.ErrAPI, "running and reachable"},
		{machine.LoopDetected("grep", 10), machine.ErrLoopDetected, "rephrase"},
		{machine.ToolRecoveryExhausted("grep", 6), machine.ErrToolRecoveryExhausted, "rephrase"},
		{FallbackExhausted([]string{"a", "b"}, time.Minute), machine.ErrFallbackExhausted, "fallbackModels"},
		{RateLimitEscalation(3, time.Second), machine.ErrRateLimitEscalation, "wait and run again"},
		{machine.Internal("x"), machine.ErrInternal, "internal"},
	}
	for _, tc := range cases {
		var wrapped error = tc.err
		if !errors.Is(wrapped, tc.sentinel) {
			t.Errorf("%s: errors.Is fails", tc.err.Kind)
		}
		var le *machine.LoopError
		if !errors.As(errors.Join(errors.New("ctx"), wrapped), &le) || le.Kind != tc.err.Kind {
			t.Errorf("%s: errors.As fails", tc.err.Kind)
		}
		if !contains(tc.err.Error(), tc.advice) {
			t.Errorf("%s: message %q lacks %q", tc.err.Kind, tc.err.Error(), tc.advice)
		}
	}
	if machine.IsCancelled(APIFailure(errors.New("x"))) || !machine.IsCancelled(machine.Cancelled()) {
		t.Error("IsCancelled is wrong")
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

func TestRateLimiterPacesPerProvider(t *testing.T) {
	r := NewRateLimiter(1000, 1)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for range 3 {
		if err := r.Wait(ctx, "ollama"); err != nil {
			t.Fatal(err)
		}
	}
	dead, c := context.WithCancel(context.Background())
	c()
	slow := NewRateLimiter(0.001, 1)
	_ = slow.Wait(ctx, "openai") // takes the burst
	if err := slow.Wait(dead, "openai"); err == nil {
		t.Error("Wait on a drained bucket with a dead context succeeded")
	}
	if err := slow.Wait(ctx, "anthropic"); err != nil {
		t.Errorf("providers share a bucket: %v", err)
	}
	var none *RateLimiter
	if err := none.Wait(ctx, "x"); err != nil {
		t.Errorf("nil limiter: %v", err)
	}
	if providerOf("ollama:qwen2.5-coder:7b") != "ollama" || providerOf("bare") != "bare" {
		t.Error("providerOf")
	}
}
