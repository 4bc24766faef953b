//go:build linux

package workspace

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/loopls/loopls/command"
	"github.com/loopls/loopls/engine/machine"
)

// lineWorld is a workspace whose lines run with the layer, their programs
// allowed.
func lineWorld(t *testing.T, files map[string]string) (string, *Workspace) {
	t.Helper()
	if st := command.Confinement(); !st.Layer {
		t.Fatalf("no layer here (%s): these tests need overlayfs in a user namespace", st.LayerWhy)
	}
	t.Setenv(command.LayerEnv, "on")
	dir := newTree(t, files)
	w := withPolicy(openWS(t, dir, Options{Approver: &recordingApprover{decision: DecisionAllowAlways}}),
		command.Policy{Allowed: []string{"sh", "mkdir", "rm", "echo", "ln", "chmod"}})
	return dir, w
}

func layerLine(t *testing.T, w *Workspace, run, line string) {
	t.Helper()
	if res := callRun(t, w, machine.RunID(run), ToolRunCommand, map[string]any{"command": line}); res.IsError {
		t.Fatalf("%s: %s", line, res.Output)
	}
}

// Undoing a line that made directories removes them (deepest first, once
// the files it put there are gone), so nothing of the line is left.
func TestUndoRemovesTheDirectoriesALineMade(t *testing.T) {
	dir, w := lineWorld(t, map[string]string{"keep.txt": "k\n"})
	layerLine(t, w, "r1", "mkdir -p a/b && echo x > a/b/f")
	if got := readDisk(t, dir, "a/b/f"); got != "x\n" {
		t.Fatalf("a/b/f = %q after the line", got)
	}
	applied, why, err := w.UndoRun(context.Background(), "r1")
	if err != nil || !applied || why != "" {
		t.Fatalf("UndoRun = %v, %q, %v", applied, why, err)
	}
	if _, err := os.Lstat(filepath.Join(dir, "a")); !os.IsNotExist(err) {
		t.Errorf("a is still there after undo (%v)", err)
	}
	if got := readDisk(t, dir, "keep.txt"); got != "k\n" {
		t.Errorf("keep.txt = %q", got)
	}
}

// A directory the line made that holds something the run did not make
// stays, and undo says so.
func TestUndoKeepsADirectoryWithSomeoneElsesFile(t *testing.T) {
	dir, w := lineWorld(t, nil)
	layerLine(t, w, "r1", "mkdir -p m/n && echo x > m/n/f")
	must(t, os.WriteFile(filepath.Join(dir, "m", "mine.txt"), []byte("mine\n"), 0o644))
	applied, why, err := w.UndoRun(context.Background(), "r1")
	if err != nil || !applied {
		t.Fatalf("UndoRun = %v, %q, %v", applied, why, err)
	}
	if _, err := os.Lstat(filepath.Join(dir, "m", "n")); !os.IsNotExist(err) {
		t.Errorf("m/n (empty once its file is gone) is still there (%v)", err)
	}
	if got := readDisk(t, dir, "m/mine.txt"); got != "mine\n" {
		t.Errorf("m/mine.txt = %q: undo removed what the run did not make", got)
	}
	if !strings.Contains(why, "m (left: not empty") {
		t.Errorf("undo does not say m stays: %q", why)
	}
}

// Undoing rm -r makes the directories again, with their modes, and puts
// their files back.
func TestUndoRemakesTheDirectoriesALineRemoved(t *testing.T) {
	dir, w := lineWorld(t, map[string]string{"d/f1": "one\n", "d/sub/f2": "two\n", "d/sub/deeper/f3": "three\n"})
	must(t, os.Chmod(filepath.Join(dir, "d", "sub"), 0o750))
	must(t, os.Chmod(filepath.Join(dir, "d", "sub", "deeper"), 0o710))
	layerLine(t, w, "r1", "rm -r d")
	if _, err := os.Lstat(filepath.Join(dir, "d")); !os.IsNotExist(err) {
		t.Fatalf("d is still there after the line (%v)", err)
	}
	applied, why, err := w.UndoRun(context.Background(), "r1")
	if err != nil || !applied || why != "" {
		t.Fatalf("UndoRun = %v, %q, %v", applied, why, err)
	}
	for rel, want := range map[string]string{"d/f1": "one\n", "d/sub/f2": "two\n", "d/sub/deeper/f3": "three\n"} {
		if got := readDisk(t, dir, rel); got != want {
			t.Errorf("%s = %q after undo, want %q", rel, got, want)
		}
	}
	for rel, want := range map[string]os.FileMode{"d/sub": 0o750, "d/sub/deeper": 0o710} {
		if fi, err := os.Stat(filepath.Join(dir, rel)); err != nil || fi.Mode().Perm() != want {
			t.Errorf("%s after undo: %v, %v; want mode %v", rel, fi.Mode(), err, want)
		}
	}
}

