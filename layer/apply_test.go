//go:build linux

package layer

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/loopls/loopls/beneath"
)

// applyFixture is a workspace set up before the line starts (New), and
// the layer the test then fills by hand as the overlay would.
type applyFixture struct {
	*fixture
	l *Layer
	r *beneath.Root
}

func newApply(t *testing.T, before func(f *fixture)) *applyFixture {
	f := newFixture(t)
	if before != nil {
		before(f)
	}
	l, err := New(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	f.upper = l.Upper
	r, err := beneath.Open(f.lower)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return &applyFixture{fixture: f, l: l, r: r}
}

func (a *applyFixture) apply(ask Asker) Result {
	a.t.Helper()
	ch, err := Walk(a.l.Upper, a.r)
	if err != nil {
		a.t.Fatal(err)
	}
	return Apply(context.Background(), a.l, a.r, ch, ask, keepAll)
}

func (a *applyFixture) read(rel string) string {
	a.t.Helper()
	b, err := os.ReadFile(filepath.Join(a.lower, rel))
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return string(b)
}

// keepAll keeps every text for the journal.
func keepAll(string, int64) bool { return true }

func notes(ns []Note) []string {
	var out []string
	for _, n := range ns {
		out = append(out, n.Path)
	}
	return out
}

func TestApply(t *testing.T) {
	a := newApply(t, func(f *fixture) {
		f.file(f.lower, "mod.txt", "old", 0o644, old)
		f.file(f.lower, "run.sh", "#!/bin/sh", 0o644, old)
		f.file(f.lower, "gone.txt", "x", 0o644, old)
		f.file(f.lower, "dir/a", "a", 0o644, old)
		f.file(f.lower, "same.txt", "same", 0o644, old)
	})
	later := old.AddDate(1, 0, 0)
	a.file(a.upper, "mod.txt", "new", 0o600, later)
	a.file(a.upper, "run.sh", "#!/bin/sh", 0o755, old)
	a.file(a.upper, "same.txt", "same", 0o644, old)
	a.whiteout("gone.txt")
	a.whiteout("dir")
	a.file(a.upper, "new/deep/x", "x", 0o640, later)
	res := a.apply(nil)
	if len(res.Conflicts)+len(res.Failed)+len(res.Dropped) > 0 {
		t.Fatalf("result %+v", res)
	}
	if got := a.read("mod.txt"); got != "new" {
		t.Errorf("mod.txt = %q", got)
	}
	for rel, want := range map[string]os.FileMode{"mod.txt": 0o600, "run.sh": 0o755, "new/deep/x": 0o640} {
		fi, err := os.Lstat(filepath.Join(a.lower, rel))
		if err != nil || fi.Mode().Perm() != want {
			t.Errorf("%s: %v %v, want mode %v", rel, fi, err, want)
		} else if rel != "run.sh" && !fi.ModTime().Equal(later) {
			t.Errorf("%s: mtime %v, want the layer's %v", rel, fi.ModTime(), later)
		}
	}
	for _, rel := range []string{"gone.txt", "dir"} {
		if _, err := os.Lstat(filepath.Join(a.lower, rel)); !os.IsNotExist(err) {
			t.Errorf("%s not removed: %v", rel, err)
		}
	}
	if slices.Contains(res.Applied, "same.txt") {
		t.Errorf("an identical copy-up was applied: %v", res.Applied)
	}
	if res.Moved != 1 {
		t.Errorf("moved %d trees, want new/ moved whole", res.Moved)
	}
	// What the journal is told: each path with its texts and modes.
	got := map[string]string{}
	for _, d := range res.Done {
		got[d.Path] = fmt.Sprintf("%s %q->%q %v->%v", d.Op, d.Before, d.After, d.ModeBefore, d.ModeAfter)
	}
	line := func(op Op, before, after string, mb, ma os.FileMode) string {
		return fmt.Sprintf("%s %q->%q %v->%v", op, []byte(before), []byte(after), mb, ma)
	}
	want := map[string]string{
		"mod.txt":    line(Changed, "old", "new", 0o644, 0o600),
		"run.sh":     line(Moded, "", "#!/bin/sh", 0o644, 0o755),
		"gone.txt":   line(Deleted, "x", "", 0o644, 0),
		"dir/a":      line(Deleted, "a", "", 0o644, 0),
		"dir":        line(Deleted, "", "", 0o755, 0),
		"new":        line(Created, "", "", 0, 0o755),
		"new/deep":   line(Created, "", "", 0, 0o755),
		"new/deep/x": line(Created, "", "x", 0, 0o640),
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("done:\n got %v\nwant %v", got, want)
	}
}

// TestApplyConflicts: what the user changed while the line ran is kept,
// and said.
func TestApplyConflicts(t *testing.T) {
	a := newApply(t, func(f *fixture) {
		f.file(f.lower, "saved.txt", "v1", 0o644, old)
		f.file(f.lower, "deleted.txt", "v1", 0o644, old)
		f.file(f.lower, "d/old", "o", 0o644, old)
		f.file(f.lower, "rm/old", "o", 0o644, old)
	})
	// The line: rewrites saved.txt and deleted.txt, replaces d (opaque),
	// removes rm.
	a.file(a.upper, "saved.txt", "command", 0o644, old)
	a.file(a.upper, "deleted.txt", "command", 0o644, old)
	a.xattr("deleted.txt", xattrPrefix+"origin", "")
	a.dir(a.upper, "d")
	a.xattr("d", xattrOpaque, "y")
	a.file(a.upper, "d/fresh", "f", 0o644, old)
	a.whiteout("rm")
	// Meanwhile the user saves, deletes, and adds files.
	if err := os.WriteFile(filepath.Join(a.lower, "saved.txt"), []byte("user"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(a.lower, "deleted.txt")); err != nil {
		t.Fatal(err)
	}
	for _, rel := range []string{"d/users", "rm/users"} {
		if err := os.WriteFile(filepath.Join(a.lower, rel), []byte("mine"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The watcher saw the delete: nothing at deleted.txt tells it from a
	// file the line moved there (TestApplyMovedAndLinkedFiles).
	a.l.Seen = &Seen{paths: map[string]bool{"deleted.txt": true}}
	res := a.apply(nil)
	if got := a.read("saved.txt"); got != "user" {
		t.Errorf("the user's save was overwritten: %q", got)
	}
	if _, err := os.Lstat(filepath.Join(a.lower, "deleted.txt")); !os.IsNotExist(err) {
		t.Errorf("the file the user deleted was made again")
	}
	for _, rel := range []string{"d/users", "rm/users"} {
		if got := a.read(rel); got != "mine" {
			t.Errorf("%s = %q: the user's file was not kept", rel, got)
		}
	}
	if got := a.read("d/fresh"); got != "f" {
		t.Errorf("d/fresh = %q", got)
	}
	if got := a.read("d/old"); got[0] != '<' {
		t.Errorf("d/old still there after the directory was replaced")
	}
	c := notes(res.Conflicts)
	for _, want := range []string{"saved.txt", "deleted.txt", "d/users", "rm/users"} {
		if !slices.Contains(c, want) && !slices.Contains(c, filepath.Dir(want)) {
			t.Errorf("conflicts %v lack %s", c, want)
		}
	}
}

// TestApplyProtected: protected paths are judged on the layer and the
// workspace together, dropped unless allowed, and named.
func TestApplyProtected(t *testing.T) {
	setup := func(f *fixture) {
		f.dir(f.lower, "sub/objects")
		f.dir(f.lower, "sub/refs")
		f.file(f.lower, "repo/.git/config", "[core]", 0o644, old)
		f.file(f.lower, "repo/a", "a", 0o644, old)
	}
	fill := func(a *applyFixture) {
		a.file(a.upper, "sub/HEAD", "ref: refs/heads/main", 0o644, old)
		a.file(a.upper, ".vscode/settings.json", "{}", 0o644, old)
		a.whiteout("repo")
		a.file(a.upper, "ok.txt", "fine", 0o644, old)
	}
	a := newApply(t, setup)
	fill(a)
	var asked []string
	res := a.apply(func(root, why string) bool { asked = append(asked, root); return false })
	for _, rel := range []string{"sub/HEAD", ".vscode"} {
		if _, err := os.Lstat(filepath.Join(a.lower, rel)); !os.IsNotExist(err) {
			t.Errorf("%s was applied without approval", rel)
		}
	}
	if got := a.read("repo/.git/config"); got != "[core]" {
		t.Errorf("the git directory was removed: %q", got)
	}
	if got := a.read("ok.txt"); got != "fine" {
		t.Errorf("ok.txt = %q", got)
	}
	d := notes(res.Dropped)
	for _, want := range []string{"sub", ".vscode", "repo/.git"} {
		if !slices.Contains(d, want) || !slices.Contains(asked, want) {
			t.Errorf("dropped %v, asked %v: want %s in both", d, asked, want)
		}
	}

	b := newApply(t, setup)
	fill(b)
	b.apply(func(root, why string) bool { return true })
	if got := b.read("sub/HEAD"); got != "ref: refs/heads/main" {
		t.Errorf("sub/HEAD allowed but not applied: %q", got)
	}
}

// TestApplyFollowsNoLink: a directory swapped for a link after the walk
// is not written through.
func TestApplyFollowsNoLink(t *testing.T) {
	outside := t.TempDir()
	a := newApply(t, func(f *fixture) { f.file(f.lower, "d/a", "a", 0o644, old) })
	a.file(a.upper, "d/a", "evil", 0o644, old)
	ch, err := Walk(a.l.Upper, a.r)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(filepath.Join(a.lower, "d")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(a.lower, "d")); err != nil {
		t.Fatal(err)
	}
	res := Apply(context.Background(), a.l, a.r, ch, nil, nil)
	if _, err := os.Lstat(filepath.Join(outside, "a")); !os.IsNotExist(err) {
		t.Fatalf("written through the link: %v", err)
	}
	if len(res.Failed)+len(res.Conflicts) != 1 {
		t.Errorf("result %+v, want the write refused", res)
	}
}

// TestApplyJournalsLinks: the links a line made, pointed elsewhere or
// removed are told to the journal with their targets (made alone or in a
// tree moved in whole), so undo can take them back.
func TestApplyJournalsLinks(t *testing.T) {
	a := newApply(t, func(f *fixture) {
		f.file(f.lower, "a.txt", "a", 0o644, old)
		for l, to := range map[string]string{"cur": "a.txt", "gone": "a.txt", "dir/old": "../a.txt"} {
			if err := os.MkdirAll(filepath.Dir(filepath.Join(f.lower, l)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(to, filepath.Join(f.lower, l)); err != nil {
				t.Fatal(err)
			}
		}
	})
	for l, to := range map[string]string{"made": "a.txt", "cur": "b.txt", "tree/in": "../a.txt"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(a.upper, l)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(to, filepath.Join(a.upper, l)); err != nil {
			t.Fatal(err)
		}
	}
	a.whiteout("gone")
	a.whiteout("dir")
	res := a.apply(nil)
	if len(res.Conflicts)+len(res.Failed)+len(res.Dropped) > 0 {
		t.Fatalf("result %+v", res)
	}
	got := map[string]string{}
	for _, d := range res.Done {
		if d.Link {
			if got[d.Path] != "" {
				got[d.Path] += "; "
			}
			got[d.Path] += fmt.Sprintf("%s %s->%s", d.Op, d.Before, d.After)
		}
	}
	want := map[string]string{
		"made":    "created ->a.txt",
		"cur":     "deleted a.txt->; created ->b.txt", // the walk: a delete, then a new link
		"gone":    "deleted a.txt->",
		"dir/old": "deleted ../a.txt->",
		"tree/in": "created ->../a.txt",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("links told to the journal:\n got %v\nwant %v", got, want)
	}
	if res.Moved != 1 {
		t.Errorf("moved %d trees, want tree/ moved whole", res.Moved)
	}
	if to, err := os.Readlink(filepath.Join(a.lower, "cur")); err != nil || to != "b.txt" {
		t.Errorf("cur -> %q, %v; want the line's b.txt", to, err)
	}
}

// TestApplyMovedAndLinkedFiles: a file the line moved (mv a b) or
// hard-linked (ln a c) is copied up with the overlay's origin mark at a
// path the workspace never had: it is new there, applied, and the moved
// file's old name removed. Taken as existing it was "removed meanwhile",
// never made, while the whiteout removed a: the file was lost.
func TestApplyMovedAndLinkedFiles(t *testing.T) {
	a := newApply(t, func(f *fixture) {
		f.file(f.lower, "a.txt", "moved", 0o644, old)
		f.file(f.lower, "src.txt", "linked", 0o644, old)
	})
	a.whiteout("a.txt")
	a.file(a.upper, "sub/b.txt", "moved", 0o644, old)
	a.xattr("sub/b.txt", xattrPrefix+"origin", "")
	a.file(a.upper, "src.txt", "linked", 0o644, old)
	a.xattr("src.txt", xattrPrefix+"origin", "")
	if err := os.Link(filepath.Join(a.upper, "src.txt"), filepath.Join(a.upper, "c.txt")); err != nil {
		t.Fatal(err)
	}
	res := a.apply(nil)
	if len(res.Conflicts)+len(res.Failed) > 0 {
		t.Errorf("result %+v", res)
	}
	for rel, want := range map[string]string{"sub/b.txt": "moved", "c.txt": "linked", "src.txt": "linked"} {
		if got := a.read(rel); got != want {
			t.Errorf("%s = %q, want %q", rel, got, want)
		}
	}
	if _, err := os.Lstat(filepath.Join(a.lower, "a.txt")); !os.IsNotExist(err) {
		t.Errorf("a.txt is still there after the move (%v)", err)
	}
}
