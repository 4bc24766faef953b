package command

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/loopls/loopls/beneath"
)

// The work around a confined line that is not running it: before it, the
// protected paths present are found (protected_scan.go) so that the child
// holds them read-only; after it, those the line created are removed, and
// the result says so. A line's changes reach the workspace here and
// nowhere else once the child has ended.

// linePrelude is what the after-line work keeps from before the line ran.
type linePrelude struct {
	scan   *ProtectedScan
	before []string // the protected paths present (slash, relative to the root)
	err    error    // the scan before failed: nothing is removed after
}

// beforeLine scans t for the protected paths present, through scan (nil
// scans afresh; the scan after still reads only what changed).
func beforeLine(scan *ProtectedScan, t tree) linePrelude {
	if scan == nil {
		scan = new(ProtectedScan)
	}
	before, err := scan.present(t)
	return linePrelude{scan: scan, before: before, err: err}
}

// readOnly are the paths the child holds read-only (absolute): every
// protected path present, none when the scan failed.
func (p linePrelude) readOnly(t tree) []string {
	if p.err != nil {
		return nil
	}
	var ro []string
	for _, rel := range p.before {
		ro = append(ro, t.abs(rel))
	}
	return ro
}

// afterLine removes the protected paths a confined command created (they
// were not there before) and names them in c.removed: writing them needs
// the user's approval, which a command line never had. Without a complete
// list from before, nothing is removed and that is said.
//
// The daemon is not confined, so it removes nothing by name: each path is
// reached from the root's descriptor following no link (package beneath),
// its parent and itself must be the directory and the entry the scan saw,
// and every entry goes by unlinkat in its parent's descriptor. A parallel
// command that swaps a parent for a link between the scan and the removal
// (to another project's .git) makes the removal refuse, never follow; the
// scan then runs again, finds where the created path went, and removes it
// there (at most removalRounds times).
func (c *commandRun) afterLine(p linePrelude) {
	root := c.t.under
	if root == nil {
		r, err := beneath.Open(c.t.dir)
		if err != nil {
			c.removed = append(c.removed, fmt.Sprintf("(the workspace could not be opened to remove protected paths: %v)", err))
			return
		}
		defer r.Close()
		root = r
	}
	approved := c.keptGitDirs()
	var failed map[string]string
	for round := 0; round < removalRounds; round++ {
		failed = map[string]string{} // what the last round could not remove
		after, seen, err := p.scan.presentSeen(c.t)
		if p.err != nil || err != nil {
			c.removed = append(c.removed, fmt.Sprintf("(the workspace could not be searched for protected paths: %v)", errors.Join(p.err, err)))
			return
		}
		changed := false
		for _, rel := range after {
			if slices.Contains(p.before, rel) || slices.Contains(approved, rel) {
				continue
			}
			if c.seams.removing != nil {
				c.seams.removing(rel)
			}
			err := removeSeen(root, rel, seen)
			switch {
			case err == nil:
				c.removed = append(c.removed, rel)
			case errors.Is(err, beneath.ErrLink) || errors.Is(err, beneath.ErrChanged) || errors.Is(err, fs.ErrNotExist):
				changed = true // moved since the scan: look again
				failed[rel] = "it changed while it was being removed: " + err.Error()
			default:
				failed[rel] = err.Error()
			}
		}
		if !changed {
			break
		}
	}
	for _, rel := range slices.Sorted(maps.Keys(failed)) {
		c.removed = append(c.removed, rel+" (could not be removed: "+failed[rel]+")")
	}
}

// removalRounds bounds how often afterLine scans again for protected paths
// that moved while it removed them.
const removalRounds = 3

// removeSeen removes rel beneath root, and all under it, if its parent
// directory and rel itself are still what the scan saw (seen, by path).
func removeSeen(root *beneath.Root, rel string, seen map[string]fileID) error {
	parent, name := path.Dir(rel), path.Base(rel)
	d, err := root.OpenDir(parent)
	if err != nil {
		return err
	}
	defer d.Close()
	if id, ok := seen[parent]; ok && (d.ID() != beneath.ID{Dev: id.dev, Ino: id.ino}) {
		return &beneath.Error{Op: "remove", Path: parent, Kind: beneath.ErrChanged}
	}
	e, err := d.Lstat(name)
	if err != nil {
		return err
	}
	if id, ok := seen[rel]; ok && (e.ID != beneath.ID{Dev: id.dev, Ino: id.ino}) {
		return &beneath.Error{Op: "remove", Path: rel, Kind: beneath.ErrChanged}
	}
	return d.RemoveAll(name, e)
}

// removedReport is what the result says of the protected paths the
// after-line work removed ("" none).
func removedReport(removed []string) string {
	if len(removed) == 0 {
		return ""
	}
	return "\n[removed what the command created at protected paths: " + strings.Join(removed, ", ") +
		". Programs run or read these as configuration, so writing them needs the user's approval; use write_file, which asks]"
}
