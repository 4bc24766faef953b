//go:build linux

package layer

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/loopls/loopls/beneath"
)

// benchApply walks and applies a layer holding n new files in one new
// directory; copied makes the tree not plain (a whiteout in it), so each
// file is copied instead of the tree moved in whole.
func benchApply(b *testing.B, n int, copied bool) {
	for b.Loop() {
		b.StopTimer()
		lower := b.TempDir()
		l, err := New(b.TempDir())
		if err != nil {
			b.Fatal(err)
		}
		for i := range n {
			writeFile(b, l.Upper, fmt.Sprintf("node_modules/pkg/f%d.js", i), "x")
		}
		if copied {
			mknodWhiteout(b, l.Upper, "node_modules/pkg/gone")
		}
		r := openRoot(b, lower)
		b.StartTimer()
		ch, err := Walk(l.Upper, r)
		if err != nil {
			b.Fatal(err)
		}
		res := Apply(context.Background(), l, r, ch, nil, nil)
		b.StopTimer()
		if len(res.Failed)+len(res.Conflicts) > 0 || (res.Moved == 1) == copied {
			b.Fatalf("result %+v", res)
		}
		r.Close()
		l.Close()
		b.StartTimer()
	}
}

func BenchmarkApply10kMoved(b *testing.B)  { benchApply(b, 10000, false) }
func BenchmarkApply10kCopied(b *testing.B) { benchApply(b, 10000, true) }

func writeFile(b *testing.B, base, rel, content string) {
	p := filepath.Join(base, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		b.Fatal(err)
	}
}

func mknodWhiteout(b *testing.B, base, rel string) {
	if err := unix.Mknod(filepath.Join(base, rel), unix.S_IFCHR, 0); err != nil {
		b.Fatal(err)
	}
}

func openRoot(b *testing.B, dir string) *beneath.Root {
	r, err := beneath.Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	return r
}

// BenchmarkEmptyLine is the layer's own cost for a line that writes
// nothing: make the layer, walk its empty upper directory, apply nothing,
// remove it (the overlay's mount is in the child, measured by command's
// BenchmarkLineNothingLayer against BenchmarkLineNothingDirect).
func BenchmarkEmptyLine(b *testing.B) {
	lower, base := b.TempDir(), b.TempDir()
	r := openRoot(b, lower)
	defer r.Close()
	cpu0 := cpuTime()
	for b.Loop() {
		l, err := New(base)
		if err != nil {
			b.Fatal(err)
		}
		ch, err := Walk(l.Upper, r)
		if err != nil {
			b.Fatal(err)
		}
		Apply(context.Background(), l, r, ch, nil, nil)
		if err := l.Close(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N)/1e6, "cpu-ms/op")
}

// cpuTime is the CPU time this process and its waited-for children have
// used: on a machine shared with other work it says more than the wall
// clock.
func cpuTime() time.Duration {
	var self, kids syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &self)
	_ = syscall.Getrusage(syscall.RUSAGE_CHILDREN, &kids)
	tv := func(t syscall.Timeval) time.Duration { return time.Duration(t.Nano()) }
	return tv(self.Utime) + tv(self.Stime) + tv(kids.Utime) + tv(kids.Stime)
}
