//go:build unix

package proctree

import (
	"errors"
	"os/exec"
	"syscall"
)

// treeHandle is the process group's id: the program's pid (Setpgid).
type treeHandle struct{ pgid int }

func prepare(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
}

func started(cmd *exec.Cmd) (treeHandle, error) {
	return treeHandle{pgid: cmd.Process.Pid}, nil
}

func (h treeHandle) valid() bool { return h.pgid > 0 }

func (h treeHandle) signal(sig syscall.Signal) error {
	if err := syscall.Kill(-h.pgid, sig); err != nil && !errors.Is(err, syscall.ESRCH) {
		return err
	}
	return nil
}

func (h treeHandle) kill() error      { return h.signal(syscall.SIGKILL) }
func (h treeHandle) terminate() error { return h.signal(syscall.SIGTERM) }

// close: a process group needs no closing; what is left of it is killed,
// as a Job's close kills what is left in it on Windows.
func (h treeHandle) close() error {
	if !h.valid() {
		return nil
	}
	return h.kill()
}
