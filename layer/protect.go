//go:build linux

package layer

import (
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/loopls/loopls/beneath"
	"github.com/loopls/loopls/rootpath"
)

// judge says which changes touch a protected path, on the view the line's
// programs had: the workspace with the layer over it. A directory is a
// git directory when its listing in either (the names of both together)
// is one, so a line that only adds sub/HEAD beside the workspace's
// sub/objects and sub/refs has made one, and a line that empties an
// existing one is changing one.
type judge struct {
	upper string
	lower *beneath.Root
	git   map[string]bool // directory → a git directory by its names
}

func newJudge(upper string, lower *beneath.Root) *judge {
	return &judge{upper: upper, lower: lower, git: make(map[string]bool)}
}

// protected returns the protected path rel is or is under ("" when
// none), and why it is protected.
func (j *judge) protected(rel string) (root, why string) {
	elems := strings.Split(rel, "/")
	for i := range elems {
		q := strings.Join(elems[:i+1], "/")
		if w, ok := rootpath.Names(q); ok {
			return q, w
		}
		if j.gitDir(q) {
			return q, "a git directory (its hooks and configuration run programs)"
		}
	}
	return "", ""
}

// gitDir reports whether the directory q is a git directory by its names
// in the layer and the workspace together.
func (j *judge) gitDir(q string) bool {
	is, ok := j.git[q]
	if !ok {
		var names []string
		if f, err := os.Open(filepath.Join(j.upper, filepath.FromSlash(q))); err == nil {
			names, _ = f.Readdirnames(-1)
			f.Close()
		}
		low, _ := namesBeneath(j.lower, q)
		names = append(names, low...)
		is = len(names) > 0 && rootpath.IsGitDirListing(names)
		j.git[q] = is
	}
	return is
}

// linkTarget is the path a link at p leads to, relative to the
// workspace, and whether it stays inside it by name.
func linkTarget(p, target string) (string, bool) {
	if path.IsAbs(target) {
		return "", false
	}
	q := path.Join(path.Dir(p), target)
	if q == ".." || strings.HasPrefix(q, "../") {
		return "", false
	}
	return q, true
}
