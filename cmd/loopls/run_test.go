package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/loopls/loopls/cmd/loopls/internal/runtrace"
	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/fakeollama"
	"github.com/loopls/loopls/store"
)

// openStore opens the store loopls run used for e's workspace.
func (e *env) openStore() *store.Store {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitBound)
	defer cancel()
	st, err := store.Open(ctx, filepath.Join(e.state, "loopls"), e.root)
	if err != nil {
		e.t.Fatalf("open the store loopls run wrote: %v", err)
	}
	e.t.Cleanup(func() { st.Close() })
	return st
}

func TestRunCompletedStreamsAnswerAndRecordsIt(t *testing.T) {
	e := newEnv(t, fakeollama.Options{})
	r := e.run("run", "chat")
	if r.code != 0 {
		t.Fatalf("exit %d, want 0; stderr:\n%s", r.code, r.stderr)
	}
	if r.stdout != "Hello from the tiny test model.\n" {
		t.Errorf("stdout = %q, want the answer and a newline", r.stdout)
	}
	for _, want := range []string{
		"Start → Start (accept_input)",
		"Start → AwaitingModel (call_llm)",
		"AwaitingModel → Terminal (model_response) completed",
		"tokens in context", "turn ", // the progress: state, turn, tokens, elapsed
		"completed · 1 turns",
	} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
		}
	}
	if strings.Contains(r.stderr, "\x1b[") {
		t.Errorf("stderr is not a terminal but holds escape sequences:\n%q", r.stderr)
	}

	ctx := context.Background()
	st := e.openStore()
	list, err := st.Sessions(ctx)
	if err != nil || len(list) != 1 || list[0].Title != "chat" || list[0].Runs != 1 {
		t.Fatalf("sessions = %+v, %v; want the one run of loopls run", list, err)
	}
	rec, err := st.Session(ctx, list[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Runs) != 1 || rec.Runs[0].Outcome != machine.OutcomeCompleted || rec.Runs[0].Output != "Hello from the tiny test model." {
		t.Errorf("recorded runs = %+v", rec.Runs)
	}
	if len(rec.History) != 2 || rec.History[0].Content != "chat" {
		t.Errorf("committed history = %+v, want the prompt and the answer", rec.History)
	}

	// The session continues with --session, and --continue picks the
	// latest: its history reaches the model.
	for i, args := range [][]string{{"--session", string(list[0].ID)}, {"--continue"}} {
		r = e.run(append(append([]string{"run"}, args...), "chat again")...)
		if r.code != 0 {
			t.Fatalf("run %v: exit %d; stderr:\n%s", args, r.code, r.stderr)
		}
		reqs := e.srv.Requests()
		last := reqs[len(reqs)-1]
		// The system prompt leads; the session's history follows it.
		if len(last.Messages) != 4+2*i || last.Messages[0].Role != "system" || last.Messages[1].Content != "chat" {
			t.Errorf("run %v sent %d messages %+v, want the session's history first", args, len(last.Messages), last.Messages)
		}
	}
	if list, _ := st.Sessions(ctx); len(list) != 1 || list[0].Runs != 3 {
		t.Errorf("sessions after continuing = %+v, want one with three runs", list)
	}
}

func TestRunMaxTurnsExitsThree(t *testing.T) {
	e := newEnv(t, fakeollama.Options{})
	r := e.run("run", "--max-turns", "2", "again")
	if r.code != exitMaxTurns {
		t.Fatalf("exit %d, want %d; stderr:\n%s", r.code, exitMaxTurns, r.stderr)
	}
	if !strings.Contains(r.stderr, "max_turns_exceeded") || !strings.Contains(r.stderr, "raise maxTurns") {
		t.Errorf("stderr does not say why and what to do:\n%s", r.stderr)
	}
}

