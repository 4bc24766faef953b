//go:build unix && !linux

package beneath

import (
	"os"
	"time"

	"golang.org/x/sys/unix"
)

// keep fills a zero time with the current one from st (no UTIME_OMIT
// in every system's headers).
func keep(atime, mtime time.Time, st *unix.Stat_t) (time.Time, time.Time) {
	if atime.IsZero() {
		atime = time.Unix(st.Atim.Unix())
	}
	if mtime.IsZero() {
		mtime = time.Unix(st.Mtim.Unix())
	}
	return atime, mtime
}

func utimesAt(h handle, name string, atime, mtime time.Time) error {
	if atime.IsZero() || mtime.IsZero() {
		var st unix.Stat_t
		if err := unix.Fstatat(h, name, &st, unix.AT_SYMLINK_NOFOLLOW); err != nil {
			return err
		}
		atime, mtime = keep(atime, mtime, &st)
	}
	ts := []unix.Timespec{unix.NsecToTimespec(atime.UnixNano()), unix.NsecToTimespec(mtime.UnixNano())}
	return kindOf(unix.UtimesNanoAt(h, name, ts, unix.AT_SYMLINK_NOFOLLOW))
}

// setFileTimes sets the times on the descriptor (to the microsecond).
func setFileTimes(f *os.File, atime, mtime time.Time) error {
	if atime.IsZero() || mtime.IsZero() {
		var st unix.Stat_t
		if err := unix.Fstat(int(f.Fd()), &st); err != nil {
			return err
		}
		atime, mtime = keep(atime, mtime, &st)
	}
	tv := func(t time.Time) unix.Timeval { return unix.NsecToTimeval(t.UnixNano()) }
	return unix.Futimes(int(f.Fd()), []unix.Timeval{tv(atime), tv(mtime)})
}
