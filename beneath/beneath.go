package beneath

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"
	"sync"
)

// The kinds of *Error, for errors.Is.
var (
	// ErrLink: a component is a symbolic link (or, on Windows, a reparse
	// point) where the operation follows none, or a path has more links
	// than MaxLinks.
	ErrLink = errors.New("is a symbolic link")
	// ErrChanged: a component, or the entry to remove, is not the one
	// seen before (another directory or file took its name).
	ErrChanged = errors.New("is not the entry seen before")
	// ErrOutside: the path, or a link on it, leads outside the root.
	ErrOutside = errors.New("leads outside the workspace")
	// ErrNotDir: a component that should be a directory is not one.
	ErrNotDir = errors.New("is not a directory")
)

// Error is a refused or failed operation beneath a root.
type Error struct {
	Op   string // "open", "write", "remove", "resolve", ...
	Path string // slash path relative to the root of the component at fault
	Kind error  // ErrLink, ErrChanged, ErrOutside, ErrNotDir, or nil
	Err  error  // the system's error, if any
}

func (e *Error) Error() string {
	switch {
	case e.Kind != nil && e.Err != nil:
		return fmt.Sprintf("%s %s: %s %v (%v)", e.Op, e.Path, e.Path, e.Kind, e.Err)
	case e.Kind != nil:
		return fmt.Sprintf("%s %s: %s %v", e.Op, e.Path, e.Path, e.Kind)
	default:
		return fmt.Sprintf("%s %s: %v", e.Op, e.Path, e.Err)
	}
}

// Unwrap gives errors.Is both the kind and the system's error
// (fs.ErrNotExist and the like).
func (e *Error) Unwrap() []error {
	var errs []error
	if e.Kind != nil {
		errs = append(errs, e.Kind)
	}
	if e.Err != nil {
		errs = append(errs, e.Err)
	}
	return errs
}

// MaxLinks is how many symbolic links Resolve follows in one path.
const MaxLinks = 40

// maxDepth bounds RemoveAll's descent (one descriptor is held per level).
const maxDepth = 512

// ID is the identity of a file on its device.
type ID struct{ Dev, Ino uint64 }

// Entry is a directory entry as fstatat saw it, without following it.
type Entry struct {
	ID
	Mode fs.FileMode // type and permission bits
}

// Same reports whether e and o are the same file of the same type.
func (e Entry) Same(o Entry) bool { return e.ID == o.ID && e.Mode.Type() == o.Mode.Type() }

// Step names the act a hook runs before.
type Step string

const (
	// StepOpen: a walk judged the directories so far, or RemoveAll saw
	// a directory, and opens it next.
	StepOpen Step = "open"
	// StepRename: a temporary file is written; it is renamed over the target next.
	StepRename Step = "rename"
	// StepRemove: the entry was checked; it is unlinked next.
	StepRemove Step = "remove"
)

// Root is an open directory every operation of this package starts from.
type Root struct {
	h    handle
	path string // the root's real path, to judge absolute links by
	id   ID
	mu   sync.Mutex
	hook func(Step, string)
}

// Open opens the directory dir (symbolic links in dir itself are resolved
// first: the root is where they lead).
func Open(dir string) (*Root, error) {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, err
	}
	real, err = filepath.Abs(real)
	if err != nil {
		return nil, err
	}
	h, id, err := openRootHandle(real)
	if err != nil {
		return nil, err
	}
	return &Root{h: h, path: real, id: id}, nil
}

// Close closes the root's descriptor.
func (r *Root) Close() error { return closeHandle(r.h) }

// Path is the root's real path.
func (r *Root) Path() string { return r.path }

// SetHook installs h (tests only): it runs between each check and the act
// the check guards, with the step and the slash path acted on.
func (r *Root) SetHook(h func(step Step, rel string)) {
	r.mu.Lock()
	r.hook = h
	r.mu.Unlock()
}

func (r *Root) step(s Step, rel string) {
	r.mu.Lock()
	h := r.hook
	r.mu.Unlock()
	if h != nil {
		h(s, rel)
	}
}

// Clean returns rel as a clean slash path relative to the root ("." for
// the root), or ErrOutside when it is absolute or climbs out with "..".
func Clean(rel string) (string, error) {
	s := filepath.ToSlash(rel)
	if path.IsAbs(s) || filepath.IsAbs(rel) || filepath.VolumeName(rel) != "" || strings.IndexByte(s, 0) >= 0 {
		return "", &Error{Op: "resolve", Path: s, Kind: ErrOutside}
	}
	c := path.Clean(s)
	if c == ".." || strings.HasPrefix(c, "../") {
		return "", &Error{Op: "resolve", Path: s, Kind: ErrOutside}
	}
	if namedStreams && strings.ContainsRune(c, ':') {
		return "", &Error{Op: "resolve", Path: s, Err: fs.ErrInvalid} // a stream (checkName)
	}
	return c, nil
}

// elems splits a clean relative path into its components (none for ".").
func elems(rel string) []string {
	if rel == "." {
		return nil
	}
	return strings.Split(rel, "/")
}

