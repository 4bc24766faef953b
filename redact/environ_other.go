//go:build !linux

package redact

// HideEnviron does nothing on this platform: there is no portable way to
// make a process's environment unreadable to its children. The children's
// own environment is scrubbed of secrets where they are started.
func HideEnviron() error { return nil }
