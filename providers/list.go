package providers

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/loopls/loopls/config"
	"github.com/loopls/loopls/localmodels"
	"github.com/loopls/loopls/remotemodels"
)

// ModelInfo is one line of `loopls models` and of loopls/models.
type ModelInfo = localmodels.ModelInfo

// List returns the models of every configured provider: the local Ollama
// always, an OpenAI-compatible server when OPENAI_API_KEY or
// OPENAI_BASE_URL is set, Anthropic when ANTHROPIC_API_KEY is set. Remote
// models are listed as tool-capable: their APIs take tools for every chat
// model. A provider that fails does not hide the others: the models that
// could be listed come back with the joined errors. Each model's Window is
// the one a run would use: the contextWindow setting, else Ollama's sized
// window (localmodels/window.go), else a remote model's own.
func List(ctx context.Context, s config.Settings) ([]ModelInfo, error) {
	var out []ModelInfo
	var errs []error
	local, err := localmodels.ListOllama(ctx, s.OllamaHost)
	if err != nil {
		errs = append(errs, err)
	}
	out = append(out, local...)
	if os.Getenv("OPENAI_API_KEY") != "" || os.Getenv("OPENAI_BASE_URL") != "" {
		o, err := remotemodels.NewOpenAI("", remotemodels.OpenAIOptions{BaseURL: os.Getenv("OPENAI_BASE_URL"), APIKey: os.Getenv("OPENAI_API_KEY")})
		if err == nil {
			var listed []remotemodels.Listed
			if listed, err = o.List(ctx); err == nil {
				out = append(out, fromListed(OpenAI, listed)...)
			}
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("openai: %w", err))
		}
	}
	if os.Getenv("ANTHROPIC_API_KEY") != "" {
		a, err := remotemodels.NewAnthropic("", remotemodels.AnthropicOptions{BaseURL: os.Getenv("ANTHROPIC_BASE_URL"), APIKey: os.Getenv("ANTHROPIC_API_KEY")})
		if err == nil {
			var listed []remotemodels.Listed
			if listed, err = a.List(ctx); err == nil {
				out = append(out, fromListed(Anthropic, listed)...)
			}
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("anthropic: %w", err))
		}
	}
	for i := range out {
		switch {
		case s.ContextWindow > 0:
			c := localmodels.SettingChoice(s.ContextWindow, out[i].ContextWindow)
			out[i].Window, out[i].WindowReason = c.Window, c.Reason
		case out[i].Window == 0 && out[i].ContextWindow > 0:
			// A remote model: its window is the server's, sent as is.
			out[i].Window = out[i].ContextWindow
		}
	}
	return out, errors.Join(errs...)
}

func fromListed(p Provider, listed []remotemodels.Listed) []ModelInfo {
	out := make([]ModelInfo, 0, len(listed))
	for _, l := range listed {
		out = append(out, ModelInfo{Model: ModelRef{Provider: p, Name: l.ID}.String(), ContextWindow: l.ContextWindow, Tools: true})
	}
	return out
}
