package workspace

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

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

type runCommandTool struct {
	w      *Workspace
	policy CommandPolicy
}

type runCommandArgs struct {
	Command  string  `json:"command"`
	TimeoutS flexInt `json:"timeout_s"`
}

func (t *runCommandTool) Spec() engine.ToolSpec {
	return engine.ToolSpec{
		Name: ToolRunCommand,
		Description: "Run a shell command line (bash syntax) in the workspace root and return its combined output and exit code. " +
			"Each program it runs that is not on the user's allow list is shown to the user for approval first; a refusal stops the command line there and is final for that program. " +
			"Redirections stay inside the workspace. Long output is cut in the middle.",
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
	timeout := commandDefaultTimeout
	if a.TimeoutS > 0 {
		timeout = min(time.Duration(a.TimeoutS)*time.Second, commandMaxTimeout)
	}
	if t.w.runner != nil {
		if res, handled, err := t.w.runHooked(ctx, inv, t.policy, a.Command, timeout); handled {
			return res, err
		}
	}
	return t.w.runCommand(ctx, inv, t.policy, a.Command, timeout)
}

// runHooked runs cmdline through the Runner (an editor's terminal, which
// runs it with its own sh), bounded by timeout. Only a line that is one
// program with fixed arguments can be judged before it runs there: it is
// judged as the interpreter would judge it and handed over re-quoted, so
// what the terminal runs is what was judged. Any other line is not the
// Runner's (handled false): it runs in the interpreter, judged step by step.
func (w *Workspace) runHooked(ctx context.Context, inv engine.ToolInvocation, p CommandPolicy, cmdline string, timeout time.Duration) (res engine.ToolResult, handled bool, err error) {
	args, simple := simpleCommand(cmdline)
	if !simple {
		return engine.ToolResult{}, false, nil
	}
	c := w.newCommandRun(inv, p, cmdline, commandEnv(os.Environ()))
	reasons, _, run, jerr := c.judge(w.rootReal, nil, args)
	if jerr != nil {
		return engine.ToolResult{}, false, nil // not found here: let the interpreter say so
	}
	if _, derr := c.decide(ctx, partText(args), reasons); derr != nil {
		if ctx.Err() != nil {
			return engine.ToolResult{Output: "run_command: cancelled while waiting for approval", IsError: true}, true, ctx.Err()
		}
		r, _ := failed("run_command: %v", derr)
		return r, true, nil
	}
	runCtx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	start := time.Now()
	line := partText(run)
	out, handled, err := w.runner.RunCommand(runCtx, CommandRequest{
		RunID: inv.RunID, CallID: inv.Call.ID, Command: line, Dir: w.rootReal, OutputLimit: 2 * commandOutputHalf,
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

// simpleCommand returns the arguments of a command line that is exactly
// one program with fixed arguments: no expansions, globs, redirections,
// assignments, operators or characters two shells could read differently.
func simpleCommand(cmdline string) ([]string, bool) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmdline), "")
	if err != nil || len(f.Stmts) != 1 {
		return nil, false
	}
	st := f.Stmts[0]
	if st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 {
		return nil, false
	}
	call, isCall := st.Cmd.(*syntax.CallExpr)
	if !isCall || len(call.Assigns) > 0 || len(call.Args) == 0 {
		return nil, false
	}
	args := make([]string, 0, len(call.Args))
	for _, w := range call.Args {
		var b strings.Builder
		for _, part := range w.Parts {
			switch p := part.(type) {
			case *syntax.Lit:
				if strings.Trim(p.Value, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./,:@%+=-") != "" {
					return nil, false
				}
				b.WriteString(p.Value)
			case *syntax.SglQuoted:
				if p.Dollar {
					return nil, false
				}
				b.WriteString(p.Value)
			default:
				return nil, false
			}
		}
		args = append(args, b.String())
	}
	if args[0] == "" || shellWords[args[0]] {
		return nil, false
	}
	return args, true
}

// shellWords are builtins and keywords that act on the shell itself (run
// other code, change its state): a line starting with one is never handed
// to another shell as "a program". Builtins that only print or test (echo,
// printf, test, true, pwd) are judged like the programs of the same name.
var shellWords = map[string]bool{
	"cd": true, "exec": true, "eval": true, "source": true, ".": true, "command": true, "builtin": true,
	"export": true, "alias": true, "unalias": true, "trap": true, "set": true, "unset": true, "readonly": true,
	"declare": true, "typeset": true, "local": true, "hash": true, "enable": true, "ulimit": true,
	"umask": true, "shopt": true, "exit": true, "return": true, "wait": true, "type": true,
	"read": true, "mapfile": true, "readarray": true, "getopts": true, "shift": true, "times": true,
	"pushd": true, "popd": true, "dirs": true, "jobs": true, "fg": true, "bg": true, "disown": true,
	"coproc": true, "time": true, "let": true, "fc": true, "history": true, "bind": true,
	"caller": true, "compgen": true, "complete": true, "logout": true, "suspend": true, "function": true,
	"select": true, "if": true, "for": true, "while": true, "until": true, "case": true, "!": true,
	"{": true, "}": true, "[[": true, "((": true,
}

// runCommand runs cmdline in the interpreter in the root. Every program it
// runs is judged (and asked for) as it is about to start; a refusal stops
// the line there.
func (w *Workspace) runCommand(ctx context.Context, inv engine.ToolInvocation, p CommandPolicy, cmdline string, timeout time.Duration) (engine.ToolResult, error) {
	runCtx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	out := &capBuffer{half: commandOutputHalf}
	start := time.Now()
	var c *commandRun
	var err error
	if st := Confinement(); st.Confined() {
		c, err = w.runConfined(runCtx, inv, p, cmdline, st, out)
	} else {
		c, err = w.runInterp(runCtx, inv, p, cmdline, st.Why, out)
	}
	elapsed := time.Since(start).Round(time.Millisecond)
	if errors.Is(err, ErrUnparsable) {
		return failed("run_command: not run: %v", err)
	}
	text := out.String()
	var refused, removed []string
	if c != nil {
		c.mu.Lock()
		refused, removed = slices.Clone(c.refused), slices.Clone(c.removed)
		c.mu.Unlock()
	}
	if len(removed) > 0 {
		text += "\n[removed what the command created at protected paths: " + strings.Join(removed, ", ") +
			". Programs run or read these as configuration, so writing them needs the user's approval; use write_file, which asks]"
	}
	switch {
	case errors.Is(err, ErrConfinement) && ctx.Err() == nil && runCtx.Err() == nil:
		return failed("$ %s\n%s\n[not run: %v]", cmdline, text, err)
	case ctx.Err() != nil:
		return engine.ToolResult{Output: fmt.Sprintf("$ %s\n%s\n[cancelled after %s; the command was killed]", cmdline, text, elapsed), IsError: true}, ctx.Err()
	case errors.Is(runCtx.Err(), context.DeadlineExceeded):
		return failed("$ %s\n%s\n[timed out after %s; the command was killed. Pass a larger timeout_s if it needs longer]", cmdline, text, timeout)
	case len(refused) > 0:
		return failed("$ %s\n%s\n[stopped: not run: %s]", cmdline, text, strings.Join(refused, "; "))
	}
	code := 0
	if status, isStatus := interp.IsExitStatus(err); isStatus {
		code = int(status)
	} else if err != nil {
		return failed("$ %s\n%s\n[the command failed: %v]", cmdline, text, err)
	}
	return ok(fmt.Sprintf("$ %s\n%s\n[exit code %d]", cmdline, text, code))
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
