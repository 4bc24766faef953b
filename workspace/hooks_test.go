package workspace

import (
	"github.com/loopls/loopls/command"

	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// bufferReader is a Reader with the editor's unsaved buffers, keyed by
// absolute path; it records every path it was asked for.
type bufferReader struct {
	mu      sync.Mutex
	buffers map[string]string
	asked   []string
	err     error
}

func (r *bufferReader) ReadText(_ context.Context, run machine.RunID, abs string) (string, bool, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.asked = append(r.asked, string(run)+" "+abs)
	if r.err != nil {
		return "", false, r.err
	}
	text, ok := r.buffers[abs]
	return text, ok, nil
}

func (r *bufferReader) askedFor() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.asked...)
}

func TestReaderHookIsReadBeforeTheDisk(t *testing.T) {
	dir := newTree(t, map[string]string{"a.txt": "on disk\n", "b.txt": "b on disk\n", "new.txt": "hello\n"})
	outside := newTree(t, map[string]string{"secret.txt": "secret\n"})
	if err := os.Symlink(filepath.Join(outside, "secret.txt"), filepath.Join(dir, "link.txt")); err != nil {
		t.Fatal(err)
	}
	r := &bufferReader{}
	ed := &recordingEditor{}
	w := openWS(t, dir, Options{Reader: r, Editor: ed})
	r.buffers = map[string]string{
		filepath.Join(w.Root(), "a.txt"):   "unsaved in the editor\n",
		filepath.Join(w.Root(), "new.txt"): "hello from the buffer\n",
	}

	if res := call(t, w, ToolReadFile, map[string]any{"path": "a.txt"}); res.IsError || !strings.Contains(res.Output, "unsaved in the editor") || strings.Contains(res.Output, "on disk") {
		t.Errorf("read_file(a.txt) = %+v, want the editor's buffer", res)
	}
	// The Reader declines b.txt: the disk answers.
	if res := call(t, w, ToolReadFile, map[string]any{"path": "b.txt"}); res.IsError || !strings.Contains(res.Output, "b on disk") {
		t.Errorf("read_file(b.txt) = %+v, want the disk", res)
	}
	if got, want := r.askedFor(), []string{"run1 " + filepath.Join(w.Root(), "a.txt"), "run1 " + filepath.Join(w.Root(), "b.txt")}; !slices.Equal(got, want) {
		t.Errorf("asked = %q, want %q", got, want)
	}

	// Paths the workspace refuses never reach the Reader.
	before := len(r.askedFor())
	for _, p := range []string{"../x.txt", filepath.Join(outside, "secret.txt"), "link.txt", "missing.txt", "."} {
		if res := call(t, w, ToolReadFile, map[string]any{"path": p}); !res.IsError || strings.Contains(res.Output, "\tsecret") {
			t.Errorf("read_file(%q) = %+v, want it refused", p, res)
		}
	}
	if got := r.askedFor(); len(got) != before {
		t.Errorf("the Reader was asked for refused paths: %q", got[before:])
	}

	// edit_file edits the text the editor has, not the disk's.
	if res := call(t, w, ToolEditFile, map[string]any{"path": "new.txt", "old_string": "from the buffer", "new_string": "edited"}); res.IsError {
		t.Fatalf("edit_file = %+v", res)
	}
	ed.mu.Lock()
	edits := ed.edits
	ed.mu.Unlock()
	if len(edits) != 1 || edits[0].Old != "hello from the buffer\n" || edits[0].New != "hello edited\n" {
		t.Errorf("edits = %+v, want the buffer's text edited", edits)
	}

	// A failing editor fails the read with a kind, not the disk's text.
	r.mu.Lock()
	r.err = errors.New("connection lost")
	r.mu.Unlock()
	if _, _, _, err := w.readText(context.Background(), "run1", "b.txt"); !errors.Is(err, ErrHookFailed) {
		t.Errorf("readText with a failing Reader: err = %v, want ErrHookFailed", err)
	}
	if res := call(t, w, ToolReadFile, map[string]any{"path": "b.txt"}); !res.IsError || !strings.Contains(res.Output, "connection lost") {
		t.Errorf("read_file with a failing Reader = %+v, want the editor's error", res)
	}
}

