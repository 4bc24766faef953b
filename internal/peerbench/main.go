//go:build unix

// Command peerbench runs loopls and its peers in turn on the same work and
// prints what each costs, with the ratio loopls ÷ peer (min / median / max
// over the rounds):
//
//   - grep: the workspace grep tool over a tree against ripgrep, with a
//     check that both find the same lines;
//   - LSP start: start → initialize answered, idle RSS after initialized,
//     shutdown/exit → process gone, against gopls;
//   - run: one `loopls run` with one tool call against the scripted Ollama
//     at zero latency, broken down by phase (no peer: crush is not in the
//     package registries, so that comparison stays outside the project).
//
// `make bench-peers` installs the peers and runs it. It is a benchmark,
// not a test: every figure depends on the machine and its load, which are
// printed with it.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/loopls/loopls/command"
	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/fakeollama"
	"github.com/loopls/loopls/workspace"
)

// grepPattern is the regex both grep tools search for.
const grepPattern = `func \(\w+ \*\w+\) [A-Z]\w*Context\(`

func main() {
	loopls := flag.String("loopls", "bin/loopls", "the loopls binary")
	rg := flag.String("rg", "rg", "the ripgrep binary")
	gopls := flag.String("gopls", "gopls", "the gopls binary")
	tree := flag.String("tree", "", "tree to grep (default: $(go env GOROOT)/src)")
	rounds := flag.Int("rounds", 10, "rounds of each comparison")
	only := flag.String("only", "grep,lsp,run", "comma-separated sections to run")
	flag.Parse()
	if *tree == "" {
		out, err := exec.Command("go", "env", "GOROOT").Output()
		if err != nil {
			fail("go env GOROOT: %v", err)
		}
		*tree = strings.TrimSpace(string(out)) + "/src"
	}
	bin, err := filepath.Abs(*loopls)
	if err != nil {
		fail("%v", err)
	}
	for _, s := range strings.Split(*only, ",") {
		switch s {
		case "grep":
			benchGrep(*tree, *rg, *rounds)
		case "lsp":
			benchLSP(bin, *gopls, *rounds)
		case "run":
			benchRun(bin, *rounds)
		default:
			fail("unknown section %q", s)
		}
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "peerbench: "+format+"\n", args...)
	os.Exit(1)
}

// header prints when and where the figures below were taken.
func header(title string, peers ...string) {
	fmt.Printf("\n### %s\n\n", title)
	fmt.Printf("- date: %s\n", time.Now().UTC().Format("2006-01-02 15:04 MST"))
	fmt.Printf("- machine: %s, %d CPUs, %s/%s, %s\n", cpuModel(), runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version())
	fmt.Printf("- load average at start: %s\n", loadavg())
	for _, p := range peers {
		fmt.Printf("- %s\n", p)
	}
	fmt.Println()
}

func cpuModel() string {
	data, _ := os.ReadFile("/proc/cpuinfo")
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, "model name"); ok {
			return strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(v), ":"))
		}
	}
	return "unknown CPU"
}

