//go:build realollama

package remotemodels

// Both adapters against a server nobody here wrote: the real `ollama serve`
// of internal/realollama (make test-real), through its own OpenAI-compatible
// /v1/chat/completions and Anthropic-compatible /v1/messages. They fail,
// never skip, when the set-up is missing.

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/realollama"
)

// adapters returns the two adapters pointed at one real server, model tiny.
func adapters(t *testing.T) map[string]engine.Model {
	t.Helper()
	m, _ := adaptersAt(t)
	return m
}

// adaptersAt is adapters that also returns the server's host.
func adaptersAt(t *testing.T) (map[string]engine.Model, string) {
	t.Helper()
	host, _ := realollama.Start(t)
	o, err := NewOpenAI("tiny", OpenAIOptions{BaseURL: "http://" + host + "/v1", APIKey: "unused"})
	if err != nil {
		t.Fatal(err)
	}
	a, err := NewAnthropic("tiny", AnthropicOptions{BaseURL: "http://" + host, APIKey: "unused"})
	if err != nil {
		t.Fatal(err)
	}
	return map[string]engine.Model{"openai": o, "anthropic": a}, host
}

func readFileTool() []engine.ToolSpec {
	return []engine.ToolSpec{
		{Name: "read_file", Description: "Read a file.", Parameters: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`)},
		{Name: "list_dir", Description: "List a directory.", Parameters: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}}}`)},
	}
}

// lanes records what a stream sent, lane by lane.
type lanes struct {
	text  strings.Builder
	n     int
	calls []machine.ToolCall
}

func (l *lanes) on(d engine.Delta) {
	l.n++
	switch {
	case d.ToolCall != nil:
		l.calls = append(l.calls, *d.ToolCall)
	case d.Lane == engine.LaneText:
		l.text.WriteString(d.Text)
	}
}

func stream(t *testing.T, m engine.Model, req engine.ModelRequest) (engine.ModelResponse, *lanes) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), realollama.Bound)
	defer cancel()
	var l lanes
	resp, err := m.Stream(ctx, req, l.on)
	if err != nil {
		t.Fatalf("%s: %v", m.Name(), err)
	}
	return resp, &l
}

// A two-turn tool run: the model asks for read_file, gets the result, and
// answers; both turns stream, and both report usage.
func TestRealRemoteTwoTurnToolRun(t *testing.T) {
	for name, m := range adapters(t) {
		t.Run(name, func(t *testing.T) {
			req := engine.ModelRequest{System: "You work on files.", Messages: []machine.Message{machine.UserMessage("read the README")}, Tools: readFileTool()}
			first, l := stream(t, m, req)
			calls := first.Message.ToolCalls
			if len(calls) != 1 || calls[0].Name != "read_file" || calls[0].ID == "" {
				t.Fatalf("turn 1: calls %+v, want one read_file with an id", calls)
			}
			var args map[string]any
			if err := json.Unmarshal(calls[0].Arguments, &args); err != nil || len(args) != 1 || args["path"] != "README.md" {
				t.Fatalf("turn 1 arguments %s (%v), want {\"path\":\"README.md\"}", calls[0].Arguments, err)
			}
			if first.Usage.InputTokens <= 0 || first.Usage.OutputTokens <= 0 {
				t.Errorf("turn 1 usage %+v, want both counts", first.Usage)
			}
			if l.n == 0 {
				t.Error("turn 1 sent no delta")
			}

			req.Messages = append(req.Messages, first.Message, machine.ToolResultMessage(calls[0], "# Demo\n", false))
			second, l := stream(t, m, req)
			if second.Message.Content != "The tool result was received." || len(second.Message.ToolCalls) != 0 {
				t.Fatalf("turn 2: %q, calls %+v", second.Message.Content, second.Message.ToolCalls)
			}
			// Streamed, not delivered whole: five words, five chunks at least,
			// and the deltas add up to the answer.
			if l.text.String() != second.Message.Content || l.n < 5 {
				t.Errorf("turn 2 deltas %q in %d pieces", l.text.String(), l.n)
			}
			if second.Usage.InputTokens <= first.Usage.InputTokens || second.Usage.OutputTokens <= 0 {
				t.Errorf("turn 2 usage %+v after %+v: the prompt grew by the call and its result", second.Usage, first.Usage)
			}
		})
	}
}

// Cancelling an endless stream returns context.Canceled at once and frees
// the server: the next request on it is answered.
func TestRealRemoteCancelStopsGeneration(t *testing.T) {
	models, host := adaptersAt(t)
	for name, m := range models {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			n := 0
			var text strings.Builder
			_, err := m.Stream(ctx, engine.ModelRequest{Messages: []machine.Message{machine.UserMessage("loop")}}, func(d engine.Delta) {
				text.WriteString(d.Text)
				if n++; n == 5 {
					cancel()
				}
			})
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("err = %v, want context.Canceled", err)
			}
			if !strings.HasPrefix(text.String(), "tick tock tick") {
				t.Errorf("streamed %q before the cancel", text.String())
			}
			nextAfterCancel(t, m, host)
		})
	}
}

// nextAfterCancel streams "chat" after a cancelled stream; it must answer
// (realollama.AfterCancel: unloading the model when Ollama holds the
// cancelled stream's slot).
func nextAfterCancel(t *testing.T, m engine.Model, host string) {
	t.Helper()
	chat := engine.ModelRequest{Messages: []machine.Message{machine.UserMessage("chat")}}
	var resp engine.ModelResponse
	err := realollama.AfterCancel(t, host, "tiny", func(ctx context.Context) (err error) {
		resp, err = m.Stream(ctx, chat, func(engine.Delta) {})
		return err
	})
	if err != nil || resp.Message.Content != "Hello from the tiny test model." {
		t.Fatalf("the request after a cancel: %q, %v", resp.Message.Content, err)
	}
}
