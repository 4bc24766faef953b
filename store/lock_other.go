//go:build !unix && !windows

package store

import (
	"fmt"
	"os"
)

// No advisory lock here: every owner looks dead to the next Store, which
// recovers all runs in flight. That is the behaviour of a single daemon per
// workspace, the common case.

func createHeld(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, fmt.Errorf("create owner file: %w", err)
	}
	return f, nil
}

func releaseHeld(f *os.File, path string) error {
	err := f.Close()
	if rerr := os.Remove(path); err == nil {
		err = rerr
	}
	return err
}

func isHeld(path string) (bool, error) { return false, nil }

func removeIfUnheld(path string) { _ = os.Remove(path) }
