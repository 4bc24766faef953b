package engine

import (
	"context"
	"fmt"
	"github.com/loopls/loopls/engine/machine"
	"testing"
	"time"
)

// BenchmarkDriver200Turns measures the driver's own overhead: a 200-turn run
// (199 tool turns, then an answer) against an in-memory model and tool that
// cost nothing, with one observer attached. Reported per turn.
func BenchmarkDriver200Turns(b *testing.B) {
	const turns = 200
	model := &fakeModel{name: "mem:m", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		turn := (len(req.Messages) - 1) / 2
		if turn == turns-1 {
			emit(Delta{Lane: LaneText, Text: "done"})
			return ModelResponse{Message: machine.Message{Role: machine.RoleAssistant, Content: "done"}, Usage: Usage{InputTokens: 100, OutputTokens: 1}}, nil
		}
		c := machine.ToolCall{ID: machine.ToolCallID(fmt.Sprint("c", turn)), Name: "read_file", Arguments: machine.RawJSON(fmt.Sprintf(`{"path":"f%d"}`, turn))}
		return ModelResponse{Message: machine.Message{Role: machine.RoleAssistant, ToolCalls: []machine.ToolCall{c}}, Usage: Usage{InputTokens: 100, OutputTokens: 10}}, nil
	}}
	tool := &fakeTool{name: "read_file", fn: func(_ context.Context, inv ToolInvocation) (ToolResult, error) {
		return ToolResult{Output: string(inv.Call.Arguments)}, nil
	}}
	b.ReportAllocs()
	for b.Loop() {
		model.reqs = model.reqs[:0] // the fake keeps requests; do not let them pile up across iterations
		a := NewAgent(AgentConfig{Model: model, Tools: []Tool{tool}, Observers: []Observer{NopObserver{}},
			Policy: machine.Policy{MaxTurns: turns, CompactThreshold: 80, AutoCompact: true}}, "bench", nil)
		run, err := a.Run(context.Background(), RunInput{ID: "r", Prompt: "go"})
		if err != nil || run.Turns != turns {
			b.Fatalf("run %+v err %v", run, err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*turns), "ns/turn")
}

// BenchmarkCancelLatency measures the time from cancelling a run whose model
// stream is in flight to Run returning.
func BenchmarkCancelLatency(b *testing.B) {
	started := make(chan struct{}, 1)
	model := &fakeModel{name: "mem:m", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		return ModelResponse{}, blockUntilDone(ctx, started)
	}}
	a := NewAgent(AgentConfig{Model: model}, "bench", nil)
	var total time.Duration
	for b.Loop() {
		model.reqs = model.reqs[:0]
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { _, _ = a.Run(ctx, RunInput{ID: "r", Prompt: "x"}); close(done) }()
		<-started
		t0 := time.Now()
		cancel()
		<-done
		total += time.Since(t0)
	}
	b.ReportMetric(float64(total.Nanoseconds())/float64(b.N), "ns/cancel")
}
