package engine

import (
	"context"
	"errors"
	"fmt"
	"github.com/loopls/loopls/engine/machine"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

func newTestAgent(t *testing.T, cfg AgentConfig) (*Agent, *recorder) {
	t.Helper()
	rec := newRecorder()
	cfg.Observers = append(cfg.Observers, rec)
	if cfg.Retry == (RetryPolicy{}) {
		cfg.Retry = fastRetry
	}
	return NewAgent(cfg, "s1", nil), rec
}

func TestTwoTurnRunSendsSixTransitions(t *testing.T) {
	model := &fakeModel{name: "fake:m", reply: toolThenAnswer}
	tool := constTool("read_file", "# readme")
	a, rec := newTestAgent(t, AgentConfig{Model: model, Tools: []Tool{tool}})

	run, err := a.Run(context.Background(), RunInput{ID: "r1", Prompt: "read the readme"})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	want := []string{
		"Start->Start accept_input",
		"Start->AwaitingModel call_llm",
		"AwaitingModel->AwaitingTools model_response",
		"AwaitingTools->Start tool_results",
		"Start->AwaitingModel call_llm",
		"AwaitingModel->Terminal model_response completed",
	}
	if got := rec.transitionLines(); !slices.Equal(got, want) {
		t.Fatalf("transitions:\n got %q\nwant %q", got, want)
	}
	for i, tr := range rec.transitions {
		if tr.Seq != i+1 || tr.RunID != "r1" || tr.SessionID != "s1" {
			t.Errorf("transition %d: seq %d run %q session %q", i, tr.Seq, tr.RunID, tr.SessionID)
		}
		if tr.ContextTokens <= 0 {
			t.Errorf("transition %d has no context tokens", i)
		}
	}
	if turns := []int{rec.transitions[2].Turn, rec.transitions[5].Turn}; turns[0] != 0 || turns[1] != 1 {
		t.Errorf("turns of the model responses = %v, want [0 1]", turns)
	}
	if run.Outcome != machine.OutcomeCompleted || run.Output != "The tool result was received." || run.Turns != 2 || run.Error != nil {
		t.Errorf("run record = %+v", run)
	}
	if run.ID != "r1" || run.SessionID != "s1" || run.Prompt != "read the readme" || run.EndedAt.Before(run.StartedAt) || run.Edits == nil {
		t.Errorf("run record identity/times = %+v", run)
	}
	// History: prompt, the call, its result, the answer.
	h := a.History()
	roles := []machine.Role{}
	for _, m := range h {
		roles = append(roles, m.Role)
	}
	if !slices.Equal(roles, []machine.Role{machine.RoleUser, machine.RoleAssistant, machine.RoleTool, machine.RoleAssistant}) {
		t.Fatalf("history roles = %v", roles)
	}
	if h[2].Content != "# readme" || h[2].ToolCallID != "call_0" || h[2].IsError {
		t.Errorf("tool result = %+v", h[2])
	}
	if rec.deltas[LaneText] != "The tool result was received." {
		t.Errorf("text deltas concatenate to %q", rec.deltas[LaneText])
	}
	wantOrder := []string{
		"run_start read the readme",
		"transition 1 Start->Start accept_input ",
		"checkpoint run_started",
		"transition 2 Start->AwaitingModel call_llm ",
		"response 0",
		"transition 3 AwaitingModel->AwaitingTools model_response ",
		"checkpoint model_answered",
		"tool_pre read_file",
		"tool_post read_file completed",
		"transition 4 AwaitingTools->Start tool_results ",
		"checkpoint tool_results",
		"transition 5 Start->AwaitingModel call_llm ",
		"response 1",
		"transition 6 AwaitingModel->Terminal model_response completed",
		"checkpoint run_ended",
		"run_end completed",
	}
	if got := rec.snapshot(); !slices.Equal(got, wantOrder) {
		t.Fatalf("events:\n got %q\nwant %q", got, wantOrder)
	}
	end := rec.checkpoints[len(rec.checkpoints)-1]
	if len(end.History) != 4 || len(end.Machine) == 0 || end.Run.Outcome != machine.OutcomeCompleted {
		t.Errorf("run_ended checkpoint = %+v", end)
	}
	// The model was offered the tool and told the window.
	if req := model.request(0); len(req.Tools) != 1 || req.Tools[0].Name != "read_file" {
		t.Errorf("first request tools = %+v", req.Tools)
	}
}

func TestSecondRunSeesCommittedHistory(t *testing.T) {
	model := &fakeModel{name: "fake:m", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		return say("answer", emit)
	}}
	a, _ := newTestAgent(t, AgentConfig{Model: model})
	for _, p := range []string{"one", "two"} {
		if _, err := a.Run(context.Background(), RunInput{Prompt: p}); err != nil {
			t.Fatal(err)
		}
	}
	if got := len(model.request(1).Messages); got != 3 {
		t.Fatalf("second run sent %d messages, want 3 (first run's two plus the prompt)", got)
	}
	if got := len(a.History()); got != 4 {
		t.Fatalf("history has %d messages, want 4", got)
	}
}

