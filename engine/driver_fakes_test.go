package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/loopls/loopls/engine/machine"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeModel is an in-memory Model whose replies a test scripts per call.
type fakeModel struct {
	name  string
	reply func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error)

	mu   sync.Mutex
	reqs []ModelRequest
}

func (m *fakeModel) Name() string { return m.name }

func (m *fakeModel) Stream(ctx context.Context, req ModelRequest, onDelta func(Delta)) (ModelResponse, error) {
	m.mu.Lock()
	n := len(m.reqs)
	m.reqs = append(m.reqs, req)
	m.mu.Unlock()
	return m.reply(ctx, n, req, onDelta)
}

func (m *fakeModel) calls() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.reqs)
}

func (m *fakeModel) request(i int) ModelRequest {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.reqs[i]
}

// say streams text in two deltas and returns it, as an adapter does.
func say(text string, emit func(Delta)) (ModelResponse, error) {
	half := len(text) / 2
	emit(Delta{Lane: LaneText, Text: text[:half]})
	emit(Delta{Lane: LaneText, Text: text[half:]})
	return ModelResponse{Message: machine.Message{Role: machine.RoleAssistant, Content: text}, StopReason: "stop"}, nil
}

// callTool returns a response asking for one tool call.
func callTool(id, name, args string, emit func(Delta)) (ModelResponse, error) {
	c := machine.ToolCall{ID: machine.ToolCallID(id), Name: name, Arguments: machine.RawJSON(args)}
	emit(Delta{Lane: LaneTool, ToolCall: &c})
	return ModelResponse{Message: machine.Message{Role: machine.RoleAssistant, ToolCalls: []machine.ToolCall{c}}, StopReason: "tool_calls"}, nil
}

// lastIsToolResult reports whether the conversation ends with a tool result.
func lastIsToolResult(req ModelRequest) bool {
	return len(req.Messages) > 0 && req.Messages[len(req.Messages)-1].Role == machine.RoleTool
}

// toolThenAnswer is the two-turn script: a read_file call, then an answer.
func toolThenAnswer(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
	if lastIsToolResult(req) {
		return say("The tool result was received.", emit)
	}
	return callTool(fmt.Sprintf("call_%d", n), "read_file", `{"path":"README.md"}`, emit)
}

// blockUntilDone blocks like a stalled stream until ctx ends.
func blockUntilDone(ctx context.Context, started chan<- struct{}) error {
	if started != nil {
		select {
		case started <- struct{}{}:
		default:
		}
	}
	<-ctx.Done()
	return ctx.Err()
}

// fakeTool is a Tool whose behaviour a test scripts.
type fakeTool struct {
	name string
	fn   func(ctx context.Context, inv ToolInvocation) (ToolResult, error)

	mu    sync.Mutex
	calls int
}

func (t *fakeTool) Spec() ToolSpec {
	return ToolSpec{Name: t.name, Description: "test tool " + t.name, Parameters: json.RawMessage(`{"type":"object"}`)}
}

func (t *fakeTool) Call(ctx context.Context, inv ToolInvocation) (ToolResult, error) {
	t.mu.Lock()
	t.calls++
	t.mu.Unlock()
	return t.fn(ctx, inv)
}

func (t *fakeTool) count() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.calls
}

func constTool(name, output string) *fakeTool {
	return &fakeTool{name: name, fn: func(context.Context, ToolInvocation) (ToolResult, error) {
		return ToolResult{Output: output}, nil
	}}
}

// recorder is an Observer that keeps every event, in order, as a line, plus
// the structured values tests assert on.
type recorder struct {
	mu          sync.Mutex
	lines       []string
	transitions []Transition
	checkpoints []Checkpoint
	ends        []Run
	deltas      map[Lane]string
	toolPre     []ToolEvent
	toolPost    []ToolEvent
	fallbacks   []string
	loops       []string
	failures    []error
	compactions []string
	waits       []ModelWait
	// notify, when set, receives every line as it is recorded.
	notify chan string
}

