package providers

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/loopls/loopls/config"
	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/fakeollama"
)

const waitBound = 10 * time.Second

// clearEnv keeps the developer's real keys out of these tests.
func clearEnv(t *testing.T) {
	for _, k := range []string{"OPENAI_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"} {
		t.Setenv(k, "")
	}
}

func resolve(t *testing.T, s config.Settings, override string) (Resolved, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitBound)
	defer cancel()
	return Resolve(ctx, s, override)
}

func TestResolveOllama(t *testing.T) {
	clearEnv(t)
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	s := config.Default()
	s.OllamaHost = srv.Host
	s.Model = "ollama:tiny"
	res, err := resolve(t, s, "")
	if err != nil {
		t.Fatal(err)
	}
	if res.Primary.Name() != "ollama:tiny" || res.ContextWindow != 8192 || res.Notice != "" || len(res.Fallbacks) != 0 {
		t.Errorf("resolved %+v: want ollama:tiny with the probed window 8192", res)
	}
	s.ContextWindow = 4096
	if res, err = resolve(t, s, "tiny-think"); err != nil || res.Primary.Name() != "ollama:tiny-think" || res.ContextWindow != 4096 {
		t.Errorf("override and configured window: %+v, %v", res, err)
	}
}

func TestResolvePicksTheFirstToolModel(t *testing.T) {
	clearEnv(t)
	srv := fakeollama.StartTB(t, fakeollama.Options{Models: []fakeollama.Model{
		{Name: "plain", ContextLength: 2048, Capabilities: []string{"completion"}},
		{Name: "coder", ContextLength: 4096, Capabilities: []string{"completion", "tools"}},
	}})
	s := config.Default()
	s.OllamaHost = srv.Host
	res, err := resolve(t, s, "")
	if err != nil {
		t.Fatal(err)
	}
	// The model's own window, being under the default the sizing falls
	// back to for a model without a shape.
	if res.Primary.Name() != "ollama:coder:latest" || res.ContextWindow != 4096 {
		t.Errorf("resolved %s window %d", res.Primary.Name(), res.ContextWindow)
	}
	if !strings.Contains(res.Notice, "ollama:coder:latest") {
		t.Errorf("notice %q does not say which model", res.Notice)
	}
}

func TestResolveNoModelAtAll(t *testing.T) {
	clearEnv(t)
	for _, models := range [][]fakeollama.Model{
		{},
		{{Name: "plain", ContextLength: 2048, Capabilities: []string{"completion"}}},
	} {
		srv := fakeollama.StartTB(t, fakeollama.Options{Models: models})
		s := config.Default()
		s.OllamaHost = srv.Host
		_, err := resolve(t, s, "")
		if !errors.Is(err, ErrNoModel) || !strings.Contains(err.Error(), "ollama pull qwen2.5-coder") {
			t.Errorf("%d models: err = %v, want ErrNoModel naming `ollama pull qwen2.5-coder`", len(models), err)
		}
	}
}

func TestResolveRefusesAModelWithoutTools(t *testing.T) {
	clearEnv(t)
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	s := config.Default()
	s.OllamaHost = srv.Host
	_, err := resolve(t, s, "nope-tools")
	if !errors.Is(err, ErrNoToolSupport) {
		t.Fatalf("err = %v, want ErrNoToolSupport", err)
	}
	if msg := err.Error(); !strings.Contains(msg, "does not support tools") || !strings.Contains(msg, "ollama:tiny:latest") {
		t.Errorf("message %q: want it to say why and suggest ollama:tiny:latest", msg)
	}
}

