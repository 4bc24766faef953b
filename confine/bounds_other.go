//go:build !linux

package confine

import "errors"

func (Bounds) limit() error { return nil }

// Group bounds a tree of processes; there is none on this platform.
type Group struct{ Kind string }

// NewGroup reports that this platform has no cgroups.
func NewGroup(Bounds) (*Group, error) { return nil, errors.New("no cgroups on this platform") }

// Add does nothing.
func (*Group) Add(int) error { return nil }

// Hit is "": there is no group.
func (*Group) Hit() string { return "" }

// Close does nothing.
func (*Group) Close() {}
