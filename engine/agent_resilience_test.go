package engine

import (
	"context"
	"errors"
	"fmt"
	"github.com/loopls/loopls/engine/machine"
	"slices"
	"strings"
	"testing"
	"time"
)

func failingModel(name string, status int) *fakeModel {
	return &fakeModel{name: name, reply: func(context.Context, int, ModelRequest, func(Delta)) (ModelResponse, error) {
		return ModelResponse{}, &APIError{Status: status, Message: "server error", Transient: status >= 500}
	}}
}

func TestPrimaryFailingForeverCompletesOnTheFallback(t *testing.T) {
	primary := failingModel("fake:primary", 500)
	fb := &fakeModel{name: "fake:fallback", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		return say("from the fallback", emit)
	}}
	clock := newFakeClock()
	a, rec := newTestAgent(t, AgentConfig{Model: primary, Fallbacks: []Model{fb}, Clock: clock})
	run, err := a.Run(context.Background(), RunInput{Prompt: "hi"})
	if err != nil || run.Output != "from the fallback" || run.Model != "fake:fallback" {
		t.Fatalf("run = %+v err %v", run, err)
	}
	// Three failures, each after three attempts, trip the breaker.
	if primary.calls() != 9 || fb.calls() != 1 {
		t.Errorf("primary %d calls, fallback %d; want 9 and 1", primary.calls(), fb.calls())
	}
	if !slices.Equal(rec.fallbacks, []string{"fake:primary->fake:fallback"}) {
		t.Errorf("OnFallback = %v", rec.fallbacks)
	}
	// Inside the cooldown the next run goes straight to the fallback.
	if _, err := a.Run(context.Background(), RunInput{Prompt: "again"}); err != nil || primary.calls() != 9 || fb.calls() != 2 {
		t.Fatalf("second run err %v, primary %d fallback %d", err, primary.calls(), fb.calls())
	}
	// After the cooldown the primary is probed; it fails, back to the fallback.
	clock.Advance(61 * time.Second)
	if _, err := a.Run(context.Background(), RunInput{Prompt: "probe"}); err != nil {
		t.Fatal(err)
	}
	if primary.calls() != 12 || fb.calls() != 3 {
		t.Errorf("after the probe: primary %d (want 12), fallback %d (want 3)", primary.calls(), fb.calls())
	}
	wantFallbacks := []string{"fake:primary->fake:fallback", "fake:fallback->fake:primary", "fake:primary->fake:fallback"}
	if !slices.Equal(rec.fallbacks, wantFallbacks) {
		t.Errorf("OnFallback = %v", rec.fallbacks)
	}
}

func TestPrimaryRecoversAfterTwoSuccessfulProbes(t *testing.T) {
	broken := true
	primary := &fakeModel{name: "fake:primary", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		if broken {
			return ModelResponse{}, &APIError{Status: 502, Message: "bad gateway", Transient: true}
		}
		return say("primary", emit)
	}}
	fb := answerModel("fallback")
	clock := newFakeClock()
	a, _ := newTestAgent(t, AgentConfig{Model: primary, Fallbacks: []Model{fb}, Clock: clock})
	if run, _ := a.Run(context.Background(), RunInput{Prompt: "1"}); run.Output != "fallback" {
		t.Fatalf("run 1 = %+v", run)
	}
	broken = false
	clock.Advance(time.Minute)
	for i, want := range []string{"primary", "primary", "primary"} {
		if run, _ := a.Run(context.Background(), RunInput{Prompt: fmt.Sprint(i)}); run.Output != want {
			t.Fatalf("run %d output %q, want %q", i, run.Output, want)
		}
	}
	if a.fallback.State() != FallbackPrimary {
		t.Errorf("breaker state = %s, want Primary", a.fallback.State())
	}
}

func TestExhaustedChainFailsWithoutARequest(t *testing.T) {
	primary := failingModel("fake:primary", 500)
	fb := failingModel("fake:fallback", 500)
	clock := newFakeClock()
	a, _ := newTestAgent(t, AgentConfig{Model: primary, Fallbacks: []Model{fb}, Clock: clock})
	_, err := a.Run(context.Background(), RunInput{Prompt: "hi"})
	if !errors.Is(err, machine.ErrFallbackExhausted) {
		t.Fatalf("err = %v, want FallbackExhausted", err)
	}
	if !strings.Contains(err.Error(), "fake:fallback") {
		t.Errorf("message does not name the chain: %v", err)
	}
	p, f := primary.calls(), fb.calls()
	if p != 9 || f != 6 {
		t.Errorf("primary %d fallback %d calls, want 9 and 6", p, f)
	}
	if _, err := a.Run(context.Background(), RunInput{Prompt: "again"}); !errors.Is(err, machine.ErrFallbackExhausted) {
		t.Fatalf("second run err = %v", err)
	}
	if primary.calls() != p || fb.calls() != f {
		t.Error("an exhausted chain sent a request")
	}
	clock.Advance(time.Minute)
	_, _ = a.Run(context.Background(), RunInput{Prompt: "after cooldown"})
	if primary.calls() == p {
		t.Error("the primary was not probed after the cooldown")
	}
}

