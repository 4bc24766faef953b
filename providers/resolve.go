// Package providers turns the user's model settings into engine models: it
// parses model strings, picks a default when none is set, refuses models
// that cannot call tools, and lists what the configured providers offer.
package providers

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/loopls/loopls/config"
	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/internal/jsonhttp"
	"github.com/loopls/loopls/localmodels"
	"github.com/loopls/loopls/remotemodels"
)

// Kinds of failure, for errors.Is. They are the adapters' own, so a test
// on either package's sentinel holds.
var (
	// ErrUnreachable: nothing answers at the model server (Ollama or a
	// remote provider's URL).
	ErrUnreachable   = jsonhttp.ErrUnreachable
	ErrModelNotFound = localmodels.ErrModelNotFound
	ErrNoToolSupport = localmodels.ErrNoToolSupport
	ErrNoModel       = localmodels.ErrNoModel
	// ErrNotConfigured: a remote provider is named but its key is not set.
	ErrNotConfigured = remotemodels.ErrNotConfigured
)

// probeTimeout bounds asking a remote server for a model's window.
const probeTimeout = 10 * time.Second

// Resolved is what a run needs from the settings.
type Resolved struct {
	Primary   engine.Model
	Fallbacks []engine.Model
	// ContextWindow is the effective window: the setting, else what the
	// primary model reports (Ollama's /api/show), else 0 (no window policy).
	ContextWindow int
	// Notice is a line to show the user, e.g. which model was picked when
	// none was configured. Empty when there is nothing to say.
	Notice string
}

// Resolve builds the models for a run. override (a run's "model" parameter)
// wins over s.Model; with neither, the first tool-capable model of the local
// Ollama is used and Notice says which. An Ollama primary is checked with
// /api/show: it must exist and support tools.
func Resolve(ctx context.Context, s config.Settings, override string) (Resolved, error) {
	var res Resolved
	name := override
	if name == "" {
		name = s.Model
	}
	if name == "" {
		picked, err := firstToolModel(ctx, s.OllamaHost)
		if err != nil {
			return Resolved{}, err
		}
		name = picked
		res.Notice = fmt.Sprintf("no model configured: using %s (the first tool-capable model of the local Ollama); set \"model\" to choose another", picked)
	}
	primary, err := newModel(s, name)
	if err != nil {
		return Resolved{}, err
	}
	if o, ok := primary.(*localmodels.Ollama); ok {
		info, err := o.Capabilities(ctx)
		if err != nil {
			return Resolved{}, err
		}
		if !info.Tools {
			return Resolved{}, noTools(ctx, s.OllamaHost, o)
		}
	}
	res.Primary = primary
	for _, fb := range s.FallbackModels {
		m, err := newModel(s, fb)
		if err != nil {
			return Resolved{}, fmt.Errorf("fallbackModels: %w", err)
		}
		res.Fallbacks = append(res.Fallbacks, m)
	}
	res.ContextWindow = s.ContextWindow
	if res.ContextWindow == 0 {
		if p, ok := primary.(engine.WindowProber); ok {
			// A window the server will not tell is no reason to refuse
			// the run: it goes on without a window policy. Bounded, so a
			// slow /models list cannot hold the run up.
			pctx, cancel := context.WithTimeout(ctx, probeTimeout)
			if n, err := p.ContextWindow(pctx); err == nil {
				res.ContextWindow = n
			}
			cancel()
		}
	}
	return res, nil
}

// newModel builds the adapter a model string names, without contacting it.
func newModel(s config.Settings, model string) (engine.Model, error) {
	ref, err := ParseModel(model)
	if err != nil {
		return nil, err
	}
	switch ref.Provider {
	case OpenAI:
		return remotemodels.NewOpenAI(ref.Name, remotemodels.OpenAIOptions{
			BaseURL: os.Getenv("OPENAI_BASE_URL"),
			APIKey:  os.Getenv("OPENAI_API_KEY"),
		})
	case Anthropic:
		return remotemodels.NewAnthropic(ref.Name, remotemodels.AnthropicOptions{
			BaseURL: os.Getenv("ANTHROPIC_BASE_URL"),
			APIKey:  os.Getenv("ANTHROPIC_API_KEY"),
		})
	default:
		return localmodels.NewOllama(s.OllamaHost, ref.Name, localmodels.OllamaOptions{})
	}
}

// firstToolModel picks the first tool-capable model the local Ollama has.
func firstToolModel(ctx context.Context, host string) (string, error) {
	models, err := localmodels.ListOllama(ctx, host)
	if err != nil {
		return "", err
	}
	for _, m := range models {
		if m.Tools {
			return m.Model, nil
		}
	}
	base, _ := localmodels.ParseHost(host)
	if len(models) == 0 {
		return "", fmt.Errorf("%w: no model configured and Ollama at %s has none: run `ollama pull qwen2.5-coder` (or set \"model\")", ErrNoModel, base)
	}
	return "", fmt.Errorf("%w: no model configured and none of the %d models of Ollama at %s supports tools: run `ollama pull qwen2.5-coder` (or set \"model\")", ErrNoModel, len(models), base)
}

// noTools is the refusal of a model without the tools capability; it names
// a tool-capable model of the same server when there is one.
func noTools(ctx context.Context, host string, o *localmodels.Ollama) error {
	hint := "run `ollama pull qwen2.5-coder` and set \"model\": \"ollama:qwen2.5-coder\""
	if pick, err := firstToolModel(ctx, host); err == nil {
		hint = fmt.Sprintf("set \"model\": %q, which does", pick)
	}
	return &engine.APIError{
		Message: fmt.Sprintf("model '%s' does not support tools, so it cannot run an agent loop: %s", o.Model(), hint),
		Cause:   fmt.Errorf("%w: %s", ErrNoToolSupport, o.Name()),
	}
}

// ErrNotWarmed is Warm's answer when it loaded nothing on purpose.
var ErrNotWarmed = localmodels.ErrNotWarmed

// Warm has the configured model loaded before the first run needs it
// (localmodels.Ollama.Warm), with the window that run will ask for. Only a
// model the user chose (the model setting) on an Ollama server is loaded:
// with none set, or a remote provider's, nothing is, and the error says so
// (ErrNotWarmed).
func Warm(ctx context.Context, s config.Settings) error {
	if strings.TrimSpace(s.Model) == "" {
		return fmt.Errorf("%w: no model is set (loopls picks one at the first run)", localmodels.ErrNotWarmed)
	}
	ref, err := ParseModel(s.Model)
	if err != nil {
		return err
	}
	if ref.Provider != Ollama {
		return fmt.Errorf("%w: %s is a remote model", localmodels.ErrNotWarmed, s.Model)
	}
	o, err := localmodels.NewOllama(s.OllamaHost, ref.Name, localmodels.OllamaOptions{})
	if err != nil {
		return err
	}
	window := s.ContextWindow
	if window == 0 {
		c, err := o.Window(ctx)
		if err != nil {
			return err
		}
		window = c.Window
	}
	return o.Warm(ctx, window)
}
