package command

import "syscall"

// filesSocketpair is the socket pair a program's standard files are
// handed over on, close-on-exec from the start.
func filesSocketpair() ([2]int, error) {
	return syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_SEQPACKET|syscall.SOCK_CLOEXEC, 0)
}
