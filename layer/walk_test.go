//go:build linux

package layer

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/loopls/loopls/beneath"
)

// fixture is a workspace (lower) and an upper directory made by hand as
// the overlay makes them: whiteouts are character devices 0/0 (which an
// unprivileged user may make), opaque directories carry the user
// attribute.
type fixture struct {
	t            *testing.T
	lower, upper string
}

func newFixture(t *testing.T) *fixture {
	return &fixture{t: t, lower: t.TempDir(), upper: t.TempDir()}
}

var old = time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)

func (f *fixture) file(base, rel, content string, mode os.FileMode, mtime time.Time) {
	f.t.Helper()
	p := filepath.Join(base, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		f.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), mode); err != nil {
		f.t.Fatal(err)
	}
	if err := os.Chmod(p, mode); err != nil {
		f.t.Fatal(err)
	}
	if err := os.Chtimes(p, mtime, mtime); err != nil {
		f.t.Fatal(err)
	}
}

func (f *fixture) dir(base, rel string) {
	f.t.Helper()
	if err := os.MkdirAll(filepath.Join(base, rel), 0o755); err != nil {
		f.t.Fatal(err)
	}
}

func (f *fixture) whiteout(rel string) {
	f.t.Helper()
	p := filepath.Join(f.upper, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		f.t.Fatal(err)
	}
	if err := unix.Mknod(p, unix.S_IFCHR, 0); err != nil {
		f.t.Fatalf("mknod whiteout: %v", err)
	}
}

func (f *fixture) xattr(rel, name, value string) {
	f.t.Helper()
	if err := unix.Lsetxattr(filepath.Join(f.upper, rel), name, []byte(value), 0); err != nil {
		f.t.Fatalf("setxattr %s: %v", name, err)
	}
}

func (f *fixture) walk() Changes {
	f.t.Helper()
	r, err := beneath.Open(f.lower)
	if err != nil {
		f.t.Fatal(err)
	}
	defer r.Close()
	c, err := Walk(f.upper, r)
	if err != nil {
		f.t.Fatal(err)
	}
	return c
}

// brief is a change as "kind path" with what matters for it.
func brief(c Changes) []string {
	var out []string
	for _, ch := range c.List {
		s := ch.Kind.String() + " " + ch.Path
		switch ch.Kind {
		case Write, Mkdir, Meta:
			s += " " + ch.Mode.String()
		case Link:
			s += " -> " + ch.Target
		}
		if ch.Existed {
			s += " existed"
		}
		if ch.Plain {
			s += " plain"
		}
		out = append(out, s)
	}
	for _, sk := range c.Skipped {
		out = append(out, "skip "+sk.Path)
	}
	return out
}

