//go:build linux

package layer

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"github.com/loopls/loopls/beneath"
)

// Kind is what one change does to the workspace.
type Kind int

const (
	// Write: a regular file, new or with content other than the
	// workspace's.
	Write Kind = iota + 1
	// Mkdir: a directory the workspace does not have.
	Mkdir
	// Link: a symbolic link, new or pointing elsewhere.
	Link
	// Delete: the entry is gone, and everything under it (a whiteout).
	Delete
	// Clear: the directory was replaced (the overlay calls it opaque):
	// every entry the workspace has under it is gone; the layer's own
	// entries under it follow as changes of their own.
	Clear
	// Meta: same content; only the permission bits or the modification
	// time changed (a chmod, a touch, a file opened for writing and left
	// as it was: with metacopy off the overlay copies the whole file up).
	Meta
)

func (k Kind) String() string {
	switch k {
	case Write:
		return "write"
	case Mkdir:
		return "mkdir"
	case Link:
		return "link"
	case Delete:
		return "delete"
	case Clear:
		return "clear"
	case Meta:
		return "meta"
	}
	return fmt.Sprintf("kind(%d)", int(k))
}

// Change is one change a line made, as a slash path relative to the
// workspace.
type Change struct {
	Path string
	Kind Kind
	// Mode is the permission bits (setuid, setgid and sticky dropped) (Write, Mkdir, Meta); MTime the
	// modification time to keep (Write, Mkdir, Meta), so that make and
	// its kind see what the line's programs left.
	Mode  fs.FileMode
	MTime time.Time
	// Target is where a Link points.
	Target string
	// Existed: the workspace had this entry when the line wrote it (the
	// overlay copied it up). If it is gone by the time the change is
	// applied, someone removed it meanwhile.
	Existed bool
	// Plain (Mkdir): the whole tree under it holds only directories,
	// regular files and links, no whiteouts and no overlay attributes, so
	// it may be moved into the workspace whole.
	Plain bool
}

// Skipped is an entry of the layer that is not applied, and why.
type Skipped struct {
	Path string
	Why  string
}

// Changes is what a line wrote, in the order to apply it: a Delete of a
// path comes before what takes its place; a directory before what is in
// it.
type Changes struct {
	List    []Change
	Skipped []Skipped
}

// Paths lists the paths of the changes.
func (c Changes) Paths() []string {
	out := make([]string, len(c.List))
	for i, ch := range c.List {
		out[i] = ch.Path
	}
	return out
}

// The overlay's own attributes in the upper directory (userxattr).
const (
	xattrPrefix = "user.overlay."
	xattrOpaque = xattrPrefix + "opaque"
)

// harmless are the overlay attributes that change nothing about what an
// entry holds: where a copied-up entry came from, a directory holding
// such entries, the file system's id.
var harmless = map[string]bool{
	xattrPrefix + "origin": true, xattrPrefix + "impure": true, xattrPrefix + "uuid": true, xattrOpaque: true,
}

// Walk reads upper (the layer's upper directory, once nothing writes it)
// against the workspace open at lowerfd, and returns the changes: entries
// identical to the workspace's are left out, so are entries whose
// directory the workspace does not have as one. It reads the workspace
// without following any link.
func Walk(upper string, lower *beneath.Root) (Changes, error) {
	w := &walker{upper: upper, lower: lower}
	if _, err := w.dir(".", true); err != nil {
		return Changes{}, err
	}
	return Changes{List: w.list, Skipped: w.skipped}, nil
}

type walker struct {
	upper   string
	lower   *beneath.Root
	list    []Change
	skipped []Skipped
}

func (w *walker) abs(rel string) string { return filepath.Join(w.upper, filepath.FromSlash(rel)) }

// dir walks the upper directory rel; inLower says the workspace has rel
// as a directory that shows through (no opaque directory above). It
// returns whether everything under rel is plain.
func (w *walker) dir(rel string, inLower bool) (plain bool, err error) {
	f, err := os.Open(w.abs(rel))
	if err != nil {
		return false, err
	}
	names, err := f.Readdirnames(-1)
	f.Close()
	if err != nil {
		return false, err
	}
	slices.Sort(names)
	plain = true
	for _, name := range names {
		p := path.Join(rel, name)
		ok, err := w.entry(p, inLower)
		if err != nil {
			return false, err
		}
		plain = plain && ok
	}
	return plain, nil
}

