package rpc

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/loopls/loopls/providers"
)

// warmUp handles loopls/warmUp → {"loaded", "reason"?}: an editor's chat
// panel sends it as it opens, so that Ollama loads the configured model
// while the user types (providers.Warm: only a model the user chose, on
// Ollama, never evicting another). It answers once the model is loaded,
// or at once with the reason nothing was; the editor need not wait.
func (s *Server) warmUp(ctx context.Context, _ *json.RawMessage) (any, error) {
	err := providers.Warm(ctx, s.currentSettings())
	switch {
	case err == nil:
		return map[string]any{"loaded": true}, nil
	case errors.Is(err, providers.ErrNotWarmed):
		return map[string]any{"loaded": false, "reason": err.Error()}, nil
	}
	return nil, err
}
