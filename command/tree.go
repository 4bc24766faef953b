package command

import (
	"os"
	"path/filepath"

	"github.com/loopls/loopls/beneath"
	"github.com/loopls/loopls/rootpath"
)

// tree is the workspace root a command line runs in: every path the shell
// itself uses is judged against it and opened through it.
type tree struct {
	r   *os.Root
	dir string // the root's real path (symlinks resolved)
	// escapeErr is what r reports for a path that leaves it
	// (rootpath.EscapeErr).
	escapeErr error
	// under is the root for the daemon's own file operations (package
	// beneath), nil until the line's after-work opens one.
	under *beneath.Root
}

func treeAt(r *os.Root, dir string) tree {
	return tree{r: r, dir: dir, escapeErr: rootpath.EscapeErr(r)}
}

// relInside returns p (relative to dir) as a slash path relative to the
// root, and whether it is inside the root by name.
func (t tree) relInside(dir, p string) (string, bool) {
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	rel, ok := rootpath.Within(filepath.ToSlash(t.dir), filepath.ToSlash(filepath.Clean(p)))
	if !ok {
		return "", false
	}
	if rel == "." {
		return "", true
	}
	return rel, true
}

// escapes reports whether rel (inside the root by name) leaves it through
// a symlink; a path that does not exist does not.
func (t tree) escapes(rel string) bool {
	if rel == "" {
		return false
	}
	_, err := t.r.Lstat(filepath.FromSlash(rel))
	if err == nil {
		_, err = t.r.Stat(filepath.FromSlash(rel))
	}
	return err != nil && rootpath.IsEscape(err, t.escapeErr)
}

// protected reports whether writing rel writes a protected path, and which
// (rootpath.Protected).
func (t tree) protected(rel string) (string, bool) { return rootpath.Protected(t.r, t.dir, rel) }

// abs returns the absolute path of rel (a slash path relative to the root).
func (t tree) abs(rel string) string { return filepath.Join(t.dir, filepath.FromSlash(rel)) }
