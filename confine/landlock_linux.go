package confine

import (
	"fmt"
	"os"
	"unsafe"

	"golang.org/x/sys/unix"
)

// LandlockABI returns the Landlock ABI version this kernel offers, 0 when
// it has none (too old, or disabled at boot).
func LandlockABI() int {
	v, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, 0, 0, unix.LANDLOCK_CREATE_RULESET_VERSION)
	if errno != 0 {
		return 0
	}
	return int(v)
}

// Access rights, as the kernel's ABI versions added them.
const (
	fsRead  = unix.LANDLOCK_ACCESS_FS_EXECUTE | unix.LANDLOCK_ACCESS_FS_READ_FILE | unix.LANDLOCK_ACCESS_FS_READ_DIR
	fsV1    = 1<<13 - 1
	fsV2    = fsV1 | unix.LANDLOCK_ACCESS_FS_REFER
	fsV3    = fsV2 | unix.LANDLOCK_ACCESS_FS_TRUNCATE
	fsV5    = fsV3 | unix.LANDLOCK_ACCESS_FS_IOCTL_DEV
	netTCP  = unix.LANDLOCK_ACCESS_NET_BIND_TCP | unix.LANDLOCK_ACCESS_NET_CONNECT_TCP
	scopeV6 = unix.LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET | unix.LANDLOCK_SCOPE_SIGNAL
	// fileRights are the rights that apply to a file (not a directory).
	fileRights = unix.LANDLOCK_ACCESS_FS_EXECUTE | unix.LANDLOCK_ACCESS_FS_WRITE_FILE | unix.LANDLOCK_ACCESS_FS_READ_FILE |
		unix.LANDLOCK_ACCESS_FS_TRUNCATE | unix.LANDLOCK_ACCESS_FS_IOCTL_DEV
)

// rulesetAttr is struct landlock_ruleset_attr as ABI 6 and 7 know it.
type rulesetAttr struct {
	fs     uint64
	net    uint64
	scoped uint64
}

// handledFS returns the file system rights ABI abi handles: all of them,
// so whatever a rule does not grant is denied.
func handledFS(abi int) uint64 {
	switch {
	case abi >= 5:
		return fsV5
	case abi >= 3:
		return fsV3
	case abi == 2:
		return fsV2
	}
	return fsV1
}

// restrictThread builds the ruleset for s and enforces it on the calling
// thread, which must be locked to its goroutine and exec right after: the
// new program (every thread of it) inherits the domain. TCP bind and
// connect are denied (ABI 4 and later); abstract unix sockets and signals
// outside the domain too (ABI 6 and later).
func restrictThread(s Spec, abi int) error {
	handled := handledFS(abi)
	attr := rulesetAttr{fs: handled}
	size := unsafe.Sizeof(attr.fs)
	if abi >= 4 {
		attr.net = netTCP
		size += unsafe.Sizeof(attr.net)
	}
	if abi >= 6 {
		attr.scoped = scopeV6
		size += unsafe.Sizeof(attr.scoped)
	}
	fd, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, uintptr(unsafe.Pointer(&attr)), size, 0)
	if errno != 0 {
		return fmt.Errorf("landlock_create_ruleset: %w", errno)
	}
	ruleset := int(fd)
	defer unix.Close(ruleset)
	for _, p := range s.Write {
		if err := addRule(ruleset, p, handled); err != nil {
			return err
		}
	}
	for _, p := range append(append([]string{s.Exe}, s.Read...), "/proc") {
		if err := addRule(ruleset, p, fsRead&handled); err != nil {
			return err
		}
	}
	for _, p := range []string{"/dev/null", "/dev/zero", "/dev/full"} {
		rw := uint64(unix.LANDLOCK_ACCESS_FS_READ_FILE | unix.LANDLOCK_ACCESS_FS_WRITE_FILE | unix.LANDLOCK_ACCESS_FS_TRUNCATE)
		if err := addRule(ruleset, p, rw&handled); err != nil {
			return err
		}
	}
	for _, p := range []string{"/dev/random", "/dev/urandom", "/dev"} {
		if err := addRule(ruleset, p, uint64(unix.LANDLOCK_ACCESS_FS_READ_FILE|unix.LANDLOCK_ACCESS_FS_READ_DIR)&handled); err != nil {
			return err
		}
	}
	if s.Namespaces {
		// A tmpfs of the child's own (see mount): shared memory the
		// programs may use without reaching the host's /dev/shm.
		if err := addRule(ruleset, "/dev/shm", handled); err != nil {
			return err
		}
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("no_new_privs: %w", err)
	}
	if err := dropCaps(); err != nil {
		return err
	}
	if _, _, errno := unix.Syscall(unix.SYS_LANDLOCK_RESTRICT_SELF, uintptr(ruleset), 0, 0); errno != 0 {
		return fmt.Errorf("landlock_restrict_self: %w", errno)
	}
	return nil
}

// addRule grants access beneath p (a directory) or to p (a file). A path
// that does not exist is skipped: nothing there to grant.
func addRule(ruleset int, p string, access uint64) error {
	fd, err := unix.Open(p, unix.O_PATH|unix.O_CLOEXEC, 0)
	if err != nil {
		if os.IsNotExist(err) {
			return nil
		}
		return fmt.Errorf("landlock rule %s: %w", p, err)
	}
	defer unix.Close(fd)
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return fmt.Errorf("landlock rule %s: %w", p, err)
	}
	if st.Mode&unix.S_IFMT != unix.S_IFDIR {
		access &= fileRights
	}
	if access == 0 {
		return nil
	}
	attr := unix.LandlockPathBeneathAttr{Allowed_access: access, Parent_fd: int32(fd)}
	if _, _, errno := unix.Syscall6(unix.SYS_LANDLOCK_ADD_RULE, uintptr(ruleset), unix.LANDLOCK_RULE_PATH_BENEATH, uintptr(unsafe.Pointer(&attr)), 0, 0, 0); errno != 0 {
		return fmt.Errorf("landlock rule %s: %w", p, errno)
	}
	return nil
}

// dropCaps leaves the calling thread, and what it executes, without
// capabilities: the ambient set cleared, the bounding set emptied (when it
// may be), the effective, permitted and inheritable sets zeroed. In the
// user namespace the child is root of, a program would otherwise get them
// all back at exec (and could ptrace the interpreter or unmount what
// protects a path).
func dropCaps() error {
	if err := unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0); err != nil {
		return fmt.Errorf("clear ambient capabilities: %w", err)
	}
	for c := 0; c < 64; c++ {
		err := unix.Prctl(unix.PR_CAPBSET_DROP, uintptr(c), 0, 0, 0)
		if err == unix.EINVAL {
			break // past the last capability this kernel knows
		}
		if err == unix.EPERM {
			break // no CAP_SETPCAP: not root anywhere, nothing to regain
		}
		if err != nil {
			return fmt.Errorf("drop capability %d: %w", c, err)
		}
	}
	var data [2]unix.CapUserData
	if err := unix.Capset(&unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}, &data[0]); err != nil {
		return fmt.Errorf("capset: %w", err)
	}
	return nil
}