func TestWalk(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(f *fixture)
		want  []string
	}{
		{"new file", func(f *fixture) {
			f.file(f.upper, "a.txt", "hi", 0o640, old)
		}, []string{"write a.txt -rw-r-----"}},
		{"modified file", func(f *fixture) {
			f.file(f.lower, "a.txt", "old", 0o644, old)
			f.file(f.upper, "a.txt", "new", 0o644, old)
		}, []string{"write a.txt -rw-r--r-- existed"}},
		{"same size, other bytes", func(f *fixture) {
			f.file(f.lower, "a.txt", strings.Repeat("a", 200000), 0o644, old)
			f.file(f.upper, "a.txt", strings.Repeat("a", 199999)+"b", 0o644, old)
		}, []string{"write a.txt -rw-r--r-- existed"}},
		{"identical copy-up dropped", func(f *fixture) {
			f.file(f.lower, "a.txt", strings.Repeat("x", 100000), 0o644, old)
			f.file(f.upper, "a.txt", strings.Repeat("x", 100000), 0o644, old)
		}, nil},
		{"touch keeps the new time only", func(f *fixture) {
			f.file(f.lower, "a.txt", "same", 0o644, old)
			f.file(f.upper, "a.txt", "same", 0o644, old.Add(time.Hour))
		}, []string{"meta a.txt -rw-r--r-- existed"}},
		{"chmod", func(f *fixture) {
			f.file(f.lower, "run.sh", "#!/bin/sh", 0o644, old)
			f.file(f.upper, "run.sh", "#!/bin/sh", 0o755, old)
		}, []string{"meta run.sh -rwxr-xr-x existed"}},
		{"whiteout", func(f *fixture) {
			f.file(f.lower, "gone.txt", "x", 0o644, old)
			f.whiteout("gone.txt")
		}, []string{"delete gone.txt existed"}},
		{"whiteout of nothing the workspace has", func(f *fixture) {
			f.whiteout("never.txt")
		}, nil},
		{"whiteouts share an inode; a hard-linked file is no whiteout", func(f *fixture) {
			f.file(f.lower, "a", "x", 0o644, old)
			f.file(f.lower, "b", "x", 0o644, old)
			f.whiteout("a")
			f.whiteout("b")
			f.file(f.upper, "c", "linked", 0o644, old)
			if err := os.Link(filepath.Join(f.upper, "c"), filepath.Join(f.upper, "d")); err != nil {
				t.Fatal(err)
			}
		}, []string{"delete a existed", "delete b existed", "write c -rw-r--r--", "write d -rw-r--r--"}},
		{"opaque directory", func(f *fixture) {
			f.file(f.lower, "d/old.txt", "x", 0o644, old)
			f.dir(f.upper, "d")
			f.xattr("d", xattrOpaque, "y")
			f.file(f.upper, "d/old.txt", "x", 0o644, old)
			f.file(f.upper, "d/new.txt", "y", 0o644, old)
		}, []string{"clear d existed", "write d/new.txt -rw-r--r--", "write d/old.txt -rw-r--r--"}},
		{"new tree is plain", func(f *fixture) {
			f.file(f.upper, "node_modules/x/index.js", "1", 0o644, old)
			f.file(f.upper, "node_modules/y.js", "2", 0o644, old)
		}, []string{"mkdir node_modules -rwxr-xr-x plain", "mkdir node_modules/x -rwxr-xr-x plain",
			"write node_modules/x/index.js -rw-r--r--", "write node_modules/y.js -rw-r--r--"}},
		{"a fifo is skipped and the tree is not plain", func(f *fixture) {
			f.dir(f.upper, "n/m")
			if err := unix.Mkfifo(filepath.Join(f.upper, "n/m/fifo"), 0o644); err != nil {
				t.Fatal(err)
			}
		}, []string{"mkdir n -rwxr-xr-x", "mkdir n/m -rwxr-xr-x", "skip n/m/fifo"}},
		{"a whiteout inside a new tree makes it not plain", func(f *fixture) {
			f.dir(f.upper, "n")
			f.whiteout("n/w")
		}, []string{"mkdir n -rwxr-xr-x"}},
		{"overlay attribute inside a new tree", func(f *fixture) {
			f.file(f.upper, "n/a", "1", 0o644, old)
			f.xattr("n/a", xattrPrefix+"origin", "")
		}, []string{"mkdir n -rwxr-xr-x", "write n/a -rw-r--r--"}},
		{"redirect is not applied", func(f *fixture) {
			f.dir(f.upper, "r")
			f.xattr("r", xattrPrefix+"redirect", "/elsewhere")
		}, []string{"skip r"}},
		{"links", func(f *fixture) {
			if err := os.Symlink("target", filepath.Join(f.lower, "same")); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink("target", filepath.Join(f.upper, "same")); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink("../../etc", filepath.Join(f.upper, "new")); err != nil {
				t.Fatal(err)
			}
		}, []string{"link new -> ../../etc"}},
		{"file replaced by a directory", func(f *fixture) {
			f.file(f.lower, "x", "file", 0o644, old)
			f.file(f.upper, "x/y", "in", 0o644, old)
		}, []string{"delete x existed", "mkdir x -rwxr-xr-x plain", "write x/y -rw-r--r--"}},
		{"a link in the workspace is not followed", func(f *fixture) {
			outside := t.TempDir()
			f.file(outside, "passwd", "root", 0o644, old)
			if err := os.Symlink(outside, filepath.Join(f.lower, "l")); err != nil {
				t.Fatal(err)
			}
			f.file(f.upper, "l/passwd", "root", 0o644, old)
		}, []string{"delete l existed", "mkdir l -rwxr-xr-x plain", "write l/passwd -rw-r--r--"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			tc.setup(f)
			if got := brief(f.walk()); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("changes:\n got %q\nwant %q", got, tc.want)
			}
		})
	}
}

// TestWalkKeepsMtime: a written file keeps the time the line left on it.
func TestWalkKeepsMtime(t *testing.T) {
	f := newFixture(t)
	f.file(f.upper, "a", "x", 0o644, old)
	c := f.walk()
	if len(c.List) != 1 || !c.List[0].MTime.Equal(old) {
		t.Fatalf("changes %+v, want one write at %v", c.List, old)
	}
}