func TestResolveOllamaErrors(t *testing.T) {
	clearEnv(t)
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	s := config.Default()
	s.OllamaHost = srv.Host
	if _, err := resolve(t, s, "ollama:missing"); !errors.Is(err, ErrModelNotFound) || !strings.Contains(err.Error(), "ollama pull missing") {
		t.Errorf("unknown model: %v", err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s.OllamaHost = l.Addr().String()
	l.Close()
	for _, model := range []string{"tiny", ""} {
		if _, err := resolve(t, s, model); !errors.Is(err, ErrUnreachable) || !strings.Contains(err.Error(), "is `ollama serve` running?") {
			t.Errorf("model %q, Ollama down: %v", model, err)
		}
	}
}

func TestResolveRemote(t *testing.T) {
	clearEnv(t)
	s := config.Default()
	if _, err := resolve(t, s, "openai:gpt-4.1-mini"); !errors.Is(err, ErrNotConfigured) || !strings.Contains(err.Error(), "OPENAI_API_KEY") {
		t.Errorf("openai without key: %v", err)
	}
	if _, err := resolve(t, s, "anthropic:claude-x"); !errors.Is(err, ErrNotConfigured) || !strings.Contains(err.Error(), "ANTHROPIC_API_KEY") {
		t.Errorf("anthropic without key: %v", err)
	}
	t.Setenv("OPENAI_BASE_URL", "http://127.0.0.1:1/v1")
	t.Setenv("ANTHROPIC_API_KEY", "sk-ant-x")
	s.Model = "openai:qwen"
	s.FallbackModels = []string{"anthropic:claude-x", "openai:other"}
	res, err := resolve(t, s, "")
	if err != nil {
		t.Fatal(err)
	}
	if res.Primary.Name() != "openai:qwen" || len(res.Fallbacks) != 2 || res.Fallbacks[0].Name() != "anthropic:claude-x" || res.ContextWindow != 0 {
		t.Errorf("resolved %+v", res)
	}
	s.FallbackModels = []string{"ollama:"}
	if _, err := resolve(t, s, ""); err == nil || !strings.Contains(err.Error(), "fallbackModels") {
		t.Errorf("bad fallback: %v", err)
	}
}

func TestResolvedModelsStream(t *testing.T) {
	// What Resolve returns is the adapter itself, ready to stream.
	clearEnv(t)
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	s := config.Default()
	s.OllamaHost = srv.Host
	res, err := resolve(t, s, "tiny")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitBound)
	defer cancel()
	resp, err := res.Primary.Stream(ctx, engine.ModelRequest{Messages: []machine.Message{machine.UserMessage("chat")}, ContextWindow: res.ContextWindow}, func(engine.Delta) {})
	if err != nil || resp.Message.Content != "Hello from the tiny test model." {
		t.Fatalf("%+v, %v", resp, err)
	}
}

func TestList(t *testing.T) {
	clearEnv(t)
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	mux := http.NewServeMux()
	mux.HandleFunc("/v1/models", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"object":"list","data":[{"id":"qwen2.5-coder-7b","object":"model","created":1,"owned_by":"me","context_length":32768}]}`))
	})
	oa := httptest.NewServer(mux)
	defer oa.Close()
	t.Setenv("OPENAI_BASE_URL", oa.URL+"/v1")
	s := config.Default()
	s.OllamaHost = srv.Host
	ctx, cancel := context.WithTimeout(context.Background(), waitBound)
	defer cancel()
	got, err := List(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	const why = "8,192 (the model's full window): default, the model's shape is unknown"
	want := []ModelInfo{
		{Model: "ollama:tiny:latest", ContextWindow: 8192, Tools: true, Window: 8192, WindowReason: why},
		{Model: "ollama:tiny-think:latest", ContextWindow: 8192, Tools: true, Window: 8192, WindowReason: why},
		{Model: "ollama:nope-tools:latest", ContextWindow: 8192, Tools: false, Window: 8192, WindowReason: why},
		{Model: "openai:qwen2.5-coder-7b", ContextWindow: 32768, Tools: true, Window: 32768},
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%d: %+v, want %+v", i, got[i], want[i])
		}
	}
	// Ollama down: what could be listed still comes back, with the error.
	srv.Close()
	got, err = List(ctx, s)
	if !errors.Is(err, ErrUnreachable) || len(got) != 1 || got[0].Model != "openai:qwen2.5-coder-7b" {
		t.Errorf("with Ollama down: %+v, %v", got, err)
	}
}

// With contextWindow set, every model is listed with the window a run
// would use: the setting's.
func TestListWithTheContextWindowSetting(t *testing.T) {
	clearEnv(t)
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	s := config.Default()
	s.OllamaHost = srv.Host
	s.ContextWindow = 6000
	ctx, cancel := context.WithTimeout(context.Background(), waitBound)
	defer cancel()
	got, err := List(ctx, s)
	if err != nil || len(got) != 3 {
		t.Fatalf("List = %+v, %v", got, err)
	}
	for _, m := range got {
		if m.Window != 6000 || m.WindowReason != "6,000 of 8,192: the contextWindow setting" {
			t.Errorf("%s: window %d (%q), want the setting's 6000", m.Model, m.Window, m.WindowReason)
		}
	}
}

func TestResolveProbesARemoteWindow(t *testing.T) {
	clearEnv(t)
	mux := http.NewServeMux()
	mux.HandleFunc("/v1/models", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"object":"list","data":[{"id":"served-model","object":"model","created":1,"owned_by":"vllm","max_model_len":16384}]}`))
	})
	oa := httptest.NewServer(mux)
	defer oa.Close()
	t.Setenv("OPENAI_BASE_URL", oa.URL+"/v1")
	res, err := resolve(t, config.Default(), "openai:served-model")
	if err != nil || res.ContextWindow != 16384 {
		t.Fatalf("%+v, %v; want the served window 16384", res, err)
	}
}