// Undoing a line takes back what it did to symbolic links: the links it
// made are removed (never followed: what they point at stays), one it
// removed is made again, one it pointed elsewhere points back, a
// directory of links it made is gone; a link changed since is left and
// named.
func TestUndoTakesBackALinesLinks(t *testing.T) {
	dir, w := lineWorld(t, map[string]string{"keep.txt": "k\n", "b.txt": "b\n", "sub/f": "f\n"})
	outside := t.TempDir()
	must(t, os.WriteFile(filepath.Join(outside, "secret"), []byte("s\n"), 0o600))
	must(t, os.Symlink("keep.txt", filepath.Join(dir, "cur")))
	must(t, os.Symlink("keep.txt", filepath.Join(dir, "old")))
	layerLine(t, w, "r1", "ln -s keep.txt l && ln -s "+outside+" out && ln -s sub lsub && mkdir d && ln -s ../keep.txt d/l && "+
		"ln -sfn b.txt cur && rm old && ln -s keep.txt later")
	for l, want := range map[string]string{"l": "keep.txt", "out": outside, "d/l": "../keep.txt", "cur": "b.txt"} {
		if to, err := os.Readlink(filepath.Join(dir, l)); err != nil || to != want {
			t.Fatalf("after the line %s -> %q, %v; want %q", l, to, err, want)
		}
	}
	// Someone points the line's link elsewhere: undo leaves it.
	must(t, os.Remove(filepath.Join(dir, "later")))
	must(t, os.Symlink("b.txt", filepath.Join(dir, "later")))
	applied, why, err := w.UndoRun(context.Background(), "r1")
	if err != nil || !applied {
		t.Fatalf("UndoRun = %v, %q, %v", applied, why, err)
	}
	for _, gone := range []string{"l", "out", "lsub", "d"} {
		if _, err := os.Lstat(filepath.Join(dir, gone)); !os.IsNotExist(err) {
			t.Errorf("%s is still there after undo (%v)", gone, err)
		}
	}
	for l, want := range map[string]string{"cur": "keep.txt", "old": "keep.txt", "later": "b.txt"} {
		if to, err := os.Readlink(filepath.Join(dir, l)); err != nil || to != want {
			t.Errorf("after undo %s -> %q, %v; want %q", l, to, err, want)
		}
	}
	for p, want := range map[string]string{filepath.Join(dir, "keep.txt"): "k\n", filepath.Join(dir, "sub", "f"): "f\n", filepath.Join(outside, "secret"): "s\n"} {
		if b, err := os.ReadFile(p); err != nil || string(b) != want {
			t.Errorf("%s = %q, %v after undo: a link was followed", p, b, err)
		}
	}
	if !strings.Contains(why, "links not reverted (changed since run r1): later") {
		t.Errorf("undo does not name the link changed since: %q", why)
	}
}

