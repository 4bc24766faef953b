//go:build realollama

package localmodels

// These tests run the adapter against the real `ollama serve` v0.17.4 with
// the tiny scripted model of internal/realollama (make test-real). They
// fail, never skip, when the setup is missing.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/realollama"

	"github.com/ollama/ollama/api"

	"github.com/loopls/loopls/engine"
)

// realBound bounds each wait on the real server: a cold model load and a
// busy 2-core machine are slow, but never this slow.
const realBound = 2 * time.Minute

// startRealOllama starts a server on a free 127.0.0.1 port for this test
// and returns its "127.0.0.1:PORT".
func startRealOllama(t *testing.T) string {
	t.Helper()
	host, _ := startRealOllamaPID(t)
	return host
}

// startRealOllamaPID is startRealOllama that also returns the server's PID.
func startRealOllamaPID(t *testing.T) (string, int) { return realollama.Start(t) }

// looplsTools are the specs of loopls's seven workspace tools, as the
// model sees them.
func looplsTools() []engine.ToolSpec {
	schema := func(props ...string) json.RawMessage {
		p := map[string]any{}
		for _, n := range props {
			p[n] = map[string]any{"type": "string"}
		}
		b, _ := json.Marshal(map[string]any{"type": "object", "properties": p, "required": props[:1]})
		return b
	}
	return []engine.ToolSpec{
		{Name: "read_file", Description: "Read a file.", Parameters: schema("path")},
		{Name: "list_dir", Description: "List a directory.", Parameters: schema("path")},
		{Name: "glob", Description: "Find files.", Parameters: schema("pattern")},
		{Name: "grep", Description: "Search files.", Parameters: schema("pattern", "path")},
		{Name: "edit_file", Description: "Edit a file.", Parameters: schema("path", "old_string", "new_string")},
		{Name: "write_file", Description: "Write a file.", Parameters: schema("path", "content")},
		{Name: "run_command", Description: "Run a command.", Parameters: schema("command")},
	}
}

func realStream(t *testing.T, o *Ollama, req engine.ModelRequest) (engine.ModelResponse, *recorder, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), realBound)
	defer cancel()
	var rec recorder
	resp, err := o.Stream(ctx, req, rec.on)
	return resp, &rec, err
}

func argsMap(t *testing.T, raw json.RawMessage) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("arguments %s: %v", raw, err)
	}
	return m
}

func TestRealTwoTurnReadFile(t *testing.T) {
	host := startRealOllama(t)
	o := newModel(t, host, "tiny", OllamaOptions{})
	req := engine.ModelRequest{Messages: []machine.Message{machine.UserMessage("read the README")}, Tools: looplsTools()}
	first, rec, err := realStream(t, o, req)
	if err != nil {
		t.Fatal(err)
	}
	calls := first.Message.ToolCalls
	if len(calls) != 1 || calls[0].Name != "read_file" || string(calls[0].Arguments) != `{"path":"README.md"}` {
		t.Fatalf("turn 1 calls %+v, want read_file {\"path\":\"README.md\"}", calls)
	}
	if !strings.HasPrefix(string(calls[0].ID), "call_") || len(rec.deltas) == 0 {
		t.Errorf("id %q, %d deltas", calls[0].ID, len(rec.deltas))
	}
	if first.Usage.InputTokens <= 0 || first.Usage.OutputTokens <= 0 {
		t.Errorf("usage %+v, want both counts reported", first.Usage)
	}
	req.Messages = append(req.Messages, first.Message, machine.ToolResultMessage(calls[0], "# Demo\n", false))
	second, rec, err := realStream(t, o, req)
	if err != nil {
		t.Fatal(err)
	}
	text, _ := rec.lane(engine.LaneText)
	if second.Message.Content != "The tool result was received." || text != second.Message.Content {
		t.Errorf("turn 2 answer %q (deltas %q)", second.Message.Content, text)
	}
	if len(second.Message.ToolCalls) != 0 || second.StopReason != "stop" {
		t.Errorf("turn 2: calls %+v, stop %q", second.Message.ToolCalls, second.StopReason)
	}
}

func TestRealEditFileCall(t *testing.T) {
	host := startRealOllama(t)
	o := newModel(t, host, "tiny", OllamaOptions{})
	resp, _, err := realStream(t, o, engine.ModelRequest{Messages: []machine.Message{machine.UserMessage("edit hello.txt")}, Tools: looplsTools()})
	if err != nil {
		t.Fatal(err)
	}
	calls := resp.Message.ToolCalls
	if len(calls) != 1 || calls[0].Name != "edit_file" {
		t.Fatalf("calls %+v", calls)
	}
	// Whatever order the server sent the keys in, the arguments are canonical.
	if got, want := string(calls[0].Arguments), `{"new_string":"goodbye","old_string":"hello","path":"hello.txt"}`; got != want {
		t.Errorf("arguments %s, want %s", got, want)
	}
}

