// Package realollama starts the real Ollama server that setup.sh in this
// folder prepares, for the end-to-end tests behind the realollama build tag
// (make test-real). docs/real-ollama.md describes the server and its model.
package realollama

import (
	"bytes"
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

// Bound is how long a test waits on the real server: a cold model load on
// a busy 2-core machine is slow, but never this slow.
const Bound = 2 * time.Minute

// Start runs `ollama serve` on a free 127.0.0.1 port for the rest of the test
// and returns its "127.0.0.1:PORT" and PID (serve.sh execs the server). It
// fails, never skips, when LOOPLS_REAL_OLLAMA does not name a setup.
func Start(t testing.TB) (host string, pid int) {
	t.Helper()
	out := os.Getenv("LOOPLS_REAL_OLLAMA")
	if out == "" {
		t.Fatal("LOOPLS_REAL_OLLAMA is not set: run `make test-real`")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	host = l.Addr().String()
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
		case <-time.After(Bound):
			_ = cmd.Process.Kill()
			<-exited
		}
		if t.Failed() {
			t.Logf("ollama serve log:\n%s", logs.String())
		}
	})
	deadline := time.After(Bound)
	for {
		if r, err := http.Get("http://" + host + "/api/version"); err == nil {
			r.Body.Close()
			return host, cmd.Process.Pid
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
