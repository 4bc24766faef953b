package engine_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/fakeollama"
	"github.com/loopls/loopls/localmodels"
)

// These tests drive the engine against a scripted Ollama server on
// 127.0.0.1 through the real Ollama adapter: every failure below travels
// over real HTTP.

type httpObserver struct {
	engine.NopObserver
	mu        sync.Mutex
	fallbacks []string
	failures  []error
	outcomes  []machine.OutcomeName
}

func (o *httpObserver) OnFallback(_ machine.RunID, from, to string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.fallbacks = append(o.fallbacks, from+"->"+to)
}

func (o *httpObserver) OnStreamFailure(_ machine.RunID, _ int, _ string, err error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.failures = append(o.failures, err)
}

func (o *httpObserver) OnRunEnd(r engine.Run) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.outcomes = append(o.outcomes, r.Outcome)
}

// startFake starts the scripted Ollama with script answering first.
func startFake(t *testing.T, script func(*api.ChatRequest) *fakeollama.Reply) *fakeollama.Server {
	t.Helper()
	return fakeollama.StartTB(t, fakeollama.Options{Script: script})
}

func ollama(t *testing.T, srv *fakeollama.Server, model string) *localmodels.Ollama {
	t.Helper()
	tr := &http.Transport{}
	t.Cleanup(tr.CloseIdleConnections)
	m, err := localmodels.NewOllama(srv.URL, model, localmodels.OllamaOptions{HTTPClient: &http.Client{Transport: tr}})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func httpAgent(t *testing.T, cfg engine.AgentConfig) (*engine.Agent, *httpObserver) {
	t.Helper()
	obs := &httpObserver{}
	cfg.Observers = append(cfg.Observers, obs)
	if cfg.Retry == (engine.RetryPolicy{}) {
		cfg.Retry = engine.RetryPolicy{Attempts: 3, BaseDelay: time.Millisecond, MaxDelay: 10 * time.Millisecond, MaxRetryAfter: 10 * time.Millisecond}
	}
	return engine.NewAgent(cfg, "http", nil), obs
}

// once returns a script that answers the first request of a prompt with
// reply and later ones with the default.
func once(reply *fakeollama.Reply) func(*api.ChatRequest) *fakeollama.Reply {
	var mu sync.Mutex
	used := false
	return func(*api.ChatRequest) *fakeollama.Reply {
		mu.Lock()
		defer mu.Unlock()
		if used {
			return nil
		}
		used = true
		return reply
	}
}

func run(t *testing.T, a *engine.Agent, prompt string) (engine.Run, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return a.Run(ctx, engine.RunInput{Prompt: prompt})
}

func TestHTTPChatCompletes(t *testing.T) {
	srv := startFake(t, nil)
	a, _ := httpAgent(t, engine.AgentConfig{Model: ollama(t, srv, "tiny")})
	r, err := run(t, a, "chat please")
	if err != nil || r.Output != "Hello from the tiny test model." || r.Usage.InputTokens == 0 {
		t.Fatalf("run = %+v err %v", r, err)
	}
}

func TestHTTPResetMidStreamIsRetried(t *testing.T) {
	srv := startFake(t, once(&fakeollama.Reply{Chunks: []fakeollama.Chunk{{Content: "Partial"}}, Cut: true}))
	a, obs := httpAgent(t, engine.AgentConfig{Model: ollama(t, srv, "tiny")})
	r, err := run(t, a, "chat")
	if err != nil || r.Output != "Hello from the tiny test model." {
		t.Fatalf("run = %+v err %v", r, err)
	}
	if len(obs.failures) != 1 || len(srv.Requests()) != 2 {
		t.Errorf("failures %v, requests %d; want 1 and 2", obs.failures, len(srv.Requests()))
	}
}

func TestHTTPResetEveryTimeFailsApi(t *testing.T) {
	srv := startFake(t, nil)
	a, _ := httpAgent(t, engine.AgentConfig{Model: ollama(t, srv, "tiny")})
	_, err := run(t, a, "reset now")
	if !errors.Is(err, machine.ErrAPI) || len(srv.Requests()) != 3 {
		t.Fatalf("err %v after %d requests; want Api after 3", err, len(srv.Requests()))
	}
}

func TestHTTPRateLimitHonoursRetryAfter(t *testing.T) {
	srv := startFake(t, nil)
	// Retry-After: 1 is honoured up to MaxRetryAfter; allow the full second.
	a, obs := httpAgent(t, engine.AgentConfig{Model: ollama(t, srv, "tiny"),
		Retry: engine.RetryPolicy{BaseDelay: time.Millisecond, MaxRetryAfter: 2 * time.Second}})
	start := time.Now()
	r, err := run(t, a, "ratelimit then chat")
	if err != nil || r.Outcome != machine.OutcomeCompleted {
		t.Fatalf("run = %+v err %v", r, err)
	}
	var ae *engine.APIError
	if len(obs.failures) != 1 || !errors.As(obs.failures[0], &ae) || !ae.RateLimit || ae.RetryAfter != int64(time.Second) {
		t.Fatalf("failures = %#v", obs.failures)
	}
	if waited := time.Since(start); waited < time.Second {
		t.Errorf("retried after %s, before the server's Retry-After of 1s", waited)
	}
}

func TestHTTP500ThenSuccessCompletes(t *testing.T) {
	srv := startFake(t, nil)
	a, _ := httpAgent(t, engine.AgentConfig{Model: ollama(t, srv, "tiny")})
	r, err := run(t, a, "flaky but fine")
	if err != nil || r.Outcome != machine.OutcomeCompleted || len(srv.Requests()) != 2 {
		t.Fatalf("run %+v err %v requests %d", r, err, len(srv.Requests()))
	}
}

func TestHTTP500ForeverWithFallbackCompletesOnTheFallback(t *testing.T) {
	srv := startFake(t, func(req *api.ChatRequest) *fakeollama.Reply {
		if req.Model == "tiny" {
			return &fakeollama.Reply{Status: 500, Error: "primary is down"}
		}
		return nil
	})
	a, obs := httpAgent(t, engine.AgentConfig{Model: ollama(t, srv, "tiny"), Fallbacks: []engine.Model{ollama(t, srv, "tiny-think")}})
	r, err := run(t, a, "chat")
	if err != nil || r.Outcome != machine.OutcomeCompleted || r.Model != "ollama:tiny-think" {
		t.Fatalf("run %+v err %v", r, err)
	}
	if len(obs.fallbacks) != 1 || obs.fallbacks[0] != "ollama:tiny->ollama:tiny-think" {
		t.Errorf("OnFallback = %v", obs.fallbacks)
	}
}

func TestHTTP500ForeverWithoutFallbackFailsApi(t *testing.T) {
	srv := startFake(t, nil)
	a, obs := httpAgent(t, engine.AgentConfig{Model: ollama(t, srv, "tiny")})
	r, err := run(t, a, "fail500 always")
	var le *machine.LoopError
	if !errors.As(err, &le) || le.Kind != machine.KindAPI || le.Status != 500 || r.Outcome != machine.OutcomeFailed {
		t.Fatalf("err %#v run %+v", err, r)
	}
	if !strings.Contains(le.Message, "500") || !strings.Contains(le.Message, "fallbackModels") {
		t.Errorf("message = %q", le.Message)
	}
	if len(obs.failures) != 3 {
		t.Errorf("attempts = %d, want 3", len(obs.failures))
	}
}

func TestHTTPStallIsCutByTheIdleTimeoutAndRetried(t *testing.T) {
	srv := startFake(t, once(&fakeollama.Reply{Chunks: []fakeollama.Chunk{{Content: "Thinking"}}, Stall: true}))
	a, obs := httpAgent(t, engine.AgentConfig{Model: ollama(t, srv, "tiny"), StreamIdleTimeout: 500 * time.Millisecond})
	r, err := run(t, a, "chat")
	if err != nil || r.Output != "Hello from the tiny test model." {
		t.Fatalf("run %+v err %v", r, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.WaitDisconnect(ctx); err != nil {
		t.Fatalf("the stalled stream was never closed: %v", err)
	}
	if len(obs.failures) != 1 || !strings.Contains(obs.failures[0].Error(), "stalled") {
		t.Errorf("failures = %v", obs.failures)
	}
}

func TestHTTPGarbageLineIsAClearApiError(t *testing.T) {
	srv := startFake(t, nil)
	a, _ := httpAgent(t, engine.AgentConfig{Model: ollama(t, srv, "tiny")})
	r, err := run(t, a, "garbage please")
	var le *machine.LoopError
	if !errors.As(err, &le) || le.Kind != machine.KindAPI || r.Outcome != machine.OutcomeFailed {
		t.Fatalf("err %#v", err)
	}
	if !strings.Contains(le.Message, "Ollama") {
		t.Errorf("message does not say what failed: %q", le.Message)
	}
}

func TestHTTPCancelClosesTheStream(t *testing.T) {
	srv := startFake(t, nil)
	a, obs := httpAgent(t, engine.AgentConfig{Model: ollama(t, srv, "tiny")})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := a.Run(ctx, engine.RunInput{Prompt: "loop forever"})
		done <- err
	}()
	// Wait until the stream is flowing: the request has reached the server.
	deadline := time.After(5 * time.Second)
	for len(srv.Requests()) == 0 {
		select {
		case <-deadline:
			t.Fatal("no request reached the server")
		case <-time.After(5 * time.Millisecond):
		}
	}
	cancel()
	select {
	case err := <-done:
		if !machine.IsCancelled(err) {
			t.Fatalf("err = %v, want Cancelled", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return after cancel")
	}
	wctx, wcancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer wcancel()
	if err := srv.WaitDisconnect(wctx); err != nil {
		t.Fatalf("the HTTP stream was not closed: %v", err)
	}
	if len(obs.failures) != 0 {
		t.Errorf("a cancel counted as a stream failure: %v", obs.failures)
	}
}

func TestHTTPRepeatedCallEndsLoopDetectedAndNextRunIsClean(t *testing.T) {
	srv := startFake(t, nil)
	readme := &readTool{}
	a, _ := httpAgent(t, engine.AgentConfig{Model: ollama(t, srv, "tiny"), Tools: []engine.Tool{readme}})
	_, err := run(t, a, "again and again")
	if !errors.Is(err, machine.ErrLoopDetected) {
		t.Fatalf("err = %v, want LoopDetected", err)
	}
	if readme.calls != 10 {
		t.Errorf("read_file ran %d times, want 10", readme.calls)
	}
	if r, err := run(t, a, "read the readme"); err != nil || r.Output != "The tool result was received." {
		t.Fatalf("next run = %+v err %v", r, err)
	}
}

type readTool struct {
	mu    sync.Mutex
	calls int
}

func (*readTool) Spec() engine.ToolSpec {
	return engine.ToolSpec{Name: "read_file", Description: "read a file", Parameters: []byte(`{"type":"object","properties":{"path":{"type":"string"}}}`)}
}

func (r *readTool) Call(context.Context, engine.ToolInvocation) (engine.ToolResult, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls++
	return engine.ToolResult{Output: "# loopls\n"}, nil
}
