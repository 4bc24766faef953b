// Package proctree starts a program so that everything it starts can be
// killed with it: on Unix a process group of its own, on Windows a Job
// object the program is in before it runs its first instruction. command/
// runs each program a command line names this way, and mcp/ its stdio servers.
package proctree

import (
	"errors"
	"os/exec"
	"sync"
)

// ErrNotStarted is returned by Started when the command has no process.
var ErrNotStarted = errors.New("proctree: the command was not started")

// A Tree is one started program and every process it starts.
//
//	t := proctree.New()
//	t.Prepare(cmd)     // before cmd.Start (and cmd.Cancel = t.Kill with a context)
//	cmd.Start()
//	t.Started(cmd)     // after it; on error the program is already killed
//	defer t.Close()
type Tree struct {
	mu     sync.Mutex
	cmd    *exec.Cmd
	handle treeHandle // the group or Job; zero until Started
	closed bool
}

// New returns a Tree to Prepare a command with.
func New() *Tree { return &Tree{} }

// Prepare makes cmd start in a tree of its own. A command made with
// exec.CommandContext sets cmd.Cancel = t.Kill, so a cancel kills the tree.
func (t *Tree) Prepare(cmd *exec.Cmd) {
	t.cmd = cmd
	prepare(cmd)
}

// Started finishes what cmd.Start began: on Windows the program, started
// suspended, is put in its Job and only then resumed. On an error the
// program is killed and the error says why.
func (t *Tree) Started(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return ErrNotStarted
	}
	h, err := started(cmd)
	t.mu.Lock()
	defer t.mu.Unlock()
	if err != nil {
		_ = cmd.Process.Kill()
		return err
	}
	t.handle = h
	return nil
}

// Kill kills every process of the tree at once. Before Started it kills
// the program alone (it has started nothing: on Windows it is suspended).
func (t *Tree) Kill() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed || t.cmd == nil || t.cmd.Process == nil {
		return nil
	}
	if !t.handle.valid() {
		return t.cmd.Process.Kill()
	}
	return t.handle.kill()
}

// Terminate asks the tree to end: SIGTERM to the group on Unix. Windows
// has no such request for a program without a console window, so it kills.
func (t *Tree) Terminate() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed || !t.handle.valid() {
		return nil
	}
	return t.handle.terminate()
}

// Close lets go of the tree's handle. On Windows the Job kills what is
// left in it when its last handle closes; loopls dying closes it too, so
// no program outlives loopls there.
func (t *Tree) Close() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return nil
	}
	t.closed = true
	return t.handle.close()
}