func newRecorder() *recorder { return &recorder{deltas: make(map[Lane]string)} }

func (r *recorder) add(line string) {
	r.lines = append(r.lines, line)
	if r.notify != nil {
		select {
		case r.notify <- line:
		default:
		}
	}
}

func (r *recorder) OnRunStart(run Run) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.add("run_start " + run.Prompt)
}

func (r *recorder) OnTransition(t Transition) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.transitions = append(r.transitions, t)
	r.add(fmt.Sprintf("transition %d %s->%s %s %s", t.Seq, t.From, t.To, t.Event, t.Outcome))
}

func (r *recorder) OnDelta(_ machine.RunID, lane Lane, text string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.deltas[lane] += text
}

func (r *recorder) OnResponse(_ machine.RunID, turn int, resp ModelResponse) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.add(fmt.Sprintf("response %d", turn))
}

func (r *recorder) OnToolPre(ev ToolEvent) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.toolPre = append(r.toolPre, ev)
	r.add("tool_pre " + ev.Call.Name)
}

func (r *recorder) OnToolPost(ev ToolEvent) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.toolPost = append(r.toolPost, ev)
	r.add("tool_post " + ev.Call.Name + " " + string(ev.Status))
}

func (r *recorder) OnCompaction(_ machine.RunID, reason string, before, after int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.compactions = append(r.compactions, fmt.Sprintf("%s %d->%d", reason, before, after))
	r.add("compaction " + reason)
}

func (r *recorder) OnFallback(_ machine.RunID, from, to string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.fallbacks = append(r.fallbacks, from+"->"+to)
	r.add("fallback " + from + "->" + to)
}

func (r *recorder) OnLoopDetected(_ machine.RunID, tool string, repeats int, stopped bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.loops = append(r.loops, fmt.Sprintf("%s %d %v", tool, repeats, stopped))
	r.add("loop " + tool)
}

func (r *recorder) OnStreamFailure(_ machine.RunID, turn int, model string, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.failures = append(r.failures, err)
	r.add("stream_failure " + model)
}

func (r *recorder) OnModelWait(w ModelWait) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.waits = append(r.waits, w)
	r.add(fmt.Sprintf("model_wait turn=%d", w.Turn))
}

func (r *recorder) OnRunEnd(run Run) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.ends = append(r.ends, run)
	r.add("run_end " + string(run.Outcome))
}

func (r *recorder) OnCheckpoint(c Checkpoint) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.checkpoints = append(r.checkpoints, c)
	r.add("checkpoint " + string(c.Point))
}

// transitionLines returns "From->To event outcome" per transition.
func (r *recorder) transitionLines() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, t := range r.transitions {
		s := fmt.Sprintf("%s->%s %s", t.From, t.To, t.Event)
		if t.Outcome != "" {
			s += " " + string(t.Outcome)
		}
		out = append(out, s)
	}
	return out
}

func (r *recorder) snapshot() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.lines)
}

// waitLine waits (bounded) until a recorded line starts with prefix.
func (r *recorder) waitLine(t *testing.T, ch <-chan string, prefix string) {
	t.Helper()
	timeout := time.After(5 * time.Second)
	for {
		select {
		case l := <-ch:
			if strings.HasPrefix(l, prefix) {
				return
			}
		case <-timeout:
			t.Fatalf("no event %q within 5s; saw %v", prefix, r.snapshot())
		}
	}
}

// fakeClock is a Clock tests move by hand.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Date(2026, 11, 30, 8, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// fastRetry keeps retry waits short in tests (the policy is the same).
var fastRetry = RetryPolicy{Attempts: 3, BaseDelay: time.Millisecond, MaxDelay: 5 * time.Millisecond, Jitter: -1, MaxRetryAfter: 5 * time.Millisecond}