func TestMaxTurnsMakesNoFurtherModelCall(t *testing.T) {
	model := &fakeModel{name: "fake:m", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		return callTool("c", "read_file", `{"path":"x"}`, emit) // never answers
	}}
	tool := &fakeTool{name: "read_file", fn: func(_ context.Context, inv ToolInvocation) (ToolResult, error) {
		return ToolResult{Output: "changing " + string(inv.Call.ID) + time.Now().String()}, nil
	}}
	a, rec := newTestAgent(t, AgentConfig{Model: model, Tools: []Tool{tool}})
	run, err := a.Run(context.Background(), RunInput{Prompt: "go", MaxTurns: 2})
	if !errors.Is(err, machine.ErrMaxTurnsExceeded) {
		t.Fatalf("err = %v, want MaxTurnsExceeded", err)
	}
	var le *machine.LoopError
	if !errors.As(err, &le) || le.Max != 2 {
		t.Fatalf("err = %#v, want max 2", err)
	}
	if model.calls() != 2 {
		t.Errorf("model calls = %d, want 2", model.calls())
	}
	if run.Outcome != machine.OutcomeMaxTurnsExceeded || run.Turns != 2 || run.Error == nil || run.Output != "" {
		t.Errorf("run = %+v", run)
	}
	lines := rec.transitionLines()
	if last := lines[len(lines)-1]; last != "Start->Terminal max_turns max_turns_exceeded" {
		t.Errorf("last transition = %q", last)
	}
	if h := a.History(); len(h) != 0 {
		t.Errorf("history after a failed run = %d messages, want 0", len(h))
	}
	pending := a.machine.Pending()
	if len(pending) != 0 {
		t.Errorf("pending after finalize = %d", len(pending))
	}
	if len(rec.ends) != 1 || rec.ends[0].Outcome != machine.OutcomeMaxTurnsExceeded {
		t.Errorf("run ends = %+v", rec.ends)
	}
}

func TestPermanentAPIErrorFailsWithoutRetry(t *testing.T) {
	model := &fakeModel{name: "fake:m", reply: func(context.Context, int, ModelRequest, func(Delta)) (ModelResponse, error) {
		return ModelResponse{}, &APIError{Status: 400, Message: "bad request"}
	}}
	a, rec := newTestAgent(t, AgentConfig{Model: model})
	run, err := a.Run(context.Background(), RunInput{Prompt: "hi"})
	var le *machine.LoopError
	if !errors.As(err, &le) || le.Kind != machine.KindAPI || le.Status != 400 {
		t.Fatalf("err = %#v, want Api 400", err)
	}
	if model.calls() != 1 {
		t.Errorf("calls = %d, want 1 (a 4xx is not retried)", model.calls())
	}
	if run.Outcome != machine.OutcomeFailed || run.Error.Kind != machine.KindAPI {
		t.Errorf("run = %+v", run)
	}
	lines := rec.transitionLines()
	if last := lines[len(lines)-1]; last != "AwaitingModel->Terminal fail failed" {
		t.Errorf("last transition = %q", last)
	}
	if len(a.History()) != 0 {
		t.Error("a failed run committed history")
	}
}

func TestTransientErrorIsRetriedThenCompletes(t *testing.T) {
	model := &fakeModel{name: "fake:m", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		if n == 0 {
			return ModelResponse{}, &APIError{Status: 500, Message: "boom", Transient: true}
		}
		return say("ok", emit)
	}}
	a, rec := newTestAgent(t, AgentConfig{Model: model})
	run, err := a.Run(context.Background(), RunInput{Prompt: "hi"})
	if err != nil || run.Output != "ok" {
		t.Fatalf("run = %+v err %v", run, err)
	}
	if model.calls() != 2 || len(rec.failures) != 1 {
		t.Errorf("calls %d failures %d, want 2 and 1", model.calls(), len(rec.failures))
	}
}