// checkName refuses a name that is not one component. Where a colon names
// a stream (namedStreams: NTFS reads "x:s" as the stream s of x, and
// ".git::$INDEX_ALLOCATION" as the directory .git), a name with one is
// not one plain component either.
func checkName(op, name string) error {
	if name == "" || name == "." || name == ".." || strings.ContainsAny(name, "/\x00") || (filepath.Separator != '/' && strings.ContainsRune(name, filepath.Separator)) ||
		(namedStreams && strings.ContainsRune(name, ':')) {
		return &Error{Op: op, Path: name, Err: fs.ErrInvalid}
	}
	return nil
}

// within reports whether the clean absolute path p is root or under it,
// and p relative to root as a slash path.
// On Windows (foldCase) the comparison ignores case, as the file system
// does by default: a junction made to c:\Work\proj\pkg under the root
// C:\work\proj leads inside. Either way what is returned is relative to
// the root and acted on from the root's handle.
func within(root, p string) (string, bool) {
	root, p = filepath.ToSlash(root), filepath.ToSlash(p)
	same := func(a, b string) bool { return a == b || (foldCase && strings.EqualFold(a, b)) }
	if same(p, root) {
		return ".", true
	}
	if pre := strings.TrimSuffix(root, "/") + "/"; len(p) > len(pre) && same(p[:len(pre)], pre) {
		return p[len(pre):], true
	}
	return "", false
}

// Resolve returns the path rel leads to, relative to the root and free of
// symbolic links: each component is looked at in its parent's descriptor,
// and a link is replaced by its target (relative to the link's directory,
// or absolute and then inside the root). A link leading out of the root is
// ErrOutside; more than MaxLinks links is ErrLink. The part of rel that does
// not exist is kept as it is. Resolve only reports: the caller judges the
// result, then acts on it with OpenDir or Walk, which follow no link, so a
// link that appears after Resolve is refused rather than followed.
func (r *Root) Resolve(rel string) (string, error) {
	rel, err := Clean(rel)
	if err != nil {
		return "", err
	}
	links := 0
restart:
	es := elems(rel)
	cur := "."
	h, owned := r.h, false
	release := func() {
		if owned {
			closeHandle(h)
		}
	}
	for i, e := range es {
		ent, err := lstatAt(h, e)
		if errors.Is(err, fs.ErrNotExist) {
			release()
			return path.Join(append([]string{cur}, es[i:]...)...), nil
		}
		if err != nil {
			release()
			return "", &Error{Op: "resolve", Path: path.Join(cur, e), Err: err}
		}
		if ent.Mode&fs.ModeSymlink != 0 {
			links++
			if links > MaxLinks {
				release()
				return "", &Error{Op: "resolve", Path: path.Join(cur, e), Kind: ErrLink, Err: fmt.Errorf("more than %d links", MaxLinks)}
			}
			target, err := readlinkAt(h, e)
			release()
			if err != nil {
				return "", withPath(err, "resolve", path.Join(cur, e))
			}
			next, ok := r.linkTarget(cur, target)
			if !ok {
				return "", &Error{Op: "resolve", Path: path.Join(cur, e), Kind: ErrOutside, Err: fmt.Errorf("link to %s", target)}
			}
			rel = path.Join(append([]string{next}, es[i+1:]...)...)
			goto restart
		}
		if i == len(es)-1 {
			release()
			return path.Join(cur, e), nil
		}
		if !ent.Mode.IsDir() {
			release()
			return "", &Error{Op: "resolve", Path: path.Join(cur, e), Kind: ErrNotDir}
		}
		nh, _, err := openDirAt(h, e)
		release()
		if err != nil {
			return "", withPath(err, "resolve", path.Join(cur, e))
		}
		h, owned = nh, true
		cur = path.Join(cur, e)
	}
	release()
	return cur, nil
}

// linkTarget is where a link in the directory dir (relative to the root,
// free of links) with the given target leads, relative to the root.
func (r *Root) linkTarget(dir, target string) (string, bool) {
	if filepath.IsAbs(target) || filepath.VolumeName(target) != "" {
		return within(r.path, filepath.Clean(target))
	}
	if strings.HasPrefix(filepath.ToSlash(target), "/") {
		// rooted without a drive (Windows' \dir): on the root's drive
		return within(r.path, filepath.Clean(filepath.VolumeName(r.path)+target))
	}
	next := path.Clean(path.Join(dir, filepath.ToSlash(target)))
	if next == ".." || strings.HasPrefix(next, "../") || path.IsAbs(next) {
		return "", false
	}
	return next, true
}

// withPath fills in the op and path of an *Error a primitive returned, or
// wraps a plain error.
func withPath(err error, op, rel string) error {
	var be *Error
	if errors.As(err, &be) {
		return &Error{Op: op, Path: rel, Kind: be.Kind, Err: be.Err}
	}
	return &Error{Op: op, Path: rel, Err: err}
}
