//go:build unix

package beneath

// The tests that need symbolic links: Wine makes none (beneath_windows_test.go
// has the Windows counterparts, with directories swapped instead and a
// junction where the system can make one).

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestResolve: links inside the root are followed to where they lead (a
// pnpm node_modules, a monorepo package), relative or absolute; a link out
// of the root, or a loop, is refused with its kind; what does not exist
// is kept.
func TestResolve(t *testing.T) {
	dir := tree(t, "pkg/a/index.js", "node_modules/a -> ../pkg/a", "abs -> $ROOT/pkg",
		"chain -> node_modules", "out -> ../..", "outabs -> /etc", "loop1 -> loop2", "loop2 -> loop1",
		"g -> .git", ".git/config", "file")
	r := open(t, dir)
	for rel, want := range map[string]string{
		"pkg/a/index.js":              "pkg/a/index.js",
		"node_modules/a/index.js":     "pkg/a/index.js",
		"chain/a/index.js":            "pkg/a/index.js",
		"abs/a/new/file.go":           "pkg/a/new/file.go",
		"g/config":                    ".git/config",
		"missing/x/y":                 "missing/x/y",
		"node_modules/a/../../file":   "file",
		".":                           ".",
		"node_modules/a/sub/../x.txt": "pkg/a/x.txt",
	} {
		got, err := r.Resolve(rel)
		if err != nil || got != want {
			t.Errorf("Resolve(%q) = %q, %v; want %q", rel, got, err, want)
		}
	}
	for rel, kind := range map[string]error{
		"out/x": ErrOutside, "outabs/passwd": ErrOutside, "../x": ErrOutside, "/etc/passwd": ErrOutside,
		"loop1/x": ErrLink, "file/x": ErrNotDir,
	} {
		if got, err := r.Resolve(rel); !errors.Is(err, kind) {
			t.Errorf("Resolve(%q) = %q, %v; want %v", rel, got, err, kind)
		}
	}
}

// TestOpenDirFollowsNoLink: a link anywhere on the way is ErrLink, on the
// one-call path and on the walk alike; a file is ErrNotDir.
func TestOpenDirFollowsNoLink(t *testing.T) {
	dir := tree(t, "a/b/c/", "a/l -> b", "a/f", "top -> a")
	r := open(t, dir)
	d, err := r.OpenDir("a/b/c")
	if err != nil {
		t.Fatal(err)
	}
	if d.Rel() != "a/b/c" {
		t.Errorf("Rel = %q", d.Rel())
	}
	d.Close()
	for rel, kind := range map[string]error{"a/l/c": ErrLink, "top/b": ErrLink, "a/l": ErrLink, "a/f/x": ErrNotDir, "a/../../x": ErrOutside} {
		if _, err := r.OpenDir(rel); !errors.Is(err, kind) {
			t.Errorf("OpenDir(%q) = %v, want %v", rel, err, kind)
		}
		if _, err := r.Walk(rel, Walk{}); !errors.Is(err, kind) {
			t.Errorf("Walk(%q) = %v, want %v", rel, err, kind)
		}
	}
	var e *Error
	if _, err := r.Walk("a/l/c", Walk{}); !errors.As(err, &e) || e.Path != "a/l" {
		t.Errorf("Walk(a/l/c) names %+v, want the component a/l", e)
	}
}

// TestWriteAtomicStaysInItsDirectory: the parent swapped for a link to a
// protected directory between the write's check and its rename: the file
// lands in the directory that was judged, never through the link.
func TestWriteAtomicStaysInItsDirectory(t *testing.T) {
	dir := tree(t, "d/config", ".git/config")
	if err := os.Chmod(filepath.Join(dir, "d/config"), 0o600); err != nil {
		t.Fatal(err)
	}
	r := open(t, dir)
	d := heldDir(t, r, "d")
	r.SetHook(func(s Step, rel string) {
		if s != StepRename || rel != "d/config" {
			return
		}
		if err := os.Rename(filepath.Join(dir, "d"), filepath.Join(dir, "moved")); err != nil {
			t.Error(err)
		}
		if err := os.Symlink(".git", filepath.Join(dir, "d")); err != nil {
			t.Error(err)
		}
	})
	if err := d.WriteAtomic(context.Background(), "config", strings.NewReader("[core]\n\tfsmonitor = evil\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, ".git/config")); string(b) != ".git/config" {
		t.Errorf(".git/config = %q: the write went through the link", b)
	}
	fi, err := os.Stat(filepath.Join(dir, "moved/config"))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("moved/config: %v, %v; want the write there with its mode 0600 kept", fi, err)
	}
	r.SetHook(nil)
	// A link in the file's own place is replaced, not followed.
	if err := os.Symlink("../.git/config", filepath.Join(dir, "moved/link")); err != nil {
		t.Fatal(err)
	}
	if err := d.WriteAtomic(context.Background(), "link", bytes.NewReader([]byte("x")), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, ".git/config")); string(b) != ".git/config" {
		t.Errorf(".git/config = %q: the write followed the link in its place", b)
	}
	if _, err := d.OpenFile("nolink", os.O_WRONLY|os.O_CREATE, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := d.OpenFile("..", os.O_RDONLY, 0); err == nil {
		t.Error(`OpenFile("..") opened`)
	}
}

// TestRemoveAllStaysBeneath: the parent of what is removed swapped for a
// link to another project between the look and the removal (as a
// RENAME_EXCHANGE would), and a directory inside swapped for a link while
// it is emptied: nothing outside the root is removed.
func TestRemoveAllStaysBeneath(t *testing.T) {
	victim := tree(t, "project/.git/HEAD", "project/.git/objects/x", "project/.git/refs/y")
	dir := tree(t, "a/b/.git/HEAD", "a/b/.git/objects/o1", "a/b/.git/objects/o2", "a/b/.git/refs/r")
	r := open(t, dir)
	d := heldDir(t, r, "a/b")
	e := lstat(t, d, ".git")
	swapped := 0
	r.SetHook(func(s Step, rel string) {
		switch {
		case s == StepOpen && rel == "a/b/.git":
			// the parent of the whole removal goes
			if err := os.Rename(filepath.Join(dir, "a/b"), filepath.Join(dir, "a/aside")); err != nil {
				t.Error(err)
			}
			if err := os.Symlink(filepath.Join(victim, "project"), filepath.Join(dir, "a/b")); err != nil {
				t.Error(err)
			}
			swapped++
		case s == StepOpen && rel == "a/b/.git/refs":
			// a directory not yet emptied becomes a link out
			p := filepath.Join(dir, "a/aside/.git/refs")
			if err := os.RemoveAll(p); err != nil {
				t.Error(err)
			}
			if err := os.Symlink(filepath.Join(victim, "project/.git/refs"), p); err != nil {
				t.Error(err)
			}
			swapped++
		}
	})
	err := d.RemoveAll(".git", e)
	if !errors.Is(err, ErrLink) {
		t.Errorf("RemoveAll = %v, want the directory swapped for a link refused", err)
	}
	for _, p := range []string{"project/.git/HEAD", "project/.git/objects/x", "project/.git/refs/y"} {
		if _, err := os.Stat(filepath.Join(victim, p)); err != nil {
			t.Errorf("outside the root: %s: %v", p, err)
		}
	}
	if swapped != 2 {
		t.Errorf("the hook swapped %d times, want 2", swapped)
	}
}

// TestSetTimes: on a name without following it, and on a descriptor.
func TestSetTimes(t *testing.T) {
	dir := tree(t, "a/f", "a/l -> f")
	r := open(t, dir)
	d := heldDir(t, r, "a")
	when := time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC)
	if err := d.SetTimes("l", time.Time{}, when); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(filepath.Join(dir, "a/f")); fi.ModTime().Equal(when) {
		t.Error("SetTimes followed the link")
	}
	if fi, _ := os.Lstat(filepath.Join(dir, "a/l")); !fi.ModTime().Equal(when) {
		t.Errorf("link's mtime = %v", fi.ModTime())
	}
	checkSetFileTimes(t, d, "f", os.O_RDONLY, filepath.Join(dir, "a/f"), when)
}

// TestReadlink: Dir.Readlink reads a link's own target, whatever it points
// at (outside the root, nowhere), and refuses what is not a link and a
// name that is not one entry.
func TestReadlink(t *testing.T) {
	dir := t.TempDir()
	for name, to := range map[string]string{"out": "/etc/passwd", "dangling": "no/such", "in": "f"} {
		if err := os.Symlink(to, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "f"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	d := heldDir(t, r, ".")
	for name, want := range map[string]string{"out": "/etc/passwd", "dangling": "no/such", "in": "f"} {
		if got, err := d.Readlink(name); err != nil || got != want {
			t.Errorf("Readlink(%s) = %q, %v; want %q", name, got, err, want)
		}
	}
	for _, name := range []string{"f", "in/x", "..", "missing"} {
		if got, err := d.Readlink(name); err == nil {
			t.Errorf("Readlink(%s) = %q, want an error", name, got)
		}
	}
}