func loadavg() string {
	data, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

func version(bin string, args ...string) string {
	out, err := exec.Command(bin, args...).Output()
	if err != nil {
		return bin + ": " + err.Error()
	}
	return strings.SplitN(strings.TrimSpace(string(out)), "\n", 2)[0]
}

// series is one measure over the rounds.
type series []float64

func (s series) stats() (lo, med, hi float64) {
	c := slices.Clone(s)
	slices.Sort(c)
	if len(c) == 0 {
		return 0, 0, 0
	}
	return c[0], c[len(c)/2], c[len(c)-1]
}

func (s series) String() string {
	lo, med, hi := s.stats()
	return fmt.Sprintf("%s / %s / %s", num(lo), num(med), num(hi))
}

func num(v float64) string {
	switch {
	case v >= 100:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case v >= 10:
		return strconv.FormatFloat(v, 'f', 1, 64)
	default:
		return strconv.FormatFloat(v, 'f', 2, 64)
	}
}

func ratios(a, b series) series {
	out := make(series, min(len(a), len(b)))
	for i := range out {
		out[i] = a[i] / b[i]
	}
	return out
}

func row(what string, ours, peer series) {
	if peer == nil {
		fmt.Printf("| %s | %s | | |\n", what, ours)
		return
	}
	fmt.Printf("| %s | %s | %s | %s |\n", what, ours, peer, ratios(ours, peer))
}

// cpuSelf is this process's user+system CPU time.
func cpuSelf() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func cpuOf(ps *os.ProcessState) time.Duration { return ps.UserTime() + ps.SystemTime() }

func ms(d time.Duration) float64 { return float64(d) / 1e6 }

// ---- grep against ripgrep ----

var matchLine = regexp.MustCompile(`^(?:\./)?([^:]+):(\d+):`)

// lineSet is the path:line of every match in a grep's output.
func lineSet(out string) []string {
	var set []string
	for _, l := range strings.Split(out, "\n") {
		if m := matchLine.FindStringSubmatch(l); m != nil {
			set = append(set, m[1]+":"+m[2])
		}
	}
	slices.Sort(set)
	return set
}

func benchGrep(tree, rg string, rounds int) {
	header("grep: the loopls grep tool vs ripgrep",
		"ripgrep: "+version(rg, "--version"),
		fmt.Sprintf("work: `%s` over `%s`, every matching line with its number", grepPattern, tree),
		"loopls: the grep tool as a model calls it, in this process (index already built); ripgrep: `rg -n --no-heading PATTERN .` as a process, which walks the tree itself")
	// Watched, as the daemon keeps it: the index is built once.
	w, err := workspace.Open(context.Background(), tree, workspace.Options{Watch: true})
	if err != nil {
		fail("open %s: %v", tree, err)
	}
	defer w.Close()
	var grep engine.Tool
	for _, t := range w.Tools(workspace.ModeEdit, command.Policy{}) {
		if t.Spec().Name == workspace.ToolGrep {
			grep = t
		}
	}
	args, _ := json.Marshal(map[string]string{"pattern": grepPattern})
	inv := engine.ToolInvocation{Call: machine.ToolCall{ID: "c", Name: workspace.ToolGrep, Arguments: args}}
	var ourWall, ourCPU, rgWall, rgCPU series
	var ours, theirs []string
	for range rounds + 1 { // the first round warms the page cache and is dropped
		runtime.GC()
		t0, c0 := time.Now(), cpuSelf()
		res, err := grep.Call(context.Background(), inv)
		wall, cpu := time.Since(t0), cpuSelf()-c0
		if err != nil || res.IsError {
			fail("loopls grep: %v %s", err, res.Output)
		}
		ours = lineSet(res.Output)
		ourWall, ourCPU = append(ourWall, ms(wall)), append(ourCPU, ms(cpu))

		cmd := exec.Command(rg, "-n", "--no-heading", grepPattern, ".")
		cmd.Dir = tree
		var out strings.Builder
		cmd.Stdout = &out
		t0 = time.Now()
		if err := cmd.Run(); err != nil {
			fail("rg: %v", err)
		}
		rgWall, rgCPU = append(rgWall, ms(time.Since(t0))), append(rgCPU, ms(cpuOf(cmd.ProcessState)))
		theirs = lineSet(out.String())
	}
	ourWall, ourCPU, rgWall, rgCPU = ourWall[1:], ourCPU[1:], rgWall[1:], rgCPU[1:]
	fmt.Println("| per search, min / median / max | loopls | ripgrep | loopls ÷ ripgrep |")
	fmt.Println("|---|---|---|---|")
	row("wall (ms)", ourWall, rgWall)
	row("CPU, user+sys (ms)", ourCPU, rgCPU)
	same := slices.Equal(ours, theirs)
	fmt.Printf("\nsame matches: %v (%d lines from loopls, %d from ripgrep)\n", same, len(ours), len(theirs))
	if !same {
		for _, l := range ours {
			if !slices.Contains(theirs, l) {
				fmt.Printf("  only loopls: %s\n", l)
			}
		}
		for _, l := range theirs {
			if !slices.Contains(ours, l) {
				fmt.Printf("  only ripgrep: %s\n", l)
			}
		}
		defer os.Exit(1)
	}
}

// ---- LSP start, idle and exit against gopls ----

// lspClient speaks LSP framing to a server process over its stdio.
type lspClient struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	mu    sync.Mutex
	next  int
	waits map[int]chan json.RawMessage
	done  chan struct{}
}

func startLSP(dir, bin string, args ...string) (*lspClient, error) {
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "XDG_STATE_HOME="+filepath.Join(dir, ".state"), "OLLAMA_HOST=127.0.0.1:1")
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	c := &lspClient{cmd: cmd, in: in, waits: map[int]chan json.RawMessage{}, done: make(chan struct{})}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	go c.read(bufio.NewReader(out))
	return c, nil
}

func (c *lspClient) write(msg map[string]any) {
	msg["jsonrpc"] = "2.0"
	body, _ := json.Marshal(msg)
	fmt.Fprintf(c.in, "Content-Length: %d\r\n\r\n%s", len(body), body)
}

