package rpc_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/loopls/loopls/internal/fakeollama"
)

// streamSecond is how the load benchmarks' model streams: 60 tokens a
// second, the rate an editor shows text at.
const (
	tokenEvery   = time.Second / 60
	streamTokens = 120 // 2 s
)

// stampedTokens are the chunks of a stamped answer: "«k» ", k = 0…n-1.
func stampedTokens(n int) []fakeollama.Chunk {
	out := make([]fakeollama.Chunk, n)
	for k := range out {
		out[k] = fakeollama.Chunk{Content: fmt.Sprintf("«%d» ", k)}
	}
	return out
}

var stampRE = regexp.MustCompile(`«(\d+)»`)

// loadFixture is a daemon on a workspace whose model answers a prompt
// starting "stream" with streamTokens stamped tokens, one every tokenEvery,
// and calls onChunk as each token leaves it.
func loadFixture(b *testing.B, onChunk func(fakeollama.Chunk)) *client {
	srv := fakeollama.StartTB(b, fakeollama.Options{
		ChunkDelay: tokenEvery,
		OnChunk:    onChunk,
		Script: func(req *api.ChatRequest) *fakeollama.Reply {
			if n := len(req.Messages); n > 0 && strings.HasPrefix(req.Messages[n-1].Content, "stream") {
				return &fakeollama.Reply{Chunks: stampedTokens(streamTokens)}
			}
			return nil
		},
	})
	root := b.TempDir()
	writeFile(b, filepath.Join(root, "README.md"), "# demo\n")
	c := startClient(b, root, "LOOPLS_MODEL=ollama:tiny", "OLLAMA_HOST="+srv.Host)
	c.initialize(root, nil, nil)
	return c
}

// BenchmarkDeltaLatency measures token at the model server → loopls/delta
// read by the editor, through the binary: the scripted server stamps each
// token as it writes it, the client stamps each delta as it reads it (one
// clock: both live in this process). 60 tokens a second, 2 s per run.
//
//	go test -run '^$' -bench DeltaLatency -benchtime 5x ./rpc
func BenchmarkDeltaLatency(b *testing.B) {
	var mu sync.Mutex
	sent := map[int]time.Time{}
	c := loadFixture(b, func(ch fakeollama.Chunk) {
		if m := stampRE.FindStringSubmatch(ch.Content); m != nil {
			k, _ := strconv.Atoi(m[1])
			mu.Lock()
			sent[k] = time.Now()
			mu.Unlock()
		}
	})
	var lat []time.Duration
	deltas := 0
	for b.Loop() {
		mu.Lock()
		clear(sent)
		mu.Unlock()
		mark := len(c.messages("loopls/delta"))
		var res runResult
		c.mustRequest("loopls/run", map[string]any{"prompt": "stream please"}, &res)
		msgs := c.messages("loopls/delta")[mark:]
		deltas += len(msgs)
		seen := 0
		mu.Lock()
		for _, m := range msgs {
			var p struct{ Text string }
			json.Unmarshal(m.Params, &p)
			for _, s := range stampRE.FindAllStringSubmatch(p.Text, -1) {
				k, _ := strconv.Atoi(s[1])
				lat = append(lat, m.at.Sub(sent[k]))
				seen++
			}
		}
		mu.Unlock()
		if seen != streamTokens {
			b.Fatalf("%d stamped tokens reached the editor, want %d", seen, streamTokens)
		}
	}
	slices.Sort(lat)
	q := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))]) / 1e6 }
	b.ReportMetric(q(0.5), "p50-ms")
	b.ReportMetric(q(0.99), "p99-ms")
	b.ReportMetric(q(1), "max-ms")
	b.ReportMetric(float64(deltas)/float64(b.N)/streamTokens, "deltas/token")
}

// procCPU is a process's user+system CPU time from /proc (10 ms ticks).
func procCPU(b *testing.B, pid int) time.Duration {
	b.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		b.Fatal(err)
	}
	// Fields after the parenthesised command: state is field 3, utime 14, stime 15.
	f := strings.Fields(string(data[strings.LastIndexByte(string(data), ')')+2:]))
	ut, _ := strconv.Atoi(f[11])
	st, _ := strconv.Atoi(f[12])
	return time.Duration(ut+st) * (time.Second / 100)
}

// procStatusKiB reads a field (VmRSS, VmHWM) of /proc/PID/status in KiB.
func procStatusKiB(b *testing.B, pid int, field string) int {
	b.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		b.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			return n
		}
	}
	b.Fatalf("no %s", field)
	return 0
}