// A line that moves files (mv) and hard-links one (ln) has them applied
// (the overlay marks each as copied up from another path; they were lost
// as "removed meanwhile" while the moved file's old name was removed),
// the hard link as a file of its own; undo takes all of it back.
func TestLineMovesAndLinksFilesAndUndoes(t *testing.T) {
	dir, w := lineWorld(t, map[string]string{"keep.txt": "k\n", "b.txt": "b\n", "c.txt": "c\n"})
	w = withPolicy(w, command.Policy{Allowed: []string{"mv", "ln", "mkdir"}})
	layerLine(t, w, "r1", "mv keep.txt moved.txt && ln b.txt hard && mkdir n && mv c.txt n/c.txt")
	for rel, want := range map[string]string{"moved.txt": "k\n", "hard": "b\n", "b.txt": "b\n", "n/c.txt": "c\n"} {
		if got := readDisk(t, dir, rel); got != want {
			t.Errorf("after the line %s = %q, want %q", rel, got, want)
		}
	}
	for _, gone := range []string{"keep.txt", "c.txt"} {
		if _, err := os.Lstat(filepath.Join(dir, gone)); !os.IsNotExist(err) {
			t.Errorf("%s is still there after the line moved it (%v)", gone, err)
		}
	}
	if a, b := statOf(t, dir, "b.txt"), statOf(t, dir, "hard"); os.SameFile(a, b) {
		t.Errorf("hard shares b.txt's inode; docs/security.md says it is a file of its own")
	}
	applied, why, err := w.UndoRun(context.Background(), "r1")
	if err != nil || !applied || why != "" {
		t.Fatalf("UndoRun = %v, %q, %v", applied, why, err)
	}
	for rel, want := range map[string]string{"keep.txt": "k\n", "b.txt": "b\n", "c.txt": "c\n"} {
		if got := readDisk(t, dir, rel); got != want {
			t.Errorf("after undo %s = %q, want %q", rel, got, want)
		}
	}
	for _, gone := range []string{"moved.txt", "hard", "n"} {
		if _, err := os.Lstat(filepath.Join(dir, gone)); !os.IsNotExist(err) {
			t.Errorf("%s is still there after undo (%v)", gone, err)
		}
	}
}

func statOf(t *testing.T, dir, rel string) os.FileInfo {
	t.Helper()
	fi, err := os.Lstat(filepath.Join(dir, rel))
	if err != nil {
		t.Fatal(err)
	}
	return fi
}

// The run review's Undo all takes back a line's directories and links
// too, as UndoRun does.
func TestReviewUndoAllTakesBackDirectoriesAndLinks(t *testing.T) {
	dir, w := lineWorld(t, map[string]string{"d/f": "f\n", "keep.txt": "k\n"})
	layerLine(t, w, "r1", "mkdir -p a/b && echo x > a/b/f && ln -s f a/b/l && ln -s keep.txt top && rm -r d")
	if _, why, err := w.ReviewAction(context.Background(), "r1", "", -1, false); err != nil || why != "" {
		t.Fatalf("Undo all: %q, %v", why, err)
	}
	for _, gone := range []string{"a", "top"} {
		if _, err := os.Lstat(filepath.Join(dir, gone)); !os.IsNotExist(err) {
			t.Errorf("%s is still there after Undo all (%v)", gone, err)
		}
	}
	if got := readDisk(t, dir, "d/f"); got != "f\n" {
		t.Errorf("d/f = %q after Undo all", got)
	}
}

// A directory's mode the line changed is set back; one it removed and
// made again gets its files back, and undo says nothing of it.
func TestUndoSetsBackADirectorysMode(t *testing.T) {
	dir, w := lineWorld(t, map[string]string{"d/f": "f\n", "x/old": "o\n"})
	must(t, os.Chmod(filepath.Join(dir, "d"), 0o755))
	layerLine(t, w, "r1", "chmod 700 d && rm -r x && mkdir x && echo n > x/new")
	if fi, err := os.Stat(filepath.Join(dir, "d")); err != nil || fi.Mode().Perm() != 0o700 {
		t.Fatalf("d after the line: %v, %v", fi.Mode(), err)
	}
	applied, why, err := w.UndoRun(context.Background(), "r1")
	if err != nil || !applied || why != "" {
		t.Fatalf("UndoRun = %v, %q, %v", applied, why, err)
	}
	if fi, err := os.Stat(filepath.Join(dir, "d")); err != nil || fi.Mode().Perm() != 0o755 {
		t.Errorf("d after undo: %v, %v; want 0755", fi.Mode(), err)
	}
	if got := readDisk(t, dir, "x/old"); got != "o\n" {
		t.Errorf("x/old = %q after undo", got)
	}
	if _, err := os.Lstat(filepath.Join(dir, "x", "new")); !os.IsNotExist(err) {
		t.Errorf("x/new is still there after undo (%v)", err)
	}
}
