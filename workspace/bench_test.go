package workspace

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// benchPattern is the regex the grep benchmark and ripgrep both search for
// (docs/performance.md has the ripgrep command).
const benchPattern = `func \(\w+ \*\w+\) [A-Z]\w*Context\(`

// benchTree is the tree the benchmarks search: $LOOPLS_BENCH_TREE, else
// Go's own source tree.
func benchTree(b *testing.B) string {
	b.Helper()
	if d := os.Getenv("LOOPLS_BENCH_TREE"); d != "" {
		return d
	}
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		b.Fatalf("go env GOROOT: %v", err)
	}
	return strings.TrimSpace(string(out)) + "/src"
}

func BenchmarkGrepGoroot(b *testing.B) {
	w, err := Open(context.Background(), benchTree(b), Options{Watch: true})
	if err != nil {
		b.Fatal(err)
	}
	defer w.Close()
	g := tool(b, w, ToolGrep)
	args, _ := json.Marshal(map[string]any{"pattern": benchPattern})
	inv := engine.ToolInvocation{Call: machine.ToolCall{Name: ToolGrep, Arguments: args}}
	files := len(w.Files())
	cpu0 := cpuTime(b)
	n := 0
	for b.Loop() {
		res, err := g.Call(context.Background(), inv)
		if err != nil || res.IsError || !strings.Contains(res.Output, "Context(") {
			b.Fatalf("grep: %v %.200q", err, res.Output)
		}
		n++
	}
	// CPU time next to wall time: on a shared machine wall time says more
	// about the neighbours than about grep.
	b.ReportMetric(float64(cpuTime(b)-cpu0)/float64(n)/1e6, "cpu-ms/op")
	b.ReportMetric(float64(files), "files")
}

// BenchmarkIndexBuild opens a watched workspace on the tree (walk,
// .gitignore rules, one inotify watch per directory) and closes it.
func BenchmarkIndexBuild(b *testing.B) {
	dir := benchTree(b)
	for b.Loop() {
		w, err := Open(context.Background(), dir, Options{Watch: true})
		if err != nil {
			b.Fatal(err)
		}
		if len(w.Files()) == 0 {
			b.Fatal("empty index")
		}
		w.Close()
	}
}

// BenchmarkIndexMemory reports the heap the index of the tree holds.
func BenchmarkIndexMemory(b *testing.B) {
	dir := benchTree(b)
	for b.Loop() {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		w, err := Open(context.Background(), dir, Options{Watch: true})
		if err != nil {
			b.Fatal(err)
		}
		n := len(w.Files())
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/1024, "KiB-heap")
		b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/float64(n), "B/file")
		w.Close()
	}
}
