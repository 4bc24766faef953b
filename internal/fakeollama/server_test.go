package fakeollama

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/ollama/ollama/api"
	"go.uber.org/goleak"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

func client(t *testing.T, s *Server) *api.Client {
	t.Helper()
	u, err := url.Parse(s.URL)
	if err != nil {
		t.Fatal(err)
	}
	return api.NewClient(u, &http.Client{})
}

func tools(names ...string) api.Tools {
	var ts api.Tools
	for _, n := range names {
		var t api.Tool
		t.Type = "function"
		t.Function.Name = n
		ts = append(ts, t)
	}
	return ts
}

type result struct {
	content, thinking string
	calls             []api.ToolCall
	done              bool
	promptEval        int
}

func chat(t *testing.T, ctx context.Context, c *api.Client, req *api.ChatRequest) (result, error) {
	t.Helper()
	var r result
	err := c.Chat(ctx, req, func(resp api.ChatResponse) error {
		r.content += resp.Message.Content
		r.thinking += resp.Message.Thinking
		r.calls = append(r.calls, resp.Message.ToolCalls...)
		if resp.Done {
			r.done = true
			r.promptEval = resp.PromptEvalCount
		}
		return nil
	})
	return r, err
}

func TestTwoTurnReadRun(t *testing.T) {
	s, err := Start(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	c := client(t, s)
	ctx := context.Background()
	msgs := []api.Message{{Role: "user", Content: "read the README"}}
	r, err := chat(t, ctx, c, &api.ChatRequest{Model: "tiny", Messages: msgs, Tools: tools("read_file", "edit_file")})
	if err != nil || !r.done {
		t.Fatalf("first turn: err %v, done %v", err, r.done)
	}
	if len(r.calls) != 1 || r.calls[0].Function.Name != "read_file" || !strings.HasPrefix(r.calls[0].ID, "call_") {
		t.Fatalf("calls = %+v", r.calls)
	}
	if p, _ := r.calls[0].Function.Arguments.Get("path"); p != "README.md" {
		t.Fatalf("path = %v", p)
	}
	msgs = append(msgs, api.Message{Role: "assistant", ToolCalls: r.calls},
		api.Message{Role: "tool", ToolName: "read_file", ToolCallID: r.calls[0].ID, Content: "# Demo\n"})
	r, err = chat(t, ctx, c, &api.ChatRequest{Model: "tiny", Messages: msgs, Tools: tools("read_file")})
	if err != nil || r.content != "The tool result was received." || len(r.calls) != 0 || r.promptEval == 0 {
		t.Fatalf("second turn: %+v, %v", r, err)
	}
	if got := len(s.Requests()); got != 2 {
		t.Fatalf("requests = %d, want 2", got)
	}
}

func TestThinking(t *testing.T) {
	s, _ := Start(Options{})
	defer s.Close()
	r, err := chat(t, context.Background(), client(t, s), &api.ChatRequest{Model: "tiny-think",
		Messages: []api.Message{{Role: "user", Content: "why"}}})
	if err != nil || r.thinking != "Let me think briefly." || r.content != "Answer: forty-two." {
		t.Fatalf("%+v %v", r, err)
	}
}

func TestRecallAnswersFromTheFirstExchange(t *testing.T) {
	s, _ := Start(Options{})
	defer s.Close()
	c := client(t, s)
	follow := []api.Message{
		{Role: "user", Content: "chat with me\nplease"},
		{Role: "assistant", Content: "Hello from the tiny test model."},
		{Role: "user", Content: "recall what I said"},
	}
	r, err := chat(t, context.Background(), c, &api.ChatRequest{Model: "tiny", Messages: follow})
	if err != nil || r.content != "You first said: chat with me" {
		t.Fatalf("follow-up: %q %v", r.content, err)
	}
	// Without the first exchange the model can only quote the prompt itself.
	r, err = chat(t, context.Background(), c, &api.ChatRequest{Model: "tiny", Messages: follow[2:]})
	if err != nil || r.content != "You first said: recall what I said" {
		t.Fatalf("fresh: %q %v", r.content, err)
	}
}

func TestErrors(t *testing.T) {
	s, _ := Start(Options{})
	defer s.Close()
	c := client(t, s)
	ctx := context.Background()
	user := []api.Message{{Role: "user", Content: "chat"}}

	_, err := chat(t, ctx, c, &api.ChatRequest{Model: "nope", Messages: user})
	var se api.StatusError
	if !errors.As(err, &se) || se.StatusCode != 404 || !strings.Contains(se.ErrorMessage, "model 'nope' not found") {
		t.Fatalf("unknown model: %v", err)
	}
	_, err = chat(t, ctx, c, &api.ChatRequest{Model: "nope-tools", Messages: user, Tools: tools("read_file")})
	if !errors.As(err, &se) || se.StatusCode != 400 {
		t.Fatalf("no tools: %v", err)
	}
	_, err = chat(t, ctx, c, &api.ChatRequest{Model: "tiny", Messages: []api.Message{{Role: "user", Content: "fail500"}}})
	if !errors.As(err, &se) || se.StatusCode != 500 {
		t.Fatalf("fail500: %v", err)
	}
	f := false
	long := []api.Message{{Role: "user", Content: strings.Repeat("x", 5000)}}
	_, err = chat(t, ctx, c, &api.ChatRequest{Model: "tiny", Messages: long, Truncate: &f, Options: map[string]any{"num_ctx": 4096}})
	if !errors.As(err, &se) || se.StatusCode != 400 || !strings.Contains(se.ErrorMessage, "exceeds the context length") {
		t.Fatalf("overflow: %v", err)
	}
	r, err := chat(t, ctx, c, &api.ChatRequest{Model: "tiny", Messages: long, Truncate: &f, Options: map[string]any{"num_ctx": 8192}})
	if err != nil || !r.done {
		t.Fatalf("fits in 8192: %v", err)
	}
	// flaky: first 500, then served.
	fl := []api.Message{{Role: "user", Content: "flaky please"}}
	if _, err := chat(t, ctx, c, &api.ChatRequest{Model: "tiny", Messages: fl}); !errors.As(err, &se) || se.StatusCode != 500 {
		t.Fatalf("flaky first: %v", err)
	}
	if r, err := chat(t, ctx, c, &api.ChatRequest{Model: "tiny", Messages: fl}); err != nil || !r.done {
		t.Fatalf("flaky second: %v", err)
	}
}

// chatInBackground streams prompt to s on its own goroutine until ctx ends
// or the chat does; each chunk is added to the result and shown to onChunk
// (when not nil); the result comes on the channel.
func chatInBackground(t *testing.T, s *Server, ctx context.Context, prompt string, onChunk func(*result)) <-chan result {
	t.Helper()
	c := client(t, s)
	got := make(chan result, 1)
	go func() {
		var r result
		_ = c.Chat(ctx, &api.ChatRequest{Model: "tiny", Messages: []api.Message{{Role: "user", Content: prompt}}},
			func(resp api.ChatResponse) error {
				r.content += resp.Message.Content
				r.done = r.done || resp.Done
				if onChunk != nil {
					onChunk(&r)
				}
				return nil
			})
		got <- r
	}()
	return got
}

func TestStallDisconnectIsSeen(t *testing.T) {
	s, _ := Start(Options{})
	defer s.Close()
	ctx, cancel := context.WithCancel(context.Background())
	got := chatInBackground(t, s, ctx, "stall", func(r *result) {
		if r.content == "Thinking" {
			cancel()
		}
	})
	wctx, wcancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer wcancel()
	if err := s.WaitDisconnect(wctx); err != nil {
		t.Fatal(err)
	}
	if r := <-got; r.done || r.content != "Thinking" {
		t.Fatalf("%+v", r)
	}
	if s.Disconnects() != 1 {
		t.Fatalf("disconnects = %d", s.Disconnects())
	}
}

// "hush" is a model that sends nothing at all until the client gives up.
func TestHushSendsNothingUntilTheClientLeaves(t *testing.T) {
	s, _ := Start(Options{})
	defer s.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	got := chatInBackground(t, s, ctx, "hush", nil)
	// The request has arrived once the server has recorded it.
	deadline := time.Now().Add(10 * time.Second)
	for len(s.Requests()) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the hush request never reached the server")
		}
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	wctx, wcancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer wcancel()
	if err := s.WaitDisconnect(wctx); err != nil {
		t.Fatal(err)
	}
	if r := <-got; r.done || r.content != "" {
		t.Fatalf("hush sent something: %+v", r)
	}
}

