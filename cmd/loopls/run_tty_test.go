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
