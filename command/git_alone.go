package command

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
)

// After an approved git init DIR, only git may write DIR/.git for the rest
// of the line. The confined child holds read-only only the protected
// paths present when the line started, so a git directory made on the
// line is writable by every program of it. Each git program allowed to
// write one runs in a child the daemon starts (runWritable), so the
// daemon knows the git directory's state when git left it: a git program
// that finds it otherwise is refused, and after the line a git directory
// made on it that another program wrote is removed like any protected
// path made without approval.

// gitStarts is called before the delegated git program d runs: it is
// refused when another program wrote the git directory git made.
func (c *commandRun) gitStarts(d delegation) error {
	c.mu.Lock()
	rec, made := c.gitMade[d.writable]
	tainted := c.tainted[d.writable]
	c.mu.Unlock()
	if !made {
		return nil
	}
	if !tainted && gitDirState(c.t.abs(d.writable)) == rec {
		return nil
	}
	c.mu.Lock()
	if c.tainted == nil {
		c.tainted = make(map[string]bool)
	}
	c.tainted[d.writable] = true
	c.mu.Unlock()
	return c.refuse(partText(d.args), fmt.Sprintf("another program of the line wrote %s/ after git made it; only git may write it, so it is removed after the line", d.writable))
}

// gitEnded records the state git left a git directory it made in.
func (c *commandRun) gitEnded(d delegation) {
	if slices.Contains(c.before, d.writable) {
		return // held read-only for every other program already
	}
	st := gitDirState(c.t.abs(d.writable))
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.tainted[d.writable] {
		return
	}
	if c.gitMade == nil {
		c.gitMade = make(map[string]string)
	}
	c.gitMade[d.writable] = st
}

// keptGitDirs are the protected paths the user let a program write that
// the after-line work keeps: not a git directory git made on the line that
// another program wrote since.
func (c *commandRun) keptGitDirs() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var kept []string
	for _, rel := range c.approved {
		if rec, made := c.gitMade[rel]; made && (c.tainted[rel] || gitDirState(c.t.abs(rel)) != rec) {
			continue
		}
		kept = append(kept, rel)
	}
	return kept
}

// gitDirState is what changes when anything under dir changes: each
// entry's name, mode, size, inode and change time (which no program can
// set back), links not followed.
func gitDirState(dir string) string {
	h := sha256.New()
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			fmt.Fprintf(h, "%s error %v\n", p, err)
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			fmt.Fprintf(h, "%s error %v\n", p, err)
			return nil
		}
		fmt.Fprintf(h, "%s %v %d %+v\n", p, fi.Mode(), fi.Size(), stampOf(fi))
		return nil
	})
	return fmt.Sprintf("%x", h.Sum(nil))
}
