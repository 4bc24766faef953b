//go:build realollama

package main

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// realOllamaForModels starts the real `ollama serve` of
// ../shared/real-ollama on a free 127.0.0.1 port and returns its host. It
// fails, never skips, when the setup is missing.
func realOllamaForModels(t *testing.T) string {
	t.Helper()
	out := os.Getenv("LOOPLS_REAL_OLLAMA")
	if out == "" {
		t.Fatal("LOOPLS_REAL_OLLAMA is not set: run `make test-real`")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	host := l.Addr().String()
	l.Close()
	cmd := exec.Command(filepath.Join(out, "serve.sh"), strings.TrimPrefix(host, "127.0.0.1:"))
	var logs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(time.Minute):
			_ = cmd.Process.Kill()
			<-exited
		}
	})
	deadline := time.After(time.Minute)
	for {
		if r, err := http.Get("http://" + host + "/api/version"); err == nil {
			r.Body.Close()
			return host
		}
		select {
		case err := <-exited:
			t.Fatalf("ollama serve exited (%v): %s", err, logs.String())
		case <-deadline:
			t.Fatalf("ollama did not start: %s", logs.String())
		case <-time.After(100 * time.Millisecond):
		}
	}
}

func TestRealModelsTable(t *testing.T) {
	host := realOllamaForModels(t)
	ctx, cancel := context.WithTimeout(context.Background(), waitBound)
	defer cancel()
	c := exec.CommandContext(ctx, binary(t), "models")
	c.Env = append(os.Environ(), "OLLAMA_HOST="+host, "OPENAI_API_KEY=", "OPENAI_BASE_URL=", "ANTHROPIC_API_KEY=")
	var stdout, stderr bytes.Buffer
	c.Stdout, c.Stderr = &stdout, &stderr
	if err := c.Run(); err != nil {
		t.Fatalf("loopls models: %v\n%s", err, stderr.String())
	}
	rows := map[string]string{}
	for _, line := range strings.Split(stdout.String(), "\n") {
		if f := strings.Fields(line); len(f) == 3 {
			rows[f[0]] = f[1] + " " + f[2]
		}
	}
	for _, m := range []string{"ollama:tiny:latest", "ollama:tiny-think:latest"} {
		if rows[m] != "8192 yes" {
			t.Errorf("%s: %q, want \"8192 yes\"; stdout:\n%s", m, rows[m], stdout.String())
		}
	}
	if rows["MODEL"] != "CONTEXT TOOLS" {
		t.Errorf("no header; stdout:\n%s", stdout.String())
	}
}
