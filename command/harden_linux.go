package command

import (
	"syscall"

	"golang.org/x/sys/unix"
)

// hardenShell makes the confined interpreter undumpable: no program it
// starts may ptrace it or read its memory.
func hardenShell() { _ = unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0) }

// closeInheritedOnExec marks every descriptor above 2 close-on-exec
// (close_range), so a program this process starts inherits its standard
// files and what exec.Cmd's ExtraFiles name, never a descriptor this
// process inherited (an editor's, a terminal's).
func closeInheritedOnExec() {
	if unix.CloseRange(3, ^uint(0), unix.CLOSE_RANGE_CLOEXEC) == nil {
		return
	}
	closeListedOnExec("/proc/self/fd") // kernels before 5.11
}

// dieWithParent has the kernel kill the process when the one that started
// it ends.
func dieWithParent(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