func TestLoopStreamsUntilCancel(t *testing.T) {
	s, _ := Start(Options{})
	defer s.Close()
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	err := client(t, s).Chat(ctx, &api.ChatRequest{Model: "tiny", Messages: []api.Message{{Role: "user", Content: "loop"}}},
		func(resp api.ChatResponse) error {
			n++
			if n == 20 {
				cancel()
			}
			return nil
		})
	_ = err // the official client returns nil on a cancelled stream; ctx says what happened
	if ctx.Err() == nil || n < 20 {
		t.Fatalf("n = %d, ctx %v", n, ctx.Err())
	}
	wctx, wcancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer wcancel()
	if err := s.WaitDisconnect(wctx); err != nil {
		t.Fatal(err)
	}
}

func TestResetCutsTheStream(t *testing.T) {
	s, _ := Start(Options{})
	defer s.Close()
	r, _ := chat(t, context.Background(), client(t, s), &api.ChatRequest{Model: "tiny",
		Messages: []api.Message{{Role: "user", Content: "reset"}}})
	if r.done {
		t.Fatalf("a cut stream must not end with done: %+v", r)
	}
}

func TestShowAndTags(t *testing.T) {
	s, _ := Start(Options{})
	defer s.Close()
	c := client(t, s)
	ctx := context.Background()
	show, err := c.Show(ctx, &api.ShowRequest{Model: "tiny"})
	if err != nil {
		t.Fatal(err)
	}
	if show.ModelInfo["llama.context_length"].(float64) != 8192 || len(show.Capabilities) != 2 {
		t.Fatalf("%+v", show)
	}
	if _, err := c.Show(ctx, &api.ShowRequest{Model: "nope"}); err == nil {
		t.Fatal("show of unknown model succeeded")
	}
	list, err := c.List(ctx)
	if err != nil || len(list.Models) != 3 || list.Models[0].Name != "tiny:latest" {
		t.Fatalf("%+v %v", list, err)
	}
}