func TestRateLimitPersistingEscalates(t *testing.T) {
	model := &fakeModel{name: "fake:m", reply: func(context.Context, int, ModelRequest, func(Delta)) (ModelResponse, error) {
		return ModelResponse{}, &APIError{Status: 429, Message: "slow down", Transient: true, RateLimit: true, RetryAfter: int64(time.Millisecond)}
	}}
	a, _ := newTestAgent(t, AgentConfig{Model: model})
	_, err := a.Run(context.Background(), RunInput{Prompt: "hi"})
	if !errors.Is(err, machine.ErrRateLimitEscalation) {
		t.Fatalf("err = %v, want RateLimitEscalation", err)
	}
	if model.calls() != 3 {
		t.Errorf("calls = %d, want 3", model.calls())
	}
}

// testStreamIdle is the idle bound of the tests whose healthy streams must
// not be cut: the gap between two deltas of one healthy fake stream is a
// goroutine's scheduling, which on a loaded machine under -race has been
// seen past 5 ms and past 20 ms (a stream cut for nothing, a second
// failure recorded). Two seconds is far past any such gap; the stalls the
// tests make still end at it, so each costs its length once.
const testStreamIdle = 2 * time.Second

// testStartLate is how long the slow starter waits before its first delta:
// longer than testStreamIdle, well inside its first-delta bound.
const testStartLate = testStreamIdle + time.Second

func TestStalledStreamIsCutAndRetried(t *testing.T) {
	model := &fakeModel{name: "fake:m", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		if n == 0 {
			emit(Delta{Lane: LaneText, Text: "partial"})
			return ModelResponse{}, blockUntilDone(ctx, nil)
		}
		return say("whole", emit)
	}}
	a, rec := newTestAgent(t, AgentConfig{Model: model, StreamIdleTimeout: testStreamIdle})
	run, err := a.Run(context.Background(), RunInput{Prompt: "hi"})
	if err != nil || run.Output != "whole" {
		t.Fatalf("run = %+v err %v", run, err)
	}
	var ae *APIError
	if len(rec.failures) != 1 || !errors.As(rec.failures[0], &ae) || !ae.Transient || !strings.Contains(ae.Message, "stalled") {
		t.Fatalf("stream failures = %v", rec.failures)
	}
}

func TestUnknownToolIsAnsweredWithoutDispatch(t *testing.T) {
	model := &fakeModel{name: "fake:m", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		if lastIsToolResult(req) {
			return say("sorry", emit)
		}
		return callTool("c1", "no_such_tool", `{}`, emit)
	}}
	tool := constTool("read_file", "x")
	a, rec := newTestAgent(t, AgentConfig{Model: model, Tools: []Tool{tool}})
	if _, err := a.Run(context.Background(), RunInput{Prompt: "unknown"}); err != nil {
		t.Fatal(err)
	}
	if tool.count() != 0 {
		t.Error("a tool was dispatched")
	}
	res := a.History()[2]
	if !res.IsError || !strings.Contains(res.Content, "no_such_tool") || !strings.HasSuffix(res.Content, "the tools offered are: read_file") || res.ToolCallID != "c1" {
		t.Errorf("result = %+v", res)
	}
	if len(rec.toolPost) != 1 || rec.toolPost[0].Status != ToolFailed {
		t.Errorf("tool posts = %+v", rec.toolPost)
	}
}

func TestToolsRunConcurrentlyAndResultsKeepModelOrder(t *testing.T) {
	// Each tool waits until both have started: the run completes only if
	// they are dispatched at the same time.
	started := make(chan string, 2)
	both := make(chan struct{})
	go func() { <-started; <-started; close(both) }()
	mk := func(name string, delay time.Duration) *fakeTool {
		return &fakeTool{name: name, fn: func(ctx context.Context, inv ToolInvocation) (ToolResult, error) {
			started <- name
			select {
			case <-both:
			case <-ctx.Done():
				return ToolResult{}, ctx.Err()
			}
			return ToolResult{Output: "out of " + name}, nil
		}}
	}
	model := &fakeModel{name: "fake:m", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		if lastIsToolResult(req) {
			return say("done", emit)
		}
		calls := []machine.ToolCall{{ID: "a", Name: "slow", Arguments: []byte(`{}`)}, {ID: "b", Name: "fast", Arguments: []byte(`{}`)}}
		return ModelResponse{Message: machine.Message{Role: machine.RoleAssistant, ToolCalls: calls}}, nil
	}}
	a, _ := newTestAgent(t, AgentConfig{Model: model, Tools: []Tool{mk("slow", 0), mk("fast", 0)}})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := a.Run(ctx, RunInput{Prompt: "both"}); err != nil {
		t.Fatalf("Run: %v (tools not concurrent?)", err)
	}
	h := a.History()
	if h[2].ToolCallID != "a" || h[3].ToolCallID != "b" || h[2].Content != "out of slow" {
		t.Errorf("results out of model order: %+v %+v", h[2], h[3])
	}
}

