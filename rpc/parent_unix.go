//go:build unix

package rpc

import (
	"errors"
	"syscall"
)

// processGone reports whether process pid no longer exists.
func processGone(pid int) bool {
	return errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}
