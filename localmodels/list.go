package localmodels

import (
	"context"

	"golang.org/x/sync/errgroup"
)

// ModelInfo is one line of `loopls models` and of loopls/models.
type ModelInfo struct {
	// Model is the model string to put in the model setting, "ollama:NAME".
	Model string `json:"model"`
	// ContextWindow is the model's window in tokens, 0 when unknown.
	ContextWindow int `json:"contextWindow"`
	// Window is the window a run would use (num_ctx for Ollama), 0 when
	// unknown; WindowReason says why, e.g. "8,192 of 131,072: KV
	// 128 KiB/token, 3.1 GiB free".
	Window       int    `json:"window,omitempty"`
	WindowReason string `json:"windowReason,omitempty"`
	// Tools reports whether the model can call tools (and so run a loop).
	Tools bool `json:"tools"`
}

// listShowConcurrency bounds the /api/show calls in flight while listing:
// Ollama serves them from disk, and a user may have dozens of models.
const listShowConcurrency = 4

// ListOllama returns the models of the Ollama server at host (/api/tags), in
// the server's order, each with its window and tool support (/api/show). A
// model whose /api/show fails is listed with what is known (no window, no
// tools) rather than hiding the rest. Window is what a run would ask for
// (Ollama.Window).
func ListOllama(ctx context.Context, host string) ([]ModelInfo, error) {
	return listOllama(ctx, host, OllamaOptions{})
}

func listOllama(ctx context.Context, host string, opts OllamaOptions) ([]ModelInfo, error) {
	base, err := ParseHost(host)
	if err != nil {
		return nil, err
	}
	c := newClient(base, opts.HTTPClient)
	var tags tagsResponse
	if err := c.getJSON(ctx, "/api/tags", maxTagsBody, &tags); err != nil {
		// No model is involved: classify as a bare server error.
		probe := &Ollama{base: base}
		return nil, probe.classify(ctx, err, 0)
	}
	out := make([]ModelInfo, len(tags.Models))
	var g errgroup.Group
	g.SetLimit(listShowConcurrency)
	for i, m := range tags.Models {
		name := m.Name
		if name == "" {
			name = m.Model
		}
		out[i].Model = "ollama:" + name
		size := max(m.Size, 0)
		g.Go(func() error {
			info, err := c.show(ctx, name)
			if err != nil {
				return nil // listed without details, see above
			}
			out[i].ContextWindow, out[i].Tools = info.ContextWindow, info.Tools
			w := windowFor(base, name, info, opts.FreeMemory, func() int64 { return size })
			out[i].Window, out[i].WindowReason = w.Window, w.Reason
			return nil
		})
	}
	_ = g.Wait() // the goroutines report nothing
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	return out, nil
}
