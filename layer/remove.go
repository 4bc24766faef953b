//go:build linux

package layer

import (
	"errors"
	"fmt"
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// maxRemoveDepth bounds the descent of removeIn (one descriptor is held
// per level). A line that nests its upper directory deeper leaves it
// behind, named in the error, rather than exhausting the descriptors.
const maxRemoveDepth = 1024

// removeIn removes everything in the directory open as fd, each entry by
// unlinkat in its parent's descriptor and each directory opened without
// following a link, so nothing outside it is touched whatever is swapped
// meanwhile. A directory that cannot be read or written (the overlay's
// work directory leaves one of mode 000; a line may chmod its own) is
// given 0700 first, without following a link.
func removeIn(fd int, depth int) error {
	if depth > maxRemoveDepth {
		return fmt.Errorf("more than %d directories deep", maxRemoveDepth)
	}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return err
	}
	if st.Mode&0o700 != 0o700 {
		if err := unix.Fchmod(fd, 0o700); err != nil {
			return err
		}
	}
	names, err := dirNames(fd)
	if err != nil {
		return err
	}
	for _, n := range names {
		err := unix.Unlinkat(fd, n, 0)
		switch {
		case err == nil, errors.Is(err, unix.ENOENT):
			continue
		case !errors.Is(err, unix.EISDIR):
			return fmt.Errorf("remove %s: %w", n, err)
		}
		sub, err := openDirAt(fd, n)
		if errors.Is(err, unix.ENOENT) {
			continue
		}
		if err != nil {
			return fmt.Errorf("open %s: %w", n, err)
		}
		err = removeIn(sub, depth+1)
		unix.Close(sub)
		if err != nil {
			return fmt.Errorf("%s/%w", n, err)
		}
		if err := unix.Unlinkat(fd, n, unix.AT_REMOVEDIR); err != nil && !errors.Is(err, unix.ENOENT) {
			return fmt.Errorf("remove %s: %w", n, err)
		}
	}
	return nil
}

// openDirAt opens the directory name in parent for reading, following no
// link; one whose mode forbids it (mode 000) is given 0700 first.
func openDirAt(parent int, name string) (int, error) {
	const flags = unix.O_RDONLY | unix.O_DIRECTORY | unix.O_NOFOLLOW | unix.O_CLOEXEC
	fd, err := unix.Openat(parent, name, flags, 0)
	if !errors.Is(err, unix.EACCES) {
		return fd, err
	}
	if err := chmodDirAt(parent, name, 0o700); err != nil {
		return -1, err
	}
	return unix.Openat(parent, name, flags, 0)
}

// chmodDirAt sets the mode of the directory name in parent without
// following a link: fchmodat2 with AT_SYMLINK_NOFOLLOW (Linux 6.6), else
// the directory opened O_PATH|O_NOFOLLOW|O_DIRECTORY (a link in its
// place fails) and changed through its descriptor's /proc entry.
func chmodDirAt(parent int, name string, mode uint32) error {
	err := unix.Fchmodat(parent, name, mode, unix.AT_SYMLINK_NOFOLLOW)
	if err == nil || !(errors.Is(err, unix.EOPNOTSUPP) || errors.Is(err, unix.ENOSYS)) {
		return err
	}
	p, err := unix.Openat(parent, name, unix.O_PATH|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return err
	}
	defer unix.Close(p)
	return unix.Chmod("/proc/self/fd/"+strconv.Itoa(p), mode)
}

// dirNames lists the directory open as fd, from its start, on a
// duplicate of the descriptor (fd stays open).
func dirNames(fd int) ([]string, error) {
	dup, err := unix.Dup(fd)
	if err != nil {
		return nil, err
	}
	f := os.NewFile(uintptr(dup), "dir")
	defer f.Close()
	if _, err := unix.Seek(dup, 0, 0); err != nil {
		return nil, err
	}
	return f.Readdirnames(-1)
}
