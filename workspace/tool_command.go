package workspace

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/loopls/loopls/engine"
)

// Limits of run_command.
const (
	commandDefaultTimeout = 120 * time.Second
	commandMaxTimeout     = 600 * time.Second
	commandOutputHalf     = 16 << 10 // bytes kept from the start and from the end
	// commandWaitDelay is how long output pipes may stay open after the
	// shell exits (a background child holding them) before they are cut.
	commandWaitDelay = 2 * time.Second
)

type runCommandTool struct{ w *Workspace }

type runCommandArgs struct {
	Command  string  `json:"command"`
	TimeoutS flexInt `json:"timeout_s"`
}

func (t *runCommandTool) Spec() engine.ToolSpec {
	return engine.ToolSpec{
		Name: ToolRunCommand,
		Description: "Run a shell command (sh -c) in the workspace root and return its combined output and exit code. " +
			"Commands not on the user's allow list are shown to the user for approval first; a refusal is final for that command. " +
			"Long output is cut in the middle.",
		Parameters: json.RawMessage(`{"type":"object","properties":{` +
			`"command":{"type":"string","description":"the command line, e.g. go test ./..."},` +
			`"timeout_s":{"type":"integer","minimum":1,"maximum":600,"description":"seconds before the command is killed (default 120)"}},` +
			`"required":["command"],"additionalProperties":false}`),
	}
}

func (t *runCommandTool) Call(ctx context.Context, inv engine.ToolInvocation) (engine.ToolResult, error) {
	var a runCommandArgs
	if err := decodeArgs(inv.Call.Arguments, &a); err != nil {
		return failed("run_command: %v", err)
	}
	if strings.TrimSpace(a.Command) == "" {
		return failed("run_command: command is required")
	}
	if a.TimeoutS < 0 {
		return failed("run_command: timeout_s must be positive")
	}
	if res, refused, err := t.w.approveCommand(ctx, inv, a.Command); refused || err != nil {
		return res, err
	}
	timeout := commandDefaultTimeout
	if a.TimeoutS > 0 {
		timeout = min(time.Duration(a.TimeoutS)*time.Second, commandMaxTimeout)
	}
	if t.w.runner != nil {
		if res, handled, err := t.w.runHooked(ctx, inv, a.Command, timeout); handled {
			return res, err
		}
	}
	return t.w.runCommand(ctx, a.Command, timeout)
}

// runHooked runs cmdline through the Runner, bounded by timeout. handled is
// false when the Runner declined it, so it runs locally instead.
func (w *Workspace) runHooked(ctx context.Context, inv engine.ToolInvocation, cmdline string, timeout time.Duration) (res engine.ToolResult, handled bool, err error) {
	runCtx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	start := time.Now()
	out, handled, err := w.runner.RunCommand(runCtx, CommandRequest{
		RunID: inv.RunID, CallID: inv.Call.ID, Command: cmdline, Dir: w.rootReal, OutputLimit: 2 * commandOutputHalf,
	})
	if !handled && err == nil {
		return engine.ToolResult{}, false, nil
	}
	elapsed := time.Since(start).Round(time.Millisecond)
	text := out.Output
	if out.Truncated {
		text = "[… the start of the output was cut …]\n" + text
	}
	switch {
	case ctx.Err() != nil:
		return engine.ToolResult{Output: fmt.Sprintf("$ %s\n%s\n[cancelled after %s; the command was killed]", cmdline, text, elapsed), IsError: true}, true, ctx.Err()
	case errors.Is(runCtx.Err(), context.DeadlineExceeded):
		r, _ := failed("$ %s\n%s\n[timed out after %s; the command was killed. Pass a larger timeout_s if it needs longer]", cmdline, text, timeout)
		return r, true, nil
	case err != nil:
		r, _ := failed("$ %s\n%s\n[the command could not run in the editor's terminal: %v]", cmdline, text, fmt.Errorf("%w: %w", ErrHookFailed, err))
		return r, true, nil
	case out.Signal != "":
		r, _ := ok(fmt.Sprintf("$ %s\n%s\n[killed by signal %s]", cmdline, text, out.Signal))
		return r, true, nil
	}
	r, _ := ok(fmt.Sprintf("$ %s\n%s\n[exit code %d]", cmdline, text, out.ExitCode))
	return r, true, nil
}