func TestRunJSONAndTrace(t *testing.T) {
	e := newEnv(t, fakeollama.Options{})
	trace := filepath.Join(t.TempDir(), "run.jsonl")
	r := e.run("run", "--json", "--trace", trace, "read the readme")
	if r.code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", r.code, r.stderr)
	}
	var run engine.Run
	if err := json.Unmarshal(lastLine(r.stdout), &run); err != nil {
		t.Fatalf("stdout's last line is not a Run record: %v\n%s", err, r.stdout)
	}
	if run.Outcome != machine.OutcomeCompleted || run.Turns != 2 || run.ID == "" || run.SessionID == "" || run.Edits == nil {
		t.Errorf("run record = %+v", run)
	}
	f, err := os.Open(trace)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ts, err := runtrace.Parse(f)
	if err != nil {
		t.Fatal(err)
	}
	var walk []string
	for i, tr := range ts {
		if tr.Seq != i+1 || tr.RunID != run.ID {
			t.Errorf("transition %d = %+v, want seq %d of run %s", i, tr, i+1, run.ID)
		}
		walk = append(walk, string(tr.From)+">"+string(tr.To))
	}
	want := []string{"Start>Start", "Start>AwaitingModel", "AwaitingModel>AwaitingTools", "AwaitingTools>Start", "Start>AwaitingModel", "AwaitingModel>Terminal"}
	if !slices.Equal(walk, want) {
		t.Errorf("trace walk = %v, want %v", walk, want)
	}

	m := e.run("trace", "--mermaid", trace)
	if m.code != 0 || !strings.HasPrefix(m.stdout, "stateDiagram-v2\n") ||
		!strings.Contains(m.stdout, "[*] --> Start\n") || !strings.Contains(m.stdout, "AwaitingTools --> Start: 4 tool_results") ||
		!strings.HasSuffix(m.stdout, "Terminal --> [*]\n") {
		t.Errorf("loopls trace --mermaid = %d\n%s%s", m.code, m.stdout, m.stderr)
	}
}

func TestRunCancelledBySIGINTWhileStreaming(t *testing.T) {
	e := newEnv(t, fakeollama.Options{})
	p := e.start("run", "loop forever")
	p.stdout.waitFor(t, "tick tock")
	if err := p.cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitBound)
	defer cancel()
	if err := e.srv.WaitDisconnect(ctx); err != nil {
		t.Errorf("the model stream was not closed: %v", err)
	}
	if code := p.wait(t); code != exitCancelled {
		t.Fatalf("exit %d, want %d; stderr:\n%s", code, exitCancelled, p.stderr.String())
	}
	if !strings.Contains(p.stderr.String(), "cancelled") {
		t.Errorf("stderr does not say the run was cancelled:\n%s", p.stderr.String())
	}
	st := e.openStore()
	list, _ := st.Sessions(context.Background())
	if len(list) != 1 {
		t.Fatalf("sessions = %+v", list)
	}
	rec, _ := st.Session(context.Background(), list[0].ID)
	if len(rec.Runs) != 1 || rec.Runs[0].Outcome != machine.OutcomeCancelled || len(rec.History) != 0 {
		t.Errorf("after cancel: runs %+v, history %+v; want one cancelled run and no history", rec.Runs, rec.History)
	}
}

