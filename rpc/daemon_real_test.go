//go:build realollama

package rpc_test

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

	"github.com/loopls/loopls/engine"
)

// startRealOllama runs the real `ollama serve` of ../shared/real-ollama on a
// free 127.0.0.1 port and returns its host. LOOPLS_REAL_OLLAMA names its
// setup directory (make test-real sets it).
func startRealOllama(t *testing.T) string {
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
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(wait):
			cmd.Process.Kill()
			<-exited
		}
		if t.Failed() {
			t.Logf("ollama serve log:\n%s", logs.String())
		}
	})
	deadline := time.After(wait)
	for {
		if r, err := http.Get("http://" + host + "/api/version"); err == nil {
			r.Body.Close()
			return host
		}
		select {
		case err := <-exited:
			t.Fatalf("ollama serve exited: %v\n%s", err, logs.String())
		case <-deadline:
			t.Fatalf("ollama serve not ready within %s", wait)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// The daemon against the real Ollama: the two-turn run gives the six
// transitions, a run streaming forever is cancelled, and the session runs
// again at once.
func TestRealOllamaDaemon(t *testing.T) {
	host := startRealOllama(t)
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "README.md"), "# demo\n\nA project for loopls tests.\n")
	c := startClient(t, root, "LOOPLS_MODEL=ollama:tiny", "OLLAMA_HOST="+host)
	c.initialize(root, nil, nil)

	var res runResult
	c.mustRequest("loopls/run", map[string]any{"prompt": "read the README"}, &res)
	if res.Outcome != "completed" {
		t.Fatalf("run: %+v", res)
	}
	checkSix(t, transitionsOf(t, c, res.RunID))

	id, answer := c.send("loopls/run", map[string]any{"prompt": "loop", "session": res.SessionID})
	c.waitFor("the looping run's first delta", func(m *wireMsg) bool {
		return m.Method == "loopls/delta" && !strings.Contains(string(m.Params), string(res.RunID))
	})
	c.notify("$/cancelRequest", map[string]any{"id": id})
	if m := c.await(answer); m.Error == nil || m.Error.Code != -32800 {
		t.Fatalf("cancelled run answered %+v", m.Error)
	}
	var again runResult
	c.mustRequest("loopls/run", map[string]any{"prompt": "chat", "session": res.SessionID}, &again)
	if again.Outcome != "completed" || again.SessionID != res.SessionID {
		t.Errorf("the run after the cancel: %+v", again)
	}
	var sess struct {
		History []engine.Message `json:"history"`
	}
	c.mustRequest("loopls/session", map[string]any{"sessionId": res.SessionID}, &sess)
	if len(sess.History) != 6 {
		t.Errorf("history has %d messages, want 6 (4 of the first run, none of the cancelled one, 2 of the last)", len(sess.History))
	}
}
