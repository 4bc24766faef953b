//go:build windows

package rpc

import (
	"errors"

	"golang.org/x/sys/windows"
)

// processGone reports whether process pid no longer exists: it cannot be
// opened by id (no such process), or its handle is signalled (it exited).
func processGone(pid int) bool {
	h, err := windows.OpenProcess(windows.SYNCHRONIZE, false, uint32(pid))
	if errors.Is(err, windows.ERROR_INVALID_PARAMETER) {
		return true
	}
	if err != nil {
		return false // denied: it exists
	}
	defer windows.CloseHandle(h)
	ev, err := windows.WaitForSingleObject(h, 0)
	return err == nil && ev == windows.WAIT_OBJECT_0
}
