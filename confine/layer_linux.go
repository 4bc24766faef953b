package confine

import (
	"errors"
	"fmt"
	"strings"

	"golang.org/x/sys/unix"
)

// mountLayer mounts an overlay at l.Dir, in the child's own mount
// namespace: the directory as it is (read-only, the lower layer) under
// l.Upper, where every write of the line lands, so the real directory is
// never written. userxattr lets a user namespace mount it (and forces
// redirect_dir=nofollow: renaming a directory of the lower layer gives
// EXDEV); metacopy is off, so a change of mode or times copies the whole
// file up; volatile, since the layer is applied, never reused. The
// caller walks l.Upper after the child is gone.
func mountLayer(l *Layer) error {
	err := mountLayerFS(l)
	if errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOSYS) {
		// Kernels before 6.8 know no "lowerdir+": the options as one
		// string, which cannot hold a path with the separators in it.
		err = mountLayerData(l)
	}
	if err != nil {
		return fmt.Errorf("mount the layer over %s: %w", l.Dir, err)
	}
	return nil
}

// mountLayerFS mounts it with the new mount API, each path its own value.
func mountLayerFS(l *Layer) error {
	fd, err := unix.Fsopen("overlay", unix.FSOPEN_CLOEXEC)
	if err != nil {
		return err
	}
	defer unix.Close(fd)
	var opts [][2]string
	for _, a := range l.Above {
		opts = append(opts, [2]string{"lowerdir+", a})
	}
	opts = append(opts, [][2]string{{"lowerdir+", l.Dir}, {"upperdir", l.Upper}, {"workdir", l.Work}, {"metacopy", "off"}}...)
	for _, kv := range opts {
		if err := unix.FsconfigSetString(fd, kv[0], kv[1]); err != nil {
			return fmt.Errorf("%s: %w", kv[0], err)
		}
	}
	// volatile: the layer is thrown away after the line, so nothing
	// needs it synced to disk (the overlay would sync the whole upper
	// file system when the child's namespace goes away).
	for _, flag := range []string{"userxattr", "volatile"} {
		if err := unix.FsconfigSetFlag(fd, flag); err != nil {
			return fmt.Errorf("%s: %w", flag, err)
		}
	}
	if err := unix.FsconfigCreate(fd); err != nil {
		return err
	}
	mfd, err := unix.Fsmount(fd, unix.FSMOUNT_CLOEXEC, 0)
	if err != nil {
		return err
	}
	defer unix.Close(mfd)
	return unix.MoveMount(mfd, "", unix.AT_FDCWD, l.Dir, unix.MOVE_MOUNT_F_EMPTY_PATH)
}

// mountLayerData mounts it with mount(2)'s option string.
func mountLayerData(l *Layer) error {
	for _, p := range append([]string{l.Dir, l.Upper, l.Work}, l.Above...) {
		if strings.ContainsAny(p, ",:\\") {
			return fmt.Errorf("this kernel cannot take the path %q as an overlay option", p)
		}
	}
	lower := l.Dir
	if len(l.Above) > 0 {
		lower = strings.Join(l.Above, ":") + ":" + l.Dir
	}
	data := "lowerdir=" + lower + ",upperdir=" + l.Upper + ",workdir=" + l.Work + ",userxattr,volatile,metacopy=off"
	return unix.Mount("overlay", l.Dir, "overlay", 0, data)
}
