package command

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// largeTree makes a workspace shaped like a JavaScript project with its
// dependencies installed: node_modules with 2,500 packages of 20 files in
// two directories each (50,000 files, 5,000 directories), plus .git and
// .vscode at the top.
func largeTree(tb testing.TB) string {
	tb.Helper()
	dir := newTree(tb, map[string]string{".git/HEAD": "ref: refs/heads/main\n", ".git/objects/x": "", ".vscode/settings.json": "{}\n", "src/main.js": ""})
	for p := range 2500 {
		for _, sub := range []string{"", "lib"} {
			d := filepath.Join(dir, "node_modules", fmt.Sprintf("pkg%04d", p), sub)
			if err := os.MkdirAll(d, 0o755); err != nil {
				tb.Fatal(err)
			}
			for f := range 10 {
				if err := os.WriteFile(filepath.Join(d, fmt.Sprintf("f%d.js", f)), nil, 0o644); err != nil {
					tb.Fatal(err)
				}
			}
		}
	}
	return dir
}

// BenchmarkProtectedScan is the scan run_command makes before a confined
// line and again after it, on a 50,000-file workspace: Fresh is one
// that has seen nothing (the first scan of a workspace), Kept one that
// has seen the tree before (every scan after the first, the scan after a
// line included), with one new file per scan in the tree.
func BenchmarkProtectedScan(b *testing.B) {
	dir := largeTree(b)
	r, err := os.OpenRoot(dir)
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	t := treeAt(r, dir)
	check := func(found []string, err error) {
		if err != nil || len(found) != 2 {
			b.Fatalf("%v %q", err, found)
		}
	}
	b.Run("Walk", func(b *testing.B) { // as it was: filepath.WalkDir, each directory read twice
		for b.Loop() {
			check(walkProtected(t))
		}
	})
	b.Run("Fresh", func(b *testing.B) {
		for b.Loop() {
			check(t.protectedPresent())
		}
	})
	b.Run("Kept", func(b *testing.B) {
		var s ProtectedScan
		check(s.present(t))
		n := 0
		for b.Loop() {
			n++
			if err := os.WriteFile(filepath.Join(dir, "node_modules", fmt.Sprintf("pkg%04d", n%2500), "new.js"), nil, 0o644); err != nil {
				b.Fatal(err)
			}
			check(s.present(t))
		}
	})
}
