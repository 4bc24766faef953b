//go:build linux

package layer

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// A layer's directory is alive while the daemon that made it holds an
// exclusive flock on it (on the directory's own descriptor, opened
// close-on-exec so no child inherits it), from New to Close; the file
// lockMark in it says so. A daemon
// killed mid-line leaves its directory behind with the lock gone with the
// process: Sweep, run before each new layer is made, removes every such
// directory, and never one whose lock is held, by this daemon or another.

// lockMark is the file in a layer's directory that says its daemon locks
// it. A daemon of an older loopls held no lock: its directories carry no
// mark, and Sweep takes one only once it is older than any line can be
// (oldUnmarked).
const lockMark = "flocked"

// oldUnmarked is the age past which an unmarked directory is stale: a
// line is bounded by its timeout, far less than this.
const oldUnmarked = 24 * time.Hour

// linePrefix starts the name of every layer's directory under a base.
const linePrefix = "line-"

// claimHook, set by tests only, runs in claim between the directory's
// open and its lock.
var claimHook func(dir string)

// claim makes a new layer directory under base and locks it. The
// directory exists, unlocked, between its mkdir and the lock: another
// daemon's Sweep may take it then. Such a directory is either locked by
// that sweep (the lock fails) or already removed when the lock is had
// (no link left); either way claim starts over with a new one.
func claim(base string) (dir string, fd int, err error) {
	for range 8 {
		dir, err := os.MkdirTemp(base, linePrefix)
		if err != nil {
			return "", -1, err
		}
		fd, err := unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		if errors.Is(err, unix.ENOENT) {
			continue
		}
		if err != nil {
			return "", -1, err
		}
		if claimHook != nil {
			claimHook(dir)
		}
		if err := unix.Flock(fd, unix.LOCK_EX|unix.LOCK_NB); err != nil {
			unix.Close(fd)
			if errors.Is(err, unix.EWOULDBLOCK) {
				continue
			}
			return "", -1, err
		}
		var st unix.Stat_t
		if err := unix.Fstat(fd, &st); err != nil {
			unix.Close(fd)
			return "", -1, err
		}
		if st.Nlink == 0 {
			unix.Close(fd)
			continue
		}
		m, err := unix.Openat(fd, lockMark, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0o600)
		if err != nil {
			unix.Close(fd)
			return "", -1, err
		}
		unix.Close(m)
		return dir, fd, nil
	}
	return "", -1, errors.New("another daemon removed each new layer directory before it was locked")
}

// Sweep removes the layer directories under base ("" for the default)
// that no live daemon holds: those of daemons that were killed or
// crashed mid-line. It names what it removed; a directory it could not
// remove is in the error and stays for the next sweep.
func Sweep(base string) (removed []string, err error) {
	if base == "" {
		base = defaultBase()
	}
	f, err := os.Open(base)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	names, err := f.Readdirnames(-1)
	if err != nil {
		return nil, err
	}
	bfd := int(f.Fd())
	var errs []error
	for _, n := range names {
		if !strings.HasPrefix(n, linePrefix) {
			continue
		}
		gone, err := sweepOne(bfd, n)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", filepath.Join(base, n), err))
		}
		if gone {
			removed = append(removed, filepath.Join(base, n))
		}
	}
	return removed, errors.Join(errs...)
}

// sweepOne removes the directory name in the base open as bfd if its
// lock can be taken, holding the lock until it is gone.
func sweepOne(bfd int, name string) (bool, error) {
	fd, err := unix.Openat(bfd, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if errors.Is(err, unix.ENOENT) || errors.Is(err, unix.ENOTDIR) || errors.Is(err, unix.ELOOP) {
		return false, nil // gone meanwhile, or not a layer's directory
	}
	if errors.Is(err, unix.EACCES) {
		if fd, err = openDirAt(bfd, name); err != nil {
			return false, err
		}
	} else if err != nil {
		return false, err
	}
	defer unix.Close(fd)
	if err := unix.Flock(fd, unix.LOCK_EX|unix.LOCK_NB); err != nil {
		if errors.Is(err, unix.EWOULDBLOCK) {
			return false, nil // a live daemon's
		}
		return false, err
	}
	var mark, st unix.Stat_t
	if err := unix.Fstatat(fd, lockMark, &mark, unix.AT_SYMLINK_NOFOLLOW); err != nil {
		if err := unix.Fstat(fd, &st); err != nil {
			return false, err
		}
		if time.Since(time.Unix(st.Mtim.Unix())) < oldUnmarked {
			return false, nil // an older daemon's, which locks nothing: maybe live
		}
	}
	err = removeLocked(bfd, name, fd)
	return err == nil, err
}

// removeLocked removes the directory name in the base open as bfd, which
// is open as fd and locked by the caller: its contents through fd, then
// the name itself if it is still that directory.
func removeLocked(bfd int, name string, fd int) error {
	if err := removeIn(fd, 0); err != nil {
		return err
	}
	var held, now unix.Stat_t
	if err := unix.Fstat(fd, &held); err != nil {
		return err
	}
	if held.Nlink == 0 {
		return nil
	}
	if err := unix.Fstatat(bfd, name, &now, unix.AT_SYMLINK_NOFOLLOW); err != nil {
		return err
	}
	if now.Dev != held.Dev || now.Ino != held.Ino {
		return errors.New("another directory took its name")
	}
	return unix.Unlinkat(bfd, name, unix.AT_REMOVEDIR)
}
