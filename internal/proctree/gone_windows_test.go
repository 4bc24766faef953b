package proctree

import (
	"testing"

	"golang.org/x/sys/windows"
)

// childGone waits (bounded) on the child's process handle.
func childGone(t *testing.T, pid int) {
	t.Helper()
	h, err := windows.OpenProcess(windows.SYNCHRONIZE, false, uint32(pid))
	if err != nil {
		return // no such process: gone
	}
	defer windows.CloseHandle(h)
	if ev, err := windows.WaitForSingleObject(h, 30_000); err != nil || ev != windows.WAIT_OBJECT_0 {
		t.Fatalf("the child %d outlived the tree's kill (wait %d, %v)", pid, ev, err)
	}
}
