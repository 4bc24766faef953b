package remotemodels

import (
	"context"
	"net/url"
)

// Listed is one model a remote provider offers.
type Listed struct {
	// ID is the provider's model id (without the "openai:" prefix).
	ID string
	// ContextWindow is the window in tokens when the server says, else 0.
	ContextWindow int
}

// maxModelPages bounds the pages of Anthropic's model list followed: a
// server that always says has_more must not hold a listing forever.
const maxModelPages = 100

// List returns the models of the OpenAI-compatible server (/models).
func (o *OpenAI) List(ctx context.Context) ([]Listed, error) {
	var list chatModelList
	if err := o.client.getJSON(ctx, "models", maxListBody, &list); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, o.classify(err)
	}
	out := make([]Listed, 0, len(list.Data))
	for _, m := range list.Data {
		out = append(out, Listed{ID: m.ID, ContextWindow: m.window()})
	}
	return out, nil
}

// List returns the models Anthropic offers (/v1/models, every page) with
// their input windows.
func (a *Anthropic) List(ctx context.Context) ([]Listed, error) {
	var out []Listed
	after := ""
	for range maxModelPages {
		q := url.Values{"limit": {"1000"}}
		if after != "" {
			q.Set("after_id", after)
		}
		var page msgModelPage
		if err := a.client.getJSON(ctx, "v1/models?"+q.Encode(), maxListBody, &page); err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, a.classify(err)
		}
		for _, m := range page.Data {
			out = append(out, Listed{ID: m.ID, ContextWindow: int(m.MaxInputTokens)})
		}
		if !page.HasMore || page.LastID == "" || page.LastID == after {
			break
		}
		after = page.LastID
	}
	return out, nil
}
