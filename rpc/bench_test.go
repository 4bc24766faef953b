package rpc_test

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// BenchmarkStartToInitialize measures process start → initialize response:
// what an editor waits for before it can use loopls.
func BenchmarkStartToInitialize(b *testing.B) {
	root := b.TempDir()
	var total time.Duration
	for range b.N {
		start := time.Now()
		c := startClient(b, root, "OLLAMA_HOST=127.0.0.1:1")
		c.initialize(root, nil, nil)
		total += time.Since(start)
		c.shutdownExit()
	}
	b.ReportMetric(float64(total.Microseconds())/float64(b.N)/1000, "ms/start")
}

// BenchmarkIdleSessionsMemory measures the daemon's resident memory after
// initialize and after 50 sessions that each ran one run and now sit idle.
func BenchmarkIdleSessionsMemory(b *testing.B) {
	const sessions = 50
	for range b.N {
		f := newFixture(b)
		f.c.initialize(f.root, nil, nil)
		base := rssKiB(b, f.c.cmd.Process.Pid)
		for i := range sessions {
			var res runResult
			f.c.mustRequest("loopls/run", map[string]any{"prompt": fmt.Sprintf("chat %d", i)}, &res)
		}
		after := rssKiB(b, f.c.cmd.Process.Pid)
		b.ReportMetric(float64(base)/1024, "MiB-initialized")
		b.ReportMetric(float64(after)/1024, "MiB-50-sessions")
		b.ReportMetric(float64(after-base)/sessions, "KiB/session")
		f.c.shutdownExit()
	}
}

// rssKiB reads a process's resident set size from /proc.
func rssKiB(b *testing.B, pid int) int {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		b.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			if err != nil {
				b.Fatal(err)
			}
			return n
		}
	}
	b.Fatal("no VmRSS")
	return 0
}
