//go:build linux

package layer

import (
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"golang.org/x/sys/unix"
)

// Layer is one line's private place: Upper receives what the line writes,
// Work is the overlay's own scratch directory (same file system). Both
// are under a directory of the daemon's, mode 0700, outside the workspace
// and outside everything the confined child may write.
type Layer struct {
	dir   string
	fd    int // dir, open and locked while the layer lives (sweep.go)
	Upper string
	Work  string
	// Above is a directory for files the line reads in place of the
	// workspace's (the editor's unsaved buffers), laid between the
	// workspace and Upper.
	Above string
	// Start is the change time of a file made just before the line
	// started: any entry of the workspace whose change time is not before
	// it was changed while the line ran (by the user, the editor, another
	// program). The kernel stamps both with one clock; no program can set
	// a change time back.
	Start time.Time
	// Seen, set before Apply, is what the daemon's watcher saw change in
	// the workspace while the line ran (Mark.Seen); nil when there is no
	// watcher. A path is a conflict when either Seen or Start says so.
	Seen *Seen
}

// New makes a layer under base (a directory of the daemon's; "" for the
// user's cache directory, or the temporary directory without one).
// Putting it on the workspace's file system lets Apply rename whole new
// trees in instead of copying them.
func New(base string) (*Layer, error) {
	if base == "" {
		base = defaultBase()
	}
	if err := os.MkdirAll(base, 0o700); err != nil {
		return nil, err
	}
	if gone, err := Sweep(base); len(gone) > 0 || err != nil {
		slog.Info("layer: removed the layers of daemons that ended mid-line", "removed", gone, "err", err)
	}
	dir, fd, err := claim(base)
	if err != nil {
		return nil, err
	}
	l := &Layer{dir: dir, fd: fd, Upper: filepath.Join(dir, "upper"), Work: filepath.Join(dir, "work"), Above: filepath.Join(dir, "above")}
	for _, d := range []string{"upper", "work", "above"} {
		if err := unix.Mkdirat(fd, d, 0o700); err != nil {
			l.Close()
			return nil, err
		}
	}
	if l.Start, err = startStamp(fd, "start"); err != nil {
		l.Close()
		return nil, err
	}
	return l, nil
}

// startStamp makes the file name in dir and returns a change time of it taken
// after a first look: on file systems with multigrain timestamps (Linux
// 6.13 and later: ext4, xfs, btrfs, tmpfs) a change after a look gets a
// fine-grained time, so changes made earlier in the same clock tick are
// before it and every change made later is at or after it. Elsewhere a
// change made in the same tick just before the line counts as made
// during it (a conflict reported, never a change lost).
func startStamp(dir int, name string) (time.Time, error) {
	fd, err := unix.Openat(dir, name, unix.O_RDWR|unix.O_CREAT|unix.O_EXCL|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0o600)
	if err != nil {
		return time.Time{}, err
	}
	defer unix.Close(fd)
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return time.Time{}, err
	}
	if err := unix.Fchmod(fd, 0o400); err != nil {
		return time.Time{}, err
	}
	if err := unix.Fstat(fd, &st); err != nil {
		return time.Time{}, err
	}
	return time.Unix(st.Ctim.Unix()), nil
}

// defaultBase is where layers live by default.
func defaultBase() string {
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "loopls", "layers")
	}
	return filepath.Join(os.TempDir(), fmt.Sprintf("loopls-layers-%d", os.Getuid()))
}

// Close removes the layer, through the descriptor that holds its lock
// (removeIn: no link followed; the overlay's work directory of mode 000
// opened up first), and then lets the lock go.
func (l *Layer) Close() error {
	if l.fd < 0 {
		return nil
	}
	defer func() {
		unix.Close(l.fd)
		l.fd = -1
	}()
	b, err := os.Open(filepath.Dir(l.dir))
	if err != nil {
		return err
	}
	defer b.Close()
	return removeLocked(int(b.Fd()), filepath.Base(l.dir), l.fd)
}
