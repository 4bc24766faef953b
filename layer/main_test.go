//go:build linux

package layer

import (
	"testing"

	"go.uber.org/goleak"
)

// TestMain checks that no test leaves a goroutine behind (the watcher's,
// fsnotify's).
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}
