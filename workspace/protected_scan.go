package workspace

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
)

// protectedPresent lists the protected paths that exist in the workspace
// (slash paths relative to the root): every entry isProtected names and
// every directory that is a git directory by its contents (IsGitDir, the
// same rule the file tools use), wherever it is.
// It does not descend into them, nor follow symlinks.
func (w *Workspace) protectedPresent() ([]string, error) {
	var found []string
	fsys := w.root.FS()
	err := filepath.WalkDir(w.rootReal, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == w.rootReal {
				return err
			}
			return nil // unreadable here, so unwritable by the same user's programs too
		}
		if p == w.rootReal {
			return nil
		}
		rel, err := filepath.Rel(w.rootReal, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if isProtected(rel) || (d.IsDir() && IsGitDir(fsys, rel, "")) {
			found = append(found, rel)
			if d.IsDir() {
				return filepath.SkipDir
			}
		}
		return nil
	})
	return found, err
}

// removeNewProtected removes the protected paths a confined command
// created (they were not in before) and names them in c.removed: writing
// them needs the user's approval, which a command line never had. Without
// a complete list from before, nothing is removed and that is said.
func (c *commandRun) removeNewProtected(before []string, beforeErr error) {
	after, err := c.w.protectedPresent()
	if beforeErr != nil || err != nil {
		c.removed = append(c.removed, fmt.Sprintf("(the workspace could not be searched for protected paths: %v)", errors.Join(beforeErr, err)))
		return
	}
	for _, rel := range after {
		if slices.Contains(before, rel) {
			continue
		}
		if err := os.RemoveAll(c.w.abs(rel)); err != nil {
			c.removed = append(c.removed, rel+" (could not be removed: "+err.Error()+")")
			continue
		}
		c.removed = append(c.removed, rel)
	}
}