func TestToolPanicBecomesErrorResult(t *testing.T) {
	model := &fakeModel{name: "fake:m", reply: toolThenAnswer}
	tool := &fakeTool{name: "read_file", fn: func(context.Context, ToolInvocation) (ToolResult, error) {
		panic("nil map write")
	}}
	a, rec := newTestAgent(t, AgentConfig{Model: model, Tools: []Tool{tool}})
	run, err := a.Run(context.Background(), RunInput{Prompt: "read"})
	if err != nil || run.Outcome != machine.OutcomeCompleted {
		t.Fatalf("run = %+v err %v", run, err)
	}
	res := a.History()[2]
	if !res.IsError || !strings.Contains(res.Content, "crashed") || !strings.Contains(res.Content, "nil map write") {
		t.Errorf("result = %+v", res)
	}
	if tool.count() != 1 {
		t.Errorf("a panicking tool was retried %d times", tool.count())
	}
	if len(rec.toolPost) != 1 || rec.toolPost[0].Status != ToolFailed {
		t.Errorf("posts = %+v", rec.toolPost)
	}
}

func TestToolInfrastructureErrorIsRetriedInPlace(t *testing.T) {
	model := &fakeModel{name: "fake:m", reply: toolThenAnswer}
	tool := &fakeTool{name: "read_file"}
	tool.fn = func(context.Context, ToolInvocation) (ToolResult, error) {
		if tool.calls == 1 {
			return ToolResult{}, errors.New("disk hiccup")
		}
		return ToolResult{Output: "content"}, nil
	}
	a, _ := newTestAgent(t, AgentConfig{Model: model, Tools: []Tool{tool}})
	if _, err := a.Run(context.Background(), RunInput{Prompt: "read"}); err != nil {
		t.Fatal(err)
	}
	if res := a.History()[2]; res.IsError || res.Content != "content" || tool.count() != 2 {
		t.Errorf("result %+v after %d calls", res, tool.count())
	}
}

func TestOutputLimitCutsHugeToolOutput(t *testing.T) {
	model := &fakeModel{name: "fake:m", reply: toolThenAnswer}
	tool := constTool("read_file", strings.Repeat("line of text\n", 10000))
	a, _ := newTestAgent(t, AgentConfig{Model: model, Tools: []Tool{tool}, OutputLimit: 1000})
	if _, err := a.Run(context.Background(), RunInput{Prompt: "read"}); err != nil {
		t.Fatal(err)
	}
	res := a.History()[2].Content
	if len(res) > 1200 || !strings.Contains(res, "bytes cut") || !strings.Contains(res, "read_file offset=") {
		t.Errorf("cut output (%d bytes) ends %q", len(res), res[max(0, len(res)-150):])
	}
}

func TestProviderUsageReplacesEstimate(t *testing.T) {
	model := &fakeModel{name: "fake:m", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		resp, _ := say("hi", emit)
		resp.Usage = Usage{InputTokens: 1234, OutputTokens: 6}
		return resp, nil
	}}
	a, rec := newTestAgent(t, AgentConfig{Model: model})
	run, err := a.Run(context.Background(), RunInput{Prompt: "hello"})
	if err != nil {
		t.Fatal(err)
	}
	last := rec.transitions[len(rec.transitions)-1]
	if last.ContextTokens != 1240 {
		t.Errorf("context tokens after response = %d, want 1240 (provider's count)", last.ContextTokens)
	}
	if run.Usage != (Usage{InputTokens: 1234, OutputTokens: 6}) {
		t.Errorf("usage = %+v", run.Usage)
	}
	// The next run's first estimate is calibrated: far above the heuristic.
	if _, err := a.Run(context.Background(), RunInput{Prompt: "again"}); err != nil {
		t.Fatal(err)
	}
	first := rec.transitions[len(rec.transitions)-3] // accept_input of run 2
	if raw := EstimateTokens(a.History()[:3]); first.ContextTokens < raw*3 {
		t.Errorf("calibrated estimate %d not scaled up from raw %d", first.ContextTokens, raw)
	}
}

