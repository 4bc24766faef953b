package workspace

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/loopls/loopls/engine/machine"
)

// BenchmarkRecordLineNpmInstall journals what an `npm install` line applied:
// 10,000 new files of 1 KiB under a git-ignored node_modules, plus a
// package-lock.json, asking KeepsText first as the layer does. What it costs
// per line, in memory (no store): docs/performance.md.
func BenchmarkRecordLineNpmInstall(b *testing.B) {
	dir := newTree(b, map[string]string{".gitignore": "node_modules/\n"})
	w := openWS(b, dir, Options{})
	body := []byte(strings.Repeat("x", 1<<10))
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		run := machine.RunID(fmt.Sprintf("run%d", i))
		changes := make([]LineChange, 0, 10001)
		for f := range 10000 {
			p := fmt.Sprintf("node_modules/pkg%d/index.js", f)
			c := LineChange{Path: p, Op: LineCreated, Size: int64(len(body))}
			if w.KeepsText(run, p, int64(len(body))) {
				c.After = body
			}
			changes = append(changes, c)
		}
		changes = append(changes, LineChange{Path: "package-lock.json", Op: LineCreated, After: []byte("{}\n")})
		if err := w.RecordLine(context.Background(), run, "c", changes); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRecordLineOneEdit journals a line that changed one file.
func BenchmarkRecordLineOneEdit(b *testing.B) {
	dir := newTree(b, map[string]string{"main.go": "package main\n"})
	w := openWS(b, dir, Options{})
	before, after := []byte("package main\n"), []byte("package main\n\nfunc main() {}\n")
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		run := machine.RunID(fmt.Sprintf("run%d", i))
		if err := w.RecordLine(context.Background(), run, "c", []LineChange{{Path: "main.go", Op: LineChanged, Before: before, After: after}}); err != nil {
			b.Fatal(err)
		}
	}
}
