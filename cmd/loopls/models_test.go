package main

import (
	"encoding/json"
	"net"
	"strings"
	"testing"

	"github.com/loopls/loopls/internal/fakeollama"
	"github.com/loopls/loopls/providers"
)

// models runs `loopls models` with only the scripted Ollama configured.
func (e *env) models(args ...string) result {
	e.t.Helper()
	e.t.Setenv("OPENAI_API_KEY", "")
	e.t.Setenv("OPENAI_BASE_URL", "")
	e.t.Setenv("ANTHROPIC_API_KEY", "")
	return e.run(append([]string{"models"}, args...)...)
}

func TestModelsTable(t *testing.T) {
	e := newEnv(t, fakeollama.Options{})
	r := e.models()
	if r.code != 0 {
		t.Fatalf("exit %d, stderr %s", r.code, r.stderr)
	}
	lines := strings.Split(strings.TrimRight(r.stdout, "\n"), "\n")
	const why = "8,192 (the model's full window): default, the model's shape is unknown"
	want := [][]string{
		{"MODEL", "CONTEXT", "TOOLS", "WINDOW"},
		{"ollama:tiny:latest", "8192", "yes", why},
		{"ollama:tiny-think:latest", "8192", "yes", why},
		{"ollama:nope-tools:latest", "8192", "no", why},
	}
	if len(lines) != len(want) {
		t.Fatalf("stdout:\n%s", r.stdout)
	}
	col := strings.Index(lines[0], "CONTEXT")
	for i, w := range want {
		if got := strings.Fields(lines[i]); strings.Join(got, " ") != strings.Join(w, " ") {
			t.Errorf("line %d = %q, want %q", i, lines[i], w)
		}
		if !strings.HasPrefix(lines[i][col:], w[1]) {
			t.Errorf("line %d is not aligned under CONTEXT: %q", i, lines[i])
		}
		if wcol := strings.Index(lines[0], "WINDOW"); !strings.HasPrefix(lines[i][wcol:], w[3]) {
			t.Errorf("line %d is not aligned under WINDOW: %q", i, lines[i])
		}
	}
}

func TestModelsJSON(t *testing.T) {
	e := newEnv(t, fakeollama.Options{})
	r := e.models("--json")
	if r.code != 0 {
		t.Fatalf("exit %d, stderr %s", r.code, r.stderr)
	}
	var got []providers.ModelInfo
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("stdout is not the JSON list: %v\n%s", err, r.stdout)
	}
	if len(got) != 3 || got[0] != (providers.ModelInfo{Model: "ollama:tiny:latest", ContextWindow: 8192, Tools: true,
		Window: 8192, WindowReason: "8,192 (the model's full window): default, the model's shape is unknown"}) || got[2].Tools {
		t.Errorf("got %+v", got)
	}
	if !strings.Contains(r.stdout, `"contextWindow": 8192`) {
		t.Errorf("field names: %s", r.stdout)
	}
}

func TestModelsOllamaUnreachable(t *testing.T) {
	e := newEnv(t, fakeollama.Options{})
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	r := e.models("--host", addr)
	if r.code != 1 {
		t.Fatalf("exit %d, want 1; stdout %q stderr %q", r.code, r.stdout, r.stderr)
	}
	if want := "cannot reach Ollama at http://" + addr + ": is `ollama serve` running?"; !strings.Contains(r.stderr, want) {
		t.Errorf("stderr %q, want it to say %q", r.stderr, want)
	}
	if r.stdout != "" {
		t.Errorf("stdout %q, want nothing", r.stdout)
	}
}

func TestModelsUsage(t *testing.T) {
	e := newEnv(t, fakeollama.Options{})
	r := e.models("--help")
	if r.code != 0 || !strings.Contains(r.stdout, "Usage: loopls models [--json]") || !strings.Contains(r.stdout, "-json") {
		t.Errorf("--help: exit %d stdout %q", r.code, r.stdout)
	}
	r = e.models("--nope")
	if r.code != 2 || !strings.Contains(r.stderr, "Usage: loopls models") {
		t.Errorf("bad flag: exit %d stderr %q", r.code, r.stderr)
	}
	r = e.models("extra")
	if r.code != 2 || !strings.Contains(r.stderr, `unexpected argument "extra"`) {
		t.Errorf("extra argument: exit %d stderr %q", r.code, r.stderr)
	}
}
