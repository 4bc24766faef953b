//go:build windows

package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"

	"golang.org/x/sys/windows"
)

// On Windows an owner holds its file open with no sharing at all: no other
// handle, in this process or another, can open it while the owner lives,
// and Windows closes it when the process dies. That is the whole lock; and
// since Windows refuses to remove a file someone holds open, the store
// never removes one it holds: release closes first, and a sweep removes only
// what nobody holds.

func openExclusive(path string, disposition uint32) (*os.File, error) {
	p, err := windows.UTF16PtrFromString(path)
	if err != nil {
		return nil, err
	}
	h, err := windows.CreateFile(p, windows.GENERIC_READ|windows.GENERIC_WRITE, 0, nil,
		disposition, windows.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	return os.NewFile(uintptr(h), path), nil
}

// createHeld creates the owner file at path, held with no sharing.
func createHeld(path string) (*os.File, error) {
	f, err := openExclusive(path, windows.CREATE_NEW)
	if err != nil {
		return nil, fmt.Errorf("create owner file: %w", err)
	}
	return f, nil
}

// releaseHeld closes the owner file, then removes it: Windows refuses to
// remove a file that is open. A prober that opened it in between keeps it
// for a moment; the next sweep removes it then.
func releaseHeld(f *os.File, path string) error {
	err := f.Close()
	if rerr := os.Remove(path); err == nil && !sharingViolation(rerr) {
		err = rerr
	}
	return err
}

func sharingViolation(err error) bool {
	return errors.Is(err, windows.ERROR_SHARING_VIOLATION) || errors.Is(err, windows.ERROR_LOCK_VIOLATION)
}

// isHeld reports whether a live owner holds the file at path: opening it
// with no sharing fails with a sharing violation while the owner lives.
func isHeld(path string) (bool, error) {
	f, err := openExclusive(path, windows.OPEN_EXISTING)
	switch {
	case err == nil:
		f.Close()
		return false, nil
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, syscall.ERROR_PATH_NOT_FOUND):
		return false, nil
	case sharingViolation(err):
		return true, nil
	default:
		return false, err
	}
}

// removeIfUnheld removes the owner file at path when no live owner holds
// it: Windows itself refuses to remove a file a live owner holds open.
func removeIfUnheld(path string) {
	_ = os.Remove(path)
}
