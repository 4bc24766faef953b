package beneath

import "os"

// Symlink makes the link name in d pointing at target (a link is made,
// never followed); name must be free.
func (d *Dir) Symlink(target, name string) error {
	if err := checkName("symlink", name); err != nil {
		return err
	}
	if err := symlinkAt(d.h, target, name); err != nil {
		return withPath(err, "symlink", d.child(name))
	}
	return nil
}

// Readlink reads the target of the link name in d (readlinkat: the link
// itself, never followed; not a link is EINVAL).
func (d *Dir) Readlink(name string) (string, error) {
	if err := checkName("readlink", name); err != nil {
		return "", err
	}
	t, err := readlinkAt(d.h, name)
	if err != nil {
		return "", withPath(err, "readlink", d.child(name))
	}
	return t, nil
}

// MoveIn moves the entry fromName of the directory from (outside the
// root, on the same file system) to name in d, whole, without replacing
// anything already there (fs.ErrExist). Linux only: elsewhere it is
// errors.ErrUnsupported and the caller copies.
func (d *Dir) MoveIn(from *os.File, fromName, name string) error {
	if err := checkName("move", name); err != nil {
		return err
	}
	if err := moveIn(from, fromName, d.h, name); err != nil {
		return withPath(err, "move", d.child(name))
	}
	return nil
}

// Rename renames the entry from to to, both in d, replacing what is at to
// (a link there is replaced, not followed).
func (d *Dir) Rename(from, to string) error {
	if err := checkName("rename", from); err != nil {
		return err
	}
	if err := checkName("rename", to); err != nil {
		return err
	}
	if err := renameAt(d.h, from, to); err != nil {
		return withPath(err, "rename", d.child(to))
	}
	return nil
}
