package config

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
)

func TestApplyWrappedAndBare(t *testing.T) {
	for _, raw := range []string{
		`{"loopls":{"model":"ollama:tiny","maxTurns":7,"fallbackModels":["openai:x"],"autoCompact":false,"allowedCommands":["ls"]}}`,
		`{"model":"ollama:tiny","maxTurns":7,"fallbackModels":["openai:x"],"autoCompact":false,"allowedCommands":["ls"]}`,
	} {
		s := Default()
		if err := s.Apply(json.RawMessage(raw)); err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		if s.Model != "ollama:tiny" || s.MaxTurns != 7 || len(s.FallbackModels) != 1 || s.AutoCompactOn() ||
			!reflect.DeepEqual(s.AllowedCommands, []string{"ls"}) {
			t.Errorf("%s: got %+v", raw, s)
		}
		// Fields not mentioned keep their value.
		if s.CompactThreshold != DefaultCompactThreshold {
			t.Errorf("%s: compactThreshold = %d, want the default kept", raw, s.CompactThreshold)
		}
	}
}

func TestApplyKeepsWhatIsNotMentioned(t *testing.T) {
	s := Default()
	s.Model = "ollama:a"
	if err := s.Apply(json.RawMessage(`{"ollamaHost":"127.0.0.1:1","somethingElse":{"x":1}}`)); err != nil {
		t.Fatal(err)
	}
	if s.Model != "ollama:a" || s.OllamaHost != "127.0.0.1:1" {
		t.Errorf("got %+v", s)
	}
	for _, empty := range []string{``, `null`, `  `} {
		before := s
		if err := s.Apply(json.RawMessage(empty)); err != nil || !reflect.DeepEqual(s, before) {
			t.Errorf("%q: %v, %+v", empty, err, s)
		}
	}
}

// A bad value names its field and changes nothing, even when other fields
// of the same object were good.
func TestApplyRejectsAndChangesNothing(t *testing.T) {
	for raw, field := range map[string]string{
		`{"maxTurns":"many","model":"ollama:b"}`: "maxTurns",
		`{"maxTurns":-1}`:                        "maxTurns",
		`{"contextWindow":-5}`:                   "contextWindow",
		`{"compactThreshold":101}`:               "compactThreshold",
		`{"autoCompact":"yes"}`:                  "autoCompact",
		`{"fallbackModels":"openai:x"}`:          "fallbackModels",
		`{"loopls":{"allowCommands":1}}`:         "allowCommands",
		`{"loopls":[1,2]}`:                       "loopls",
		`[1,2]`:                                  "loopls",
		`{"model":5}`:                            "model",
	} {
		s := Default()
		s.Model = "ollama:a"
		before := s
		err := s.Apply(json.RawMessage(raw))
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != field {
			t.Errorf("%s: err = %v, want a FieldError naming %q", raw, err, field)
		}
		if !reflect.DeepEqual(s, before) {
			t.Errorf("%s: settings changed to %+v", raw, s)
		}
	}
}

// Editors send null for a setting the user left unset: it keeps its value.
func TestApplyNullMeansUnset(t *testing.T) {
	s := Default()
	s.Model = "ollama:a"
	if err := s.Apply(json.RawMessage(`{"loopls":{"model":null,"autoCompact":null,"maxTurns":null}}`)); err != nil {
		t.Fatal(err)
	}
	if s.Model != "ollama:a" || !s.AutoCompactOn() || s.MaxTurns != DefaultMaxTurns {
		t.Errorf("got %+v, want nulls to leave everything as it was", s)
	}
}

func TestFromEnv(t *testing.T) {
	t.Setenv("LOOPLS_MODEL", "ollama:qwen2.5-coder:7b")
	t.Setenv("OLLAMA_HOST", "127.0.0.1:11555")
	s := FromEnv()
	if s.Model != "ollama:qwen2.5-coder:7b" || s.OllamaHost != "127.0.0.1:11555" || s.MaxTurns != DefaultMaxTurns || !s.AutoCompactOn() {
		t.Errorf("got %+v", s)
	}
}

// FuzzApply: any input either applies or is refused with a FieldError and
// leaves the settings as they were; what applied stays within its bounds.
func FuzzApply(f *testing.F) {
	for _, seed := range []string{
		`{"loopls":{"model":"ollama:tiny","maxTurns":3}}`, `{"compactThreshold":100}`, `null`, `[]`,
		`{"loopls":{"loopls":{}}}`, `{"contextWindow":1e99}`, `{"autoCompact":null}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		s := Default()
		before := s
		if err := s.Apply(raw); err != nil {
			var fe *FieldError
			if !errors.As(err, &fe) || fe.Field == "" {
				t.Fatalf("error without a field: %v", err)
			}
			if !reflect.DeepEqual(s, before) {
				t.Fatalf("a refused apply changed the settings: %+v", s)
			}
			return
		}
		if s.MaxTurns < 0 || s.ContextWindow < 0 || s.CompactThreshold < 0 || s.CompactThreshold > 100 {
			t.Fatalf("out of bounds after apply: %+v", s)
		}
	})
}
