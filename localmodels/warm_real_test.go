//go:build realollama

package localmodels

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// firstDelta is the time from a chat's start to its first streamed delta.
func firstDelta(t *testing.T, o *Ollama, window int) time.Duration {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), realBound)
	defer cancel()
	start := time.Now()
	var first time.Duration
	_, err := o.Stream(ctx, engine.ModelRequest{ContextWindow: window, Messages: []machine.Message{{Role: machine.RoleUser, Content: "chat"}}},
		func(engine.Delta) {
			if first == 0 {
				first = time.Since(start)
			}
		})
	if err != nil {
		t.Fatal(err)
	}
	return first
}

// The warm-up on the real server: the model is in /api/ps, with the
// window the chat asks for, before the first prompt, and the chat does
// not load it again. It logs the time to the first delta of a fresh
// server's first chat, cold and warmed (docs/performance.md).
func TestRealWarmUpLoadsBeforeTheFirstPrompt(t *testing.T) {
	const window = 4096
	var cold, warm []time.Duration
	for range 3 {
		host := startRealOllama(t)
		o, err := NewOllama(host, "tiny", OllamaOptions{})
		if err != nil {
			t.Fatal(err)
		}
		cold = append(cold, firstDelta(t, o, window))

		host = startRealOllama(t)
		o, _ = NewOllama(host, "tiny", OllamaOptions{})
		ctx, cancel := context.WithTimeout(context.Background(), realBound)
		if err := o.Warm(ctx, window); err != nil {
			t.Fatalf("Warm: %v", err)
		}
		loaded, err := LoadedModels(ctx, host)
		cancel()
		if err != nil || len(loaded) != 1 || !SameModel(loaded[0].Name, "tiny") || loaded[0].ContextLength != window {
			t.Fatalf("/api/ps before the first prompt = %+v, %v; want tiny loaded with num_ctx %d", loaded, err, window)
		}
		warm = append(warm, firstDelta(t, o, window))
		after, _ := LoadedModels(context.Background(), host)
		if len(after) != 1 || after[0].ContextLength != window {
			t.Errorf("/api/ps after the chat = %+v: the chat loaded the model again", after)
		}
	}
	slices.Sort(cold)
	slices.Sort(warm)
	t.Logf("time to the first delta of a fresh server's first chat (tiny, num_ctx %d), 3 rounds: cold %v (median %v), warmed %v (median %v)",
		window, cold, cold[1], warm, warm[1])
}
