package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/loopls/loopls/internal/fakeollama"
)

// The binary under test, built once on first use: the CLI is tested as
// users run it, as a process with real pipes and real signals. Lazily, so
// the in-process tests and the fuzzer's workers do not pay for a build.
var (
	binDir    string
	buildOnce sync.Once
	loopls    string
	buildErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if code == 0 {
		if err := goleak.Find(); err != nil {
			fmt.Fprintln(os.Stderr, "goleak:", err)
			code = 1
		}
	}
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// binary returns the path of the loopls binary, building it the first time.
func binary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		// LOOPLS_TEST_BINARY: a binary built elsewhere (make test-windows
		// builds loopls.exe on the host, as go build cannot finish under Wine).
		if bin := os.Getenv("LOOPLS_TEST_BINARY"); bin != "" {
			loopls = bin
			return
		}
		binDir, buildErr = os.MkdirTemp("", "loopls-cli-test")
		if buildErr != nil {
			return
		}
		bin := filepath.Join(binDir, "loopls")
		var out []byte
		out, buildErr = exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
		if buildErr != nil {
			buildErr = fmt.Errorf("go build: %w\n%s", buildErr, out)
			return
		}
		loopls = bin
	})
	if buildErr != nil {
		t.Fatalf("build loopls: %v", buildErr)
	}
	return loopls
}

// waitBound is how long a test waits for something a process should do.
const waitBound = 20 * time.Second

// buildBound bounds a `go build` a test runs (see execOutput).
const buildBound = 10 * time.Minute

// env is one isolated world: a fake Ollama, a workspace, a state directory.
type env struct {
	t     *testing.T
	srv   *fakeollama.Server
	root  string
	state string   // XDG_STATE_HOME
	extra []string // more environment, after the env's own
}

func newEnv(t *testing.T, opts fakeollama.Options) *env {
	t.Helper()
	srv := fakeollama.StartTB(t, opts)
	root := t.TempDir()
	for name, text := range map[string]string{"README.md": "# demo\n", "hello.txt": "hello\n"} {
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return &env{t: t, srv: srv, root: root, state: t.TempDir()}
}

// cmd returns a loopls process in the env's workspace.
func (e *env) cmd(args ...string) *exec.Cmd { return e.cmdCtx(context.Background(), args...) }

func (e *env) cmdCtx(ctx context.Context, args ...string) *exec.Cmd {
	c := exec.CommandContext(ctx, binary(e.t), args...)
	c.Dir = e.root
	c.Env = append(os.Environ(),
		"LOOPLS_MODEL=ollama:tiny",
		"OLLAMA_HOST="+e.srv.Host,
		"XDG_STATE_HOME="+e.state,
		"HOME="+e.state,
		"XDG_CONFIG_HOME="+filepath.Join(e.state, "config"),
	)
	c.Env = append(c.Env, e.extra...)
	return c
}

// result is a finished process.
type result struct {
	code           int
	stdout, stderr string
}

// run runs loopls to its end, bounded by waitBound.
func (e *env) run(args ...string) result {
	e.t.Helper()
	return e.runWithin(waitBound, args...)
}

// runWithin runs loopls to its end within bound (the binary is built
// before the bound starts) and returns exit code, stdout and stderr.
func (e *env) runWithin(bound time.Duration, args ...string) result {
	e.t.Helper()
	binary(e.t)
	return runToEnd(e.t, bound, args, e.cmdCtx)
}

// runToEnd runs the command mk makes for args, failing t when it does not
// end within bound or cannot start.
func runToEnd(t testing.TB, bound time.Duration, args []string, mk func(context.Context, ...string) *exec.Cmd) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), bound)
	defer cancel()
	c := mk(ctx, args...)
	var out, errb bytes.Buffer
	c.Stdout, c.Stderr = &out, &errb
	err := c.Run()
	if ctx.Err() != nil {
		t.Fatalf("loopls %v did not end within %v; stderr:\n%s", args, bound, errb.String())
	}
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("loopls %v: %v", args, err)
	}
	return result{code: code, stdout: out.String(), stderr: errb.String()}
}

// watcher collects a stream and lets a test wait for a substring in it.
type watcher struct {
	mu     sync.Mutex
	buf    strings.Builder
	nreads int
	more   chan struct{}
	done   chan struct{}
}

func watch(r io.Reader) *watcher {
	w := &watcher{more: make(chan struct{}, 1), done: make(chan struct{})}
	go func() {
		defer close(w.done)
		br := bufio.NewReader(r)
		b := make([]byte, 4096)
		for {
			n, err := br.Read(b)
			if n > 0 {
				w.mu.Lock()
				w.buf.Write(b[:n])
				w.nreads++
				w.mu.Unlock()
				select {
				case w.more <- struct{}{}:
				default:
				}
			}
			if err != nil {
				return
			}
		}
	}()
	return w
}

func (w *watcher) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// waitFor blocks until the stream holds s, or fails the test.
func (w *watcher) waitFor(t *testing.T, s string) {
	t.Helper()
	deadline := time.NewTimer(waitBound)
	defer deadline.Stop()
	for !strings.Contains(w.String(), s) {
		select {
		case <-w.more:
		case <-w.done:
			if !strings.Contains(w.String(), s) {
				t.Fatalf("stream ended without %q; got:\n%s", s, w.String())
			}
			return
		case <-deadline.C:
			t.Fatalf("no %q within %v; got:\n%s", s, waitBound, w.String())
		}
	}
}

// started is a loopls process whose output the test watches.
type started struct {
	cmd            *exec.Cmd
	stdout, stderr *watcher
	exited         chan struct{}
	err            error // of Wait, set before exited closes
}

func (e *env) start(args ...string) *started {
	e.t.Helper()
	c := e.cmd(args...)
	so, err := c.StdoutPipe()
	if err != nil {
		e.t.Fatal(err)
	}
	se, err := c.StderrPipe()
	if err != nil {
		e.t.Fatal(err)
	}
	if err := c.Start(); err != nil {
		e.t.Fatal(err)
	}
	p := &started{cmd: c, stdout: watch(so), stderr: watch(se), exited: make(chan struct{})}
	go func() {
		// Wait closes the pipes, so the readers must have finished first.
		<-p.stdout.done
		<-p.stderr.done
		p.err = c.Wait()
		close(p.exited)
	}()
	e.t.Cleanup(func() {
		c.Process.Kill()
		<-p.exited
	})
	return p
}

// wait waits for the process to exit (bounded) and returns its exit code;
// -1 when a signal killed it.
func (p *started) wait(t *testing.T) int {
	t.Helper()
	select {
	case <-p.exited:
	case <-time.After(waitBound):
		t.Fatalf("loopls did not exit within %v; stderr:\n%s", waitBound, p.stderr.String())
	}
	if ee, ok := p.err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	if p.err != nil {
		t.Fatal(p.err)
	}
	return 0
}

// execOutput runs a command to its end, bounded, and returns its output.
func execOutput(name string, args ...string) (string, error) {
	bound := 2 * waitBound
	if name == "go" {
		// A build relinks the whole binary: on a loaded two-core machine that
		// alone took over 40 s. The bound only stops a hung toolchain.
		bound = buildBound
	}
	ctx, cancel := context.WithTimeout(context.Background(), bound)
	defer cancel()
	out, err := exec.CommandContext(ctx, name, args...).CombinedOutput()
	return string(out), err
}