// recordingEditor applies every edit, recording it.
type recordingEditor struct {
	mu    sync.Mutex
	edits []FileEdit
}

func (e *recordingEditor) Apply(_ context.Context, fe FileEdit) (EditResult, error) {
	e.mu.Lock()
	e.edits = append(e.edits, fe)
	e.mu.Unlock()
	return EditResult{Applied: true}, nil
}

// scriptedRunner is a Runner whose commands follow run; it records requests.
type scriptedRunner struct {
	mu      sync.Mutex
	reqs    []CommandRequest
	decline bool
	run     func(ctx context.Context, req CommandRequest) (CommandResult, error)
}

func (r *scriptedRunner) RunCommand(ctx context.Context, req CommandRequest) (CommandResult, bool, error) {
	r.mu.Lock()
	r.reqs = append(r.reqs, req)
	decline := r.decline
	r.mu.Unlock()
	if decline {
		return CommandResult{}, false, nil
	}
	res, err := r.run(ctx, req)
	return res, true, err
}

// unconfined makes run_command behave as where the kernel confines nothing,
// the only place a command is handed to a Runner; there every program is
// asked, so the tests below answer.
func unconfined(t *testing.T) {
	t.Helper()
	t.Setenv(command.ConfineEnv, "off")
}

func TestRunnerHookRunsApprovedCommands(t *testing.T) {
	unconfined(t)
	dir := newTree(t, nil)
	r := &scriptedRunner{run: func(ctx context.Context, req CommandRequest) (CommandResult, error) {
		switch req.Command {
		case "make":
			return CommandResult{Output: "from the terminal\n", ExitCode: 2}, nil
		case "long":
			return CommandResult{Output: "tail\n", Truncated: true}, nil
		case "killed":
			return CommandResult{Output: "x", Signal: "SIGKILL"}, nil
		case "broken":
			return CommandResult{}, errors.New("terminal/create: no shell")
		case "sleep 30":
			<-ctx.Done()
			return CommandResult{Output: "partial\n"}, ctx.Err()
		}
		return CommandResult{}, errors.New("unexpected command " + req.Command)
	}}
	ap := &recordingApprover{decision: DecisionAllowOnce}
	w := withPolicy(openWS(t, dir, Options{Runner: r, Approver: ap}), command.Policy{AllowCommands: true, Allowed: []string{"make", "long", "killed", "broken", "sleep", "pwd"}})
	tests := []struct {
		cmd     string
		timeout int
		isError bool
		want    []string
	}{
		{"make", 0, false, []string{"$ make\nfrom the terminal\n", "[exit code 2]"}},
		{"long", 0, false, []string{"start of the output was cut", "tail\n", "[exit code 0]"}},
		{"killed", 0, false, []string{"[killed by signal SIGKILL]"}},
		{"broken", 0, true, []string{"no shell", "editor's terminal"}},
		{"sleep 30", 1, true, []string{"partial", "timed out after 1s"}},
	}
	for _, tt := range tests {
		args := map[string]any{"command": tt.cmd}
		if tt.timeout > 0 {
			args["timeout_s"] = tt.timeout
		}
		res := call(t, w, ToolRunCommand, args)
		if res.IsError != tt.isError {
			t.Errorf("run_command(%q): IsError = %v, want %v (%q)", tt.cmd, res.IsError, tt.isError, res.Output)
		}
		for _, s := range tt.want {
			if !strings.Contains(res.Output, s) {
				t.Errorf("run_command(%q) = %q, want %q in it", tt.cmd, res.Output, s)
			}
		}
	}
	r.mu.Lock()
	first := r.reqs[0]
	r.mu.Unlock()
	if first.Dir != w.Root() || first.RunID != "run1" || first.CallID != "call_1" || first.OutputLimit != command.OutputLimit {
		t.Errorf("request = %+v", first)
	}

	// Allowed, but nothing confines the terminal: each was asked.
	if n := ap.count(); n != len(tests) {
		t.Errorf("asked %d times, want each of the %d commands", n, len(tests))
	}
	// A command the user refuses never reaches the Runner.
	ap.mu.Lock()
	ap.decision = DecisionRejectOnce
	ap.mu.Unlock()
	n := len(r.reqs)
	if res := call(t, w, ToolRunCommand, map[string]any{"command": "rm -rf /"}); !res.IsError || !strings.Contains(res.Output, "not run") {
		t.Errorf("unapproved command = %+v", res)
	}
	r.mu.Lock()
	if len(r.reqs) != n {
		t.Errorf("the Runner ran an unapproved command: %+v", r.reqs[n:])
	}
	r.decline = true
	r.mu.Unlock()
	ap.mu.Lock()
	ap.decision = DecisionAllowOnce
	ap.mu.Unlock()
	// A Runner that declines leaves the command to the local shell.
	if res := call(t, w, ToolRunCommand, map[string]any{"command": "pwd"}); res.IsError || !strings.Contains(res.Output, w.Root()+"\n") {
		t.Errorf("declined command = %+v, want it run locally", res)
	}
}

