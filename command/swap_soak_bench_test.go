//go:build linux

package command

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"golang.org/x/sys/unix"
)

// BenchmarkSwapSoak is the soak of issue 31's scan-removal race, kept out
// of CI (make bench runs it): a 100,000-file workspace, a line that left
// n/m/.git, and a racer that swaps n with a link to another project
// (RENAME_EXCHANGE, as fast as it can) while the after-line work scans
// and removes. Each op is one after-line removal under the race; the other
// project's .git must survive every one. The metrics say how often the
// racer swapped, and how often the .git was removed, refused (it moved
// under the removal) or left (the scan passed n while it was the link).
func BenchmarkSwapSoak(b *testing.B) {
	dir := soakTree(b, 5000) // 5,000 packages × 20 files
	other := b.TempDir()
	theirs := []string{"m/.git/HEAD", "m/.git/config", "m/.git/objects/x"}
	for _, p := range theirs {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(other, p)), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(other, p), []byte("theirs"), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	link := filepath.Join(dir, "n.swap")
	if err := os.Symlink(other, link); err != nil {
		b.Fatal(err)
	}
	r, err := os.OpenRoot(dir)
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	t := treeAt(r, dir)
	scan := new(ProtectedScan)
	n := filepath.Join(dir, "n")
	var swaps, removed, refused, left atomic.Int64
	for b.Loop() {
		b.StopTimer()
		// n is the directory again, with the .git the line made.
		if fi, err := os.Lstat(n); err == nil && fi.Mode()&os.ModeSymlink != 0 {
			if err := unix.Renameat2(unix.AT_FDCWD, n, unix.AT_FDCWD, link, unix.RENAME_EXCHANGE); err != nil {
				b.Fatal(err)
			}
		}
		prelude := beforeLine(scan, t)
		for _, p := range []string{"n/m/.git/objects/o", "n/m/.git/HEAD"} {
			if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755); err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, p), nil, 0o644); err != nil {
				b.Fatal(err)
			}
		}
		c := &commandRun{t: t}
		stop := make(chan struct{})
		var wg sync.WaitGroup
		wg.Add(1)
		go func() { // the parallel command
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				if unix.Renameat2(unix.AT_FDCWD, n, unix.AT_FDCWD, link, unix.RENAME_EXCHANGE) == nil {
					swaps.Add(1)
				}
			}
		}()
		b.StartTimer()
		c.afterLine(prelude)
		b.StopTimer()
		close(stop)
		wg.Wait()
		for _, p := range theirs {
			if b, err := os.ReadFile(filepath.Join(other, p)); err != nil || string(b) != "theirs" {
				panic(fmt.Sprintf("the other project's %s was removed (%v) after %v", p, err, c.removed))
			}
		}
		for _, r := range c.removed {
			if strings.Contains(r, "could not be removed") {
				refused.Add(1)
			} else {
				removed.Add(1)
			}
		}
		// A .git the scan did not see (its parent was the link when the
		// scan passed) is left; clear it for the next round.
		for _, d := range []string{n, link} {
			if fi, err := os.Lstat(d); err == nil && fi.IsDir() {
				if _, err := os.Lstat(filepath.Join(d, "m", ".git")); err == nil {
					left.Add(1)
				}
				os.RemoveAll(filepath.Join(d, "m"))
			}
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(swaps.Load())/float64(b.N), "swaps/op")
	b.ReportMetric(float64(refused.Load())/float64(b.N), "refused/op")
	b.ReportMetric(float64(removed.Load())/float64(b.N), "removed/op")
	b.ReportMetric(float64(left.Load())/float64(b.N), "left/op")
}

// soakTree is largeTree with pkgs packages of 20 files each.
func soakTree(tb testing.TB, pkgs int) string {
	tb.Helper()
	dir := newTree(tb, map[string]string{".git/HEAD": "ref: refs/heads/main\n", ".git/objects/x": "", "src/main.js": ""})
	for p := range pkgs {
		for _, sub := range []string{"", "lib"} {
			d := filepath.Join(dir, "node_modules", fmt.Sprintf("pkg%05d", p), sub)
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
