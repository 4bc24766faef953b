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
	if why := missing(tb); why != "" {
		tb.Skip(why)
	}
}

// Works reports whether a symbolic link made here really exists, for a
// test whose other cases run either way (it leaves its link cases out and
// says so).
func Works(tb testing.TB) bool {
	tb.Helper()
	if why := missing(tb); why != "" {
		tb.Log(why + ": the link cases are left out")
		return false
	}
	return true
}

func missing(tb testing.TB) string {
	link := filepath.Join(tb.TempDir(), "link")
	if err := os.Symlink("target", link); err != nil {
		return "this system makes no symbolic links: " + err.Error()
	}
	if _, err := os.Lstat(link); err != nil {
		return "os.Symlink reported success but made no link on this system (Wine 8 does that): " + err.Error()
	}
	return ""
}
