package engine

import (
	"context"
	"errors"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/loopls/loopls/engine/machine"
)

// streamBytes streams text one byte per delta, as a slow model does, and
// returns it as the adapter's content.
func streamBytes(text string, emit func(Delta)) (ModelResponse, error) {
	for i := range len(text) {
		emit(Delta{Lane: LaneText, Text: text[i : i+1]})
	}
	return ModelResponse{Message: machine.Message{Role: machine.RoleAssistant, Content: text}, StopReason: "stop"}, nil
}

// TestTextCallRunsAsANativeCall: a call written as text in the answer runs
// the tool as a native call does, the user never sees its markup, and the
// Run record counts it.
func TestTextCallRunsAsANativeCall(t *testing.T) {
	const markup = "<tool_call>\n{\"name\": \"read_file\", \"arguments\": \"{\\\"path\\\": \\\"README.md\\\"}\"}\n</tool_call>"
	model := &fakeModel{name: "fake:m", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		if lastIsToolResult(req) {
			return streamBytes("The readme says hello.", emit)
		}
		return streamBytes(markup, emit)
	}}
	var got []ToolInvocation
	tool := &fakeTool{name: "read_file", fn: func(_ context.Context, inv ToolInvocation) (ToolResult, error) {
		got = append(got, inv)
		return ToolResult{Output: "hello"}, nil
	}}
	a, rec := newTestAgent(t, AgentConfig{Model: model, Tools: []Tool{tool}})
	run, err := a.Run(context.Background(), RunInput{ID: "r1", Prompt: "read the readme"})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || string(got[0].Call.Arguments) != `{"path":"README.md"}` {
		t.Fatalf("tool invocations = %+v", got)
	}
	if rec.deltas[LaneText] != "The readme says hello." {
		t.Errorf("the user saw %q", rec.deltas[LaneText])
	}
	if run.Outcome != machine.OutcomeCompleted || run.Output != "The readme says hello." || run.TextToolCalls != 1 {
		t.Errorf("run = %+v", run)
	}
	h := a.History()
	if call := h[1]; call.Content != "" || len(call.ToolCalls) != 1 || call.ToolCalls[0].ID == "" || h[2].ToolCallID != call.ToolCalls[0].ID {
		t.Errorf("the call in history = %+v, its result %+v", call, h[2])
	}
	if len(rec.toolPre) != 1 || len(rec.toolPost) != 1 || rec.toolPost[0].Status != ToolCompleted {
		t.Errorf("tool events = %+v / %+v", rec.toolPre, rec.toolPost)
	}
}

// TestTextThatIsNoCallIsTheAnswer: prose that starts like a call (a JSON
// object naming no offered tool, an example in a fence after prose) is the
// answer, streamed whole; an attempt cut while its text was held shows
// nothing of it, and the retry's text is shown once.
func TestTextThatIsNoCallIsTheAnswer(t *testing.T) {
	for _, answer := range []string{
		`{"name": "Alice", "arguments": {"age": 3}}`,
		"```json\n{\"name\": \"read_file\", \"arguments\": {}}\n```\nis what a call looks like.",
		"Call it so: <tool_call>{\"name\": \"read_file\", \"arguments\": {}}</tool_call>",
	} {
		model := &fakeModel{name: "fake:m", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
			if n == 0 {
				emit(Delta{Lane: LaneText, Text: answer[:len(answer)/2]})
				return ModelResponse{}, &APIError{Message: "connection reset", Transient: true, Cause: errors.New("reset")}
			}
			return streamBytes(answer, emit)
		}}
		tool := constTool("read_file", "x")
		a, rec := newTestAgent(t, AgentConfig{Model: model, Tools: []Tool{tool}})
		run, err := a.Run(context.Background(), RunInput{Prompt: "p"})
		if err != nil {
			t.Fatal(err)
		}
		if tool.count() != 0 || run.Output != answer || run.TextToolCalls != 0 {
			t.Errorf("%q: tool ran %d times, run = %+v", answer, tool.count(), run)
		}
		// Held text of the cut attempt was never shown; prose was, and
		// the ledger does not show the retry's replay of it twice.
		if rec.deltas[LaneText] != answer {
			t.Errorf("%q: the user saw %q", answer, rec.deltas[LaneText])
		}
	}
}

