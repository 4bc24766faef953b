//go:build unix

package store

import (
	"errors"
	"os"
	"syscall"
)

var errLocked = errors.New("locked by another owner")

// lockFile takes an exclusive flock on f; with wait false it fails with
// errLocked instead of waiting. flock locks belong to the open file, so two
// Stores in one process exclude each other as two processes do.
func lockFile(f *os.File, wait bool) error {
	how := syscall.LOCK_EX
	if !wait {
		how |= syscall.LOCK_NB
	}
	for {
		err := syscall.Flock(int(f.Fd()), how)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			return errLocked
		default:
			return err
		}
	}
}
