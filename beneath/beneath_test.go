package beneath

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// tree makes the files (a name ending in "/" is a directory, "name -> t"
// a symbolic link) under a fresh directory and returns its real path.
func tree(t testing.TB, entries ...string) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		name, target, link := strings.Cut(e, " -> ")
		p := filepath.Join(dir, filepath.FromSlash(strings.TrimSuffix(name, "/")))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		switch {
		case link:
			err = os.Symlink(filepath.FromSlash(strings.ReplaceAll(target, "$ROOT", filepath.ToSlash(dir))), p)
		case strings.HasSuffix(name, "/"):
			err = os.MkdirAll(p, 0o755)
		default:
			err = os.WriteFile(p, []byte(name), 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func open(t testing.TB, dir string) *Root {
	t.Helper()
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

// heldDir opens the directory rel under r, held until the test ends.
func heldDir(t testing.TB, r *Root, rel string) *Dir {
	t.Helper()
	d, err := r.OpenDir(rel)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// lstat is d.Lstat(name), which the test needs to go on.
func lstat(t testing.TB, d *Dir, name string) Entry {
	t.Helper()
	e, err := d.Lstat(name)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// checkSetFileTimes opens name in d (flag: how) and sets its modification time
// to when on that handle (SetFileTimes), then checks that the file at
// path, by name, has it.
func checkSetFileTimes(t testing.TB, d *Dir, name string, flag int, path string, when time.Time) {
	t.Helper()
	f, err := d.OpenFile(name, flag, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := SetFileTimes(f, time.Time{}, when); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if !fi.ModTime().Equal(when) {
		t.Errorf("%s's mtime after SetFileTimes on its handle = %v, want %v", name, fi.ModTime(), when)
	}
}

// TestWalkExpect: a directory replaced by another of the same name since
// an earlier walk is ErrChanged; the walk may create what is missing and
// shows every directory on the way to Visit.
func TestWalkExpect(t *testing.T) {
	dir := tree(t, "a/b/")
	r := open(t, dir)
	d, err := r.Walk("a/b/c/d", Walk{Create: 0o755})
	if err != nil {
		t.Fatal(err)
	}
	chain := d.Chain()
	d.Close()
	if len(chain) != 5 {
		t.Fatalf("chain = %v", chain)
	}
	var seen []string
	d, err = r.Walk("a/b/c/d", Walk{Expect: chain, Visit: func(d *Dir) error { seen = append(seen, d.Rel()); return nil }})
	if err != nil {
		t.Fatal(err)
	}
	d.Close()
	if strings.Join(seen, ",") != ".,a,a/b,a/b/c,a/b/c/d" {
		t.Errorf("visited %v", seen)
	}
	if err := os.Rename(filepath.Join(dir, "a/b"), filepath.Join(dir, "old")); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "a/b/c/d"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Walk("a/b/c/d", Walk{Expect: chain}); !errors.Is(err, ErrChanged) {
		t.Errorf("Walk of a replaced directory = %v, want ErrChanged", err)
	}
}

// TestRemoveChecksTheEntry: an entry replaced since it was seen stays.
func TestRemoveChecksTheEntry(t *testing.T) {
	dir := tree(t, "x/.envrc", "x/other")
	r := open(t, dir)
	d := heldDir(t, r, "x")
	e := lstat(t, d, ".envrc")
	if err := os.Rename(filepath.Join(dir, "x/other"), filepath.Join(dir, "x/.envrc")); err != nil {
		t.Fatal(err)
	}
	if err := d.RemoveAll(".envrc", e); !errors.Is(err, ErrChanged) {
		t.Errorf("Remove of a replaced entry = %v, want ErrChanged", err)
	}
	e = lstat(t, d, ".envrc")
	if err := d.Remove(".envrc", e); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(filepath.Join(dir, "x/.envrc")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("after Remove: %v", err)
	}
}
