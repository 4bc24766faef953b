package command

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/loopls/loopls/rootpath"
)

// protectedPresent lists the protected paths that exist in the workspace
// (slash paths relative to the root): every entry rootpath.Names names and
// every directory that is a git directory by its contents (rootpath.IsGitDir, the
// same rule the file tools use), wherever it is.
// It does not descend into them, nor follow symlinks.
func (t tree) protectedPresent() ([]string, error) {
	var found []string
	fsys := t.r.FS()
	err := filepath.WalkDir(t.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == t.dir {
				return err
			}
			return nil // unreadable here, so unwritable by the same user's programs too
		}
		if p == t.dir {
			return nil
		}
		rel, err := filepath.Rel(t.dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if _, byName := rootpath.Names(rel); byName || (d.IsDir() && rootpath.IsGitDir(fsys, rel, "")) {
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
	after, err := c.t.protectedPresent()
	if beforeErr != nil || err != nil {
		c.removed = append(c.removed, fmt.Sprintf("(the workspace could not be searched for protected paths: %v)", errors.Join(beforeErr, err)))
		return
	}
	c.mu.Lock()
	approved := slices.Clone(c.approved)
	c.mu.Unlock()
	for _, rel := range after {
		if slices.Contains(before, rel) || slices.Contains(approved, rel) {
			continue
		}
		if err := os.RemoveAll(c.t.abs(rel)); err != nil {
			c.removed = append(c.removed, rel+" (could not be removed: "+err.Error()+")")
			continue
		}
		c.removed = append(c.removed, rel)
	}
}
