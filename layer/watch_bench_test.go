//go:build linux

package layer

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkWatcherLine is what the workspace's watcher adds to a line
// that writes nothing: the mark at its start and what was seen before
// the apply (a sync through the kernel's queue each), in a workspace of
// 1,000 directories.
func BenchmarkWatcherLine(b *testing.B) {
	root := b.TempDir()
	for i := range 1000 {
		if err := os.MkdirAll(filepath.Join(root, fmt.Sprintf("d%d/e%d", i/10, i)), 0o755); err != nil {
			b.Fatal(err)
		}
	}
	w, err := Watch(context.Background(), root, b.TempDir(), nil)
	if err != nil {
		b.Fatal(err)
	}
	defer w.Close()
	ctx := context.Background()
	for b.Loop() {
		m, err := w.Mark(ctx)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := m.Seen(ctx); err != nil {
			b.Fatal(err)
		}
		m.Release()
	}
}

// BenchmarkWatcherStart is the watcher's start (once per workspace, before
// its first layered line) for 1,100 directories; its close (the kernel
// releasing the watches) is outside the timer.
func BenchmarkWatcherStart(b *testing.B) {
	root := b.TempDir()
	for i := range 1000 {
		if err := os.MkdirAll(filepath.Join(root, fmt.Sprintf("d%d/e%d", i/10, i)), 0o755); err != nil {
			b.Fatal(err)
		}
	}
	base := b.TempDir()
	for b.Loop() {
		w, err := Watch(context.Background(), root, base, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		if err := w.Close(); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
}
