//go:build linux

package layer

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"
)

func newWatcher(t *testing.T, root string) *Watcher {
	t.Helper()
	w, err := Watch(context.Background(), root, t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := w.Close(); err != nil {
			t.Error(err)
		}
	})
	return w
}

func mark(t *testing.T, w *Watcher) *Mark {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	m, err := w.Mark(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func seen(t *testing.T, m *Mark) *Seen {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s, err := m.Seen(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func write(t *testing.T, root, rel, text string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestWatcherSeesWhatChangedAfterTheMark: a change before the mark is not
// the line's concern; after it, a save, a removal, a chmod, and what is
// made in a new directory (even deeper than its first watch) are seen;
// nothing else is, and a released mark forgets them.
func TestWatcherSeesWhatChangedAfterTheMark(t *testing.T) {
	root := t.TempDir()
	write(t, root, "a.txt", "a")
	write(t, root, "old/b.txt", "b")
	write(t, root, "old/c.txt", "c")
	write(t, root, "quiet.txt", "q")
	w := newWatcher(t, root)
	write(t, root, "before.txt", "made before the mark")
	m := mark(t, w)
	write(t, root, "a.txt", "saved")
	if err := os.Remove(filepath.Join(root, "old", "b.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(root, "old", "c.txt"), 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, root, "new/deep/er/x.txt", "x")
	s := seen(t, m)
	for _, p := range []string{"a.txt", "old/b.txt", "old/c.txt", "new", "new/deep", "new/deep/er", "new/deep/er/x.txt"} {
		if !s.Changed(p) {
			t.Errorf("%s changed after the mark; not seen", p)
		}
	}
	for _, p := range []string{"before.txt", "quiet.txt", "old"} {
		if s.Changed(p) {
			t.Errorf("%s is seen as changed after the mark", p)
		}
	}
	if s.Overflow {
		t.Error("an overflow is reported where there was none")
	}
	m.Release()
	m2 := mark(t, w)
	defer m2.Release()
	write(t, root, "new/deep/er/y.txt", "a new directory is watched on")
	if s := seen(t, m2); s.Changed("a.txt") || !s.Changed("new/deep/er/y.txt") {
		t.Errorf("after the first mark's release: a.txt %v (want false), new/deep/er/y.txt %v (want true)", s.Changed("a.txt"), s.Changed("new/deep/er/y.txt"))
	}
}

// TestWatcherOverflowCountsEveryPath: events the kernel dropped (its
// queue overflowed while the watcher was held) make every path changed
// for the mark that was open, and not for the next one.
func TestWatcherOverflowCountsEveryPath(t *testing.T) {
	root := t.TempDir()
	write(t, root, "a.txt", "a")
	w := newWatcher(t, root)
	m := mark(t, w)
	overflow(t, w, root)
	if s := seen(t, m); !s.Overflow || !s.Changed("a.txt") || !s.Changed("never/touched") {
		t.Errorf("after an overflow: Overflow %v, a.txt %v, never/touched %v; want all true", s.Overflow, s.Changed("a.txt"), s.Changed("never/touched"))
	}
	m.Release()
	m2 := mark(t, w)
	defer m2.Release()
	if s := seen(t, m2); s.Overflow || s.Changed("a.txt") {
		t.Errorf("the next mark inherits the overflow")
	}
}

// overflow holds w and makes more events in root than the kernel queues,
// then lets w go on.
func overflow(t *testing.T, w *Watcher, root string) {
	t.Helper()
	n := 16384
	if b, err := os.ReadFile("/proc/sys/fs/inotify/max_queued_events"); err == nil {
		if v, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil {
			n = v
		}
	}
	release := w.Hold()
	defer release()
	// Two files written in turn: the kernel merges an event only into an
	// identical one just before it. fsnotify reads up to 4096 at once.
	var fs [2]*os.File
	for i := range fs {
		f, err := os.Create(filepath.Join(root, "flood"+strconv.Itoa(i)))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		fs[i] = f
	}
	for i := 0; i < 2*n+2*4096; i++ {
		if _, err := fs[i%2].WriteAt([]byte{'x'}, 0); err != nil {
			t.Fatal(err)
		}
	}
}

// TestWatcherMarkComesAfterWhatWasDone: what was changed before a line's
// mark (the daemon applying the line before, its events not yet taken
// when the next line starts: the watcher is held) is not counted as
// changed during the next line.
func TestWatcherMarkComesAfterWhatWasDone(t *testing.T) {
	root := t.TempDir()
	write(t, root, "a.txt", "a")
	w := newWatcher(t, root)
	release := sync.OnceFunc(w.Hold())
	w.syncing = release // the mark's sync has made its file: let events flow
	write(t, root, "a.txt", "applied by the daemon before the mark")
	m := mark(t, w)
	release()
	defer m.Release()
	if s := seen(t, m); s.Changed("a.txt") {
		t.Error("a change made before the mark, taken after it, counts as made during the line")
	}
}

// TestWatcherOutOfWatches: a directory whose watch cannot be added (the
// kernel's watch limit reached) is named, the watcher claims nothing
// under it, and a change there is still a conflict by its change time.
func TestWatcherOutOfWatches(t *testing.T) {
	a := newApply(t, func(f *fixture) {
		f.file(f.lower, "small/g.txt", "g", 0o644, old)
		f.file(f.lower, "big/sub/f.txt", "f", 0o644, old)
	})
	big := filepath.Join(a.lower, "big")
	addWatchHook = func(fsw *fsnotify.Watcher, name string) error {
		if name == big || strings.HasPrefix(name, big+string(filepath.Separator)) {
			return fmt.Errorf("inotify_add_watch: %w", syscall.ENOSPC)
		}
		return fsw.Add(name)
	}
	t.Cleanup(func() { addWatchHook = nil })
	w := newWatcher(t, a.lower)
	if u := w.Unwatched(); len(u) != 1 || u[0].Path != "big" || !strings.Contains(u[0].Why, "max_user_watches") {
		t.Fatalf("Unwatched() = %v, want big, out of watches", u)
	}
	m := mark(t, w)
	defer m.Release()
	write(t, a.lower, "small/g.txt", "the user's")
	write(t, a.lower, "big/sub/f.txt", "the user's")
	a.file(a.upper, "small/g.txt", "the line's", 0o644, old)
	a.file(a.upper, "big/sub/f.txt", "the line's", 0o644, old)
	a.l.Seen = seen(t, m)
	if !a.l.Seen.Changed("small/g.txt") || a.l.Seen.Changed("big/sub/f.txt") {
		t.Errorf("watcher: small/g.txt %v (want true), big/sub/f.txt %v (want false: not watched)", a.l.Seen.Changed("small/g.txt"), a.l.Seen.Changed("big/sub/f.txt"))
	}
	res := a.apply(nil)
	if got := notes(res.Conflicts); !slices.Equal(got, []string{"big/sub/f.txt", "small/g.txt"}) {
		t.Errorf("conflicts %v, want both (the unwatched one by its change time)", got)
	}
	for _, p := range []string{"small/g.txt", "big/sub/f.txt"} {
		if got := a.read(p); got != "the user's" {
			t.Errorf("%s = %q, want the user's", p, got)
		}
	}
}

// TestWatcherOwnDirectoryRemoved: the watcher's own directory removed
// between lines (a cache cleaned) is made again; lines still mark.
func TestWatcherOwnDirectoryRemoved(t *testing.T) {
	root := t.TempDir()
	w := newWatcher(t, root)
	if err := os.RemoveAll(w.syncDir); err != nil {
		t.Fatal(err)
	}
	m := mark(t, w)
	defer m.Release()
	write(t, root, "a.txt", "after the mark")
	if s := seen(t, m); !s.Changed("a.txt") || s.Overflow {
		t.Errorf("after the watcher's directory was made again: a.txt %v, overflow %v", s.Changed("a.txt"), s.Overflow)
	}
}

// TestWatcherFollowsARenamedDirectory: a directory renamed in the
// workspace (its watches would keep the old names) is watched by its new
// name: a later save under it is seen there, deep down too.
func TestWatcherFollowsARenamedDirectory(t *testing.T) {
	root := t.TempDir()
	write(t, root, "x/sub/f.txt", "f")
	w := newWatcher(t, root)
	if err := os.Rename(filepath.Join(root, "x"), filepath.Join(root, "y")); err != nil {
		t.Fatal(err)
	}
	m := mark(t, w)
	defer m.Release()
	write(t, root, "y/sub/f.txt", "saved under the new name")
	s := seen(t, m)
	if !s.Changed("y/sub/f.txt") {
		t.Errorf("a save under the renamed directory is not seen by its new name")
	}
	if s.Changed("x/sub/f.txt") {
		t.Errorf("a save under the renamed directory is seen by its old name")
	}
}