func TestConcurrentRunIsRefused(t *testing.T) {
	started := make(chan struct{}, 1)
	model := &fakeModel{name: "fake:m", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		return ModelResponse{}, blockUntilDone(ctx, started)
	}}
	a, _ := newTestAgent(t, AgentConfig{Model: model})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { _, err := a.Run(ctx, RunInput{Prompt: "long"}); done <- err }()
	select {
	case <-started:
	case <-time.After(5 * time.Second):
		t.Fatal("first run never reached the model")
	}
	if _, err := a.Run(context.Background(), RunInput{Prompt: "second"}); !errors.Is(err, ErrBusy) {
		t.Errorf("second Run err = %v, want ErrBusy", err)
	}
	cancel()
	if err := <-done; !machine.IsCancelled(err) {
		t.Errorf("first run err = %v, want Cancelled", err)
	}
}

func TestObserverPanicDoesNotBreakTheRun(t *testing.T) {
	model := &fakeModel{name: "fake:m", reply: toolThenAnswer}
	a, _ := newTestAgent(t, AgentConfig{Model: model, Tools: []Tool{constTool("read_file", "x")}, Observers: []Observer{panicky{}}})
	if _, err := a.Run(context.Background(), RunInput{Prompt: "read"}); err != nil {
		t.Fatal(err)
	}
}

type panicky struct{ NopObserver }

func (panicky) OnTransition(Transition) { panic("observer bug") }

func TestFirstDeltaHasItsOwnTimeout(t *testing.T) {
	// A model that takes longer than the idle timeout to start (loading,
	// reading the prompt) is not cut; one that never starts is.
	slowStart := &fakeModel{name: "fake:m", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		select {
		case <-time.After(testStartLate):
		case <-ctx.Done():
			return ModelResponse{}, ctx.Err()
		}
		return say("late but fine", emit)
	}}
	a, rec := newTestAgent(t, AgentConfig{Model: slowStart, StreamIdleTimeout: testStreamIdle, FirstDeltaTimeout: time.Minute})
	if run, err := a.Run(context.Background(), RunInput{Prompt: "x"}); err != nil || run.Output != "late but fine" || len(rec.failures) != 0 {
		t.Fatalf("slow start: run %+v err %v failures %v", run, err, rec.failures)
	}

	silent := &fakeModel{name: "fake:m", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		return ModelResponse{}, blockUntilDone(ctx, nil)
	}}
	b, rec2 := newTestAgent(t, AgentConfig{Model: silent, StreamIdleTimeout: 5 * time.Millisecond, FirstDeltaTimeout: 20 * time.Millisecond})
	_, err := b.Run(context.Background(), RunInput{Prompt: "x"})
	if !errors.Is(err, machine.ErrAPI) || silent.calls() != 3 || len(rec2.failures) != 3 || !strings.Contains(err.Error(), "stalled") {
		t.Fatalf("silent model: err %v after %d calls", err, silent.calls())
	}
}

func TestUnknownToolCalledForeverEndsLoopDetected(t *testing.T) {
	model := &fakeModel{name: "fake:m", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		return callTool(fmt.Sprint("c", n), "no_such_tool", `{}`, emit)
	}}
	a, _ := newTestAgent(t, AgentConfig{Model: model, Tools: []Tool{constTool("read_file", "x")}})
	if _, err := a.Run(context.Background(), RunInput{Prompt: "unknown"}); !errors.Is(err, machine.ErrLoopDetected) || model.calls() != 11 {
		t.Fatalf("err %v after %d model calls; want LoopDetected after 11", err, model.calls())
	}
}

