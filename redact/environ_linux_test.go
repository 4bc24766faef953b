package redact

import (
	"syscall"
	"testing"
)

func TestHideEnvironClearsDumpable(t *testing.T) {
	const prGetDumpable = 3
	if err := HideEnviron(); err != nil {
		t.Fatal(err)
	}
	v, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prGetDumpable, 0, 0)
	if errno != 0 || v != 0 {
		t.Errorf("PR_GET_DUMPABLE = %d (%v), want 0", v, errno)
	}
}