// TestEmptyAnswerIsAskedAgainOnce: an empty answer is asked again with
// the nudge appended to exactly what the model was sent before; a second
// empty answer ends the run failed with EmptyAnswer, not as an empty
// success; an answer after the nudge completes the run.
func TestEmptyAnswerIsAskedAgainOnce(t *testing.T) {
	for _, second := range []string{"", "Here it is."} {
		model := &fakeModel{name: "fake:m", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
			if n == 0 {
				emit(Delta{Lane: LaneThinking, Text: "hmm"})
				return ModelResponse{Message: machine.Message{Role: machine.RoleAssistant, Thinking: "hmm"}, StopReason: "stop"}, nil
			}
			return say(second, emit)
		}}
		a, _ := newTestAgent(t, AgentConfig{Model: model, Tools: []Tool{constTool("read_file", "x")}})
		run, err := a.Run(context.Background(), RunInput{Prompt: "say something"})
		if model.calls() != 2 {
			t.Fatalf("%d model calls, want 2", model.calls())
		}
		first, retry := model.request(0).Messages, model.request(1).Messages
		if len(retry) != len(first)+1 || !slices.EqualFunc(first, retry[:len(first)], func(a, b machine.Message) bool { return a.Role == b.Role && a.Content == b.Content }) {
			t.Fatalf("the retry was sent %+v after %+v: not the first request with the nudge appended", retry, first)
		}
		if last := retry[len(retry)-1]; last.Role != machine.RoleUser || last.Content != machine.EmptyAnswerNudge {
			t.Errorf("the retry ends with %+v, want the nudge", last)
		}
		if second == "" {
			if !errors.Is(err, machine.ErrEmptyAnswer) || run.Outcome != machine.OutcomeFailed || run.Error == nil || !strings.Contains(run.Error.Message, "empty answer") {
				t.Errorf("two empty answers: err %v, run %+v", err, run)
			}
			continue
		}
		if err != nil || run.Outcome != machine.OutcomeCompleted || run.Output != second || run.Turns != 2 {
			t.Errorf("an answer after the nudge: err %v, run %+v", err, run)
		}
	}
}

// streamHeld returns a model whose every answer starts like a call ({")
// and then streams n deltas, so the driver holds it back to the end.
func streamHeld(n int) *fakeModel {
	return &fakeModel{name: "mem:m", reply: func(ctx context.Context, _ int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		emit(Delta{Lane: LaneText, Text: `{"`})
		for range n {
			emit(Delta{Lane: LaneText, Text: "token "})
		}
		return ModelResponse{Message: machine.Message{Role: machine.RoleAssistant}}, nil
	}}
}

// TestHeldAnswerCostLinear: holding an answer back (it may be a call)
// allocates linearly in its length, as passing it through does (no copy of
// the text so far per delta), and the user gets all of it at the end.
func TestHeldAnswerCostLinear(t *testing.T) {
	cost := func(n int) uint64 {
		rec := newRecorder()
		a := NewAgent(AgentConfig{Model: streamHeld(n), Tools: []Tool{constTool("read_file", "x")}, Observers: []Observer{rec}}, "guard", nil)
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		run, err := a.Run(context.Background(), RunInput{ID: "r", Prompt: "go"})
		runtime.ReadMemStats(&m1)
		if err != nil || len(run.Output) != 2+n*len("token ") || rec.deltas[LaneText] != run.Output {
			t.Fatalf("run: %v, %d bytes of output, %d shown", err, len(run.Output), len(rec.deltas[LaneText]))
		}
		return m1.TotalAlloc - m0.TotalAlloc
	}
	cost(100) // warm up
	small, big := cost(2_000), cost(20_000)
	if big > 20*small {
		t.Errorf("a held answer of 20,000 deltas allocated %d KiB, one of 2,000 %d KiB: not linear", big>>10, small>>10)
	}
}

// BenchmarkHeldDeltaCost is BenchmarkDeltaCost for an answer the driver
// holds back because it starts like a call (10,000 deltas, read at the end
// by ParseTextCalls and released as the answer).
//
//	go test -run '^$' -bench HeldDeltaCost -benchmem ./engine
func BenchmarkHeldDeltaCost(b *testing.B) {
	const n = 10_000
	model := streamHeld(n)
	tools := []Tool{constTool("read_file", "x")}
	b.ReportAllocs()
	for b.Loop() {
		model.reqs = model.reqs[:0]
		a := NewAgent(AgentConfig{Model: model, Tools: tools, Observers: []Observer{NopObserver{}}}, "bench", nil)
		if _, err := a.Run(context.Background(), RunInput{ID: "r", Prompt: "go"}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/delta")
}