func TestRunnerHookCancel(t *testing.T) {
	unconfined(t)
	dir := newTree(t, nil)
	started := make(chan struct{})
	r := &scriptedRunner{run: func(ctx context.Context, req CommandRequest) (CommandResult, error) {
		close(started)
		<-ctx.Done()
		return CommandResult{Output: "so far\n"}, ctx.Err()
	}}
	w := withPolicy(openWS(t, dir, Options{Runner: r, Approver: &recordingApprover{decision: DecisionAllowOnce}}), command.Policy{AllowCommands: true, Allowed: []string{"sleep"}})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type outcome struct {
		res engine.ToolResult
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		raw, _ := json.Marshal(map[string]any{"command": "sleep 30"})
		res, err := tool(t, w, ToolRunCommand).Call(ctx, engine.ToolInvocation{RunID: "run1", Call: machine.ToolCall{ID: "c", Name: ToolRunCommand, Arguments: raw}})
		done <- outcome{res, err}
	}()
	select {
	case <-started:
	case <-time.After(10 * time.Second):
		t.Fatal("the Runner was never asked")
	}
	cancel()
	select {
	case o := <-done:
		if !errors.Is(o.err, context.Canceled) || !o.res.IsError || !strings.Contains(o.res.Output, "so far") || !strings.Contains(o.res.Output, "cancelled") {
			t.Errorf("cancelled = %+v, %v", o.res, o.err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("run_command did not return after cancel")
	}
}

// TestRunnerGetsOnlyJudgedSimpleCommands: an editor's terminal runs its own
// shell, so only a line that is one program with fixed arguments goes
// there, judged first and re-quoted; any other line runs in the
// interpreter, judged program by program.
func TestRunnerGetsOnlyJudgedSimpleCommands(t *testing.T) {
	unconfined(t)
	dir := newTree(t, map[string]string{"a b.txt": "x\n"})
	r := &scriptedRunner{run: func(ctx context.Context, req CommandRequest) (CommandResult, error) {
		return CommandResult{Output: "terminal\n"}, nil
	}}
	ap := &recordingApprover{decision: DecisionAllowOnce}
	w := withPolicy(openWS(t, dir, Options{Runner: r, Approver: ap}), command.Policy{Allowed: []string{"ls", "cat", "sed", "printf"}})
	reqs := func() []string {
		r.mu.Lock()
		defer r.mu.Unlock()
		var out []string
		for _, q := range r.reqs {
			out = append(out, q.Command)
		}
		r.reqs = nil
		return out
	}
	// Simple and allowed: to the terminal, re-quoted; sed with its rule's flag.
	for cmd, want := range map[string]string{"ls -l": "ls -l", "cat 'a b.txt'": "cat 'a b.txt'", "sed -n p 'a b.txt'": "sed --sandbox -n p 'a b.txt'"} {
		if res := call(t, w, ToolRunCommand, map[string]any{"command": cmd}); res.IsError || !strings.Contains(res.Output, "terminal") {
			t.Errorf("%q = %+v", cmd, res)
		}
		if got := reqs(); !slices.Equal(got, []string{want}) {
			t.Errorf("%q reached the terminal as %q, want %q", cmd, got, want)
		}
	}
	// Refused: never in the terminal.
	ap.mu.Lock()
	ap.decision = DecisionRejectOnce
	ap.mu.Unlock()
	for _, cmd := range []string{"cat /etc/passwd", "touch x", "./x"} {
		if res := call(t, w, ToolRunCommand, map[string]any{"command": cmd}); !res.IsError {
			t.Errorf("%q = %+v, want refused", cmd, res)
		}
		if got := reqs(); len(got) != 0 {
			t.Errorf("%q reached the terminal: %q", cmd, got)
		}
	}
	// Not simple: run here, judged; the terminal sees nothing.
	for _, cmd := range []string{"ls; ls", "ls $HOME", "FOO=1 ls", "ls > out", "ls *", "printf %s $(ls)"} {
		call(t, w, ToolRunCommand, map[string]any{"command": cmd})
		if got := reqs(); len(got) != 0 {
			t.Errorf("%q reached the terminal: %q", cmd, got)
		}
	}
}

// protectedRefuser allows every command and refuses every protected path.
type protectedRefuser struct{ recordingApprover }

func (a *protectedRefuser) Approve(ctx context.Context, req ApprovalRequest) (Decision, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.asked = append(a.asked, req)
	if req.Protected != "" {
		return DecisionRejectOnce, nil
	}
	return DecisionAllowOnce, nil
}

// TestRunnerAsksBeforeGitWritesGit: a git command that writes .git asks
// its question by name before it goes to the editor's terminal (which
// runs it unconfined, so the program itself is asked first); refused, the
// terminal never sees it. One that only reads goes there with the
// program's question alone.
func TestRunnerAsksBeforeGitWritesGit(t *testing.T) {
	unconfined(t)
	dir := newTree(t, map[string]string{".git/HEAD": "ref: refs/heads/main\n"})
	r := &scriptedRunner{run: func(ctx context.Context, req CommandRequest) (CommandResult, error) {
		return CommandResult{Output: "terminal\n"}, nil
	}}
	ap := &protectedRefuser{}
	w := withPolicy(openWS(t, dir, Options{Runner: r, Approver: ap}), command.Policy{Allowed: []string{"git"}})
	if res := call(t, w, ToolRunCommand, map[string]any{"command": "git commit -qm x"}); !res.IsError || !strings.Contains(res.Output, "refused writing the protected path .git/") {
		t.Errorf("git commit = %+v, want refused by name", res)
	}
	if ap.count() != 2 || ap.asked[0].Protected != "" || ap.asked[1].Protected != ".git/" {
		t.Errorf("asked %+v, want the program, then one question naming .git/", ap.asked)
	}
	if res := call(t, w, ToolRunCommand, map[string]any{"command": "git status"}); res.IsError || ap.count() != 3 || ap.asked[2].Protected != "" {
		t.Errorf("git status = %+v, asked %+v", res, ap.asked)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.reqs) != 1 || !strings.Contains(r.reqs[0].Command, "status") {
		t.Errorf("the terminal got %+v, want only git status", r.reqs)
	}
}
