package beneath

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkOpenDir opens a directory four levels down: through os.Root
// (what the daemon did, following links inside the root), with one openat2
// (OpenDir), and one component at a time (Walk, which the writes use to
// judge each directory on the way).
func BenchmarkOpenDir(b *testing.B) {
	dir := tree(b, "src/pkg/sub/leaf/")
	const rel = "src/pkg/sub/leaf"
	b.Run("os.Root", func(b *testing.B) {
		r, err := os.OpenRoot(dir)
		if err != nil {
			b.Fatal(err)
		}
		defer r.Close()
		for b.Loop() {
			f, err := r.Open(rel)
			if err != nil {
				b.Fatal(err)
			}
			f.Close()
		}
	})
	r := open(b, dir)
	b.Run("OpenDir", func(b *testing.B) {
		for b.Loop() {
			d, err := r.OpenDir(rel)
			if err != nil {
				b.Fatal(err)
			}
			d.Close()
		}
	})
	b.Run("Walk", func(b *testing.B) {
		for b.Loop() {
			d, err := r.Walk(rel, Walk{})
			if err != nil {
				b.Fatal(err)
			}
			d.Close()
		}
	})
	b.Run("Resolve", func(b *testing.B) {
		for b.Loop() {
			if _, err := r.Resolve(rel + "/file.go"); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkRemoveAll removes a directory of 10 directories of 100 files:
// by its absolute path (os.RemoveAll, what the after-line work did) and
// beneath a root, each entry checked and unlinked in its parent's
// descriptor (RemoveAll).
func BenchmarkRemoveAll(b *testing.B) {
	dir := tree(b)
	fill := func() {
		for d := range 10 {
			p := filepath.Join(dir, "x", ".git", fmt.Sprintf("d%d", d))
			if err := os.MkdirAll(p, 0o755); err != nil {
				b.Fatal(err)
			}
			for f := range 100 {
				if err := os.WriteFile(filepath.Join(p, fmt.Sprintf("f%d", f)), nil, 0o644); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	b.Run("os.RemoveAll", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			fill()
			b.StartTimer()
			if err := os.RemoveAll(filepath.Join(dir, "x", ".git")); err != nil {
				b.Fatal(err)
			}
		}
	})
	r := open(b, dir)
	b.Run("beneath", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			fill()
			b.StartTimer()
			d, err := r.OpenDir("x")
			if err != nil {
				b.Fatal(err)
			}
			e, err := d.Lstat(".git")
			if err == nil {
				err = d.RemoveAll(".git", e)
			}
			d.Close()
			if err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkWriteAtomic writes 4 KiB atomically four levels down (a
// temporary file, fsync, rename): through os.Root by name, as the daemon
// did, and in the descriptor of a directory walked to without following.
func BenchmarkWriteAtomic(b *testing.B) {
	dir := tree(b, "src/pkg/sub/leaf/file.go")
	text := strings.Repeat("x", 4096)
	b.Run("os.Root", func(b *testing.B) {
		r, err := os.OpenRoot(dir)
		if err != nil {
			b.Fatal(err)
		}
		defer r.Close()
		for b.Loop() {
			tmp := "src/pkg/sub/leaf/" + TempName("file.go")
			f, err := r.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := f.WriteString(text); err != nil {
				b.Fatal(err)
			}
			if err := f.Sync(); err != nil {
				b.Fatal(err)
			}
			f.Close()
			if err := r.Rename(tmp, "src/pkg/sub/leaf/file.go"); err != nil {
				b.Fatal(err)
			}
		}
	})
	r := open(b, dir)
	b.Run("beneath", func(b *testing.B) {
		for b.Loop() {
			d, err := r.Walk("src/pkg/sub/leaf", Walk{})
			if err != nil {
				b.Fatal(err)
			}
			if err := d.WriteAtomic(context.Background(), "file.go", strings.NewReader(text), 0o644); err != nil {
				b.Fatal(err)
			}
			d.Close()
		}
	})
}
