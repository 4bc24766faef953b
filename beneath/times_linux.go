package beneath

import (
	"os"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// timespec is t for utimensat; the zero time leaves that time as it is.
func timespec(t time.Time) unix.Timespec {
	if t.IsZero() {
		return unix.Timespec{Nsec: unix.UTIME_OMIT}
	}
	return unix.NsecToTimespec(t.UnixNano())
}

func utimesAt(h handle, name string, atime, mtime time.Time) error {
	return kindOf(unix.UtimesNanoAt(h, name, []unix.Timespec{timespec(atime), timespec(mtime)}, unix.AT_SYMLINK_NOFOLLOW))
}

// setFileTimes is futimens: utimensat on the descriptor with no path.
func setFileTimes(f *os.File, atime, mtime time.Time) error {
	ts := [2]unix.Timespec{timespec(atime), timespec(mtime)}
	_, _, errno := unix.Syscall6(unix.SYS_UTIMENSAT, f.Fd(), 0, uintptr(unsafe.Pointer(&ts[0])), 0, 0, 0)
	if errno != 0 {
		return errno
	}
	return nil
}
