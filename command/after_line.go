package command

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
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
func (c *commandRun) afterLine(p linePrelude) {
	after, err := p.scan.present(c.t)
	if p.err != nil || err != nil {
		c.removed = append(c.removed, fmt.Sprintf("(the workspace could not be searched for protected paths: %v)", errors.Join(p.err, err)))
		return
	}
	c.mu.Lock()
	approved := slices.Clone(c.approved)
	c.mu.Unlock()
	for _, rel := range after {
		if slices.Contains(p.before, rel) || slices.Contains(approved, rel) {
			continue
		}
		if err := os.RemoveAll(c.t.abs(rel)); err != nil {
			c.removed = append(c.removed, rel+" (could not be removed: "+err.Error()+")")
			continue
		}
		c.removed = append(c.removed, rel)
	}
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
