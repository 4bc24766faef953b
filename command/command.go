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
	"slices"
	"strings"
	"sync"
	"time"

	"mvdan.cc/sh/v3/interp"

	"github.com/loopls/loopls/beneath"
	"github.com/loopls/loopls/confine"
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
	// Beneath, when set, is the same root opened for the daemon's own file
	// operations (package beneath): what the after-line work removes, it
	// removes beneath it, following no link. nil opens one for the line.
	Beneath *beneath.Root
	// Buffers, when set, are the editor's unsaved buffers: with the layer
	// on, a line reads them in place of the files on disk, and what it
	// changes in one goes back to that buffer (see Buffers).
	Buffers Buffers
	// Journal, when set, is told what a line's layer applied.
	Journal LineJournal
	// Watch, when set, is the workspace's watcher, kept from line to line:
	// a layer is not applied over what it saw change during the line. nil
	// starts a watcher for the line alone.
	Watch *Watch

	// seams are for this package's tests; Config values made elsewhere
	// leave them empty.
	seams seams
}

// seams are the tests' view of a line: record sees every program the
// interpreter was about to run and what was decided; start, when set,
// replaces starting the process.
type seams struct {
	record func(execution)
	// bounds, when set, replace the line's bounds (lineBounds).
	bounds *confine.Bounds
	start  func(ctx context.Context, args []string) error
	// removing runs after the scan saw rel, a protected path the line
	// created, and before the removal of rel starts.
	removing func(rel string)
	// noChangeTime turns off the layer's change-time check of conflicts,
	// so that only the watcher finds them.
	noChangeTime bool
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
	st := Confinement()
	switch tier, why := LineTier(st); {
	case tier != TierAsk:
		c, err = runConfined(runCtx, cfg, cmdline, st, out)
	case st.Confined():
		// The layer is required (LayerEnv "on") but cannot be had here:
		// every program is asked.
		c, err = runInterp(runCtx, cfg, cmdline, "no layer for the command's writes here ("+why+")", out)
	default:
		c, err = runInterp(runCtx, cfg, cmdline, st.Why, out)
	}
	elapsed := time.Since(start).Round(time.Millisecond)
	if errors.Is(err, ErrUnparsable) {
		return failed("run_command: not run: %v", err)
	}
	text := out.String()
	var refused, removed, notes []string
	if c != nil {
		c.mu.Lock()
		refused, removed, notes = slices.Clone(c.refused), slices.Clone(c.removed), slices.Clone(c.layerNotes)
		c.mu.Unlock()
	}
	text += removedReport(removed) + layerReport(notes)
	if c != nil {
		text += envReport(c.dropped)
		if c.boundHit != "" {
			text += "\n[the line's bounds held: " + c.boundHit + "]"
		}
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
