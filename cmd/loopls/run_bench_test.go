package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/loopls/loopls/internal/fakeollama"
)

// BenchmarkRunInProcess is `loopls run` with one tool call against the
// scripted Ollama at zero latency, in this process, on a fresh folder and a
// fresh state directory each time: what a run costs after process start and
// package init (make bench-peers times the whole process). Profile it with
// -cpuprofile to see where a run's own CPU goes.
func BenchmarkRunInProcess(b *testing.B) {
	srv := fakeollama.StartTB(b, fakeollama.Options{ChunkDelay: time.Nanosecond})
	b.Setenv("OLLAMA_HOST", srv.Host)
	b.Setenv("XDG_STATE_HOME", "") // restored after; set per round below
	b.Setenv("HOME", "")
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		dir := filepath.Join(b.TempDir(), fmt.Sprint(i))
		root := filepath.Join(dir, "w")
		if err := os.MkdirAll(root, 0o755); err != nil {
			b.Fatal(err)
		}
		os.WriteFile(filepath.Join(root, "README.md"), []byte("# demo\n\nA small project.\n"), 0o644)
		for k := range 9 {
			os.WriteFile(filepath.Join(root, fmt.Sprintf("f%d.go", k)), []byte("package demo\n"), 0o644)
		}
		os.Setenv("XDG_STATE_HOME", filepath.Join(dir, "state"))
		os.Setenv("HOME", dir)
		b.StartTimer()
		var errOut strings.Builder
		if code := dispatch([]string{"run", "--model", "ollama:tiny", "--root", root, "read the readme"}, strings.NewReader(""), io.Discard, &errOut); code != 0 {
			b.Fatalf("exit %d: %s", code, errOut.String())
		}
	}
}
