//go:build linux

package layer

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// stale makes a layer under base and lets its lock go without removing
// it, as a daemon killed mid-line leaves it: the overlay's work directory
// of mode 000 (with an entry, as a killed overlay may leave), a directory
// of the line's that it made read-only, and a link to outside that a
// removal must not follow.
func stale(t *testing.T, base, outside string) string {
	t.Helper()
	l, err := New(base)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{filepath.Join(l.Work, "work", "index"), filepath.Join(l.Upper, "ro", "sub")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(l.Upper, "ro", "sub", "f"), []byte("x"), 0o400); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(l.Upper, "ro", "out")); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{filepath.Join(l.Upper, "ro", "sub"), filepath.Join(l.Upper, "ro"), filepath.Join(l.Work, "work")} {
		if err := os.Chmod(d, 0); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(filepath.Join(l.Upper, "ro"), 0o500); err != nil {
		t.Fatal(err)
	}
	unix.Close(l.fd) // the daemon is gone: so is its lock
	t.Cleanup(func() { removeForTest(l.dir) })
	return l.dir
}

// removeForTest removes what a failed test left (t.TempDir cannot open
// directories of mode 000).
func removeForTest(dir string) {
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.IsDir() || err != nil && d != nil {
			os.Chmod(p, 0o700)
		}
		return nil
	})
	os.RemoveAll(dir)
}

// outsideTree is a directory outside every layer, with a file, that a
// stale layer links to.
func outsideTree(t *testing.T) (dir, file string) {
	dir = t.TempDir()
	file = filepath.Join(dir, "keep.txt")
	if err := os.WriteFile(file, []byte("mine"), 0o600); err != nil {
		t.Fatal(err)
	}
	return dir, file
}

func TestSweepRemovesOnlyLayersNoOneHolds(t *testing.T) {
	base := t.TempDir()
	outside, keep := outsideTree(t)
	live, err := New(base)
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	if err := os.WriteFile(filepath.Join(live.Upper, "f"), []byte("the live line's"), 0o600); err != nil {
		t.Fatal(err)
	}
	dead := stale(t, base, outside)
	removed, err := Sweep(base)
	if err != nil {
		t.Fatalf("Sweep: %v", err)
	}
	if len(removed) != 1 || removed[0] != dead {
		t.Errorf("Sweep removed %q, want only the stale %s", removed, dead)
	}
	if _, err := os.Lstat(dead); !os.IsNotExist(err) {
		t.Errorf("the stale layer is still there: %v", err)
	}
	if b, err := os.ReadFile(filepath.Join(live.Upper, "f")); err != nil || string(b) != "the live line's" {
		t.Errorf("the live layer's file: %q, %v", b, err)
	}
	if b, err := os.ReadFile(keep); err != nil || string(b) != "mine" {
		t.Errorf("the file a stale layer linked to: %q, %v (the removal followed the link)", b, err)
	}
	if err := live.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if names, _ := os.ReadDir(base); len(names) != 0 {
		t.Errorf("left under the base: %v", names)
	}
}

// The next line's layer sweeps: no call of Sweep is needed.
func TestNewSweepsStaleLayers(t *testing.T) {
	base := t.TempDir()
	outside, keep := outsideTree(t)
	dead := stale(t, base, outside)
	l, err := New(base)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if _, err := os.Lstat(dead); !os.IsNotExist(err) {
		t.Errorf("the stale layer outlived the next layer's making: %v", err)
	}
	if _, err := os.Stat(keep); err != nil {
		t.Errorf("the file a stale layer linked to: %v", err)
	}
}

// Close removes its own layer, the work directory of mode 000 and a
// line's read-only directories too, and follows no link.
func TestCloseRemovesWhatTheOverlayLeft(t *testing.T) {
	base := t.TempDir()
	outside, keep := outsideTree(t)
	l, err := New(base)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(l.Work, "work"), 0); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(l.Upper, "out")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(l.Upper, "ro"), 0o500); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { removeForTest(l.dir) })
	if err := l.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if names, _ := os.ReadDir(base); len(names) != 0 {
		t.Errorf("left under the base: %v", names)
	}
	if _, err := os.Stat(keep); err != nil {
		t.Errorf("the file the layer linked to: %v", err)
	}
}

// A directory that another daemon's sweep removed between its making and
// its lock is not used: claim makes another, and that one no sweep takes.
func TestClaimSkipsADirectorySweptBeforeItsLock(t *testing.T) {
	base := t.TempDir()
	var swept []string
	claimHook = func(dir string) {
		if len(swept) == 0 {
			// Unmarked and fresh, a sweep would leave it (it could be an
			// older daemon's); made to look old, it is taken.
			then := time.Now().Add(-oldUnmarked - time.Hour)
			if err := os.Chtimes(dir, then, then); err != nil {
				t.Fatal(err)
			}
			removed, err := Sweep(base)
			if err != nil || len(removed) != 1 || removed[0] != dir {
				t.Errorf("the sweep between open and lock removed %q, %v; want %s", removed, err, dir)
			}
			swept = append(swept, removed...)
		}
	}
	defer func() { claimHook = nil }()
	dir, fd, err := claim(base)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(fd)
	if len(swept) != 1 || dir == swept[0] {
		t.Fatalf("claimed %s after the sweep removed %q", dir, swept)
	}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil || st.Nlink == 0 {
		t.Fatalf("claimed %s: nlink %d, %v", dir, st.Nlink, err)
	}
	if removed, err := Sweep(base); err != nil || len(removed) != 0 {
		t.Errorf("Sweep took a claimed directory: %q, %v", removed, err)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Errorf("the claimed directory: %v", err)
	}
}

// A directory without the lock's mark is an older daemon's, which held no
// lock: it may be live, so it is swept only once older than any line.
func TestSweepLeavesAnUnmarkedLayerUntilItIsOld(t *testing.T) {
	base := t.TempDir()
	fresh, old := filepath.Join(base, "line-fresh"), filepath.Join(base, "line-old")
	for _, d := range []string{fresh, old} {
		if err := os.MkdirAll(filepath.Join(d, "upper"), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	then := time.Now().Add(-oldUnmarked - time.Hour)
	if err := os.Chtimes(old, then, then); err != nil {
		t.Fatal(err)
	}
	removed, err := Sweep(base)
	if err != nil || len(removed) != 1 || removed[0] != old {
		t.Errorf("Sweep removed %q, %v; want only %s", removed, err, old)
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Errorf("a fresh unmarked layer was swept: %v", err)
	}
}

// BenchmarkNewBesideLiveLayers is a line's layer made and removed while
// eight other daemons' lines hold theirs under the same base: the sweep
// before each new layer tries each one's lock and leaves it.
func BenchmarkNewBesideLiveLayers(b *testing.B) {
	base := b.TempDir()
	for range 8 {
		l, err := New(base)
		if err != nil {
			b.Fatal(err)
		}
		defer l.Close()
	}
	for b.Loop() {
		l, err := New(base)
		if err != nil {
			b.Fatal(err)
		}
		if err := l.Close(); err != nil {
			b.Fatal(err)
		}
	}
}
