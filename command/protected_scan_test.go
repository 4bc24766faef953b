package command

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loopls/loopls/rootpath"
)

// walkProtected is the scan as it was before ProtectedScan, and the
// oracle here: a walk of the whole tree that reads every directory.
func walkProtected(t tree) ([]string, error) {
	var found []string
	fsys := t.r.FS()
	err := filepath.WalkDir(t.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == t.dir {
				return err
			}
			return nil
		}
		if p == t.dir {
			return nil
		}
		rel, err := filepath.Rel(t.dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if _, byName := rootpath.Names(rel); byName || (d.IsDir() && rootpath.IsGitDir(fsys, rel, "")) {
			found = append(found, rel)
			if d.IsDir() {
				return filepath.SkipDir
			}
		}
		return nil
	})
	slices.Sort(found)
	return found, err
}

// TestProtectedScanFindsChangesDeep: a scan that keeps what it saw finds,
// after each change deep in a tree it saw as old (so its unchanged
// directories are not read again), exactly what a full walk finds:
// protected names created, renamed in and removed at any depth, and git
// directories completed by their contents.
func TestProtectedScanFindsChangesDeep(t *testing.T) {
	files := map[string]string{".git/HEAD": "ref: x\n", ".git/objects/x": "", "src/main.go": "", "half/HEAD": "", "node_modules/m/n/o/p.js": ""}
	for _, d := range []string{"a/b/c/d/e", "x/y/z", "p/q/r"} {
		files[d+"/keep"] = ""
	}
	dir := newTree(t, files)
	r, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	tr := treeAt(r, dir)
	// The first scan sees the tree as made long ago: none of it is racy,
	// so later scans read only what changed after it.
	first := true
	s := ProtectedScan{clock: func() time.Time {
		if first {
			first = false
			return time.Now().Add(time.Hour)
		}
		return time.Now()
	}}
	at := func(p string) string { return filepath.Join(dir, filepath.FromSlash(p)) }
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	steps := []struct {
		name string
		do   func()
		want []string // also what the full walk finds
	}{
		{"as made", func() {}, []string{".git"}},
		{"a protected name five levels down", func() { must(os.WriteFile(at("a/b/c/d/e/.envrc"), nil, 0o644)) }, []string{".git", "a/b/c/d/e/.envrc"}},
		{"a git directory by its contents, deep", func() {
			must(os.Mkdir(at("p/q/r/objects"), 0o755))
			must(os.WriteFile(at("p/q/r/HEAD"), nil, 0o644))
		}, []string{".git", "a/b/c/d/e/.envrc", "p/q/r"}},
		{"a git directory completed by its second marker", func() { must(os.WriteFile(at("half/config"), nil, 0o644)) }, []string{".git", "a/b/c/d/e/.envrc", "half", "p/q/r"}},
		{"a directory renamed in under a protected name", func() {
			must(os.MkdirAll(at("x/tmp/inner"), 0o755))
			must(os.Rename(at("x/tmp"), at("x/y/z/.vscode")))
		}, []string{".git", "a/b/c/d/e/.envrc", "half", "p/q/r", "x/y/z/.vscode"}},
		{"a new tree with one deep inside", func() { must(os.MkdirAll(at("node_modules/new/a/b/.idea"), 0o755)) }, []string{".git", "a/b/c/d/e/.envrc", "half", "node_modules/new/a/b/.idea", "p/q/r", "x/y/z/.vscode"}},
		{"removed and moved", func() {
			must(os.Remove(at("a/b/c/d/e/.envrc")))
			must(os.Rename(at("x/y/z/.vscode"), at("node_modules/m/n/o/.zed")))
		}, []string{".git", "half", "node_modules/m/n/o/.zed", "node_modules/new/a/b/.idea", "p/q/r"}},
		{"a git directory's marker removed", func() { must(os.RemoveAll(at("p/q/r/objects"))) }, []string{".git", "half", "node_modules/m/n/o/.zed", "node_modules/new/a/b/.idea"}},
	}
	for _, st := range steps {
		st.do()
		got, err := s.present(tr)
		if err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		walked, err := walkProtected(tr)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, st.want) || !slices.Equal(walked, st.want) {
			t.Errorf("%s: the scan found %q, the full walk %q, want %q", st.name, got, walked, st.want)
		}
	}
}

// TestConfinedRemovesProtectedCreatedDeep: through the confined child,
// with the workspace's scan kept from line to line, a protected name and
// a git directory a line creates deep in the tree are removed after it
// and named.
func TestConfinedRemovesProtectedCreatedDeep(t *testing.T) {
	// The scan after the line, which this holds, runs only with the layer
	// off (the escape hatch); with it on the line never writes the disk and
	// protected paths are asked by name (layer_test.go).
	t.Setenv(LayerEnv, "off")
	a := newAttackWorld(t)
	a.cfg.Scan = new(ProtectedScan)
	if res := call(t, a.cfg, "mkdir -p n/a/b/c/d n/g/h"); res.IsError {
		t.Fatal(res.Output)
	}
	res := call(t, a.cfg, "touch n/a/b/c/d/.envrc && mkdir n/g/h/objects && touch n/g/h/HEAD")
	for _, p := range []string{"n/a/b/c/d/.envrc", "n/g/h"} {
		if _, err := os.Lstat(filepath.Join(a.ws, p)); err == nil {
			t.Errorf("%s, made by the line, is still there:\n%s", p, res.Output)
		}
		if !strings.Contains(res.Output, p) {
			t.Errorf("the result does not name %s:\n%s", p, res.Output)
		}
	}
	if _, err := os.Stat(filepath.Join(a.ws, "n/a/b/c/d")); err != nil {
		t.Errorf("the ordinary directories went too: %v", err)
	}
}