func TestRealThinking(t *testing.T) {
	host := startRealOllama(t)
	o := newModel(t, host, "tiny-think", OllamaOptions{})
	resp, rec, err := realStream(t, o, engine.ModelRequest{Messages: []machine.Message{machine.UserMessage("what is the answer?")}})
	if err != nil {
		t.Fatal(err)
	}
	thinking, _ := rec.lane(engine.LaneThinking)
	if thinking != "Let me think briefly." || resp.Message.Thinking != thinking {
		t.Errorf("thinking %q / %q", thinking, resp.Message.Thinking)
	}
	if resp.Message.Content != "Answer: forty-two." {
		t.Errorf("content %q", resp.Message.Content)
	}
}

func TestRealCancelStopsGeneration(t *testing.T) {
	host := startRealOllama(t)
	o := newModel(t, host, "tiny", OllamaOptions{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	got := make(chan struct{}, 1)
	done := make(chan error, 1)
	go func() {
		n := 0
		_, err := o.Stream(ctx, engine.ModelRequest{Messages: []machine.Message{machine.UserMessage("loop")}, ContextWindow: 8192}, func(engine.Delta) {
			if n++; n == 5 {
				got <- struct{}{}
			}
		})
		done <- err
	}()
	select {
	case <-got:
	case <-time.After(realBound):
		t.Fatal("the endless stream sent fewer than 5 deltas")
	}
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v, want context.Canceled", err)
		}
	case <-time.After(realBound):
		t.Fatal("Stream did not return after cancel")
	}
	// The server runs one request at a time; left generating, "loop" would
	// hold it for 10 × num_ctx tokens (minutes). The next request being
	// served shows generation stopped.
	// realollama.AfterCancel unloads the model when Ollama keeps the
	// cancelled stream's slot for good (its own race, docs/real-ollama.md).
	var resp engine.ModelResponse
	err := realollama.AfterCancel(t, host, "tiny", func(ctx context.Context) (err error) {
		resp, err = o.Stream(ctx, engine.ModelRequest{Messages: []machine.Message{machine.UserMessage("chat")}, ContextWindow: 8192}, func(engine.Delta) {})
		return err
	})
	if err != nil || resp.Message.Content != "Hello from the tiny test model." {
		t.Fatalf("the request after a cancel: %+v, %v", resp.Message, err)
	}
}

func TestRealShowAndList(t *testing.T) {
	host := startRealOllama(t)
	ctx, cancel := context.WithTimeout(context.Background(), realBound)
	defer cancel()
	info, err := newModel(t, host, "tiny", OllamaOptions{}).Capabilities(ctx)
	if err != nil || info.ContextWindow != 8192 || !info.Tools || info.Thinking {
		t.Errorf("tiny: %+v, %v; want window 8192, tools, no thinking", info, err)
	}
	// The GGUF's shape (internal/realollama/tinymodel): one block, four
	// heads and four KV heads of 64/4 = 16 dimensions.
	if want := (Shape{Layers: 1, KVHeads: 4, KeyLength: 16, ValLength: 16}); info.Shape != want {
		t.Errorf("tiny's shape from /api/show = %+v, want %+v", info.Shape, want)
	}
	info, err = newModel(t, host, "tiny-think", OllamaOptions{}).Capabilities(ctx)
	if err != nil || info.ContextWindow != 8192 || !info.Tools || !info.Thinking {
		t.Errorf("tiny-think: %+v, %v; want window 8192, tools, thinking", info, err)
	}
	models, err := ListOllama(ctx, host)
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]ModelInfo{}
	for _, m := range models {
		found[m.Model] = m
	}
	for _, name := range []string{"ollama:tiny:latest", "ollama:tiny-think:latest"} {
		if m, ok := found[name]; !ok || m.ContextWindow != 8192 || !m.Tools {
			t.Errorf("%s listed as %+v (present %v) in %+v", name, m, ok, models)
		}
	}
	_, err = newModel(t, host, "nope", OllamaOptions{}).Capabilities(ctx)
	if !errors.Is(err, ErrModelNotFound) || !strings.Contains(err.Error(), "ollama pull nope") {
		t.Errorf("unknown model: %v", err)
	}
}

