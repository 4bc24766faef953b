//go:build unix && !linux

package beneath

// openBeneath has no one-call form here (no openat2): the caller walks
// component by component.
func openBeneath(handle, string) (handle, ID, bool) { return -1, ID{}, false }
