//go:build linux

package command

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// hold stops the workspace's watcher taking events (layer.Watcher.Hold).
func (w *Watch) hold() func() {
	w.mu.Lock()
	lw := w.w
	w.mu.Unlock()
	return lw.Hold()
}

// watchedWorld is layerWorld with the workspace's own watcher (as the
// daemon keeps it) and, with noChangeTime, the change-time check off so
// that only the watcher finds conflicts.
func watchedWorld(t *testing.T, files map[string]string, ap *midLineApprover, noChangeTime bool) (string, Config) {
	t.Helper()
	dir, cfg := layerWorld(t, files, ap)
	cfg.Watch = &Watch{}
	t.Cleanup(func() {
		if err := cfg.Watch.Close(); err != nil {
			t.Error(err)
		}
	})
	cfg.seams.noChangeTime = noChangeTime
	return dir, cfg
}

// TestLayerWatcherFindsTheUsersSave: with the change-time check off, the
// workspace's watcher alone keeps what the user saved during the line —
// a file the line rewrites, a file and a new directory in a directory the
// line removes, a file in one it replaces (an opaque directory) — and
// the conflicts are reported; the rest of the line is applied. A file
// the line changed and the user then removed is not made again (no
// change time can tell that: the entry is gone).
func TestLayerWatcherFindsTheUsersSave(t *testing.T) {
	ap := &midLineApprover{}
	dir, cfg := watchedWorld(t, map[string]string{"notes.txt": "v1\n", "d/old.txt": "o\n", "e/old.txt": "o\n", "gone.txt": "g\n"}, ap, true)
	user := map[string]string{"notes.txt": "the user's save\n", "d/mine.txt": "mine\n", "d/new/deep/x.txt": "x\n", "e/mine.txt": "mine\n"}
	ap.hook = func() {
		// The line has changed gone.txt; the user removes it.
		if err := os.Remove(filepath.Join(dir, "gone.txt")); err != nil {
			t.Error(err)
		}
		for p, content := range user {
			if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755); err != nil {
				t.Error(err)
			}
			if err := os.WriteFile(filepath.Join(dir, p), []byte(content), 0o644); err != nil {
				t.Error(err)
			}
		}
	}
	res := call(t, cfg, "sed -i s/g/line/ gone.txt; sleep 0; echo command > notes.txt; rm -rf d; rm -rf e; mkdir e; echo z > e/z.txt; echo fine > other.txt")
	for p, want := range user {
		if got := readWS(t, dir, p); got != want {
			t.Errorf("%s = %q, want the user's %q\n%s", p, got, want, res.Output)
		}
	}
	for p, want := range map[string]string{"other.txt": "fine\n", "e/z.txt": "z\n", "d/old.txt": "<missing>", "e/old.txt": "<missing>", "gone.txt": "<missing>"} {
		if got := readWS(t, dir, p); got != want {
			t.Errorf("%s = %q, want %q\n%s", p, got, want, res.Output)
		}
	}
	if !strings.Contains(res.Output, "changed by someone else while the command ran") || !strings.Contains(res.Output, "notes.txt") {
		t.Errorf("the conflict is not reported:\n%s", res.Output)
	}
}

// TestLayerWatcherOverflowKeepsEverything: the kernel's queue overflows
// during the line (the watcher is held while the user's program writes
// more than it queues): the watcher lost events, so every path of the
// line is a conflict — nothing the workspace holds is overwritten or
// removed, nothing new is made — and each is reported.
func TestLayerWatcherOverflowKeepsEverything(t *testing.T) {
	ap := &midLineApprover{}
	dir, cfg := watchedWorld(t, map[string]string{"a.txt": "a\n", "b.txt": "b\n", "d/x.txt": "x\n"}, ap, false)
	n := 16384
	if b, err := os.ReadFile("/proc/sys/fs/inotify/max_queued_events"); err == nil {
		if v, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil {
			n = v
		}
	}
	ap.hook = func() {
		release := cfg.Watch.hold()
		defer release()
		// Two files written in turn (the kernel merges only identical
		// events in a row); fsnotify itself reads up to 4096 at once.
		var fs [2]*os.File
		for i := range fs {
			f, err := os.Create(filepath.Join(dir, "flood"+strconv.Itoa(i)))
			if err != nil {
				t.Error(err)
				return
			}
			defer f.Close()
			fs[i] = f
		}
		for i := 0; i < 2*n+2*4096; i++ {
			if _, err := fs[i%2].WriteAt([]byte{'x'}, 0); err != nil {
				t.Error(err)
				return
			}
		}
	}
	res := call(t, cfg, "sleep 0; echo command > a.txt; rm b.txt; rm -rf d; echo new > new.txt")
	for p, want := range map[string]string{"a.txt": "a\n", "b.txt": "b\n", "d/x.txt": "x\n", "new.txt": "<missing>"} {
		if got := readWS(t, dir, p); got != want {
			t.Errorf("%s = %q, want %q: applied after an overflow\n%s", p, got, want, res.Output)
		}
	}
	for _, p := range []string{"a.txt", "b.txt", "d", "new.txt"} {
		if !strings.Contains(res.Output, p+" (the daemon's watcher lost events") {
			t.Errorf("%s is not reported as a conflict of the overflow:\n%s", p, res.Output)
		}
	}
}

// TestLayerWatcherNoFalseConflict: lines with no one else writing are
// applied whole, with the change-time check off: the watcher counts
// neither what the daemon applied for the line before (the same watcher,
// kept from line to line) nor the line's own writes.
func TestLayerWatcherNoFalseConflict(t *testing.T) {
	ap := &midLineApprover{}
	dir, cfg := watchedWorld(t, map[string]string{"a.txt": "a\n", "b.txt": "b\n", "d/x.txt": "x\n"}, ap, true)
	res := call(t, cfg, "echo one > a.txt; mkdir -p n/m; echo f > n/m/f.txt; rm -rf d; mkdir d; echo y > d/y.txt")
	if strings.Contains(res.Output, "not applied") || readWS(t, dir, "n/m/f.txt") != "f\n" || readWS(t, dir, "d/y.txt") != "y\n" {
		t.Fatalf("first line:\n%s", res.Output)
	}
	res = call(t, cfg, "echo two > a.txt; echo g > n/m/f.txt; rm b.txt; rm -rf d n")
	if strings.Contains(res.Output, "not applied") {
		t.Fatalf("second line reports a conflict:\n%s", res.Output)
	}
	for p, want := range map[string]string{"a.txt": "two\n", "b.txt": "<missing>", "n/m/f.txt": "<missing>", "d/y.txt": "<missing>"} {
		if got := readWS(t, dir, p); got != want {
			t.Errorf("%s = %q, want %q\n%s", p, got, want, res.Output)
		}
	}
}