// goroutines asks a daemon for a goroutine dump (SIGQUIT: it dies) and
// counts the goroutines the program started: not the runtime's own (GC
// workers, idle Ms), nor the two each idle keep-alive connection to the
// model server holds (net/http keeps at most MaxIdleConnsPerHost of them,
// however many runs there were).
func goroutines(b *testing.B, c *client) int {
	b.Helper()
	c.cmd.Process.Signal(syscall.SIGQUIT)
	select {
	case <-c.exited:
	case <-time.After(wait):
		b.Fatal("no exit after SIGQUIT")
	}
	n := 0
	for _, g := range strings.Split(c.stderr.String(), "\n\n") {
		if strings.HasPrefix(strings.TrimSpace(g), "goroutine ") && strings.Contains(g, "\ncreated by ") &&
			!strings.Contains(g, "\ncreated by runtime.") && !strings.Contains(g, "net/http.(*persistConn)") {
			n++
			if testing.Verbose() {
				lines := strings.Split(strings.TrimSpace(g), "\n")
				b.Logf("%s %s", lines[0], lines[len(lines)-2])
			}
		}
	}
	return n
}

// BenchmarkConcurrentRuns runs 50 runs at once in one daemon against a
// model that streams each for 2 s, after lone runs in a second daemon.
// It reports the daemon's peak RSS, its CPU per run alone and in the
// crowd, and the goroutines each daemon holds once its runs ended
// (a goroutine dump: the same count in both means none was left behind).
//
//	go test -run '^$' -bench ConcurrentRuns -benchtime 1x ./rpc
func BenchmarkConcurrentRuns(b *testing.B) {
	const crowd, lone = 50, 5
	for b.Loop() {
		// Lone runs, one after another.
		c := loadFixture(b, nil)
		pid := c.cmd.Process.Pid
		cpu0 := procCPU(b, pid)
		for range lone {
			var res runResult
			c.mustRequest("loopls/run", map[string]any{"prompt": "stream alone"}, &res)
		}
		loneCPU := (procCPU(b, pid) - cpu0) / lone
		time.Sleep(200 * time.Millisecond) // let finished runs' goroutines unwind
		loneG := goroutines(b, c)

		// The crowd: fifty at once.
		c = loadFixture(b, nil)
		pid = c.cmd.Process.Pid
		var warm runResult
		c.mustRequest("loopls/run", map[string]any{"prompt": "stream warm-up"}, &warm)
		cpu0 = procCPU(b, pid)
		var wg sync.WaitGroup
		for i := range crowd {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var res runResult
				c.mustRequest("loopls/run", map[string]any{"prompt": fmt.Sprintf("stream %d", i)}, &res)
				if res.Outcome != "completed" {
					b.Errorf("run %d: %s", i, res.Outcome)
				}
			}()
		}
		wg.Wait()
		crowdCPU := (procCPU(b, pid) - cpu0) / crowd
		peak := procStatusKiB(b, pid, "VmHWM")
		time.Sleep(200 * time.Millisecond)
		crowdG := goroutines(b, c)

		b.ReportMetric(float64(peak)/1024, "peak-RSS-MiB")
		b.ReportMetric(float64(loneCPU)/1e6, "cpu-ms/lone-run")
		b.ReportMetric(float64(crowdCPU)/1e6, "cpu-ms/run-of-50")
		b.ReportMetric(float64(loneG), "goroutines-after-lone")
		b.ReportMetric(float64(crowdG), "goroutines-after-50")
	}
}

// BenchmarkSequentialRuns runs 1,000 runs one after another in one session
// of one daemon against a zero-latency model, and compares the time per
// run of the first and the last hundred: flat means a run's cost does not
// grow with the session's history beyond what the model is sent.
//
//	go test -run '^$' -bench SequentialRuns -benchtime 1x ./rpc
func BenchmarkSequentialRuns(b *testing.B) {
	const runs, window = 1000, 100
	for b.Loop() {
		srv := fakeollama.StartTB(b, fakeollama.Options{ChunkDelay: time.Nanosecond})
		root := b.TempDir()
		writeFile(b, filepath.Join(root, "README.md"), "# demo\n")
		c := startClient(b, root, "LOOPLS_MODEL=ollama:tiny", "OLLAMA_HOST="+srv.Host)
		c.initialize(root, nil, nil)
		per := make([]time.Duration, runs)
		var session string
		for i := range runs {
			params := map[string]any{"prompt": fmt.Sprintf("chat %d", i)}
			if session != "" {
				params["session"] = session
			}
			t0 := time.Now()
			var res runResult
			c.mustRequest("loopls/run", params, &res)
			per[i] = time.Since(t0)
			if res.Outcome != "completed" {
				b.Fatalf("run %d: %+v", i, res)
			}
			session = string(res.SessionID)
		}
		med := func(d []time.Duration) float64 {
			d = slices.Clone(d)
			slices.Sort(d)
			return float64(d[len(d)/2]) / 1e6
		}
		first, last := med(per[:window]), med(per[runs-window:])
		b.ReportMetric(first, "ms/run-first-100")
		b.ReportMetric(last, "ms/run-last-100")
		b.ReportMetric(last/first, "last÷first")
		b.ReportMetric(float64(procStatusKiB(b, c.cmd.Process.Pid, "VmRSS"))/1024, "RSS-MiB-after")
		c.shutdownExit()
	}
}
