package localmodels

import (
	"context"
	"errors"
	"fmt"
)

// ErrNotWarmed is the kind of Warm's answer when it loaded nothing, on
// purpose: the error says why.
var ErrNotWarmed = errors.New("nothing loaded")

// generateRequest is the body of a POST /api/generate without a prompt,
// which makes Ollama load the model and answer done_reason "load".
type generateRequest struct {
	Model     string      `json:"model"`
	Stream    bool        `json:"stream"`
	Options   chatOptions `json:"options"`
	KeepAlive *keepAlive  `json:"keep_alive,omitempty"`
}

type generateResponse struct {
	Done       bool   `json:"done"`
	DoneReason string `json:"done_reason"`
}

// Warm asks the server to load the model now, with window as num_ctx and
// the same load options as a chat sends (Ollama reloads a model whose
// options change, so a warm-up with others would double the first wait),
// and keep_alive only when the adapter's options set it. It returns once
// the model is loaded. It loads nothing, and says why (ErrNotWarmed),
// when the model is remote (an Ollama cloud model), when it is already
// loaded with that window, or when another model is loaded: loading this
// one could evict it.
func (o *Ollama) Warm(ctx context.Context, window int) error {
	f, err := modelFacts(ctx, o.client, o.model)
	if err != nil {
		return err
	}
	if f.Remote {
		return fmt.Errorf("%w: %s is a remote model: the server only forwards it", ErrNotWarmed, o.model)
	}
	loaded, err := loadedModels(ctx, o.client)
	if err != nil {
		return err
	}
	for _, l := range loaded {
		if SameModel(l.Name, o.model) {
			if l.ContextLength == window || window <= 0 {
				return fmt.Errorf("%w: %s is already loaded", ErrNotWarmed, o.model)
			}
			continue
		}
		return fmt.Errorf("%w: %s is loaded, and loading %s could evict it", ErrNotWarmed, l.Name, o.model)
	}
	req := generateRequest{Model: o.model, Options: chatOptions{NumCtx: max(window, 0), NumPredict: MaxPredictTokens}}
	if o.opts.KeepAlive != 0 {
		req.KeepAlive = &keepAlive{d: o.opts.KeepAlive}
	}
	var resp generateResponse
	if err := o.client.postJSON(ctx, "/api/generate", req, maxSmallBody, &resp); err != nil {
		return o.classify(ctx, err, window)
	}
	o.log.Debug("ollama warm-up", "model", o.model, "host", o.base.String(), "num_ctx", window, "done_reason", resp.DoneReason)
	return nil
}
