//go:build linux

package layer

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/loopls/loopls/beneath"
)

// The workspace is read and written only through package beneath: from
// the root's descriptor, following no link a command (or anyone) left.

// absent reports an error that means "nothing there as asked": missing, or
// a link or a file where a directory was expected.
func absent(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, beneath.ErrNotDir) || errors.Is(err, beneath.ErrLink)
}

// statIn is the entry name in d, not followed (nil when there is none):
// what Entry leaves out (size, times) comes from an O_PATH descriptor.
func statIn(d *beneath.Dir, name string) (*syscall.Stat_t, error) {
	f, err := d.OpenFile(name, unix.O_PATH, 0)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	return fi.Sys().(*syscall.Stat_t), nil
}

// lstatBeneath is the workspace's entry rel, not followed (nil when there
// is none, or a directory on the way is not one).
func lstatBeneath(r *beneath.Root, rel string) (*syscall.Stat_t, error) {
	d, err := r.OpenDir(path.Dir(rel))
	if err != nil {
		if absent(err) {
			return nil, nil
		}
		return nil, err
	}
	defer d.Close()
	return statIn(d, path.Base(rel))
}

// namesBeneath lists the workspace's directory rel (nil when there is
// none).
func namesBeneath(r *beneath.Root, rel string) ([]string, error) {
	d, err := r.OpenDir(rel)
	if err != nil {
		if absent(err) {
			return nil, nil
		}
		return nil, err
	}
	defer d.Close()
	return d.Names()
}

// openFileBeneath opens the workspace's file rel for reading.
func openFileBeneath(r *beneath.Root, rel string) (*os.File, error) {
	d, err := r.OpenDir(path.Dir(rel))
	if err != nil {
		return nil, err
	}
	defer d.Close()
	return d.OpenFile(path.Base(rel), os.O_RDONLY, 0)
}

// readlinkBeneath reads the workspace's link rel.
func readlinkBeneath(r *beneath.Root, rel string) (string, error) {
	d, err := r.OpenDir(path.Dir(rel))
	if err != nil {
		return "", err
	}
	defer d.Close()
	f, err := d.OpenFile(path.Base(rel), unix.O_PATH, 0)
	if err != nil {
		return "", err
	}
	defer f.Close()
	buf := make([]byte, unix.PathMax)
	n, err := unix.Readlinkat(int(f.Fd()), "", buf)
	if err != nil {
		return "", err
	}
	return string(buf[:n]), nil
}

func isDir(st *syscall.Stat_t) bool     { return st.Mode&unix.S_IFMT == unix.S_IFDIR }
func isReg(st *syscall.Stat_t) bool     { return st.Mode&unix.S_IFMT == unix.S_IFREG }
func isSymlink(st *syscall.Stat_t) bool { return st.Mode&unix.S_IFMT == unix.S_IFLNK }

// isWhiteout: the overlay marks a deleted entry with a character device
// 0/0. Every whiteout shares one inode, so its link count says nothing.
func isWhiteout(st *syscall.Stat_t) bool {
	return st.Mode&unix.S_IFMT == unix.S_IFCHR && st.Rdev == 0
}
