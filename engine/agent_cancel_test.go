package engine

import (
	"context"
	"github.com/loopls/loopls/engine/machine"
	"slices"
	"strings"
	"testing"
	"time"
)

// cancelWithin cancels the run once started fires and checks it ends
// Cancelled, promptly, with history untouched and the agent reusable.
func cancelWithin(t *testing.T, a *Agent, rec *recorder, started <-chan struct{}) Run {
	t.Helper()
	before := a.History()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type result struct {
		run Run
		err error
	}
	done := make(chan result, 1)
	go func() {
		run, err := a.Run(ctx, RunInput{Prompt: "cancel me"})
		done <- result{run, err}
	}()
	select {
	case <-started:
	case <-time.After(5 * time.Second):
		t.Fatal("the run never reached the state to cancel in")
	}
	cancel()
	var res result
	select {
	case res = <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return after cancel")
	}
	if !machine.IsCancelled(res.err) || res.run.Outcome != machine.OutcomeCancelled || res.run.Error == nil || res.run.Error.Kind != machine.KindCancelled {
		t.Fatalf("run = %+v err %v, want Cancelled", res.run, res.err)
	}
	if got := a.History(); !slices.EqualFunc(got, before, func(x, y machine.Message) bool { return x.Content == y.Content && x.Role == y.Role }) {
		t.Errorf("history changed by a cancelled run: %d -> %d messages", len(before), len(got))
	}
	lines := rec.transitionLines()
	if last := lines[len(lines)-1]; !strings.HasSuffix(last, "cancel cancelled") {
		t.Errorf("last transition = %q, want a cancel", last)
	}
	if slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, " fail") }) {
		t.Errorf("a cancel was recorded as a failure: %q", lines)
	}
	if n := len(rec.ends); n == 0 || rec.ends[n-1].Outcome != machine.OutcomeCancelled {
		t.Errorf("OnRunEnd = %+v", rec.ends)
	}
	return res.run
}

func TestCancelBeforeTheRunStarts(t *testing.T) {
	model := &fakeModel{name: "fake:m", reply: toolThenAnswer}
	a, rec := newTestAgent(t, AgentConfig{Model: model})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := a.Run(ctx, RunInput{Prompt: "never"})
	if !machine.IsCancelled(err) || model.calls() != 0 {
		t.Fatalf("err %v after %d model calls", err, model.calls())
	}
	want := []string{"Start->Start accept_input", "Start->Terminal cancel cancelled"}
	if got := rec.transitionLines(); !slices.Equal(got, want) {
		t.Fatalf("transitions = %q", got)
	}
	// Re-armed: the next run works.
	if run, err := a.Run(context.Background(), RunInput{Prompt: "read"}); err != nil || run.Outcome != machine.OutcomeCompleted {
		t.Fatalf("run after a cancel = %+v, %v; want completed (the cancel signal is re-armed)", run, err)
	}
}

func TestCancelMidStreamClosesTheStream(t *testing.T) {
	started := make(chan struct{}, 1)
	closed := make(chan struct{})
	model := &fakeModel{name: "fake:m", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		if strings.HasPrefix(req.Messages[len(req.Messages)-1].Content, "after") {
			return say("fine", emit)
		}
		emit(Delta{Lane: LaneText, Text: "tick"})
		err := blockUntilDone(ctx, started)
		close(closed)
		return ModelResponse{}, err
	}}
	a, rec := newTestAgent(t, AgentConfig{Model: model})
	cancelWithin(t, a, rec, started)
	select {
	case <-closed:
	default:
		t.Error("Run returned before the model stream was closed")
	}
	if lines := rec.transitionLines(); lines[len(lines)-1] != "AwaitingModel->Terminal cancel cancelled" {
		t.Errorf("transitions = %q", lines)
	}
	if len(rec.failures) != 0 {
		t.Errorf("a cancel was reported as a stream failure: %v", rec.failures)
	}
	if run, err := a.Run(context.Background(), RunInput{Prompt: "after cancel"}); err != nil || run.Output != "fine" {
		t.Fatalf("agent not reusable after cancel: %+v %v", run, err)
	}
}

func TestCancelMidToolLeavesAnOrphanPre(t *testing.T) {
	started := make(chan struct{}, 1)
	toolCtxDone := make(chan struct{})
	model := &fakeModel{name: "fake:m", reply: toolThenAnswer}
	tool := &fakeTool{name: "read_file", fn: func(ctx context.Context, inv ToolInvocation) (ToolResult, error) {
		err := blockUntilDone(ctx, started)
		close(toolCtxDone)
		return ToolResult{}, err
	}}
	a, rec := newTestAgent(t, AgentConfig{Model: model, Tools: []Tool{tool}})
	cancelWithin(t, a, rec, started)
	select {
	case <-toolCtxDone:
	case <-time.After(5 * time.Second):
		t.Fatal("the tool's context was not cancelled")
	}
	if len(rec.toolPre) != 1 || len(rec.toolPost) != 0 {
		t.Errorf("pre %d post %d, want an orphan pre", len(rec.toolPre), len(rec.toolPost))
	}
	if lines := rec.transitionLines(); lines[len(lines)-1] != "AwaitingTools->Terminal cancel cancelled" {
		t.Errorf("transitions = %q", lines)
	}
}

func TestCancelMidBackoff(t *testing.T) {
	started := make(chan struct{}, 1)
	model := &fakeModel{name: "fake:m", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		started <- struct{}{}
		return ModelResponse{}, &APIError{Status: 503, Message: "busy", Transient: true}
	}}
	a, rec := newTestAgent(t, AgentConfig{Model: model, Retry: RetryPolicy{BaseDelay: time.Hour, MaxDelay: time.Hour}})
	cancelWithin(t, a, rec, started)
	if model.calls() != 1 {
		t.Errorf("calls = %d", model.calls())
	}
}

func TestCancelMidCompaction(t *testing.T) {
	started := make(chan struct{}, 1)
	model := &fakeModel{name: "fake:m", reply: toolThenAnswer}
	cm := cmFunc(func(ctx context.Context, req CompactRequest) (CompactResult, error) {
		return CompactResult{}, blockUntilDone(ctx, started)
	})
	a, rec := newTestAgent(t, AgentConfig{Model: model, ContextManager: cm,
		Policy: machine.Policy{MaxTurns: 10, ContextWindow: 5, CompactThreshold: 80, AutoCompact: true}})
	cancelWithin(t, a, rec, started)
	if lines := rec.transitionLines(); lines[len(lines)-1] != "AwaitingCompaction->Terminal cancel cancelled" {
		t.Errorf("transitions = %q", lines)
	}
	if model.calls() != 0 {
		t.Errorf("the model was called %d times although the prompt never fit", model.calls())
	}
}

// cmFunc adapts a function to ContextManager.
type cmFunc func(ctx context.Context, req CompactRequest) (CompactResult, error)

func (f cmFunc) Compact(ctx context.Context, req CompactRequest) (CompactResult, error) {
	return f(ctx, req)
}
