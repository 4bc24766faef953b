//go:build realollama

package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/loopls/loopls/internal/realollama"
)

// Three built-in tasks, end to end through loopls bench against the real
// Ollama's tiny model. The model cannot solve them, and the bench says so
// honestly: each fails its check, with Ollama's own figures and what ran.
func TestRealBenchTinyModelFailsHonestly(t *testing.T) {
	host, _ := realollama.Start(t)
	dir := t.TempDir()
	report := filepath.Join(dir, "tiny.md")
	args := []string{"bench", "--json", "--allow-unconfined", "--gocache", testGoCache(t), "--model", "tiny",
		"--task", "go-fix-test", "--task", "py-fix-test", "--task", "answer-facts", "--report", report}
	r := runToEnd(t, benchBound, args, func(ctx context.Context, a ...string) *exec.Cmd {
		c := exec.CommandContext(ctx, binary(t), a...)
		c.Dir = dir
		c.Env = append(os.Environ(), "OLLAMA_HOST="+host, "XDG_CONFIG_HOME="+filepath.Join(dir, "config"))
		return c
	})
	if r.code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", r.code, r.stderr)
	}
	results, sum := parseBenchJSON(t, r.stdout)
	if len(results) != 3 {
		t.Fatalf("%d results, want 3:\n%s", len(results), r.stdout)
	}
	for _, res := range results {
		if res.Passed == nil || *res.Passed {
			t.Errorf("%s: passed %v: the tiny model cannot solve it", res.Task, res.Passed)
		}
		if res.Why == "" || res.Turns < 1 || res.EvalMs+res.PromptEvalMs <= 0 || res.OutputTokens <= 0 || res.MemoryBytes <= 0 || res.NumCtx <= 0 {
			t.Errorf("%s: figures missing: %+v", res.Task, res)
		}
	}
	if sum.Passed != 0 || sum.Tasks != 3 || len(sum.Models) != 1 {
		t.Fatalf("summary = %+v", sum)
	}
	m := sum.Models[0]
	if m.Facts.Version != "0.17.4" || m.Facts.Digest == "" || m.Facts.NumCtx <= 0 || m.Failures["check"]+m.Failures["max_turns_exceeded"] != 3 {
		t.Errorf("what ran = %+v, failures %v", m.Facts, m.Failures)
	}
	page, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), "| tiny | 0/3 | 0%") || !strings.Contains(string(page), "ollama 0.17.4") {
		t.Errorf("the report does not show the failures:\n%s", page)
	}
	t.Logf("the report:\n%s", page)
}
