package workspace

import (
	"bytes"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"
)

// waitFiles waits until Files() satisfies ok, re-checking after each index
// update, for at most 10 seconds.
func waitFiles(t *testing.T, w *Workspace, what string, ok func(files []string) bool) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		changed := w.index.changed()
		files := w.Files()
		if ok(files) {
			return
		}
		select {
		case <-changed:
		case <-deadline:
			t.Fatalf("index never showed %s; it holds %v", what, files)
		}
	}
}

func has(files []string, names ...string) bool {
	for _, n := range names {
		if _, found := slices.BinarySearch(files, n); !found {
			return false
		}
	}
	return true
}

func hasNone(files []string, names ...string) bool {
	for _, n := range names {
		if _, found := slices.BinarySearch(files, n); found {
			return false
		}
	}
	return true
}

func write(t *testing.T, dir, p, content string) {
	t.Helper()
	full := filepath.Join(dir, filepath.FromSlash(p))
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestIndexInitialIsGitignoreAware(t *testing.T) {
	dir := newTree(t, map[string]string{
		".gitignore":         "*.log\nbuild/\n/top-only.txt\n",
		".git/config":        "[core]\n",
		"main.go":            "package main\n",
		"debug.log":          "x",
		"build/out.bin":      "x",
		"top-only.txt":       "x",
		"sub/top-only.txt":   "x",
		"sub/.gitignore":     "secret.txt\n!keep.log\n",
		"sub/secret.txt":     "x",
		"sub/keep.log":       "x",
		"sub/other.log":      "x",
		"sub/deep/code.go":   "x",
		"docs/a/b/c/note.md": "x",
	})
	want := []string{".gitignore", "docs/a/b/c/note.md", "main.go", "sub/.gitignore", "sub/deep/code.go", "sub/keep.log", "sub/top-only.txt"}
	for _, watch := range []bool{false, true} {
		w := openWS(t, dir, Options{Watch: watch})
		if got := w.Files(); !slices.Equal(got, want) {
			t.Errorf("Watch=%v: Files() = %v\nwant %v", watch, got, want)
		}
	}
}

func TestIndexFollowsTheDisk(t *testing.T) {
	dir := newTree(t, map[string]string{
		".gitignore": "*.log\n",
		"a.txt":      "a",
		"old/x.txt":  "x",
		"old/y/z.go": "z",
	})
	w := openWS(t, dir, Options{Watch: true})
	if got := w.Files(); !slices.Equal(got, []string{".gitignore", "a.txt", "old/x.txt", "old/y/z.go"}) {
		t.Fatalf("initial Files() = %v", got)
	}

	write(t, dir, "b.txt", "b")
	waitFiles(t, w, "a created file", func(f []string) bool { return has(f, "b.txt") })

	// A new directory with files inside, nested, created in one go.
	write(t, dir, "fresh/one.go", "1")
	write(t, dir, "fresh/deeper/two.go", "2")
	write(t, dir, "fresh/deeper/still/three.go", "3")
	waitFiles(t, w, "a new directory's files", func(f []string) bool {
		return has(f, "fresh/one.go", "fresh/deeper/two.go", "fresh/deeper/still/three.go")
	})
	// The new directories are watched: a file added later shows up.
	write(t, dir, "fresh/deeper/still/four.go", "4")
	waitFiles(t, w, "a file in a new directory", func(f []string) bool { return has(f, "fresh/deeper/still/four.go") })

	// Rename a file.
	if err := os.Rename(filepath.Join(dir, "a.txt"), filepath.Join(dir, "renamed.txt")); err != nil {
		t.Fatal(err)
	}
	waitFiles(t, w, "a renamed file", func(f []string) bool { return has(f, "renamed.txt") && hasNone(f, "a.txt") })

	// Rename a directory: its files move with it, and it is still watched.
	if err := os.Rename(filepath.Join(dir, "old"), filepath.Join(dir, "new")); err != nil {
		t.Fatal(err)
	}
	waitFiles(t, w, "a renamed directory", func(f []string) bool {
		return has(f, "new/x.txt", "new/y/z.go") && hasNone(f, "old/x.txt", "old/y/z.go")
	})
	write(t, dir, "new/y/after.go", "a")
	waitFiles(t, w, "a file in a renamed directory", func(f []string) bool { return has(f, "new/y/after.go") })

	// Delete a file and a directory tree.
	if err := os.Remove(filepath.Join(dir, "b.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(filepath.Join(dir, "fresh")); err != nil {
		t.Fatal(err)
	}
	waitFiles(t, w, "deletions", func(f []string) bool {
		return hasNone(f, "b.txt", "fresh/one.go", "fresh/deeper/two.go", "fresh/deeper/still/three.go", "fresh/deeper/still/four.go")
	})

	// Ignored files never appear: write one, then a sentinel, and wait for
	// the sentinel (events are applied in order of arrival).
	write(t, dir, "noise.log", "x")
	write(t, dir, ".git/HEAD", "ref")
	write(t, dir, "sentinel1", "x")
	waitFiles(t, w, "the sentinel", func(f []string) bool { return has(f, "sentinel1") })
	if f := w.Files(); !hasNone(f, "noise.log", ".git/HEAD") {
		t.Errorf("ignored files listed: %v", f)
	}

	// A nested .gitignore written later hides what it names; deleting it
	// brings it back.
	write(t, dir, "new/.gitignore", "x.txt\n")
	waitFiles(t, w, "a nested .gitignore applied", func(f []string) bool { return hasNone(f, "new/x.txt") && has(f, "new/.gitignore") })
	if err := os.Remove(filepath.Join(dir, "new/.gitignore")); err != nil {
		t.Fatal(err)
	}
	waitFiles(t, w, "a removed .gitignore lifted", func(f []string) bool { return has(f, "new/x.txt") })
}

// TestIndexOutOfWatches: when the kernel has no watches left (ENOSPC from
// inotify_add_watch) the index warns once and answers from a fresh walk, so
// it is slower but never stale.
func TestIndexOutOfWatches(t *testing.T) {
	dir := newTree(t, map[string]string{"a.txt": "a", "d1/x": "x", "d2/y": "y"})
	adds := 0
	addWatchHook = func(w *fsnotify.Watcher, name string) error {
		adds++
		if adds > 2 {
			return fmt.Errorf("inotify_add_watch %s: %w", name, syscall.ENOSPC)
		}
		return w.Add(name)
	}
	defer func() { addWatchHook = nil }()
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, nil))
	w := openWS(t, dir, Options{Watch: true, Logger: log})
	if got := w.Files(); !slices.Equal(got, []string{"a.txt", "d1/x", "d2/y"}) {
		t.Errorf("Files() = %v", got)
	}
	write(t, dir, "d2/new.txt", "b") // d2 is not watched
	if got := w.Files(); !slices.Equal(got, []string{"a.txt", "d1/x", "d2/new.txt", "d2/y"}) {
		t.Errorf("degraded Files() = %v, want a fresh walk", got)
	}
	if n := strings.Count(logs.String(), "out of file watches"); n != 1 {
		t.Errorf("logged %d warnings, want 1:\n%s", n, logs.String())
	}
	if !strings.Contains(logs.String(), "level=WARN") || !strings.Contains(logs.String(), "max_user_watches") {
		t.Errorf("warning does not say how to fix it:\n%s", logs.String())
	}
}
