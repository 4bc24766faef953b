//go:build unix

package config

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A FIFO in the project file's place is opened without blocking, then
// refused (Windows has no FIFO files).
func TestProjectFileFIFOIsNotRead(t *testing.T) {
	w := newWorld(t)
	if err := syscall.Mkfifo(filepath.Join(w.project, ProjectFile), 0o600); err != nil {
		t.Fatal(err)
	}
	s, probs := w.load() // returns: the FIFO is opened without blocking, then refused
	if s.MaxTurns != DefaultMaxTurns || len(probs) != 1 || !strings.Contains(probs[0].Error(), "not a regular file") {
		t.Fatalf("fifo: got %+v %s", s, problemText(probs))
	}
}
