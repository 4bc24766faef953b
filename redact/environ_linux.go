package redact

import "syscall"

// prSetDumpable is prctl's PR_SET_DUMPABLE.
const prSetDumpable = 4

// HideEnviron makes the process's own memory and /proc entries
// (/proc/PID/environ among them) unreadable to other processes of the same
// user, children included: on Linux it clears the dumpable flag
// (prctl PR_SET_DUMPABLE 0). It does not stop root, nor a process with
// CAP_SYS_PTRACE. A child's own environment is unaffected (execve resets
// the flag), and core dumps of the daemon are disabled as a side effect.
func HideEnviron() error {
	if _, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prSetDumpable, 0, 0); errno != 0 {
		return errno
	}
	return nil
}