// entry turns the upper entry p into changes, and says whether it is
// plain (see Change.Plain).
func (w *walker) entry(p string, inLower bool) (plain bool, err error) {
	var st syscall.Stat_t
	if err := syscall.Lstat(w.abs(p), &st); err != nil {
		return false, err
	}
	low := new(syscall.Stat_t)
	if inLower {
		if low, err = lstatBeneath(w.lower, p); err != nil {
			return false, fmt.Errorf("the workspace's %s: %w", p, err)
		}
	}
	hasLow := inLower && low != nil
	xattrs, err := overlayXattrs(w.abs(p))
	if err != nil {
		return false, err
	}
	plain = len(xattrs) == 0
	for _, x := range xattrs {
		if !harmless[x] {
			w.skipped = append(w.skipped, Skipped{p, "the overlay marked it " + strings.TrimPrefix(x, xattrPrefix) + "; not applied"})
			return false, nil
		}
	}
	mode := fs.FileMode(st.Mode & 0o777)
	mtime := time.Unix(st.Mtim.Unix())
	// Only an entry the workspace has at the same path existed. The
	// overlay's origin mark says the entry was copied up from some lower
	// file, which is also the mark of a file the line moved (mv a b) or
	// hard-linked (ln a b) to a new path: taken as existing, such a file
	// was "removed meanwhile" and never made, while the whiteout of a
	// removed a. A file the line changed and someone removed meanwhile is
	// found by the watcher (Layer.Seen) instead.
	existed := hasLow
	switch {
	case isWhiteout(&st):
		if hasLow {
			w.list = append(w.list, Change{Path: p, Kind: Delete, Existed: true})
		}
		return false, nil
	case isDir(&st):
		opaque := slices.Contains(xattrs, xattrOpaque)
		if hasLow && isDir(low) {
			if opaque {
				w.list = append(w.list, Change{Path: p, Kind: Clear, Existed: true})
			}
			if fs.FileMode(low.Mode&0o777) != mode {
				w.list = append(w.list, Change{Path: p, Kind: Meta, Mode: mode, MTime: mtime, Existed: true})
			}
			return w.dir(p, !opaque)
		}
		if hasLow {
			w.list = append(w.list, Change{Path: p, Kind: Delete, Existed: true})
		}
		i := len(w.list)
		w.list = append(w.list, Change{Path: p, Kind: Mkdir, Mode: mode, MTime: mtime})
		sub, err := w.dir(p, false)
		if err != nil {
			return false, err
		}
		w.list[i].Plain = plain && sub
		return plain && sub, nil
	case isReg(&st):
		if hasLow && isReg(low) {
			same, err := w.sameContent(p, st.Size, low.Size)
			if err != nil {
				return false, err
			}
			if same {
				if fs.FileMode(low.Mode&0o777) != mode || low.Mtim != st.Mtim {
					w.list = append(w.list, Change{Path: p, Kind: Meta, Mode: mode, MTime: mtime, Existed: true})
				}
				return plain, nil
			}
		} else if hasLow {
			// Another kind of entry is replaced: removed first, so the
			// file is new where it lands (not "removed meanwhile").
			w.list = append(w.list, Change{Path: p, Kind: Delete, Existed: true})
			existed = false
		}
		w.list = append(w.list, Change{Path: p, Kind: Write, Mode: mode, MTime: mtime, Existed: existed})
		return plain, nil
	case isSymlink(&st):
		target, err := os.Readlink(w.abs(p))
		if err != nil {
			return false, err
		}
		if hasLow && isSymlink(low) {
			if lt, err := readlinkBeneath(w.lower, p); err == nil && lt == target {
				return plain, nil
			}
		}
		if hasLow {
			// Removed first, as above: the link is new where it lands.
			w.list = append(w.list, Change{Path: p, Kind: Delete, Existed: true})
			existed = false
		}
		w.list = append(w.list, Change{Path: p, Kind: Link, Target: target, Existed: existed})
		return plain, nil
	}
	w.skipped = append(w.skipped, Skipped{p, "a special file (a fifo, a socket or a device); not applied"})
	return false, nil
}

// sameContent compares the upper file p with the workspace's.
func (w *walker) sameContent(p string, upSize, lowSize int64) (bool, error) {
	if upSize != lowSize {
		return false, nil
	}
	up, err := os.Open(w.abs(p))
	if err != nil {
		return false, err
	}
	defer up.Close()
	low, err := openFileBeneath(w.lower, p)
	if err != nil {
		return false, nil // not readable as a file: write it
	}
	defer low.Close()
	a, b := make([]byte, 64<<10), make([]byte, 64<<10)
	for {
		n, errA := io.ReadFull(up, a)
		m, errB := io.ReadFull(low, b)
		if n != m || !bytes.Equal(a[:n], b[:m]) {
			return false, nil
		}
		endA := errA == io.EOF || errors.Is(errA, io.ErrUnexpectedEOF)
		endB := errB == io.EOF || errors.Is(errB, io.ErrUnexpectedEOF)
		if endA || endB {
			return endA && endB, nil
		}
		if errA != nil {
			return false, errA
		}
		if errB != nil {
			return false, nil
		}
	}
}

// overlayXattrs lists the overlay's attributes on p (not followed).
func overlayXattrs(p string) ([]string, error) {
	buf := make([]byte, 4096)
	for {
		n, err := unix.Llistxattr(p, buf)
		if errors.Is(err, unix.ERANGE) {
			buf = make([]byte, len(buf)*4)
			continue
		}
		if errors.Is(err, unix.ENOTSUP) {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		var out []string
		for _, name := range strings.Split(string(buf[:n]), "\x00") {
			if strings.HasPrefix(name, xattrPrefix) {
				out = append(out, name)
			}
		}
		return out, nil
	}
}
