// Package command runs run_command's command lines: the shell interpreter
// (mvdan.cc/sh) whose handlers are the only way a line reaches the system,
// the policy that judges each program as it is about to start (the allow
// list and the argument rules), and the execution, in a child the kernel
// confines (package confine) or, where it cannot, in this process with
// every program asked for. The run_command tool (package workspace) parses
// the model's arguments, reaches the user through Config.Approver and
// hands a line here.
package command

import (
	"context"
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

const (
	outputHalf = 16 << 10 // bytes kept from the start and from the end
	// OutputLimit is how much of a command's output the model sees: the
	// first and the last half of it.
	OutputLimit = 2 * outputHalf
	// commandWaitDelay is how long output pipes may stay open after the
	// shell exits (a background child holding them) before they are cut.
	commandWaitDelay = 2 * time.Second
)

// Config is what one command line runs with.
type Config struct {
	// Root is the workspace root, opened; Dir is its real path (symlinks
	// resolved). The line runs there, and every path the shell uses must
	// stay inside it.
	Root *os.Root
	Dir  string
	// Policy is the run's command policy.
	Policy Policy
	// Approver is asked about each program (or, in edit mode, each write)
	// not allowed as it is; nil refuses them all.
	Approver Approver
	// Scan, when set, is the workspace's scan for protected paths, kept
	// from line to line so that each reads only the directories that
	// changed; nil scans afresh before each confined line.
	Scan *ProtectedScan

	// seams are for this package's tests; Config values made elsewhere
	// leave them empty.
	seams seams
}

// seams are the tests' view of a line: record sees every program the
// interpreter was about to run and what was decided; start, when set,
// replaces starting the process.
type seams struct {
	record func(execution)
	start  func(ctx context.Context, args []string) error
}

// Approver reaches the user for one program or change. It returns an
// error only when ctx ended while asking (then the error is ctx's).
type Approver interface {
	Approve(ctx context.Context, q Question) (Answer, error)
}

// Question is what the user is asked about.
type Question struct {
	// Line is the whole command line.
	Line string
	// Part is the program about to run, with its expanded arguments (and
	// the variables it changes, the directory when not the root), as one
	// shell-quoted line; or "> name" for a write in edit mode.
	Part string
	// Reasons say why it is not allowed as it is.
	Reasons []string
	// Protected is the protected path (relative to the root, a directory
	// ending in "/") the program would write, "" otherwise. Such a
	// question is asked in every mode, never answered from memory or by
	// policy (no one to ask refuses it), and its answer is not remembered.
	Protected string
}

// Answer is how a Question was settled.
type Answer struct {
	// Asked: the user was asked (not answered from memory or policy).
	Asked bool
	// Refusal says why it must not run, for the model; "" allows it.
	Refusal string
}

// Simple returns the arguments of a command line that is exactly one
// program with fixed arguments: no expansions, globs, redirections,
// assignments, operators or characters two shells could read differently.
// Only such a line can be judged before it runs in another shell (an
// editor's terminal): see AdmitSimple.
func Simple(cmdline string) ([]string, bool) {
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

// ErrNotFound reports a program that is not found on the line's PATH.
var ErrNotFound = errors.New("command not found")

// ErrConfinedHere is AdmitSimple's answer while the kernel confines
// commands on this machine: another shell (an editor's terminal) runs
// outside that confinement, so the line must run here, in Run's confined
// child, never be handed over.
var ErrConfinedHere = errors.New("the kernel confines commands here: the line runs in loopls's confined child, not in another shell")

// AdmitSimple judges args, a line Simple accepted that another shell (an
// editor's terminal, with its own environment) will run in the root, as
// the interpreter would judge it, asking the user when needed. That shell
// is outside any confinement, so AdmitSimple admits a line only where the
// kernel confines nothing (and then every program is asked, as Run's are
// there); where it confines, the answer is ErrConfinedHere. It returns the
// line to hand over, re-quoted, so that what runs is what was judged;
// ErrNotFound when the program is not found here, an ErrRefused error when
// it must not run, or ctx's error.
func AdmitSimple(ctx context.Context, cfg Config, cmdline string, args []string) (string, error) {
	st := Confinement()
	if st.Confined() {
		return "", ErrConfinedHere
	}
	c := newCommandRun(cfg, cmdline, Env())
	c.unconfined = st.Why + "; the editor's terminal runs it, outside loopls"
	reasons, _, run, err := c.judge(c.t.dir, nil, args)
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrNotFound, err)
	}
	if _, err := c.decide(ctx, partText(args), reasons); err != nil {
		return "", err
	}
	if gitWrites(run) {
		// The terminal's git writes .git unconfined: the same question
		// by name as in the interpreter.
		if _, _, err := c.approveGitDir(ctx, c.t.dir, partText(args), args); err != nil {
			return "", err
		}
	}
	return partText(run), nil
}

// Run runs cmdline in the interpreter in the root, bounded by timeout, and
// returns run_command's result: the output (cut in the middle past
// OutputLimit) and how the line ended. Every program it runs is judged
// (and asked for) as it is about to start; a refusal stops the line there.
// The error is ctx's when ctx ended; every other failure is in the result.
func Run(ctx context.Context, cfg Config, cmdline string, timeout time.Duration) (engine.ToolResult, error) {
	runCtx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	out := &capBuffer{half: outputHalf}
	start := time.Now()
	var c *commandRun
	var err error
	if st := Confinement(); st.Confined() {
		c, err = runConfined(runCtx, cfg, cmdline, st, out)
	} else {
		c, err = runInterp(runCtx, cfg, cmdline, st.Why, out)
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

// failed is an error result.
func failed(format string, args ...any) (engine.ToolResult, error) {
	return engine.ToolResult{Output: fmt.Sprintf(format, args...), IsError: true}, nil
}

// ok is a successful result.
func ok(output string) (engine.ToolResult, error) {
	return engine.ToolResult{Output: output}, nil
}
