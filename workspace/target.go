package workspace

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/loopls/loopls/beneath"
	"github.com/loopls/loopls/rootpath"
)

// This file is where a file tool's write lands: the path its check judges
// is the one the write acts on. A path is resolved once (links inside the
// root are legitimate: pnpm, monorepos) to a Target free of links; the
// protected-path check judges the Target; the DiskEditor then reaches the
// Target's directory following no link (package beneath), so a directory
// a command swapped for a link since the check is refused, never written
// through. An editor that writes itself (workspace/applyEdit, ACP's
// fs/write_text_file) cannot do that: checkTarget is asked again just
// before it is asked to write.

// TargetChecker is an Editor that can say whether an edit's Target is
// still what its check judged (the DiskEditor can; an editor that writes
// through its own calls uses one to check before it writes).
type TargetChecker interface {
	Check(e FileEdit) error
}

// target returns the path rel leads to (links inside the root resolved),
// the one a write of rel lands on and its protected check judges.
func (w *Workspace) target(rel string) (string, error) {
	t, err := w.under.Resolve(rel)
	switch {
	case err == nil:
		return t, nil
	case errors.Is(err, beneath.ErrOutside):
		return "", &PathError{Path: rel, Err: ErrOutsideRoot, Why: "a symbolic link on it leads outside the workspace root"}
	case errors.Is(err, beneath.ErrLink):
		return "", &PathError{Path: rel, Err: ErrInvalidPath, Why: "too many symbolic links"}
	case errors.Is(err, beneath.ErrNotDir):
		return "", &PathError{Path: rel, Err: ErrInvalidPath, Why: err.Error()}
	}
	return "", err
}

// target is the path e acts on: its Target, else its Path.
func (e FileEdit) target() string {
	if e.Target != "" {
		return e.Target
	}
	return e.Path
}

// dirOf is the directory part of path.Split as a clean relative path.
func dirOf(dir string) string {
	if dir == "" {
		return "."
	}
	return strings.TrimSuffix(dir, "/")
}

// gitDirError is a directory on a write's way that is a git directory by
// its contents (or would become one by the write) with no approval.
type gitDirError struct{ dir string }

func (e *gitDirError) Error() string {
	return e.dir + " is a git directory by its contents, a protected path"
}

// gitDirGuard judges each directory a write of target walks through, on
// its held descriptor (rootpath.IsGitDirListing): one that is a git
// directory by its contents, or that the next component would make one,
// fails the walk, unless the user approved this protected write.
func gitDirGuard(target, approved string) func(*beneath.Dir) error {
	if approved != "" {
		return nil
	}
	elems := strings.Split(target, "/")
	return func(d *beneath.Dir) error {
		names, err := d.Names()
		if err != nil {
			return err
		}
		depth := 0
		if d.Rel() != "." {
			depth = strings.Count(d.Rel(), "/") + 1
		}
		if depth < len(elems) {
			names = append(names, elems[depth])
		}
		if rootpath.IsGitDirListing(names) {
			return &gitDirError{dir: d.Rel()}
		}
		return nil
	}
}

// checkTarget reports whether e's Target is still what its check judged:
// e.Path leads to it still, no directory on its way is a link or (with
// e.Dirs) another directory, and none is an unapproved git directory. A
// directory that does not exist yet is no refusal (the write creates it).
func checkTarget(root *beneath.Root, e FileEdit) error {
	target := e.target()
	now, err := root.Resolve(e.Path)
	if err != nil {
		return err
	}
	if now != target {
		return &beneath.Error{Op: "write", Path: e.Path, Kind: beneath.ErrChanged, Err: fmt.Errorf("it now leads to %s, not %s as checked", now, target)}
	}
	dirRel, _ := path.Split(target)
	d, err := root.Walk(dirOf(dirRel), beneath.Walk{Expect: e.Dirs, Visit: gitDirGuard(target, e.Approved)})
	if errors.Is(err, fs.ErrNotExist) && e.Dirs == nil {
		return nil
	}
	if err != nil {
		return err
	}
	return d.Close()
}

// targetReason says in words why e was not written (the caller says that
// it was not).
func targetReason(e FileEdit, err error) string {
	var be *beneath.Error
	var ge *gitDirError
	switch {
	case errors.As(err, &ge):
		return fmt.Sprintf("%v (write it again to be asked)", err)
	case errors.As(err, &be) && errors.Is(err, beneath.ErrLink):
		return fmt.Sprintf("%s is now a symbolic link (a command replaced it since the edit was checked); nothing was followed or changed", be.Path)
	case errors.As(err, &be) && errors.Is(err, beneath.ErrChanged):
		if be.Err != nil {
			return fmt.Sprintf("%s: %v; nothing was changed", e.Path, be.Err)
		}
		return fmt.Sprintf("%s is now another directory than the one the edit was made in (a command moved it since); nothing was changed", be.Path)
	case errors.Is(err, beneath.ErrOutside):
		return fmt.Sprintf("%s now leads outside the workspace; nothing was changed", e.Path)
	}
	return fmt.Sprintf("cannot write %s: %v", e.Path, err)
}
