package command

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"syscall"

	"github.com/loopls/loopls/internal/proctree"
	"mvdan.cc/sh/v3/interp"
)

// Starting one program the line admitted, in its own process tree (a
// process group; a Job object on Windows, internal/proctree), and killing
// what the line left running: the part of a line that is the operating
// system's.

// start runs the program in its own process tree, so a cancel or the end
// of the command line kills everything it started.
func (c *commandRun) start(ctx context.Context, hc interp.HandlerContext, path string, args []string) error {
	cmd := exec.CommandContext(ctx, path)
	cmd.Args = args
	var env []string
	for k, v := range exported(hc.Env) {
		env = append(env, k+"="+v)
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = hc.Stdin, hc.Stdout, hc.Stderr
	if filepath.Base(args[0]) == "git" {
		env = gitEnv(env)
		if gitWrites(args) {
			cmd.Stdin = nil // /dev/null: git alone, no keystrokes for what it runs
		}
	}
	cmd.Env = env
	cmd.Dir = hc.Dir
	cmd.SysProcAttr = &syscall.SysProcAttr{}
	tree := proctree.New()
	tree.Prepare(cmd)
	if c.gate != nil {
		// In the confined child: a program outlives it in no case (its PID
		// namespace, when it has one, ends them all anyway).
		dieWithParent(cmd.SysProcAttr)
	}
	cmd.Cancel = tree.Kill
	cmd.WaitDelay = commandWaitDelay
	if err := cmd.Start(); err != nil {
		if errors.Is(err, syscall.ENOEXEC) {
			fmt.Fprintf(hc.Stderr, "%s: cannot execute: not a binary and no #! line\n", args[0])
			return interp.ExitStatus(126)
		}
		fmt.Fprintf(hc.Stderr, "%s: %v\n", args[0], err)
		return interp.ExitStatus(126)
	}
	if err := tree.Started(cmd); err != nil { // the program is killed
		_ = cmd.Wait()
		fmt.Fprintf(hc.Stderr, "%s: %v\n", args[0], err)
		return interp.ExitStatus(126)
	}
	c.mu.Lock()
	c.trees = append(c.trees, tree)
	c.mu.Unlock()
	err := cmd.Wait()
	var exitErr *exec.ExitError
	switch {
	case err == nil, errors.Is(err, exec.ErrWaitDelay):
		return nil
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.As(err, &exitErr):
		if st, ok := exitErr.Sys().(syscall.WaitStatus); ok && st.Signaled() {
			return interp.ExitStatus(128 + uint8(st.Signal()))
		}
		return interp.ExitStatus(uint8(exitErr.ExitCode()))
	}
	return err
}

// killAll kills what the command line's programs left running.
func (c *commandRun) killAll() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, t := range c.trees {
		_ = t.Kill()
		_ = t.Close()
	}
	c.trees = nil
}
