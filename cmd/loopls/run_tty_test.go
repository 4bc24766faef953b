package main

import (
	"context"
	"os/exec"
	"strings"
	"testing"

	"github.com/loopls/loopls/internal/fakeollama"
)

// On a terminal, progress is one status line redrawn in place (carriage
// return, erase line) rather than a line per update, and the answer still
// reaches the screen whole. util-linux's script(1) gives the process a real
// pseudo-terminal for stdout and stderr.
func TestRunOnTerminalRedrawsStatusLine(t *testing.T) {
	scriptPath, err := exec.LookPath("script")
	if err != nil {
		t.Fatalf("this test needs script(1) from util-linux to get a terminal: %v", err)
	}
	e := newEnv(t, fakeollama.Options{})
	ctx, cancel := context.WithTimeout(context.Background(), waitBound)
	defer cancel()
	c := exec.CommandContext(ctx, scriptPath, "-q", "-e", "-c", binary(t)+" run 'read the readme'", "/dev/null")
	base := e.cmd()
	c.Dir, c.Env = base.Dir, base.Env
	out, err := c.CombinedOutput()
	if err != nil {
		t.Fatalf("loopls run on a terminal: %v\n%q", err, out)
	}
	screen := string(out)
	if !strings.Contains(screen, "\r\x1b[K") {
		t.Errorf("no redrawn status line on the terminal:\n%q", screen)
	}
	if !strings.Contains(screen, "The tool result was received.") {
		t.Errorf("the answer is not on the screen:\n%q", screen)
	}
	if !strings.Contains(screen, "AwaitingModel · turn") {
		t.Errorf("the status line does not show state, turn and tokens:\n%q", screen)
	}
	// Event lines are still printed once each, above the status line.
	if n := strings.Count(screen, "loopls: tool read_file {"); n != 1 {
		t.Errorf("tool line printed %d times, want once:\n%q", n, screen)
	}
}

// onTerminal runs loopls run on a pseudo-terminal (script(1)) with extra
// environment, and returns the screen.
func onTerminal(t *testing.T, extra ...string) string {
	t.Helper()
	scriptPath, err := exec.LookPath("script")
	if err != nil {
		t.Fatalf("this test needs script(1) from util-linux to get a terminal: %v", err)
	}
	e := newEnv(t, fakeollama.Options{})
	bin := binary(t)
	ctx, cancel := context.WithTimeout(context.Background(), waitBound)
	defer cancel()
	c := exec.CommandContext(ctx, scriptPath, "-q", "-e", "-c", bin+" run 'read the readme'", "/dev/null")
	base := e.cmd()
	c.Dir, c.Env = base.Dir, append(base.Env, extra...)
	out, err := c.CombinedOutput()
	if err != nil {
		t.Fatalf("loopls run on a terminal: %v\n%q", err, out)
	}
	return string(out)
}

// NO_COLOR: the status line is still redrawn in place, but never dimmed.
func TestRunOnTerminalNoColor(t *testing.T) {
	screen := onTerminal(t, "NO_COLOR=1", "TERM=xterm")
	if !strings.Contains(screen, "\r\x1b[K") || !strings.Contains(screen, "AwaitingModel · turn") {
		t.Errorf("no redrawn status line:\n%q", screen)
	}
	if strings.Contains(screen, "\x1b[2m") || strings.Contains(screen, "\x1b[0m") {
		t.Errorf("NO_COLOR set, yet the screen has color codes:\n%q", screen)
	}
	// Without NO_COLOR the same terminal dims the status line: the check
	// above can fail.
	if screen := onTerminal(t, "TERM=xterm"); !strings.Contains(screen, "\x1b[2m") {
		t.Errorf("without NO_COLOR the status line is not dimmed:\n%q", screen)
	}
}

// TERM=dumb: no escape sequence at all; plain lines as on a pipe.
func TestRunOnDumbTerminal(t *testing.T) {
	screen := onTerminal(t, "TERM=dumb")
	if strings.Contains(screen, "\x1b") {
		t.Errorf("TERM=dumb, yet the screen has escape sequences:\n%q", screen)
	}
	if !strings.Contains(screen, "loopls: Start → AwaitingModel (call_llm) · turn 0") || !strings.Contains(screen, "The tool result was received.") {
		t.Errorf("the plain progress lines or the answer are missing:\n%q", screen)
	}
}
