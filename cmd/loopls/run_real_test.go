//go:build realollama

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/internal/realollama"
)

// realEnv is a workspace and state directory pointed at the real Ollama.
type realEnv struct {
	t           *testing.T
	host        string
	root, state string
	env         []string // after the defaults, so they win
}

func newRealEnv(t *testing.T, host string) *realEnv {
	t.Helper()
	root := t.TempDir()
	for name, text := range map[string]string{"README.md": "# Demo\n", "hello.txt": "hello\n"} {
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	binary(t) // built before any run's bound starts: a cold build on a busy machine is slow
	return &realEnv{t: t, host: host, root: root, state: t.TempDir()}
}

func (e *realEnv) cmd(ctx context.Context, args ...string) *exec.Cmd {
	c := exec.CommandContext(ctx, binary(e.t), args...)
	c.Dir = e.root
	c.Env = append(os.Environ(), "LOOPLS_MODEL=ollama:tiny", "OLLAMA_HOST="+e.host,
		"XDG_STATE_HOME="+e.state, "HOME="+e.state)
	c.Env = append(c.Env, e.env...)
	return c
}

// run runs loopls to its end (bounded: the real model on a CPU is slower
// than the fake) and returns exit code, stdout and stderr.
func (e *realEnv) run(args ...string) (int, string, string) {
	e.t.Helper()
	r := runToEnd(e.t, 3*waitBound, args, e.cmd)
	return r.code, r.stdout, r.stderr
}

// The seed's two-turn run, through the real server: read_file, then the
// final answer, with exactly the six transitions of docs/contract.md C4 —
// through each of the three adapters: Ollama's own API, and the server's
// OpenAI-compatible and Anthropic-compatible endpoints.
func TestRealRunReadsTheREADMEInSixTransitions(t *testing.T) {
	host := realOllamaForModels(t)
	for _, a := range []struct {
		name string
		env  []string
	}{
		{"ollama", nil},
		{"openai", []string{"LOOPLS_MODEL=openai:tiny", "OPENAI_BASE_URL=http://" + host + "/v1", "OPENAI_API_KEY=unused"}},
		{"anthropic", []string{"LOOPLS_MODEL=anthropic:tiny", "ANTHROPIC_BASE_URL=http://" + host, "ANTHROPIC_API_KEY=unused"}},
	} {
		t.Run(a.name, func(t *testing.T) {
			e := newRealEnv(t, host)
			e.env = a.env
			sixTransitions(t, e)
		})
	}
}

func sixTransitions(t *testing.T, e *realEnv) {
	t.Helper()
	trace := filepath.Join(t.TempDir(), "trace.jsonl")
	code, stdout, stderr := e.run("run", "--trace", trace, "read the README")
	if code != 0 || !strings.Contains(stdout, "The tool result was received.") {
		t.Fatalf("exit %d, stdout %q; stderr:\n%s", code, stdout, stderr)
	}
	f, err := os.Open(trace)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var got []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var tr engine.Transition
		if err := json.Unmarshal(sc.Bytes(), &tr); err != nil {
			t.Fatalf("trace line %q: %v", sc.Text(), err)
		}
		got = append(got, string(tr.From)+">"+string(tr.To)+":"+string(tr.Event))
	}
	want := []string{
		"Start>Start:accept_input", "Start>AwaitingModel:call_llm", "AwaitingModel>AwaitingTools:model_response",
		"AwaitingTools>Start:tool_results", "Start>AwaitingModel:call_llm", "AwaitingModel>Terminal:model_response",
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("transitions\n got %v\nwant %v", got, want)
	}
}

func TestRealRunEditsThroughEditFile(t *testing.T) {
	e := newRealEnv(t, realOllamaForModels(t))
	code, _, stderr := e.run("run", "edit hello.txt")
	if code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", code, stderr)
	}
	b, err := os.ReadFile(filepath.Join(e.root, "hello.txt"))
	if err != nil || string(b) != "goodbye\n" {
		t.Fatalf("hello.txt = %q, %v; want goodbye", b, err)
	}
}

