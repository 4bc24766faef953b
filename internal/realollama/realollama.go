// Package realollama starts the real Ollama server that setup.sh in this
// folder prepares, for the end-to-end tests behind the realollama build tag
// (make test-real). docs/real-ollama.md describes the server and its model.
package realollama

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Bound is how long a test waits on the real server: a cold model load on
// a busy 2-core machine is slow, but never this slow.
const Bound = 2 * time.Minute

// Server is one running `ollama serve`.
type Server struct {
	Host string // "127.0.0.1:PORT"
	PID  int    // serve.sh execs the server, so this is the server's
	logs *logBuffer
}

// logBuffer is the server's output, safe to read while it is written.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// Start runs `ollama serve` on a free 127.0.0.1 port for the rest of the test
// and returns its "127.0.0.1:PORT" and PID. It fails, never skips, when
// LOOPLS_REAL_OLLAMA does not name a setup.
func Start(t testing.TB) (host string, pid int) {
	t.Helper()
	s := StartServer(t)
	return s.Host, s.PID
}

// WaitHandled waits, within Bound, until the server has finished handling n
// requests to path (its access log line is written when the handler
// returns, and only then is a model slot free for the next request).
func (s *Server) WaitHandled(t testing.TB, path string, n int) {
	t.Helper()
	deadline := time.After(Bound)
	for {
		if strings.Count(s.logs.String(), `"`+path+`"`) >= n {
			return
		}
		select {
		case <-deadline:
			t.Fatalf("ollama did not finish %d %s requests; log:\n%s", n, path, s.logs.String())
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// Unload asks the server at host to unload model at once, as `ollama stop`
// does: a generate request with no prompt and keep_alive 0. It is also what
// frees a model slot that Ollama 0.17.4 keeps for a cancelled stream
// (docs/real-ollama.md).
func Unload(t testing.TB, host, model string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), Bound)
	defer cancel()
	body := strings.NewReader(`{"model":"` + model + `","keep_alive":0}`)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://"+host+"/api/generate", body)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("unloading %s: %v", model, err)
	}
	defer resp.Body.Close()
	if b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16)); resp.StatusCode != http.StatusOK {
		t.Fatalf("unloading %s: %s %s", model, resp.Status, b)
	}
}

// HeldBound is how long the request after a cancelled stream may get
// nothing before a test takes Ollama to be holding the cancelled stream's
// model slot (docs/real-ollama.md); an answer takes well under a second.
const HeldBound = 15 * time.Second

// AfterCancel calls next — the request after a cancelled stream, which must
// get an answer — with a context of HeldBound. Ollama 0.17.4 sometimes keeps
// a cancelled stream's slot for good (a race in its chat handler), and then
// every later request waits: when that context ends before next returns,
// AfterCancel does what loopls tells a user then — unload the model, as
// `ollama stop` does — and calls next once more, with Bound. So the test
// passes or fails on loopls, not on Ollama's race. It returns next's error.
func AfterCancel(t testing.TB, host, model string, next func(context.Context) error) error {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), HeldBound)
	err := next(ctx)
	held := err != nil && ctx.Err() != nil
	cancel()
	if !held {
		return err
	}
	t.Logf("the request after a cancel got nothing in %s (Ollama kept the cancelled stream's slot): unloading %s", HeldBound, model)
	Unload(t, host, model)
	ctx, cancel = context.WithTimeout(context.Background(), Bound)
	defer cancel()
	return next(ctx)
}

// StartServer is Start that returns the Server.
func StartServer(t testing.TB) *Server {
	t.Helper()
	return StartServerWith(t)
}

// Log returns what the server (and its model runner) wrote so far.
func (s *Server) Log() string { return s.logs.String() }

// StartServerWith is StartServer with env ("OLLAMA_DEBUG=1", …) added to
// the server's environment.
func StartServerWith(t testing.TB, env ...string) *Server {
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
	if len(env) > 0 {
		cmd.Env = append(os.Environ(), env...)
	}
	logs := &logBuffer{}
	cmd.Stdout, cmd.Stderr = logs, logs
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
			return &Server{Host: host, PID: cmd.Process.Pid, logs: logs}
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
