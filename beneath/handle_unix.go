//go:build unix

package beneath

import (
	"errors"
	"io/fs"
	"os"

	"golang.org/x/sys/unix"
)

// handle is a directory's descriptor.
type handle = int

// foldCase: paths are compared as they are spelled (within).
const foldCase = false

// namedStreams: a colon is an ordinary character of a name.
const namedStreams = false

// kindOf turns the system's answer for a component opened without
// following into this package's kinds.
func kindOf(err error) error {
	switch {
	case errors.Is(err, unix.ELOOP):
		return &Error{Kind: ErrLink, Err: err}
	case errors.Is(err, unix.ENOTDIR):
		return &Error{Kind: ErrNotDir, Err: err}
	case errors.Is(err, unix.EXDEV):
		return &Error{Kind: ErrOutside, Err: err}
	}
	return err
}

func openRootHandle(p string) (handle, ID, error) {
	fd, err := unix.Open(p, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return -1, ID{}, &os.PathError{Op: "open", Path: p, Err: err}
	}
	id, err := fdID(fd)
	if err != nil {
		unix.Close(fd)
		return -1, ID{}, err
	}
	return fd, id, nil
}

func closeHandle(h handle) error { return unix.Close(h) }

func dupHandle(h handle) (handle, ID, error) {
	fd, err := unix.FcntlInt(uintptr(h), unix.F_DUPFD_CLOEXEC, 0)
	if err != nil {
		return -1, ID{}, err
	}
	id, err := fdID(fd)
	if err != nil {
		unix.Close(fd)
		return -1, ID{}, err
	}
	return fd, id, nil
}

func fdID(fd int) (ID, error) {
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return ID{}, err
	}
	return ID{Dev: uint64(st.Dev), Ino: uint64(st.Ino)}, nil
}

// openDirAt opens the directory name in h, following no link.
func openDirAt(h handle, name string) (handle, ID, error) {
	fd, err := unix.Openat(h, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if errors.Is(err, unix.ENOTDIR) {
		// O_DIRECTORY is judged first: a link says ENOTDIR too.
		if e, lerr := lstatAt(h, name); lerr == nil && e.Mode&fs.ModeSymlink != 0 {
			err = unix.ELOOP
		}
	}
	if err != nil {
		return -1, ID{}, kindOf(err)
	}
	id, err := fdID(fd)
	if err != nil {
		unix.Close(fd)
		return -1, ID{}, err
	}
	return fd, id, nil
}

func modeOf(m uint32) fs.FileMode {
	mode := fs.FileMode(m & 0o777)
	switch m & unix.S_IFMT {
	case unix.S_IFDIR:
		mode |= fs.ModeDir
	case unix.S_IFLNK:
		mode |= fs.ModeSymlink
	case unix.S_IFIFO:
		mode |= fs.ModeNamedPipe
	case unix.S_IFSOCK:
		mode |= fs.ModeSocket
	case unix.S_IFCHR:
		mode |= fs.ModeDevice | fs.ModeCharDevice
	case unix.S_IFBLK:
		mode |= fs.ModeDevice
	}
	if m&unix.S_ISUID != 0 {
		mode |= fs.ModeSetuid
	}
	if m&unix.S_ISGID != 0 {
		mode |= fs.ModeSetgid
	}
	if m&unix.S_ISVTX != 0 {
		mode |= fs.ModeSticky
	}
	return mode
}

func lstatAt(h handle, name string) (Entry, error) {
	var st unix.Stat_t
	if err := unix.Fstatat(h, name, &st, unix.AT_SYMLINK_NOFOLLOW); err != nil {
		return Entry{}, err
	}
	return Entry{ID: ID{Dev: uint64(st.Dev), Ino: uint64(st.Ino)}, Mode: modeOf(uint32(st.Mode))}, nil
}

func readlinkAt(h handle, name string) (string, error) {
	for size := 256; ; size *= 2 {
		buf := make([]byte, size)
		n, err := unix.Readlinkat(h, name, buf)
		if err != nil {
			return "", err
		}
		if n < size {
			return string(buf[:n]), nil
		}
		if size > 1<<16 {
			return "", unix.ENAMETOOLONG
		}
	}
}

func mkdirAt(h handle, name string, perm fs.FileMode) error {
	return unix.Mkdirat(h, name, uint32(perm.Perm()))
}

func openFileAt(h handle, name, rel string, flag int, perm fs.FileMode) (*os.File, error) {
	fd, err := unix.Openat(h, name, flag|unix.O_NOFOLLOW|unix.O_CLOEXEC, uint32(perm.Perm()))
	if err != nil {
		return nil, kindOf(err)
	}
	return os.NewFile(uintptr(fd), rel), nil
}

func renameAt(h handle, from, to string) error { return unix.Renameat(h, from, h, to) }

func unlinkAt(h handle, name string, dir bool) error {
	flags := 0
	if dir {
		flags = unix.AT_REMOVEDIR
	}
	return kindOf(unix.Unlinkat(h, name, flags))
}

// renameOpen closes the written temporary file f, then renames tmp over
// name in the same descriptor.
func renameOpen(f *os.File, h handle, tmp, name string) error {
	if err := f.Close(); err != nil {
		return err
	}
	return renameAt(h, tmp, name)
}

// removeSeen removes name in h after checking it is the entry seen (by
// fstatat in the same descriptor); before runs between the check and the
// unlinkat.
func removeSeen(h handle, name string, seen Entry, before func()) error {
	cur, err := lstatAt(h, name)
	if err != nil {
		return err
	}
	if !cur.Same(seen) {
		return &Error{Kind: ErrChanged}
	}
	before()
	return unlinkAt(h, name, cur.Mode.IsDir())
}

func readNames(h handle) ([]string, error) {
	fd, err := unix.Openat(h, ".", unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	f := os.NewFile(uintptr(fd), ".")
	defer f.Close()
	return f.Readdirnames(-1)
}
