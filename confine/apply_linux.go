package confine

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

func apply(s Spec) error {
	abi := LandlockABI()
	if abi < 1 {
		return fmt.Errorf("this kernel has no Landlock")
	}
	if s.Namespaces {
		if err := mounts(s); err != nil {
			return err
		}
	} else if s.Layer != nil {
		return fmt.Errorf("a layer needs the mount namespace")
	}
	if err := s.Bounds.limit(); err != nil {
		return err
	}
	return restrictThread(s, abi)
}

// maskedFiles are files of the system that the child may not read even
// though it may read /etc (the daemon may run as root): they read as
// empty. maskedDirs read as empty directories: besides /etc's secrets, the
// directories where the host keeps its unix sockets (the session bus,
// docker, an agent, tmux, X11), which Landlock does not hold (connecting
// to a socket by path is no file access it rules). A path the child
// needs under one (the workspace or TMPDIR on a disk mounted at
// /run/media/…, a toolchain, the binary) is bound back into the empty
// directory, and nothing else of it is there.
var (
	maskedFiles = []string{"/etc/shadow", "/etc/shadow-", "/etc/gshadow", "/etc/gshadow-", "/etc/sudoers"}
	maskedDirs  = []string{"/etc/ssh", "/etc/sudoers.d", "/run", "/var/run", "/tmp", "/var/tmp"}
)

// mounts sets up the child's mount namespace: nothing it mounts reaches
// the host; a /proc of its own PID namespace (so no other process of the
// user is there to read); its own /dev/shm; the masked paths; and each
// ReadOnly path bound read-only over itself.
func mounts(s Spec) error {
	if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("make mounts private: %w", err)
	}
	if s.Layer != nil {
		if err := mountLayer(s.Layer); err != nil {
			return err
		}
	}
	if err := unix.Mount("proc", "/proc", "proc", unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, ""); err != nil {
		return fmt.Errorf("mount /proc: %w", err)
	}
	if fi, err := os.Stat("/dev/shm"); err == nil && fi.IsDir() {
		if err := unix.Mount("tmpfs", "/dev/shm", "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, "size=64m,mode=1777"); err != nil {
			return fmt.Errorf("mount /dev/shm: %w", err)
		}
	}
	for _, p := range maskedFiles {
		if fi, err := os.Lstat(p); err == nil && fi.Mode().IsRegular() {
			if err := unix.Mount("/dev/null", p, "", unix.MS_BIND, ""); err != nil {
				return fmt.Errorf("mask %s: %w", p, err)
			}
		}
	}
	needed := append(append(slices.Clone(s.Write), s.Read...), s.Exe)
	for _, p := range append(slices.Clone(maskedDirs), s.Hide...) {
		fi, err := os.Lstat(p)
		if err != nil || !fi.IsDir() || slices.Contains(needed, p) {
			continue
		}
		if err := maskDir(p, beneath(p, needed)); err != nil {
			return fmt.Errorf("mask %s: %w", p, err)
		}
	}
	for _, p := range s.ReadOnly {
		if err := bindReadOnly(p); err != nil {
			return err
		}
	}
	return nil
}

// beneath returns the paths strictly under dir, sorted, less those under
// another of them.
func beneath(dir string, paths []string) []string {
	var under []string
	for _, p := range paths {
		if strings.HasPrefix(p, dir+string(filepath.Separator)) {
			under = append(under, p)
		}
	}
	slices.Sort(under)
	var top []string
	for _, p := range under {
		if n := len(top); n > 0 && (top[n-1] == p || strings.HasPrefix(p, top[n-1]+string(filepath.Separator))) {
			continue
		}
		top = append(top, p)
	}
	return top
}

