package remotemodels

import (
	"context"
	"encoding/json"

	"github.com/anthropics/anthropic-sdk-go/v2"
)

// Listed is one model a remote provider offers.
type Listed struct {
	// ID is the provider's model id (without the "openai:" prefix).
	ID string
	// ContextWindow is the window in tokens when the server says, else 0.
	ContextWindow int
}

// contextKeys are the fields OpenAI-compatible servers use, beyond OpenAI's
// own schema, for a model's window: OpenRouter, vLLM, LM Studio.
var contextKeys = []string{"context_length", "max_model_len", "max_context_length", "context_window"}

// List returns the models of the OpenAI-compatible server (/models).
func (o *OpenAI) List(ctx context.Context) ([]Listed, error) {
	iter := o.client.Models.ListAutoPaging(ctx)
	var out []Listed
	for iter.Next() {
		m := iter.Current()
		l := Listed{ID: m.ID}
		for _, k := range contextKeys {
			if f, ok := m.JSON.ExtraFields[k]; ok {
				var n int
				if json.Unmarshal([]byte(f.Raw()), &n) == nil && n > 0 {
					l.ContextWindow = n
					break
				}
			}
		}
		out = append(out, l)
	}
	if err := iter.Err(); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, o.classify(err)
	}
	return out, nil
}

// List returns the models Anthropic offers (/v1/models) with their input
// windows.
func (a *Anthropic) List(ctx context.Context) ([]Listed, error) {
	iter := a.client.Models.ListAutoPaging(ctx, anthropic.ModelListParams{})
	var out []Listed
	for iter.Next() {
		m := iter.Current()
		out = append(out, Listed{ID: m.ID, ContextWindow: int(m.MaxInputTokens)})
	}
	if err := iter.Err(); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, a.classify(err)
	}
	return out, nil
}
