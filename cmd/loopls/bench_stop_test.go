package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/loopls/loopls/bench"
	"github.com/loopls/loopls/internal/fakeollama"
)

// Ctrl-C stops the run in flight at once and prints what was measured:
// the finished runs' lines and a summary that says it stopped.
func TestBenchCtrlCStopsAtOnceWithWhatWasMeasured(t *testing.T) {
	tasks := bench.Builtin()
	stalled := make(chan struct{}, 1)
	srv := fakeollama.StartTB(t, fakeollama.Options{Script: func(req *api.ChatRequest) *fakeollama.Reply {
		for _, tk := range tasks {
			if tk.Name == "py-fix-test" && strings.HasPrefix(req.Messages[len(req.Messages)-1].Content, tk.Spec.Prompt) {
				select {
				case stalled <- struct{}{}:
				default:
				}
				return &fakeollama.Reply{Stall: true}
			}
		}
		return fakeollama.Text("done")
	}})
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), benchBound)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary(t), "bench", "--json", "--allow-unconfined", "--model", "tiny",
		"--task", "answer-facts", "--task", "py-fix-test", "--task", "js-fix-test")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "OLLAMA_HOST="+srv.Host, "XDG_CONFIG_HOME="+filepath.Join(dir, "config"),
		"XDG_STATE_HOME="+filepath.Join(dir, "state"))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string, 16)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	first := <-lines
	if !strings.Contains(first, `"task":"answer-facts"`) {
		t.Fatalf("first line %q, want answer-facts's result", first)
	}
	select {
	case <-stalled:
	case <-ctx.Done():
		t.Fatal("the stalling task's request never came")
	}
	stopped := time.Now()
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	var rest []string
	for l := range lines {
		rest = append(rest, l)
	}
	err = cmd.Wait()
	if took := time.Since(stopped); took > 10*time.Second {
		t.Errorf("the bench took %v to stop", took)
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitCancelled {
		t.Fatalf("exit %v, want %d; stderr:\n%s", err, exitCancelled, stderr.String())
	}
	if len(rest) != 1 || !strings.HasPrefix(rest[0], `{"summary":`) {
		t.Fatalf("after the first result: %q, want the summary alone (js-fix-test never ran)", rest)
	}
	var v struct{ Summary bench.Summary }
	if err := json.Unmarshal([]byte(rest[0]), &v); err != nil {
		t.Fatal(err)
	}
	if !v.Summary.Stopped || v.Summary.Tasks != 1 || v.Summary.Passed != 0 {
		t.Errorf("summary = %+v, want stopped after 1 task", v.Summary)
	}
	if !strings.Contains(stderr.String(), "stopped") {
		t.Errorf("stderr does not say the bench stopped:\n%s", stderr.String())
	}
}