func TestRealNumCtxAndNoTruncation(t *testing.T) {
	host := startRealOllama(t)
	o := newModel(t, host, "tiny", OllamaOptions{})
	// num_ctx is what the server loads the model with.
	if _, _, err := realStream(t, o, engine.ModelRequest{Messages: []machine.Message{machine.UserMessage("chat")}, ContextWindow: 2048}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), realBound)
	defer cancel()
	ps, err := api.NewClient(&url.URL{Scheme: "http", Host: host}, &http.Client{}).ListRunning(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps.Models) == 0 || ps.Models[0].ContextLength != 2048 {
		t.Errorf("/api/ps = %+v, want the model loaded with context_length 2048", ps.Models)
	}
	// An over-long prompt is refused, not silently cut: each byte is a
	// token, so 3000 bytes cannot fit in 1024.
	req := engine.ModelRequest{Messages: []machine.Message{machine.UserMessage("chat " + strings.Repeat("x", 3000))}, ContextWindow: 1024}
	_, _, err = realStream(t, o, req)
	if !errors.Is(err, machine.ErrContextExceeded) {
		t.Fatalf("err = %v, want ContextExceeded", err)
	}
	var apiErr *engine.APIError
	if !errors.As(err, &apiErr) || apiErr.Status != http.StatusBadRequest || apiErr.Transient {
		t.Errorf("err = %+v, want a permanent 400", apiErr)
	}
}

// The window sized from the real /api/show (256 bytes of cache a token:
// the whole 8,192 fits any machine) is what the server loads the model
// with when the run gives none.
func TestRealSizedWindowIsLoaded(t *testing.T) {
	host := startRealOllama(t)
	o := newModel(t, host, "tiny", OllamaOptions{FreeMemory: func() (int64, error) { return 4 << 30, nil }})
	ctx, cancel := context.WithTimeout(context.Background(), realBound)
	defer cancel()
	c, err := o.Window(ctx)
	if err != nil || c.Window != 8192 || !strings.HasPrefix(c.Reason, "8,192 (the model's full window): KV 256 B/token, 4 GiB free") {
		t.Fatalf("Window = %+v, %v", c, err)
	}
	if _, _, err := realStream(t, o, engine.ModelRequest{Messages: []machine.Message{machine.UserMessage("chat")}}); err != nil {
		t.Fatal(err)
	}
	ps, err := api.NewClient(&url.URL{Scheme: "http", Host: host}, &http.Client{}).ListRunning(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps.Models) == 0 || ps.Models[0].ContextLength != c.Window {
		t.Errorf("/api/ps = %+v, want the model loaded with context_length %d", ps.Models, c.Window)
	}
}

// runnerOf returns the PID of the `ollama runner` child of the server.
func runnerOf(t *testing.T, server int) int {
	t.Helper()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// The fields after the command's closing parenthesis: state, ppid, …
		rest := string(stat[bytes.LastIndexByte(stat, ')')+1:])
		f := strings.Fields(rest)
		if len(f) < 2 || f[1] != strconv.Itoa(server) {
			continue
		}
		if cmdline, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline")); bytes.Contains(cmdline, []byte("runner")) {
			return pid
		}
	}
	t.Fatalf("no ollama runner under server %d", server)
	return 0
}

func TestRealRunnerDiesMidStream(t *testing.T) {
	// Ollama reports a dead runner as an {"error":…} line after a 200,
	// which the client returns as a plain error (or not at all): the
	// adapter must make it a transient failure, never a finished answer.
	host, server := startRealOllamaPID(t)
	o := newModel(t, host, "tiny", OllamaOptions{})
	ctx, cancel := context.WithTimeout(context.Background(), realBound)
	defer cancel()
	started := make(chan struct{}, 1)
	done := make(chan error, 1)
	go func() {
		n := 0
		_, err := o.Stream(ctx, engine.ModelRequest{Messages: []machine.Message{machine.UserMessage("loop")}, ContextWindow: 8192}, func(engine.Delta) {
			if n++; n == 3 {
				started <- struct{}{}
			}
		})
		done <- err
	}()
	select {
	case <-started:
	case <-time.After(realBound):
		t.Fatal("the endless stream never started")
	}
	if err := syscall.Kill(runnerOf(t, server), syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		var apiErr *engine.APIError
		if !errors.As(err, &apiErr) || !apiErr.Transient {
			t.Fatalf("err = %v, want a transient *engine.APIError", err)
		}
		if errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v reads as a cancel", err)
		}
		t.Logf("reported as: %v", err)
	case <-time.After(realBound):
		t.Fatal("Stream did not end after the runner died")
	}
}