func TestCallsOnTheSamePathRunInModelOrder(t *testing.T) {
	var mu sync.Mutex
	var order []string
	inFlight := map[string]int{}
	overlap := false
	tool := &fakeTool{name: "edit_file", fn: func(ctx context.Context, inv ToolInvocation) (ToolResult, error) {
		p := pathOf(inv.Call.Arguments)
		mu.Lock()
		inFlight[p]++
		if inFlight[p] > 1 {
			overlap = true
		}
		order = append(order, string(inv.Call.ID))
		mu.Unlock()
		time.Sleep(time.Millisecond) // widen the window a race would need
		mu.Lock()
		inFlight[p]--
		mu.Unlock()
		return ToolResult{Output: "ok " + string(inv.Call.ID)}, nil
	}}
	model := &fakeModel{name: "fake:m", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		if lastIsToolResult(req) {
			return say("done", emit)
		}
		var calls []machine.ToolCall
		for i, p := range []string{"a.txt", "b.txt", "./a.txt", "a.txt"} {
			calls = append(calls, machine.ToolCall{ID: machine.ToolCallID(fmt.Sprint("e", i)), Name: "edit_file", Arguments: []byte(fmt.Sprintf(`{"path":%q,"n":%d}`, p, i))})
		}
		return ModelResponse{Message: machine.Message{Role: machine.RoleAssistant, ToolCalls: calls}}, nil
	}}
	a, _ := newTestAgent(t, AgentConfig{Model: model, Tools: []Tool{tool}})
	if _, err := a.Run(context.Background(), RunInput{Prompt: "edit"}); err != nil {
		t.Fatal(err)
	}
	if overlap {
		t.Error("two calls on one path ran at once")
	}
	var aOrder []string
	for _, id := range order {
		if id != "e1" {
			aOrder = append(aOrder, id)
		}
	}
	if !slices.Equal(aOrder, []string{"e0", "e2", "e3"}) {
		t.Errorf("calls on a.txt ran in order %v", aOrder)
	}
	h := a.History()
	for i := range 4 {
		if h[2+i].ToolCallID != machine.ToolCallID(fmt.Sprint("e", i)) {
			t.Errorf("result %d answers %s", i, h[2+i].ToolCallID)
		}
	}
}

func TestAdapterPanicFailsTheRunNotTheProcess(t *testing.T) {
	model := &fakeModel{name: "fake:m", reply: func(context.Context, int, ModelRequest, func(Delta)) (ModelResponse, error) {
		panic("adapter bug")
	}}
	a, _ := newTestAgent(t, AgentConfig{Model: model})
	run, err := a.Run(context.Background(), RunInput{Prompt: "x"})
	if !errors.Is(err, machine.ErrAPI) || run.Outcome != machine.OutcomeFailed || !strings.Contains(err.Error(), "adapter bug") {
		t.Fatalf("run %+v err %v", run, err)
	}
	if model.calls() != 1 {
		t.Errorf("a crashing adapter was retried %d times", model.calls())
	}
	cm := cmFunc(func(context.Context, CompactRequest) (CompactResult, error) { panic("cm bug") })
	b, _ := newTestAgent(t, AgentConfig{Model: answerModel("x"), ContextManager: cm,
		Policy: machine.Policy{MaxTurns: 3, ContextWindow: 5, CompactThreshold: 80, AutoCompact: true}})
	if _, err := b.Run(context.Background(), RunInput{Prompt: "too long for the window"}); !errors.Is(err, machine.ErrContextExceeded) || !strings.Contains(err.Error(), "cm bug") {
		t.Fatalf("context manager panic: %v", err)
	}
}

func TestStalledStreamReturnedAsSuccessIsStillAStall(t *testing.T) {
	// An adapter that returns what it had, without an error, when its
	// context ends must not complete the run with half an answer.
	model := &fakeModel{name: "fake:m", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		if n == 0 {
			emit(Delta{Lane: LaneText, Text: "Half"})
			<-ctx.Done()
			return ModelResponse{Message: machine.Message{Role: machine.RoleAssistant, Content: "Half"}}, nil
		}
		return say("Half an answer is no answer.", emit)
	}}
	a, rec := newTestAgent(t, AgentConfig{Model: model, StreamIdleTimeout: testStreamIdle})
	run, err := a.Run(context.Background(), RunInput{Prompt: "x"})
	if err != nil || run.Output != "Half an answer is no answer." || len(rec.failures) != 1 {
		t.Fatalf("run %+v err %v failures %v", run, err, rec.failures)
	}
}

func TestToolInfrastructureFailureIsRetriedOnceThenShown(t *testing.T) {
	model := &fakeModel{name: "fake:m", reply: toolThenAnswer}
	tool := &fakeTool{name: "read_file", fn: func(context.Context, ToolInvocation) (ToolResult, error) {
		return ToolResult{}, errors.New("disk gone")
	}}
	a, _ := newTestAgent(t, AgentConfig{Model: model, Tools: []Tool{tool}})
	if _, err := a.Run(context.Background(), RunInput{Prompt: "read"}); err != nil {
		t.Fatal(err)
	}
	if res := a.History()[2]; !res.IsError || !strings.Contains(res.Content, "disk gone") || tool.count() != 2 {
		t.Errorf("result %+v after %d attempts, want an error result after 2", res, tool.count())
	}
}