func TestNoFallbackFailsWithAPIAfterRetries(t *testing.T) {
	primary := failingModel("fake:primary", 500)
	a, rec := newTestAgent(t, AgentConfig{Model: primary})
	run, err := a.Run(context.Background(), RunInput{Prompt: "hi"})
	var le *machine.LoopError
	if !errors.As(err, &le) || le.Kind != machine.KindAPI || le.Status != 500 || run.Outcome != machine.OutcomeFailed {
		t.Fatalf("err = %#v run %+v", err, run)
	}
	if primary.calls() != 3 || len(rec.failures) != 3 || len(rec.fallbacks) != 0 {
		t.Errorf("calls %d failures %d fallbacks %v", primary.calls(), len(rec.failures), rec.fallbacks)
	}
}

// repeatModel asks for the same call every turn, answering only when the
// last tool result says so.
func repeatModel() *fakeModel {
	return &fakeModel{name: "fake:m", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		last := req.Messages[len(req.Messages)-1]
		if last.Role == machine.RoleUser && strings.HasPrefix(last.Content, "chat") {
			return say("hello", emit)
		}
		return callTool(fmt.Sprint("c", n), "read_file", `{"path":"README.md","limit":10}`, emit)
	}}
}

func TestRepeatedCallEndsLoopDetectedAndNextRunIsClean(t *testing.T) {
	model := repeatModel()
	tool := constTool("read_file", "same content")
	a, rec := newTestAgent(t, AgentConfig{Model: model, Tools: []Tool{tool}})
	run, err := a.Run(context.Background(), RunInput{Prompt: "again"})
	if !errors.Is(err, machine.ErrLoopDetected) || run.Outcome != machine.OutcomeFailed {
		t.Fatalf("err = %v run %+v", err, run)
	}
	if tool.count() != 10 || model.calls() != 11 {
		t.Errorf("tool ran %d times, model called %d; want 10 and 11 (the 11th call refused)", tool.count(), model.calls())
	}
	if !slices.Equal(rec.loops, []string{"read_file 3 false", "read_file 10 true"}) {
		t.Errorf("OnLoopDetected = %v", rec.loops)
	}
	// The model was told once, in the third result.
	warned := 0
	for _, m := range model.request(10).Messages {
		if m.Role == machine.RoleTool && strings.Contains(m.Content, "[loopls]") {
			warned++
		}
	}
	if warned != 1 {
		t.Errorf("%d warnings reached the model, want 1", warned)
	}
	if len(a.History()) != 0 {
		t.Error("a loop-detected run committed history")
	}
	// The next run in the session is not affected.
	if run, err := a.Run(context.Background(), RunInput{Prompt: "chat"}); err != nil || run.Output != "hello" {
		t.Fatalf("next run = %+v err %v", run, err)
	}
	calls := tool.count()
	run, err = a.Run(context.Background(), RunInput{Prompt: "again", MaxTurns: 4})
	if !errors.Is(err, machine.ErrMaxTurnsExceeded) || tool.count() != calls+4 {
		t.Fatalf("a fresh loop was refused early: %v after %d calls", err, tool.count()-calls)
	}
}

func TestChangingOutputNeverTripsLoopDetection(t *testing.T) {
	model := repeatModel()
	tool := &fakeTool{name: "read_file"}
	tool.fn = func(context.Context, ToolInvocation) (ToolResult, error) {
		return ToolResult{Output: fmt.Sprint("version ", tool.calls)}, nil
	}
	a, rec := newTestAgent(t, AgentConfig{Model: model, Tools: []Tool{tool}})
	_, err := a.Run(context.Background(), RunInput{Prompt: "again", MaxTurns: 30})
	if !errors.Is(err, machine.ErrMaxTurnsExceeded) || len(rec.loops) != 0 {
		t.Fatalf("err %v loops %v", err, rec.loops)
	}
}

func TestUnfiredStopIsClearedAtRunEnd(t *testing.T) {
	// Ten identical calls arm the stop; the model then answers instead of
	// calling again. The next run must not be refused.
	model := &fakeModel{name: "fake:m", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		if n == 10 || n == 12 {
			return say("enough", emit)
		}
		return callTool(fmt.Sprint("c", n), "read_file", `{"path":"a"}`, emit)
	}}
	tool := constTool("read_file", "same")
	a, _ := newTestAgent(t, AgentConfig{Model: model, Tools: []Tool{tool}})
	if run, err := a.Run(context.Background(), RunInput{Prompt: "one"}); err != nil || run.Output != "enough" {
		t.Fatalf("run 1 = %+v %v", run, err)
	}
	if run, err := a.Run(context.Background(), RunInput{Prompt: "two"}); err != nil || run.Output != "enough" {
		t.Fatalf("run 2 refused by a stale stop: %+v %v", run, err)
	}
}