func TestRealRunStopsAtMaxTurns(t *testing.T) {
	e := newRealEnv(t, realOllamaForModels(t))
	code, _, stderr := e.run("run", "--max-turns", "3", "again")
	if code != exitMaxTurns {
		t.Fatalf("exit %d, want %d; stderr:\n%s", code, exitMaxTurns, stderr)
	}
}

// Ctrl-C while the real model streams forever: the run ends cancelled, and
// the server, having stopped generating, serves the next run.
func TestRealRunCancelStopsGeneration(t *testing.T) {
	srv := realollama.StartServer(t)
	e := newRealEnv(t, srv.Host)
	ctx, cancel := context.WithTimeout(context.Background(), 3*waitBound)
	defer cancel()
	c := e.cmd(ctx, "run", "loop")
	so, err := c.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	c.Stderr = &stderr
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	out := watch(so)
	out.waitFor(t, "tick")
	if err := c.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	<-out.done
	err = c.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitCancelled {
		t.Fatalf("exit %v, want %d; stderr:\n%s", err, exitCancelled, stderr.String())
	}
	// Ollama serves one request at a time and frees the slot when its
	// handler for the cancelled stream returns, which on a loaded machine
	// can take seconds after loopls closed the connection. Wait for that
	// (bounded, and named if it never comes) so the next run's own bound
	// measures loopls, not the server's clean-up.
	srv.WaitHandled(t, "/api/chat", 1)
	if nextRunAfterCancel(t, e) {
		return
	}
	// Ollama kept the cancelled stream's place (docs/real-ollama.md), and
	// the run said so: do what it told the user, and the run after works.
	if code, stdout, errs := e.run("run", "chat"); code != 0 || !strings.Contains(stdout, "Hello from the tiny test model.") {
		t.Fatalf("the run after `ollama stop`: exit %d, %q; stderr:\n%s", code, stdout, errs)
	}
}

// nextRunAfterCancel runs "chat" after a cancelled run. It answers, and
// nextRunAfterCancel is true; or Ollama 0.17.4 kept the cancelled stream's
// place for good (a race in its chat handler, docs/real-ollama.md) or is
// slow to free it, and then the run must say what it waits for and what
// frees it. The test then does what that says — cancel, and unload the
// model as `ollama stop tiny` does — and nextRunAfterCancel is false.
func nextRunAfterCancel(t *testing.T, e *realEnv) bool {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*waitBound)
	defer cancel()
	c := e.cmd(ctx, "run", "chat")
	c.Env = append(c.Env, "LOOPLS_MODEL_WAIT_NOTICE=5")
	var stdout strings.Builder
	c.Stdout = &stdout
	se, err := c.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	errs := watch(se)
	const notice = "no answer from the model yet after 5s"
	if !errs.waitWithin(notice, 3*waitBound) {
		// It ended, answered or not, before any notice.
		<-errs.done
		err := c.Wait()
		if err != nil || !strings.Contains(stdout.String(), "Hello from the tiny test model.") {
			t.Fatalf("the run after a cancel: %v, %q; stderr:\n%s", err, stdout.String(), errs.String())
		}
		return true
	}
	t.Logf("the run after the cancel waited:\n%s", errs.String())
	if !strings.Contains(errs.String(), "cancel and run `ollama stop tiny`") {
		t.Errorf("the notice does not say what frees the model; stderr:\n%s", errs.String())
	}
	if err := c.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	<-errs.done
	if err := c.Wait(); err == nil {
		// It answered just as the notice came: that is fine too.
		if !strings.Contains(stdout.String(), "Hello from the tiny test model.") {
			t.Fatalf("the run after a cancel ended without the answer: %q; stderr:\n%s", stdout.String(), errs.String())
		}
		return true
	} else if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitCancelled {
		t.Fatalf("the waiting run, cancelled: %v, want exit %d; stderr:\n%s", err, exitCancelled, errs.String())
	}
	realollama.Unload(t, e.host, "tiny")
	return false
}
