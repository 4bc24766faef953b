//go:build unix && !linux

package command

import "syscall"

// filesSocketpair is the socket pair a program's standard files are
// handed over on. Without SOCK_CLOEXEC a program started at the same
// moment may inherit it for the length of its exec.
func filesSocketpair() ([2]int, error) {
	syscall.ForkLock.RLock()
	defer syscall.ForkLock.RUnlock()
	fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_STREAM, 0)
	if err != nil {
		return fds, err
	}
	syscall.CloseOnExec(fds[0])
	syscall.CloseOnExec(fds[1])
	return fds, nil
}
