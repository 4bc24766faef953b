//go:build unix

package proctree

import "testing"

// childGone: on Unix the shared stdout's EOF (gone) is the event.
func childGone(*testing.T, int) {}
