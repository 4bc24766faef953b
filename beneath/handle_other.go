//go:build !unix

package beneath

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// This is the fallback where no descriptor-relative calls are used yet
// (Windows): a handle is the directory's absolute path, every operation
// looks at the name (os.Lstat) before it acts on it, and refuses a link or
// a reparse point it sees. It is not free of races: an entry swapped
// between the look and the act is not caught, and IDs are zero, so
// ErrChanged is never reported. The package doc says so.

type handle = string

func openRootHandle(p string) (handle, ID, error) {
	fi, err := os.Stat(p)
	if err != nil {
		return "", ID{}, err
	}
	if !fi.IsDir() {
		return "", ID{}, &os.PathError{Op: "open", Path: p, Err: ErrNotDir}
	}
	return p, ID{}, nil
}

func closeHandle(handle) error { return nil }

func dupHandle(h handle) (handle, ID, error) { return h, ID{}, nil }

// isLink reports a symbolic link or any other reparse point (a junction,
// a mount point), which the system would follow.
func isLink(fi fs.FileInfo) bool {
	return fi.Mode()&(fs.ModeSymlink|fs.ModeIrregular) != 0
}

func openDirAt(h handle, name string) (handle, ID, error) {
	p := filepath.Join(h, name)
	fi, err := os.Lstat(p)
	if err != nil {
		return "", ID{}, err
	}
	if isLink(fi) {
		return "", ID{}, &Error{Kind: ErrLink}
	}
	if !fi.IsDir() {
		return "", ID{}, &Error{Kind: ErrNotDir}
	}
	return p, ID{}, nil
}

func openBeneath(handle, string) (handle, ID, bool) { return "", ID{}, false }

func lstatAt(h handle, name string) (Entry, error) {
	fi, err := os.Lstat(filepath.Join(h, name))
	if err != nil {
		return Entry{}, err
	}
	mode := fi.Mode()
	if mode&fs.ModeIrregular != 0 {
		mode = mode&^fs.ModeIrregular | fs.ModeSymlink // a reparse point is judged as a link
	}
	return Entry{Mode: mode}, nil
}

func readlinkAt(h handle, name string) (string, error) { return os.Readlink(filepath.Join(h, name)) }

func mkdirAt(h handle, name string, perm fs.FileMode) error {
	return os.Mkdir(filepath.Join(h, name), perm)
}

func openFileAt(h handle, name, _ string, flag int, perm fs.FileMode) (*os.File, error) {
	p := filepath.Join(h, name)
	if fi, err := os.Lstat(p); err == nil && isLink(fi) {
		return nil, &Error{Kind: ErrLink}
	}
	return os.OpenFile(p, flag, perm)
}

func renameAt(h handle, from, to string) error {
	return os.Rename(filepath.Join(h, from), filepath.Join(h, to))
}

func unlinkAt(h handle, name string, _ bool) error { return os.Remove(filepath.Join(h, name)) }

func readNames(h handle) ([]string, error) {
	f, err := os.Open(h)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.Readdirnames(-1)
}

func utimesAt(h handle, name string, atime, mtime time.Time) error {
	p := filepath.Join(h, name)
	fi, err := os.Lstat(p)
	if err != nil {
		return err
	}
	if isLink(fi) {
		return &Error{Kind: ErrLink}
	}
	return os.Chtimes(p, atime, mtime)
}

// setFileTimes has no descriptor form here yet: it sets the times by the
// file's name.
func setFileTimes(f *os.File, atime, mtime time.Time) error {
	if f.Name() == "" {
		return errors.ErrUnsupported
	}
	return os.Chtimes(f.Name(), atime, mtime)
}