// read dispatches responses and answers the server's own requests with null.
func (c *lspClient) read(r *bufio.Reader) {
	defer close(c.done)
	for {
		n := -1
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimSpace(line)
			if line == "" {
				break
			}
			if v, ok := strings.CutPrefix(line, "Content-Length:"); ok {
				n, _ = strconv.Atoi(strings.TrimSpace(v))
			}
		}
		if n < 0 {
			return
		}
		body := make([]byte, n)
		if _, err := io.ReadFull(r, body); err != nil {
			return
		}
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Result json.RawMessage `json:"result"`
		}
		if json.Unmarshal(body, &m) != nil || len(m.ID) == 0 {
			continue
		}
		if m.Method != "" {
			c.mu.Lock()
			c.write(map[string]any{"id": m.ID, "result": nil})
			c.mu.Unlock()
			continue
		}
		id, _ := strconv.Atoi(string(m.ID))
		c.mu.Lock()
		ch := c.waits[id]
		delete(c.waits, id)
		c.mu.Unlock()
		if ch != nil {
			ch <- m.Result
		}
	}
}

func (c *lspClient) request(method string, params any) error {
	c.mu.Lock()
	c.next++
	id := c.next
	ch := make(chan json.RawMessage, 1)
	c.waits[id] = ch
	c.write(map[string]any{"id": id, "method": method, "params": params})
	c.mu.Unlock()
	select {
	case <-ch:
		return nil
	case <-c.done:
		return fmt.Errorf("%s: the server closed its output", method)
	case <-time.After(30 * time.Second):
		return fmt.Errorf("%s: no answer in 30 s", method)
	}
}

func (c *lspClient) notify(method string, params any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.write(map[string]any{"method": method, "params": params})
}

// lspFigures is one start of a server.
type lspFigures struct{ init, rss, shutdown, exit float64 }

func measureLSP(dir, bin string, args ...string) (lspFigures, error) {
	var f lspFigures
	t0 := time.Now()
	c, err := startLSP(dir, bin, args...)
	if err != nil {
		return f, err
	}
	defer c.cmd.Process.Kill()
	uri := "file://" + dir
	err = c.request("initialize", map[string]any{
		"processId": os.Getpid(), "rootUri": uri,
		"workspaceFolders": []map[string]string{{"uri": uri, "name": "w"}},
		"capabilities":     map[string]any{},
	})
	if err != nil {
		return f, err
	}
	f.init = ms(time.Since(t0))
	c.notify("initialized", map[string]any{})
	// Let the server settle: both open their workspace after initialized.
	time.Sleep(time.Second)
	f.rss = float64(rssKiB(c.cmd.Process.Pid)) / 1024
	ts := time.Now()
	if err := c.request("shutdown", nil); err != nil {
		return f, err
	}
	t1 := time.Now()
	f.shutdown = ms(t1.Sub(ts))
	c.notify("exit", nil)
	c.in.Close()
	if err := c.cmd.Wait(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			return f, err
		}
	}
	f.exit = ms(time.Since(t1))
	return f, nil
}

func rssKiB(pid int) int {
	data, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			return n
		}
	}
	return 0
}

func benchLSP(loopls, gopls string, rounds int) {
	header("LSP server: start, idle memory and exit, loopls vs gopls",
		"gopls: "+version(gopls, "version"),
		"work: a fresh folder holding a one-file Go module; start → `initialize` answered; VmRSS 1 s after `initialized`; `shutdown` sent → answered (where loopls releases its file watches); `exit` sent → process gone",
		"loopls: `loopls serve`, no model contacted (OLLAMA_HOST points nowhere); gopls: `gopls` on stdio")
	var li, lr, ls, le, gi, gr, gs, ge series
	for i := range rounds + 1 {
		for _, peer := range []bool{false, true} {
			dir, err := os.MkdirTemp("", "peerbench-lsp-")
			if err != nil {
				fail("%v", err)
			}
			os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/w\n\ngo 1.22\n"), 0o644)
			os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n\nfunc main() {}\n"), 0o644)
			var f lspFigures
			if peer {
				f, err = measureLSP(dir, gopls)
			} else {
				f, err = measureLSP(dir, loopls, "serve")
			}
			os.RemoveAll(dir)
			if err != nil {
				fail("peer=%v: %v", peer, err)
			}
			if i == 0 {
				continue // warm-up
			}
			if peer {
				gi, gr, gs, ge = append(gi, f.init), append(gr, f.rss), append(gs, f.shutdown), append(ge, f.exit)
			} else {
				li, lr, ls, le = append(li, f.init), append(lr, f.rss), append(ls, f.shutdown), append(le, f.exit)
			}
		}
	}
	fmt.Println("| min / median / max | loopls | gopls | loopls ÷ gopls |")
	fmt.Println("|---|---|---|---|")
	row("start → initialize answered (ms)", li, gi)
	row("idle RSS after initialized (MiB)", lr, gr)
	row("shutdown → answered (ms)", ls, gs)
	row("exit → process gone (ms)", le, ge)
}

