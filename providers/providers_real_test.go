//go:build realollama

package providers

// Resolve and List against the real `ollama serve` with the tiny scripted
// models of internal/realollama (make test-real). They fail, never skip,
// when the setup is missing.

import (
	"context"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/realollama"
	"strings"
	"testing"
	"time"

	"github.com/loopls/loopls/config"
	"github.com/loopls/loopls/engine"
)

const realBound = 2 * time.Minute

func startRealOllama(t *testing.T) string { h, _ := realollama.Start(t); return h }

func TestRealResolveAndList(t *testing.T) {
	clearEnv(t)
	host := startRealOllama(t)
	s := config.Default()
	s.OllamaHost = host
	ctx, cancel := context.WithTimeout(context.Background(), realBound)
	defer cancel()

	// No model configured: the first tool-capable model, said so.
	res, err := Resolve(ctx, s, "")
	if err != nil {
		t.Fatal(err)
	}
	name := res.Primary.Name()
	if name != "ollama:tiny:latest" && name != "ollama:tiny-think:latest" {
		t.Errorf("picked %s", name)
	}
	if !strings.Contains(res.Notice, name) || res.ContextWindow != 8192 {
		t.Errorf("notice %q, window %d", res.Notice, res.ContextWindow)
	}

	res, err = Resolve(ctx, s, "ollama:tiny")
	if err != nil || res.ContextWindow != 8192 {
		t.Fatalf("%+v, %v", res, err)
	}
	resp, err := res.Primary.Stream(ctx, engine.ModelRequest{Messages: []machine.Message{machine.UserMessage("chat")}, ContextWindow: res.ContextWindow}, func(engine.Delta) {})
	if err != nil || resp.Message.Content != "Hello from the tiny test model." {
		t.Fatalf("%+v, %v", resp.Message, err)
	}

	if _, err := Resolve(ctx, s, "ollama:not-pulled"); err == nil || !strings.Contains(err.Error(), "ollama pull not-pulled") {
		t.Errorf("unknown model: %v", err)
	}

	models, err := List(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, m := range models {
		if (m.Model == "ollama:tiny:latest" || m.Model == "ollama:tiny-think:latest") && m.ContextWindow == 8192 && m.Tools {
			seen++
		}
	}
	if seen != 2 {
		t.Errorf("listed %+v, want tiny and tiny-think with 8192 and tools", models)
	}
}
