package command

import (
	"syscall"

	"golang.org/x/sys/unix"
)

// hardenShell makes the confined interpreter undumpable: no program it
// starts may ptrace it or read its memory.
func hardenShell() { _ = unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0) }

// dieWithParent has the kernel kill the process when the one that started
// it ends.
func dieWithParent(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
