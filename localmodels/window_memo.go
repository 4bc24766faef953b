package localmodels

import (
	"context"
	"net/url"
	"sync"
)

// windowMemo holds the window chosen for each server and model for the
// life of the process (Ollama.Window says why it never expires). Only
// choices made from the system's own memory count are kept: a test's
// injected count is its own.
var windowMemo = struct {
	mu sync.Mutex
	m  map[showKey]WindowChoice
}{m: make(map[showKey]WindowChoice)}

func rememberedWindow(k showKey, system bool) (WindowChoice, bool) {
	if !system {
		return WindowChoice{}, false
	}
	windowMemo.mu.Lock()
	defer windowMemo.mu.Unlock()
	c, ok := windowMemo.m[k]
	return c, ok
}

func rememberWindow(k showKey, c WindowChoice, system bool) {
	if !system {
		return
	}
	windowMemo.mu.Lock()
	defer windowMemo.mu.Unlock()
	windowMemo.m[k] = c
}

// windowFor is the window of model (whose /api/show said info) on the
// server at base: the one this process chose before, else a new choice
// from the free memory (free; nil: the system's) and the weights' size
// (weights, asked only when it matters).
func windowFor(base *url.URL, model string, info Info, free func() (int64, error), weights func() int64) WindowChoice {
	key := showKey{host: base.String(), model: model}
	if c, ok := rememberedWindow(key, free == nil); ok {
		return c
	}
	system := free == nil
	if system {
		free = systemFreeMemory
	}
	var mem Memory
	mem.Free, mem.Unknown = freeMemoryOf(base, free)
	if info.Shape.KVBytesPerToken() > 0 && mem.Free > 0 {
		mem.Weights = weights()
	}
	c := chooseWindow(info.ContextWindow, info.Shape, mem)
	rememberWindow(key, c, system)
	return c
}

// modelSize is the size of model's file from /api/tags, 0 when it cannot be
// had.
func (c *client) modelSize(ctx context.Context, model string) int64 {
	var tags tagsResponse
	if err := c.getJSON(ctx, "/api/tags", maxTagsBody, &tags); err != nil {
		return 0
	}
	for _, m := range tags.Models {
		for _, n := range []string{m.Name, m.Model} {
			if n == model || n == model+":latest" {
				return max(m.Size, 0)
			}
		}
	}
	return 0
}