// maskDir mounts an empty tmpfs over dir, binds each of keep (paths under
// dir, as they were before) back into it at the same place, and makes the
// tmpfs read-only: the child sees under dir only what it needs.
func maskDir(dir string, keep []string) error {
	type held struct {
		path string
		fd   int
		dir  bool
	}
	var hs []held
	defer func() {
		for _, h := range hs {
			unix.Close(h.fd)
		}
	}()
	for _, k := range keep {
		fd, err := unix.Open(k, unix.O_PATH|unix.O_CLOEXEC, 0)
		if err != nil {
			continue // gone: nothing to bind back
		}
		var st unix.Stat_t
		if err := unix.Fstat(fd, &st); err != nil {
			unix.Close(fd)
			return fmt.Errorf("stat %s: %w", k, err)
		}
		hs = append(hs, held{path: k, fd: fd, dir: st.Mode&unix.S_IFMT == unix.S_IFDIR})
	}
	if err := unix.Mount("tmpfs", dir, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, "size=64k,nr_inodes=4096,mode=755"); err != nil {
		return err
	}
	for _, h := range hs {
		if err := os.MkdirAll(filepath.Dir(h.path), 0o755); err != nil {
			return err
		}
		if h.dir {
			err := os.Mkdir(h.path, 0o755)
			if err != nil && !os.IsExist(err) {
				return err
			}
		} else if err := os.WriteFile(h.path, nil, 0o644); err != nil {
			return err
		}
		if err := unix.Mount("/proc/self/fd/"+strconv.Itoa(h.fd), h.path, "", unix.MS_BIND|unix.MS_REC, ""); err != nil {
			return fmt.Errorf("bind %s back: %w", h.path, err)
		}
	}
	return unix.Mount("", dir, "", unix.MS_REMOUNT|unix.MS_BIND|unix.MS_RDONLY|unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, "")
}

// bindReadOnly binds p over itself and makes that mount read-only,
// keeping the flags of the mount it is on (a user namespace may not clear
// them). A path that vanished since the caller listed it is skipped; the
// caller's check after the command sees what appears there.
func bindReadOnly(p string) error {
	if err := unix.Mount(p, p, "", unix.MS_BIND|unix.MS_REC, ""); err != nil {
		if os.IsNotExist(err) {
			return nil
		}
		return fmt.Errorf("bind %s: %w", p, err)
	}
	var st unix.Statfs_t
	if err := unix.Statfs(p, &st); err != nil {
		return fmt.Errorf("statfs %s: %w", p, err)
	}
	flags := uintptr(unix.MS_BIND | unix.MS_REMOUNT | unix.MS_RDONLY)
	for sf, ms := range map[int64]uintptr{
		unix.ST_NOSUID: unix.MS_NOSUID, unix.ST_NODEV: unix.MS_NODEV, unix.ST_NOEXEC: unix.MS_NOEXEC,
		unix.ST_NOATIME: unix.MS_NOATIME, unix.ST_NODIRATIME: unix.MS_NODIRATIME, unix.ST_RELATIME: unix.MS_RELATIME,
	} {
		if st.Flags&sf != 0 {
			flags |= ms
		}
	}
	if err := unix.Mount("", p, "", flags, ""); err != nil {
		return fmt.Errorf("make %s read-only: %w", p, err)
	}
	return nil
}

// Command returns the command that starts the confined child for s: the
// binary s.Exe with Stage1Arg, in new namespaces when s asks for them. The
// caller sets its ExtraFiles (fd 3 first, from which the child reads s as
// the first frame, then whatever the second stage reads) and output.
func Command(s Spec) *exec.Cmd {
	cmd := exec.Command(s.Exe, Stage1Arg)
	cmd.SysProcAttr = sysProcAttr(s)
	return cmd
}

// sysProcAttr is how the caller starts the confined child (its own binary
// with Stage1Arg): in new namespaces when s asks for them, in a process
// group of its own otherwise. The caller sends s as the first frame on the
// child's fd 3 (ExtraFiles[0]).
func sysProcAttr(s Spec) *syscall.SysProcAttr {
	a := &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if !s.Namespaces {
		a.Setpgid = true
		return a
	}
	uid, gid := os.Getuid(), os.Getgid()
	a.Cloneflags = syscall.CLONE_NEWUSER | syscall.CLONE_NEWNS | syscall.CLONE_NEWPID | syscall.CLONE_NEWNET | syscall.CLONE_NEWIPC
	a.UidMappings = []syscall.SysProcIDMap{{ContainerID: uid, HostID: uid, Size: 1}}
	a.GidMappings = []syscall.SysProcIDMap{{ContainerID: gid, HostID: gid, Size: 1}}
	a.GidMappingsEnableSetgroups = false
	// Kept across the exec of the first stage (which needs them to mount
	// and to empty the bounding set); it drops every one before the second.
	a.AmbientCaps = []uintptr{unix.CAP_SYS_ADMIN, unix.CAP_SETPCAP}
	return a
}