// approveCommand decides whether cmdline may run: yes when every part is on
// the allow list (or was allowed always), else the Approver is asked; with
// no Approver it is refused. refused is true when res must be returned.
func (w *Workspace) approveCommand(ctx context.Context, inv engine.ToolInvocation, cmdline string) (res engine.ToolResult, refused bool, err error) {
	_, allowed := w.policy()
	unapproved, perr := NeedsApproval(cmdline, allowed)
	w.mu.Lock()
	var ask, rejected []string
	for _, p := range unapproved {
		switch {
		case w.alwaysRejected[p]:
			rejected = append(rejected, p)
		case !w.alwaysAllowed[p]:
			ask = append(ask, p)
		}
	}
	w.mu.Unlock()
	if len(rejected) > 0 {
		r, _ := failed("run_command: not run: the user has refused %s for this session; do not try it again", quoteList(rejected))
		return r, true, nil
	}
	if len(ask) == 0 {
		return engine.ToolResult{}, false, nil
	}
	if !canAsk(w.approver) {
		why := "not on the allowedCommands setting"
		if perr != nil {
			why = "the command line could not be parsed (" + perr.Error() + ")"
		}
		r, _ := failed("run_command: not run: %s needs the user's approval (%s) and no one can be asked here. "+
			"The user can add the command to the allowedCommands setting.", quoteList(ask), why)
		return r, true, nil
	}
	dec, err := w.approver.Approve(ctx, ApprovalRequest{RunID: inv.RunID, Call: inv.Call, Command: cmdline, Unapproved: ask})
	if err != nil {
		if ctx.Err() != nil {
			return engine.ToolResult{Output: "run_command: cancelled while waiting for approval", IsError: true}, true, ctx.Err()
		}
		r, _ := failed("run_command: not run: asking the user for approval failed: %v", err)
		return r, true, nil
	}
	switch dec {
	case DecisionAllowOnce:
		return engine.ToolResult{}, false, nil
	case DecisionAllowAlways:
		w.mu.Lock()
		for _, p := range ask {
			w.alwaysAllowed[p] = true
		}
		w.mu.Unlock()
		return engine.ToolResult{}, false, nil
	case DecisionRejectAlways:
		w.mu.Lock()
		for _, p := range ask {
			w.alwaysRejected[p] = true
		}
		w.mu.Unlock()
	}
	r, _ := failed("run_command: not run: the user refused %s. Do not run it again; ask the user or find another way", quoteList(ask))
	return r, true, nil
}

func quoteList(parts []string) string {
	q := make([]string, len(parts))
	for i, p := range parts {
		q[i] = "`" + p + "`"
	}
	return strings.Join(q, ", ")
}

// runCommand runs cmdline with sh -c in the root, in its own process group
// so a cancel or timeout kills everything it started.
func (w *Workspace) runCommand(ctx context.Context, cmdline string, timeout time.Duration) (engine.ToolResult, error) {
	runCtx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	out := &capBuffer{half: commandOutputHalf}
	cmd := exec.CommandContext(runCtx, "sh", "-c", cmdline)
	cmd.Dir = w.rootReal
	cmd.Env = commandEnv(os.Environ())
	cmd.Stdout = out
	cmd.Stderr = out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return killGroup(cmd) }
	cmd.WaitDelay = commandWaitDelay
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return failed("run_command: cannot start the shell: %v", err)
	}
	err := cmd.Wait()
	// Whatever the shell left running in the background goes with it.
	_ = killGroup(cmd)
	elapsed := time.Since(start).Round(time.Millisecond)
	text := out.String()
	switch {
	case ctx.Err() != nil:
		return engine.ToolResult{Output: fmt.Sprintf("$ %s\n%s\n[cancelled after %s; the command was killed]", cmdline, text, elapsed), IsError: true}, ctx.Err()
	case errors.Is(runCtx.Err(), context.DeadlineExceeded):
		return failed("$ %s\n%s\n[timed out after %s; the command was killed. Pass a larger timeout_s if it needs longer]", cmdline, text, timeout)
	}
	code := 0
	var exitErr *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exitErr):
		code = exitErr.ExitCode()
	case errors.Is(err, exec.ErrWaitDelay):
		// The shell exited but a background child held the output open.
	default:
		return failed("$ %s\n%s\n[the command failed: %v]", cmdline, text, err)
	}
	return ok(fmt.Sprintf("$ %s\n%s\n[exit code %d]", cmdline, text, code))
}

// commandEnv is the environment a command runs with: loopls's own, less the
// provider API keys, so a command the model runs (env, printenv, a script
// that logs its environment) cannot hand them to the model.
func commandEnv(env []string) []string {
	out := env[:0:0]
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if strings.HasSuffix(strings.ToUpper(name), "_API_KEY") {
			continue
		}
		out = append(out, kv)
	}
	return out
}

// killGroup kills the command's whole process group.
func killGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}

// capBuffer keeps the first and the last half bytes written to it and
// counts what fell between, so a command's output cannot flood the context
// but both its start and its end (where errors usually are) survive.
type capBuffer struct {
	mu      sync.Mutex
	half    int
	head    []byte
	tail    []byte
	dropped int64
}

func (b *capBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := len(p)
	if room := b.half - len(b.head); room > 0 {
		k := min(room, len(p))
		b.head = append(b.head, p[:k]...)
		p = p[k:]
	}
	b.tail = append(b.tail, p...)
	if over := len(b.tail) - b.half; over > 0 {
		b.dropped += int64(over)
		// Shift in place so the tail never grows past twice its bound.
		b.tail = append(b.tail[:0], b.tail[over:]...)
	}
	return n, nil
}

func (b *capBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.dropped == 0 {
		return string(b.head) + string(b.tail)
	}
	return fmt.Sprintf("%s\n[… %d bytes of output left out …]\n%s", b.head, b.dropped, b.tail)
}