// Where nothing confines commands, the bench refuses to run tasks unless
// the user says so.
func TestBenchRefusesUnconfinedUnlessAllowed(t *testing.T) {
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	dir := t.TempDir()
	env := append(os.Environ(), "OLLAMA_HOST="+srv.Host, "XDG_CONFIG_HOME="+filepath.Join(dir, "config"), "LOOPLS_CONFINE=off")
	run := func(args ...string) result {
		return runToEnd(t, benchBound, args, func(ctx context.Context, a ...string) *exec.Cmd {
			c := exec.CommandContext(ctx, binary(t), a...)
			c.Dir, c.Env = dir, env
			return c
		})
	}
	r := run("bench", "--model", "tiny", "--task", "answer-facts")
	if r.code != exitUsage || !strings.Contains(r.stderr, "--allow-unconfined") || len(srv.Requests()) != 0 {
		t.Fatalf("exit %d, %d model requests; stderr:\n%s", r.code, len(srv.Requests()), r.stderr)
	}
	r = run("bench", "--json", "--model", "tiny", "--task", "answer-facts", "--allow-unconfined")
	if r.code != 0 || !strings.Contains(r.stdout, `"passed":false`) {
		t.Fatalf("with --allow-unconfined: exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
}

// A user's own tasks run from --tasks DIR; one whose toolchain is missing
// is skipped (passed null), never passed or failed; a bad spec is a usage
// error that names the task.
func TestBenchUserTasksAndMissingToolchain(t *testing.T) {
	srv := fakeollama.StartTB(t, fakeollama.Options{Script: func(*api.ChatRequest) *fakeollama.Reply {
		return fakeollama.Text("The answer is 42.")
	}})
	dir := t.TempDir()
	tasks := filepath.Join(dir, "tasks")
	write := func(p, s string) {
		t.Helper()
		p = filepath.Join(tasks, p)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("ask/task.json", `{"prompt": "What is six times seven?", "check": {"runner": "answer", "facts": ["42"]}}`)
	write("ask/start/README.md", "# numbers\n")
	write("exotic/task.json", `{"prompt": "Fix it.", "needs": ["no-such-toolchain-here"], "check": {"runner": "answer", "facts": ["x"]}}`)
	write("exotic/start/a.txt", "a\n")
	env := append(os.Environ(), "OLLAMA_HOST="+srv.Host, "XDG_CONFIG_HOME="+filepath.Join(dir, "config"))
	run := func(args ...string) result {
		return runToEnd(t, benchBound, args, func(ctx context.Context, a ...string) *exec.Cmd {
			c := exec.CommandContext(ctx, binary(t), a...)
			c.Dir, c.Env = dir, env
			return c
		})
	}
	r := run("bench", "--json", "--allow-unconfined", "--model", "tiny", "--tasks", tasks)
	if r.code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", r.code, r.stderr)
	}
	want := []string{`"task":"ask","model":"tiny"`, `"passed":true`, `"task":"exotic"`, `"passed":null`, `"skipped":"no-such-toolchain-here is not on PATH"`,
		`"tasks":2,"passed":1,"skipped":1`}
	for _, w := range want {
		if !strings.Contains(r.stdout, w) {
			t.Errorf("stdout lacks %s:\n%s", w, r.stdout)
		}
	}
	write("bad/task.json", `{"prompt": "x", "check": {"runner": "python", "files": ["t.py"]}}`)
	write("bad/start/t.py", "")
	r = run("bench", "--model", "tiny", "--tasks", tasks)
	if r.code != exitUsage || !strings.Contains(r.stderr, "bad: check.tests names no test") {
		t.Errorf("a spec without named tests: exit %d, stderr:\n%s", r.code, r.stderr)
	}
}

// On a terminal the bench's progress is a bar redrawn in place, then the
// table; off a terminal, one line per finished run (the other tests).
func TestBenchOnTerminalDrawsAProgressBar(t *testing.T) {
	scriptPath, err := exec.LookPath("script")
	if err != nil {
		t.Fatalf("this test needs script(1) from util-linux to get a terminal: %v", err)
	}
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), benchBound)
	defer cancel()
	c := exec.CommandContext(ctx, scriptPath, "-q", "-e", "-c",
		binary(t)+" bench --allow-unconfined --model tiny --task answer-facts --task answer-count", "/dev/null")
	c.Dir = dir
	c.Env = append(os.Environ(), "OLLAMA_HOST="+srv.Host, "XDG_CONFIG_HOME="+filepath.Join(dir, "config"), "TERM=xterm")
	out, err := c.CombinedOutput()
	if err != nil {
		t.Fatalf("loopls bench on a terminal: %v\n%q", err, out)
	}
	screen := string(out)
	for _, want := range []string{"\r\x1b[K[------------------------] 0/2 answer-facts with tiny", "[############------------] 1/2", "TASK", "0 of 2 runs passed"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the screen lacks %q:\n%q", want, screen)
		}
	}
	if strings.Contains(screen, "bench: 1/2") {
		t.Errorf("a terminal got the pipe's lines:\n%q", screen)
	}
}

// A model that cannot run the tasks is refused before the first task,
// rather than failing every one of them.
func TestBenchRefusesAModelItCannotRun(t *testing.T) {
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	dir := t.TempDir()
	r := runToEnd(t, benchBound, []string{"bench", "--allow-unconfined", "--model", "no-such-model", "--model", "tiny"},
		func(ctx context.Context, a ...string) *exec.Cmd {
			c := exec.CommandContext(ctx, binary(t), a...)
			c.Dir = dir
			c.Env = append(os.Environ(), "OLLAMA_HOST="+srv.Host, "XDG_CONFIG_HOME="+filepath.Join(dir, "config"))
			return c
		})
	if r.code != exitFailed || !strings.Contains(r.stderr, "no-such-model") || r.stdout != "" || len(srv.Requests()) != 0 {
		t.Fatalf("exit %d, %d chat requests\nstdout:\n%s\nstderr:\n%s", r.code, len(srv.Requests()), r.stdout, r.stderr)
	}
	t.Logf("stderr: %s", r.stderr)
}
