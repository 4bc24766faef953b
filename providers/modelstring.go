package providers

import (
	"fmt"
	"strings"
)

// Provider names the service a model string points at.
type Provider string

// The providers of SPEC §3.
const (
	Ollama    Provider = "ollama"
	OpenAI    Provider = "openai"
	Anthropic Provider = "anthropic"
)

// ModelRef is a parsed model string.
type ModelRef struct {
	Provider Provider
	Name     string
}

// String returns the canonical model string, "provider:name".
func (r ModelRef) String() string { return string(r.Provider) + ":" + r.Name }

// ParseModel reads a model string: "ollama:NAME", "openai:NAME",
// "anthropic:NAME", or a bare NAME, which is an Ollama model. Ollama names
// hold colons themselves ("qwen2.5-coder:7b"), so only a known provider
// before the first colon counts as one.
func ParseModel(s string) (ModelRef, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return ModelRef{}, fmt.Errorf("the model string is empty: write provider:name, e.g. \"ollama:qwen2.5-coder\"")
	}
	prefix, rest, ok := strings.Cut(s, ":")
	if ok {
		switch p := Provider(strings.ToLower(prefix)); p {
		case Ollama, OpenAI, Anthropic:
			rest = strings.TrimSpace(rest)
			if rest == "" {
				return ModelRef{}, fmt.Errorf("model string %q names no model after %q: write e.g. \"%s:NAME\"", s, prefix, p)
			}
			return ModelRef{Provider: p, Name: rest}, nil
		}
	}
	return ModelRef{Provider: Ollama, Name: s}, nil
}
