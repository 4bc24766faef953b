package workspace

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/loopls/loopls/rootpath"
)

// Path errors. Tools turn them into error results; callers test them with
// errors.Is.
var (
	// ErrOutsideRoot reports a path that leaves the workspace root.
	ErrOutsideRoot = errors.New("path is outside the workspace root")
	// ErrInvalidPath reports a path that cannot name a file in the root.
	ErrInvalidPath = errors.New("invalid path")
)

// Limits of a path the tools accept; longer ones are refused before the
// kernel sees them so the error says what is wrong.
const (
	maxPathLen    = 4096
	maxElementLen = 255
)

// PathError says which path was refused and why.
type PathError struct {
	Path string
	Err  error // ErrOutsideRoot or ErrInvalidPath, possibly wrapped
	Why  string
}

// Error says which path was refused and why.
func (e *PathError) Error() string {
	if e.Why != "" {
		return fmt.Sprintf("%q: %v: %s", e.Path, e.Err, e.Why)
	}
	return fmt.Sprintf("%q: %v", e.Path, e.Err)
}

// Unwrap exposes the kind.
func (e *PathError) Unwrap() error { return e.Err }

// Rel turns p — relative to the root, or absolute inside it — into a clean
// slash-separated path relative to the root ("." is the root itself).
//
// It refuses what cannot be inside the root by name alone: "..", absolute
// paths elsewhere, NUL bytes, backslashes (Windows separators would be read
// as part of a name here, which is never what the model meant), over-long
// names. Symlinks are not resolved here: os.Root refuses those that point
// out when the path is opened.
func (w *Workspace) Rel(p string) (string, error) {
	if p == "" {
		return ".", nil
	}
	if strings.IndexByte(p, 0) >= 0 {
		return "", &PathError{Path: p, Err: ErrInvalidPath, Why: "it contains a NUL byte"}
	}
	winAbs := runtime.GOOS == "windows" && filepath.VolumeName(p) != ""
	if winAbs {
		// On Windows an absolute path has a drive or a UNC share (C:\ws\a.go,
		// C:/ws/a.go): the way the editor and the model name files there.
		// Inside the root it is that file; elsewhere it is outside.
		p = filepath.ToSlash(filepath.Clean(p))
	}
	if strings.IndexByte(p, '\\') >= 0 {
		return "", &PathError{Path: p, Err: ErrInvalidPath, Why: `use "/" as the separator, not "\"`}
	}
	if len(p) > maxPathLen {
		return "", &PathError{Path: p[:64] + "…", Err: ErrInvalidPath, Why: fmt.Sprintf("longer than %d bytes", maxPathLen)}
	}
	if strings.HasPrefix(p, "file://") {
		return "", &PathError{Path: p, Err: ErrInvalidPath, Why: "give a path relative to the workspace root, not a URI"}
	}
	var rel string
	if path.IsAbs(p) || winAbs {
		c := path.Clean(p)
		if winAbs {
			c = p // cleaned above; path.Clean would take a UNC path's leading "//"
		}
		r, ok := within(w.rootReal, c)
		if !ok {
			r, ok = within(w.rootAbs, c)
		}
		if !ok {
			return "", &PathError{Path: p, Err: ErrOutsideRoot, Why: "give a path relative to the workspace root " + w.rootReal}
		}
		rel = r
	} else {
		rel = path.Clean(p)
		if rel == ".." || strings.HasPrefix(rel, "../") {
			return "", &PathError{Path: p, Err: ErrOutsideRoot, Why: "paths may not climb above the workspace root"}
		}
	}
	for _, elem := range strings.Split(rel, "/") {
		if len(elem) > maxElementLen {
			return "", &PathError{Path: p, Err: ErrInvalidPath, Why: fmt.Sprintf("a name is longer than %d bytes", maxElementLen)}
		}
		if why := rootpath.WindowsNameProblem(runtime.GOOS, elem); why != "" {
			return "", &PathError{Path: p, Err: ErrInvalidPath, Why: why}
		}
	}
	return rel, nil
}

// within reports whether the clean absolute path p is root or under it, and
// p relative to root (rootpath.Within).
func within(root, p string) (string, bool) { return rootpath.Within(root, p) }

// isEscape reports whether err is the root refusing a path that leaves it.
func (w *Workspace) isEscape(err error) bool { return rootpath.IsEscape(err, w.escapeErr) }

// abs returns the absolute path of rel (as returned by Rel).
func (w *Workspace) abs(rel string) string {
	return filepath.Join(w.rootReal, filepath.FromSlash(rel))
}
