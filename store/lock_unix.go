//go:build unix

package store

import (
	"errors"
	"fmt"
	"io/fs"
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

// createHeld creates the owner file at path and locks it.
func createHeld(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, fmt.Errorf("create owner file: %w", err)
	}
	if err := lockFile(f, true); err != nil {
		f.Close()
		return nil, fmt.Errorf("lock owner file %s: %w", path, err)
	}
	return f, nil
}

// releaseHeld removes the owner file while still holding its lock, so no
// prober sees it unlocked before it is gone, then closes it.
func releaseHeld(f *os.File, path string) error {
	err := os.Remove(path)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// isHeld reports whether a live owner holds the file at path; a missing
// file is nobody's.
func isHeld(path string) (bool, error) {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	defer f.Close() // drops the probe's lock
	err = lockFile(f, false)
	if errors.Is(err, errLocked) {
		return true, nil
	}
	return false, err
}

// removeIfUnheld removes the owner file at path when no live owner holds
// it. It holds the lock while unlinking, so a live owner never loses its file.
func removeIfUnheld(path string) {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return
	}
	if lockFile(f, false) == nil {
		os.Remove(path)
	}
	f.Close()
}