// A Ctrl-C during an edit leaves the file whole: the old text or the new,
// never a mix, and no temporary file behind.
func TestRunCancelledBySIGINTDuringEditLeavesFileWhole(t *testing.T) {
	// After the edit, the model stalls, so the cancel always finds the run
	// in flight whether the edit had finished or not.
	e := newEnv(t, fakeollama.Options{Script: func(req *api.ChatRequest) *fakeollama.Reply {
		if n := len(req.Messages); n > 0 && req.Messages[n-1].Role == "tool" {
			return &fakeollama.Reply{Stall: true}
		}
		return nil
	}})
	// Big enough that the write takes a while.
	before := "hello\n" + strings.Repeat("filler line of a big file\n", 400_000)
	after := "goodbye\n" + before[len("hello\n"):]
	path := filepath.Join(e.root, "hello.txt")
	if err := os.WriteFile(path, []byte(before), 0o644); err != nil {
		t.Fatal(err)
	}
	p := e.start("run", "edit hello")
	p.stderr.waitFor(t, "tool edit_file")
	if err := p.cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if code := p.wait(t); code != exitCancelled {
		t.Fatalf("exit %d, want %d; stderr:\n%s", code, exitCancelled, p.stderr.String())
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != before && string(got) != after {
		t.Errorf("hello.txt is neither the old nor the new text (%d bytes)", len(got))
	}
	entries, _ := os.ReadDir(e.root)
	var names []string
	for _, de := range entries {
		names = append(names, de.Name())
	}
	if !slices.Equal(names, []string{"README.md", "hello.txt"}) {
		t.Errorf("workspace holds %v after the cancel, want only README.md and hello.txt", names)
	}
}

func TestRunWithoutOllamaSaysWhatToDo(t *testing.T) {
	e := newEnv(t, fakeollama.Options{})
	e.srv.Close()
	r := e.run("run", "chat")
	if r.code != exitFailed {
		t.Fatalf("exit %d, want %d; stderr:\n%s", r.code, exitFailed, r.stderr)
	}
	if !strings.Contains(r.stderr, "ollama serve") {
		t.Errorf("stderr does not say to start Ollama:\n%s", r.stderr)
	}
	if r.stdout != "" {
		t.Errorf("stdout = %q, want nothing", r.stdout)
	}
}

func TestRunUsage(t *testing.T) {
	e := newEnv(t, fakeollama.Options{})
	for _, tc := range []struct {
		args []string
		code int
		out  string // in stdout
		err  string // in stderr
	}{
		{[]string{"run", "--help"}, 0, "Usage: loopls run", ""},
		{[]string{"run"}, 2, "", "missing PROMPT"},
		{[]string{"run", "--max-turns", "-1", "chat"}, 2, "", "--max-turns"},
		{[]string{"run", "--no-such-flag", "chat"}, 2, "", "no-such-flag"},
		{[]string{"run", "--session", "ses_nope", "chat"}, 2, "", "unknown session"},
		{[]string{"run", "--session", "ses_x", "--continue", "chat"}, 2, "", "pass one"},
		{[]string{"run", "--root", "/no/such/dir", "chat"}, 1, "", "--root"},
		{[]string{"trace", "--help"}, 0, "Usage: loopls trace", ""},
		{[]string{"trace"}, 2, "", "FILE"},
		{[]string{"trace", "/no/such/trace"}, 1, "", "loopls run --trace"},
		{[]string{"version", "--help"}, 0, "Usage: loopls version", ""},
	} {
		r := e.run(tc.args...)
		if r.code != tc.code || !strings.Contains(r.stdout, tc.out) || !strings.Contains(r.stderr, tc.err) {
			t.Errorf("loopls %v = %d\nstdout: %s\nstderr: %s\nwant %d, stdout with %q, stderr with %q",
				tc.args, r.code, r.stdout, r.stderr, tc.code, tc.out, tc.err)
		}
	}
}

func TestVersion(t *testing.T) {
	e := newEnv(t, fakeollama.Options{})
	r := e.run("version")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "loopls dev (go") {
		t.Errorf("loopls version = %d %q", r.code, r.stdout)
	}
	// --version says the same, for scripts that expect the flag.
	if flag := e.run("--version"); flag.code != 0 || flag.stdout != r.stdout {
		t.Errorf("loopls --version = %d %q, want %q", flag.code, flag.stdout, r.stdout)
	}
	ld := filepath.Join(t.TempDir(), "loopls")
	// A build, not the product: bounded by go test's own timeout, since a
	// cold build on a busy machine takes minutes.
	if out, err := exec.Command("go", "build", "-ldflags", "-X main.version=v9.8.7", "-o", ld, ".").CombinedOutput(); err != nil {
		t.Fatalf("build with -ldflags: %v\n%s", err, out)
	}
	out, err := execOutput(ld, "version")
	if err != nil || !strings.HasPrefix(out, "loopls v9.8.7 ") {
		t.Errorf("version with -ldflags = %q, %v", out, err)
	}
	// One source of the version: the protocols' initialize answers name the
	// same release as `loopls version` (issue 27: ACP said "dev").
	acpInit := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}` + "\n"
	var acp struct {
		ID     int `json:"id"`
		Result struct {
			AgentInfo struct{ Name, Version string } `json:"agentInfo"`
		} `json:"result"`
	}
	if err := json.Unmarshal(protocolAnswer(t, ld, []string{"acp"}, acpInit, readLine), &acp); err != nil || acp.Result.AgentInfo.Version != "v9.8.7" {
		t.Errorf("acp initialize agentInfo = %+v, %v; want version v9.8.7", acp.Result.AgentInfo, err)
	}
	var lsp struct {
		Result struct {
			ServerInfo struct{ Name, Version string } `json:"serverInfo"`
		} `json:"result"`
	}
	lspInit := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`
	if err := json.Unmarshal(protocolAnswer(t, ld, []string{"serve"}, fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(lspInit), lspInit), readFrame), &lsp); err != nil || lsp.Result.ServerInfo.Version != "v9.8.7" {
		t.Errorf("serve initialize serverInfo = %+v, %v; want version v9.8.7", lsp.Result.ServerInfo, err)
	}
}

