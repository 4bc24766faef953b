//go:build unix

package workspace

import (
	"errors"
	"syscall"
)

// processGone reports whether no process has the id pid. A process that
// exists but belongs to someone else (EPERM) is not gone.
func processGone(pid int) bool {
	return errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}