func TestFailingToolCallEndsToolRecoveryExhausted(t *testing.T) {
	model := repeatModel()
	tool := &fakeTool{name: "read_file", fn: func(context.Context, ToolInvocation) (ToolResult, error) {
		return ToolResult{Output: "no such file", IsError: true}, nil
	}}
	a, _ := newTestAgent(t, AgentConfig{Model: model, Tools: []Tool{tool}})
	run, err := a.Run(context.Background(), RunInput{Prompt: "again"})
	if !errors.Is(err, machine.ErrToolRecoveryExhausted) || run.Error.Kind != machine.KindToolRecoveryExhausted {
		t.Fatalf("err = %v", err)
	}
	if tool.count() != 6 {
		t.Errorf("tool ran %d times, want 6 (5 attempts allowed)", tool.count())
	}
	if !strings.Contains(err.Error(), "read_file") {
		t.Errorf("message does not name the tool: %v", err)
	}
}

func TestToolBreakerOpensAfterThreeFailures(t *testing.T) {
	// Distinct arguments each turn so recovery and loop detection stay out
	// of it; every dispatch is an infrastructure failure.
	model := &fakeModel{name: "fake:m", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		if n == 5 {
			return say("giving up", emit)
		}
		return callTool(fmt.Sprint("c", n), "flaky", fmt.Sprintf(`{"n":%d}`, n), emit)
	}}
	tool := &fakeTool{name: "flaky", fn: func(context.Context, ToolInvocation) (ToolResult, error) {
		return ToolResult{}, errors.New("socket closed")
	}}
	clock := newFakeClock()
	a, _ := newTestAgent(t, AgentConfig{Model: model, Tools: []Tool{tool}, Clock: clock, MaxToolAttempts: 1})
	if _, err := a.Run(context.Background(), RunInput{Prompt: "go"}); err != nil {
		t.Fatal(err)
	}
	if tool.count() != 3 {
		t.Errorf("tool dispatched %d times, want 3 (then short-circuited)", tool.count())
	}
	h := a.History()
	last := h[len(h)-2]
	if !last.IsError || !strings.Contains(last.Content, "temporarily unavailable") {
		t.Errorf("refusal = %+v", last)
	}
	if a.breakers.State("flaky") != BreakerOpen {
		t.Errorf("breaker = %s", a.breakers.State("flaky"))
	}
}

func TestConvergingAnswersOnlyWarn(t *testing.T) {
	a, rec := newTestAgent(t, AgentConfig{Model: answerModel("The build passes.")})
	for i := range 3 {
		run, err := a.Run(context.Background(), RunInput{Prompt: fmt.Sprint("check ", i)})
		if err != nil || run.Output != "The build passes." {
			t.Fatalf("run %d: %+v %v", i, run, err)
		}
	}
	if !slices.Equal(rec.loops, []string{" 3 false"}) {
		t.Errorf("OnLoopDetected = %q, want one convergence warning on the third run", rec.loops)
	}
}

func TestRateLimiterPacesModelCalls(t *testing.T) {
	limiter := NewRateLimiter(0.001, 1) // one request, then one every ~17 minutes
	model := answerModel("ok")
	a, _ := newTestAgent(t, AgentConfig{Model: model, RateLimiter: limiter})
	if _, err := a.Run(context.Background(), RunInput{Prompt: "first"}); err != nil {
		t.Fatal(err)
	}
	// A run whose deadline comes before the next slot fails at once,
	// saying it was rate limited; it is not a cancel.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := a.Run(ctx, RunInput{Prompt: "second"}); !errors.Is(err, machine.ErrRateLimitEscalation) {
		t.Fatalf("err = %v, want RateLimitEscalation", err)
	}
	// A cancel while waiting for a slot is a cancel.
	ctx2, cancel2 := context.WithCancel(context.Background())
	started := make(chan struct{})
	done := make(chan error, 1)
	go func() {
		close(started)
		_, err := a.Run(ctx2, RunInput{Prompt: "third"})
		done <- err
	}()
	<-started
	cancel2()
	select {
	case err := <-done:
		if !machine.IsCancelled(err) {
			t.Fatalf("err = %v, want Cancelled", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a run waiting for the rate limiter ignored its cancel")
	}
	if model.calls() != 1 {
		t.Errorf("model calls = %d, want 1", model.calls())
	}
}
