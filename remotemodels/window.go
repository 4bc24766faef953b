package remotemodels

import (
	"context"
	"net/url"
	"sync"

	"github.com/loopls/loopls/engine"
)

var (
	_ engine.WindowProber = (*OpenAI)(nil)
	_ engine.WindowProber = (*Anthropic)(nil)
)

// windows caches probed context windows per server and model for the
// process: a run resolves its models afresh, and a server's /models list
// (OpenRouter's is a megabyte) does not change between runs.
var windows sync.Map // "base\x00model" → int

// ContextWindow implements engine.WindowProber from the server's /models
// list: the window of this model where the server says (vLLM, llama.cpp,
// LM Studio, OpenRouter), else 0. OpenAI's own list says nothing.
func (o *OpenAI) ContextWindow(ctx context.Context) (int, error) {
	key := o.base + "\x00" + o.model
	if n, ok := windows.Load(key); ok {
		return n.(int), nil
	}
	listed, err := o.List(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, l := range listed {
		if l.ID == o.model {
			n = l.ContextWindow
			break
		}
	}
	windows.Store(key, n)
	return n, nil
}

// ContextWindow implements engine.WindowProber with the model's
// max_input_tokens (/v1/models/{id}).
func (a *Anthropic) ContextWindow(ctx context.Context) (int, error) {
	key := a.base + "\x00" + a.model
	if n, ok := windows.Load(key); ok {
		return n.(int), nil
	}
	var info msgModel
	if err := a.client.getJSON(ctx, "v1/models/"+url.PathEscape(a.model), maxErrorBody, &info); err != nil {
		if ctx.Err() != nil {
			return 0, ctx.Err()
		}
		return 0, a.classify(err)
	}
	n := int(info.MaxInputTokens)
	windows.Store(key, n)
	return n, nil
}
