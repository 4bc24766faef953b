package providers

import (
	"strings"
	"testing"
)

func TestParseModel(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want ModelRef
	}{
		{"ollama:qwen2.5-coder:7b", ModelRef{Ollama, "qwen2.5-coder:7b"}},
		{"qwen2.5-coder:7b", ModelRef{Ollama, "qwen2.5-coder:7b"}},
		{"tiny", ModelRef{Ollama, "tiny"}},
		{" openai:gpt-4.1-mini ", ModelRef{OpenAI, "gpt-4.1-mini"}},
		{"OpenAI:gpt-4.1-mini", ModelRef{OpenAI, "gpt-4.1-mini"}},
		{"anthropic:claude-sonnet-4-5", ModelRef{Anthropic, "claude-sonnet-4-5"}},
		{"openrouter:meta/llama", ModelRef{Ollama, "openrouter:meta/llama"}},
		{"hf.co/bartowski/Qwen:Q4_K_M", ModelRef{Ollama, "hf.co/bartowski/Qwen:Q4_K_M"}},
	} {
		got, err := ParseModel(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseModel(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
	}
	for _, in := range []string{"", "  ", "ollama:", "openai: ", "anthropic:"} {
		if got, err := ParseModel(in); err == nil {
			t.Errorf("ParseModel(%q) = %+v, want an error", in, got)
		} else if !strings.Contains(err.Error(), "ollama:") && !strings.Contains(err.Error(), ":NAME") {
			t.Errorf("ParseModel(%q): %q shows no example", in, err)
		}
	}
}

func FuzzParseModel(f *testing.F) {
	for _, s := range []string{"ollama:a", "openai:b", "anthropic:c", "x:y:z", "", ":", "ollama:"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		ref, err := ParseModel(in)
		if err != nil {
			return
		}
		// A parsed model string names a provider and a model, and its
		// canonical form parses back to the same thing.
		if ref.Name == "" || (ref.Provider != Ollama && ref.Provider != OpenAI && ref.Provider != Anthropic) {
			t.Fatalf("ParseModel(%q) = %+v", in, ref)
		}
		back, err := ParseModel(ref.String())
		if err != nil || back != ref {
			t.Fatalf("ParseModel(%q) = %+v, but %q parses to %+v, %v", in, ref, ref.String(), back, err)
		}
	})
}