// protocolAnswer starts bin with args in a temp workspace, writes request and
// returns the first message (read one at a time by next) that answers id 1;
// the process is then stopped by closing its stdin.
func protocolAnswer(t *testing.T, bin string, args []string, request string, next func(*bufio.Reader) ([]byte, error)) []byte {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = t.TempDir()
	cmd.Env = append(cmd.Environ(), "XDG_STATE_HOME="+t.TempDir(), "OLLAMA_HOST=127.0.0.1:1")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	found := make(chan []byte, 1)
	go func() {
		defer close(found)
		r := bufio.NewReader(stdout)
		for {
			msg, err := next(r)
			if err != nil {
				return
			}
			var m struct {
				ID json.RawMessage `json:"id"`
			}
			if json.Unmarshal(msg, &m) == nil && string(m.ID) == "1" {
				found <- msg
				io.Copy(io.Discard, r)
				return
			}
		}
	}()
	io.WriteString(stdin, request)
	var got []byte
	select {
	case b, ok := <-found:
		if !ok {
			t.Errorf("loopls %v: stdout ended without the answer; stderr:\n%s", args, stderr.String())
		}
		got = b
	case <-time.After(waitBound):
		t.Errorf("loopls %v: no answer within %v; stderr:\n%s", args, waitBound, stderr.String())
	}
	stdin.Close()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(waitBound):
		cmd.Process.Kill()
		<-done
		t.Errorf("loopls %v did not exit after stdin closed", args)
	}
	return got
}

// readLine reads one newline-delimited message (ACP's framing).
func readLine(r *bufio.Reader) ([]byte, error) { return r.ReadBytes('\n') }

// readFrame reads one Content-Length frame (LSP's framing).
func readFrame(r *bufio.Reader) ([]byte, error) {
	n := -1
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return nil, err
		}
		line = strings.TrimSpace(line)
		if line == "" {
			break
		}
		if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
			if n, err = strconv.Atoi(v); err != nil {
				return nil, err
			}
		}
	}
	if n < 0 {
		return nil, fmt.Errorf("frame without Content-Length")
	}
	body := make([]byte, n)
	_, err := io.ReadFull(r, body)
	return body, err
}

func TestRunReadsPromptFromStdin(t *testing.T) {
	e := newEnv(t, fakeollama.Options{})
	ctx, cancel := context.WithTimeout(context.Background(), waitBound)
	defer cancel()
	c := e.cmdCtx(ctx, "run", "--json", "-")
	c.Stdin = strings.NewReader("  chat from a pipe\n")
	out, err := c.Output()
	if err != nil {
		t.Fatalf("loopls run -: %v", err)
	}
	var run engine.Run
	if err := json.Unmarshal(lastLine(string(out)), &run); err != nil || run.Prompt != "chat from a pipe" || run.Outcome != machine.OutcomeCompleted {
		t.Errorf("run = %+v, %v; want the piped prompt, completed", run, err)
	}
}

// Two loopls processes on one workspace at once (a terminal and an editor
// window) both record their runs; neither corrupts nor blocks the other.
func TestConcurrentRunsShareTheStore(t *testing.T) {
	e := newEnv(t, fakeollama.Options{})
	const rounds, width = 3, 3
	for range rounds {
		var ps []*started
		for range width {
			ps = append(ps, e.start("run", "read the readme"))
		}
		for _, p := range ps {
			if code := p.wait(t); code != 0 {
				t.Fatalf("concurrent run: exit %d\n%s", code, p.stderr.String())
			}
		}
	}
	ctx := context.Background()
	st := e.openStore()
	list, err := st.Sessions(ctx)
	if err != nil || len(list) != rounds*width {
		t.Fatalf("sessions = %d, %v; want %d", len(list), err, rounds*width)
	}
	for _, s := range list {
		rec, err := st.Session(ctx, s.ID)
		if err != nil || len(rec.Runs) != 1 || rec.Runs[0].Outcome != machine.OutcomeCompleted || len(rec.History) != 4 {
			t.Errorf("session %s = %+v, %v; want one completed run and its four messages", s.ID, rec, err)
		}
	}
}
