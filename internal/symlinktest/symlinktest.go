// Package symlinktest tells a test whether this system makes symbolic
// links. Windows does (with Developer Mode or the privilege), and loopls
// refuses them there as everywhere; Wine 8, where `make test-windows` runs
// the Windows tests, answers CreateSymbolicLink with success and makes
// nothing. A test of what a link does is then skipped, saying why, rather
// than failing on a link that is not there or passing without one.
package symlinktest

import (
	"os"
	"path/filepath"
	"testing"
)

// Require skips tb unless a symbolic link made here really exists.
func Require(tb testing.TB) {
	tb.Helper()
	dir := tb.TempDir()
	link := filepath.Join(dir, "link")
	if err := os.Symlink("target", link); err != nil {
		tb.Skipf("this system makes no symbolic links: %v", err)
	}
	if _, err := os.Lstat(link); err != nil {
		tb.Skipf("os.Symlink reported success but made no link on this system (Wine 8 does that): %v", err)
	}
}