// "report edit" edits hello.txt, then answers with what the tool result
// said, so a test sees what the model was told.
func TestReportEditEchoesTheToolResult(t *testing.T) {
	s, _ := Start(Options{})
	defer s.Close()
	c := client(t, s)
	msgs := []api.Message{{Role: "user", Content: "report edit of hello.txt"}}
	r, err := chat(t, context.Background(), c, &api.ChatRequest{Model: "tiny", Messages: msgs, Tools: tools("edit_file")})
	if err != nil || len(r.calls) != 1 || r.calls[0].Function.Name != "edit_file" {
		t.Fatalf("first turn: %+v %v", r, err)
	}
	msgs = append(msgs, api.Message{Role: "assistant", ToolCalls: r.calls},
		api.Message{Role: "tool", ToolName: "edit_file", ToolCallID: r.calls[0].ID, Content: "edit_file: hello.txt was not changed: the user rejected this change"})
	r, err = chat(t, context.Background(), c, &api.ChatRequest{Model: "tiny", Messages: msgs, Tools: tools("edit_file")})
	if err != nil || r.content != "The tool said: edit_file: hello.txt was not changed: the user rejected this change" {
		t.Fatalf("second turn: %q %v", r.content, err)
	}
}

// "quote" answers with the first line of the first fenced block of the
// prompt: the attached context as the model got it.
func TestQuoteAnswersWithTheAttachedText(t *testing.T) {
	s, _ := Start(Options{})
	defer s.Close()
	prompt := "quote it\n\nThe user attached this context:\n\nFile: hello.txt, lines 1-1\n```\nhello world\n```\n"
	r, err := chat(t, context.Background(), client(t, s), &api.ChatRequest{Model: "tiny", Messages: []api.Message{{Role: "user", Content: prompt}}})
	if err != nil || r.content != "You attached: hello world" {
		t.Fatalf("%q %v", r.content, err)
	}
}

// "report echo" runs a quick command, then says what it printed.
func TestReportEchoRunsACommand(t *testing.T) {
	s, _ := Start(Options{})
	defer s.Close()
	c := client(t, s)
	msgs := []api.Message{{Role: "user", Content: "report echo please"}}
	r, err := chat(t, context.Background(), c, &api.ChatRequest{Model: "tiny", Messages: msgs, Tools: tools("run_command")})
	if err != nil || len(r.calls) != 1 || r.calls[0].Function.Name != "run_command" {
		t.Fatalf("first turn: %+v %v", r, err)
	}
	if cmd, _ := r.calls[0].Function.Arguments.Get("command"); cmd != "sleep 0 && echo approved-and-ran" {
		t.Fatalf("command = %v", cmd)
	}
	msgs = append(msgs, api.Message{Role: "assistant", ToolCalls: r.calls},
		api.Message{Role: "tool", ToolName: "run_command", ToolCallID: r.calls[0].ID, Content: "$ sleep 0 && echo approved-and-ran\napproved-and-ran\n\n[exit code 0]"})
	r, err = chat(t, context.Background(), c, &api.ChatRequest{Model: "tiny", Messages: msgs, Tools: tools("run_command")})
	if err != nil || r.content != "The tool said: $ sleep 0 && echo approved-and-ran | approved-and-ran | [exit code 0]" {
		t.Fatalf("second turn: %q %v", r.content, err)
	}
}

// "show code" answers markdown with a fenced Go block.
func TestShowCodeAnswersWithAFencedBlock(t *testing.T) {
	s, _ := Start(Options{})
	defer s.Close()
	r, err := chat(t, context.Background(), client(t, s), &api.ChatRequest{Model: "tiny", Messages: []api.Message{{Role: "user", Content: "show code please"}}})
	if err != nil || r.content != "Here it is:\n\n```go\nfmt.Println(\"hi\")\n```\n" {
		t.Fatalf("%q %v", r.content, err)
	}
}

// "show answer" streams markdown with file names, a table and two fenced blocks.
func TestShowAnswerStreamsMarkdownForTheEditors(t *testing.T) {
	s, _ := Start(Options{})
	defer s.Close()
	r, err := chat(t, context.Background(), client(t, s), &api.ChatRequest{Model: "tiny", Messages: []api.Message{{Role: "user", Content: "show answer"}}})
	if err != nil || r.content != strings.Join(ShowAnswer, "") || !strings.Contains(r.content, "```go applied.go\n") {
		t.Fatalf("%q %v", r.content, err)
	}
}