// ---- loopls run against a zero-latency model ----

func benchRun(loopls string, rounds int) {
	header("`loopls run`: one tool call against the scripted Ollama at zero latency",
		"work: `loopls run --model ollama:tiny \"read the readme\"` in a fresh folder (README.md and nine small files) with a fresh state directory: the model asks for read_file, then answers",
		"phases are stamped from outside: process start, each /api/chat request reaching the scripted server, process gone; package init is the sum of GODEBUG=inittrace=1 for `loopls version` run just before (not inside the timed run: the trace's own writes would slow it)",
		"no peer: crush, the comparison of issue 18, is not in the package registries")
	var (
		mu    sync.Mutex
		stamp []time.Time
	)
	srv, err := fakeollama.Start(fakeollama.Options{
		ChunkDelay: time.Nanosecond,
		Script: func(*api.ChatRequest) *fakeollama.Reply {
			mu.Lock()
			stamp = append(stamp, time.Now())
			mu.Unlock()
			return nil
		},
	})
	if err != nil {
		fail("fake ollama: %v", err)
	}
	defer srv.Close()
	initLine := regexp.MustCompile(`^init \S+ @\S+ ms, ([0-9.]+) ms clock`)
	var total, cpu, rss, inits, first, between, last series
	for i := range rounds + 1 {
		dir, err := os.MkdirTemp("", "peerbench-run-")
		if err != nil {
			fail("%v", err)
		}
		root := filepath.Join(dir, "w")
		os.MkdirAll(root, 0o755)
		os.WriteFile(filepath.Join(root, "README.md"), []byte("# demo\n\nA small project.\n"), 0o644)
		for k := range 9 {
			os.WriteFile(filepath.Join(root, fmt.Sprintf("f%d.go", k)), []byte("package demo\n"), 0o644)
		}
		cmd := exec.Command(loopls, "run", "--model", "ollama:tiny", "--root", root, "read the readme")
		// Package init is summed from a separate `loopls version` with
		// GODEBUG=inittrace=1: the trace is some 1,500 unbuffered writes to
		// stderr, which would add milliseconds to the run it describes.
		initMS, err := packageInit(loopls, initLine)
		if err != nil {
			fail("loopls version: %v", err)
		}
		cmd.Env = append(os.Environ(), "OLLAMA_HOST="+srv.Host, "XDG_STATE_HOME="+filepath.Join(dir, "state"),
			"HOME="+dir)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		mu.Lock()
		stamp = stamp[:0]
		mu.Unlock()
		t0 := time.Now()
		err = cmd.Run()
		end := time.Now()
		os.RemoveAll(dir)
		if err != nil {
			fail("loopls run: %v\n%s", err, stderr.String())
		}
		mu.Lock()
		st := slices.Clone(stamp)
		mu.Unlock()
		if len(st) != 2 {
			fail("loopls run made %d model requests, want 2\n%s", len(st), stderr.String())
		}
		if i == 0 {
			continue
		}
		total = append(total, ms(end.Sub(t0)))
		cpu = append(cpu, ms(cpuOf(cmd.ProcessState)))
		rss = append(rss, float64(cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss)/1024)
		inits = append(inits, initMS)
		first = append(first, ms(st[0].Sub(t0)))
		between = append(between, ms(st[1].Sub(st[0])))
		last = append(last, ms(end.Sub(st[1])))
	}
	fmt.Println("| min / median / max | loopls run |")
	fmt.Println("|---|---|")
	for _, r := range []struct {
		what string
		s    series
	}{
		{"wall, start → process gone (ms)", total},
		{"CPU, user+sys (ms)", cpu},
		{"peak RSS (MiB)", rss},
		{"  package init, inside the first phase (ms; from a separate start)", inits},
		{"  phase 1: start → first model request (ms)", first},
		{"  phase 2: first → second model request: answer, tool call, checkpoint (ms)", between},
		{"  phase 3: second request → process gone: answer, final commit, exit (ms)", last},
	} {
		fmt.Printf("| %s | %s |\n", r.what, r.s)
	}
}

// packageInit is the package init of one start of loopls (`loopls version`),
// the sum of GODEBUG=inittrace=1's clock times.
func packageInit(loopls string, initLine *regexp.Regexp) (float64, error) {
	cmd := exec.Command(loopls, "version")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return 0, err
	}
	var ms float64
	for _, l := range strings.Split(stderr.String(), "\n") {
		if m := initLine.FindStringSubmatch(l); m != nil {
			v, _ := strconv.ParseFloat(m[1], 64)
			ms += v
		}
	}
	return ms, nil
}
