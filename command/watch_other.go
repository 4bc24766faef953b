//go:build !linux

package command

// Watch is the daemon's watcher of one workspace for its layered lines:
// there is no layer but on Linux, so nothing to watch.
type Watch struct{}

// Close does nothing.
func (*Watch) Close() error { return nil }
