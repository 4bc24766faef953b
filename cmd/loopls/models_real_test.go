//go:build realollama

package main

import (
	"bytes"
	"context"
	"github.com/loopls/loopls/internal/realollama"
	"os"
	"os/exec"
	"strings"
	"testing"
)

func realOllamaForModels(t *testing.T) string { h, _ := realollama.Start(t); return h }

func TestRealModelsTable(t *testing.T) {
	host := realOllamaForModels(t)
	bin := binary(t) // built first: a cold build on a busy machine must not eat the run's bound
	ctx, cancel := context.WithTimeout(context.Background(), waitBound)
	defer cancel()
	c := exec.CommandContext(ctx, bin, "models")
	c.Env = append(os.Environ(), "OLLAMA_HOST="+host, "OPENAI_API_KEY=", "OPENAI_BASE_URL=", "ANTHROPIC_API_KEY=")
	var stdout, stderr bytes.Buffer
	c.Stdout, c.Stderr = &stdout, &stderr
	if err := c.Run(); err != nil {
		t.Fatalf("loopls models: %v\n%s", err, stderr.String())
	}
	rows := map[string]string{}
	for _, line := range strings.Split(stdout.String(), "\n") {
		if f := strings.Fields(line); len(f) >= 4 {
			rows[f[0]] = strings.Join(f[1:], " ")
		}
	}
	// The tiny model has a real shape in its GGUF: its cache is priced
	// from /api/show and, being tiny, fits whole.
	for _, m := range []string{"ollama:tiny:latest", "ollama:tiny-think:latest"} {
		if r := rows[m]; !strings.HasPrefix(r, "8192 yes 8,192 (the model's full window): KV ") || !strings.Contains(r, "/token, ") {
			t.Errorf("%s: %q, want \"8192 yes 8,192 (the model's full window): KV …/token, … free\"; stdout:\n%s", m, r, stdout.String())
		}
	}
	if rows["MODEL"] != "CONTEXT TOOLS WINDOW" {
		t.Errorf("no header; stdout:\n%s", stdout.String())
	}
}
