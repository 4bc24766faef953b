package engine

import (
	"context"
	"errors"
	"github.com/loopls/loopls/engine/machine"
	"slices"
	"strings"
	"testing"
)

// bulkyHistory is an earlier session: several tool turns with big outputs.
func bulkyHistory(turns int, outputBytes int) []machine.Message {
	var h []machine.Message
	for i := range turns {
		call := machine.ToolCall{ID: machine.ToolCallID("old" + string(rune('a'+i))), Name: "read_file", Arguments: []byte(`{"path":"big.txt"}`)}
		h = append(h,
			machine.UserMessage("look at big.txt"),
			machine.Message{Role: machine.RoleAssistant, ToolCalls: []machine.ToolCall{call}},
			machine.ToolResultMessage(call, strings.Repeat("x", outputBytes), false),
			machine.Message{Role: machine.RoleAssistant, Content: "seen it"},
		)
	}
	return h
}

func answerModel(text string) *fakeModel {
	return &fakeModel{name: "fake:m", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		return say(text, emit)
	}}
}

func TestThresholdCompactionTrimsOldToolOutputs(t *testing.T) {
	hist := bulkyHistory(4, 4000) // ~4000 tokens of tool output
	model := answerModel("done")
	rec := newRecorder()
	a := NewAgent(AgentConfig{Model: model, Observers: []Observer{rec}, Retry: fastRetry,
		Policy: machine.Policy{MaxTurns: 10, ContextWindow: 4400, CompactThreshold: 80, AutoCompact: true}}, "s", hist)
	run, err := a.Run(context.Background(), RunInput{Prompt: "next"})
	if err != nil {
		t.Fatalf("Run: %v %+v", err, run)
	}
	want := []string{
		"Start->Start accept_input",
		"Start->AwaitingCompaction compact",
		"AwaitingCompaction->Start compaction_result",
		"Start->AwaitingModel call_llm",
		"AwaitingModel->Terminal model_response completed",
	}
	if got := rec.transitionLines(); !slices.Equal(got, want) {
		t.Fatalf("transitions = %q", got)
	}
	if len(rec.compactions) != 1 || !strings.HasPrefix(rec.compactions[0], "ThresholdExceeded") {
		t.Fatalf("compactions = %v", rec.compactions)
	}
	if !slices.ContainsFunc(rec.checkpoints, func(c Checkpoint) bool { return c.Point == machine.PointCompacted }) {
		t.Error("no compacted checkpoint")
	}
	// The request that followed fit the threshold.
	if sent := EstimateTokens(model.request(0).Messages); sent > 4400*80/100 {
		t.Errorf("request after compaction estimated %d tokens, over the threshold", sent)
	}
	h := a.History()
	if h[2].Content != clearedMarker {
		t.Errorf("oldest tool output not cleared: %.40q", h[2].Content)
	}
	if h[len(h)-2].Content != "next" || h[len(h)-1].Content != "done" {
		t.Errorf("history tail = %+v", h[len(h)-2:])
	}
	// before/after from one counter, strictly decreasing.
	tr := rec.transitions[2]
	if tr.ContextTokens >= rec.transitions[0].ContextTokens {
		t.Errorf("estimate after compaction %d not below before %d", tr.ContextTokens, rec.transitions[0].ContextTokens)
	}
}

func TestCompactionIsACommitPoint(t *testing.T) {
	hist := bulkyHistory(4, 4000)
	model := &fakeModel{name: "fake:m", reply: func(context.Context, int, ModelRequest, func(Delta)) (ModelResponse, error) {
		return ModelResponse{}, &APIError{Status: 400, Message: "nope"}
	}}
	a := NewAgent(AgentConfig{Model: model, Retry: fastRetry,
		Policy: machine.Policy{MaxTurns: 10, ContextWindow: 4400, CompactThreshold: 80, AutoCompact: true}}, "s", hist)
	if _, err := a.Run(context.Background(), RunInput{Prompt: "next"}); !errors.Is(err, machine.ErrAPI) {
		t.Fatalf("err = %v", err)
	}
	h := a.History()
	if len(h) != len(hist)+1 || h[len(h)-1].Content != "next" || h[2].Content != clearedMarker {
		t.Fatalf("history after a failed run that compacted: %d messages (want %d, compacted, with the prompt)", len(h), len(hist)+1)
	}
}

func TestCompactionThatSavesNothingEndsContextExceeded(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cm    ContextManager
		event string
	}{
		{"noop", cmFunc(func(ctx context.Context, req CompactRequest) (CompactResult, error) {
			return CompactResult{Messages: req.Messages}, nil
		}), "compaction_noop"},
		{"result", cmFunc(func(ctx context.Context, req CompactRequest) (CompactResult, error) {
			return CompactResult{Messages: req.Messages, Changed: true}, nil
		}), "compaction_result"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			model := answerModel("never")
			rec := newRecorder()
			a := NewAgent(AgentConfig{Model: model, ContextManager: tc.cm, Observers: []Observer{rec},
				Policy: machine.Policy{MaxTurns: 10, ContextWindow: 5, CompactThreshold: 80, AutoCompact: true}}, "s", nil)
			run, err := a.Run(context.Background(), RunInput{Prompt: "too long for the window"})
			var le *machine.LoopError
			// The error names the real need and the real window, never
			// "N tokens do not fit in N".
			if !errors.As(err, &le) || le.Kind != machine.KindContextExceeded || le.Used != 10 || le.Limit != 5 ||
				!strings.Contains(le.Message, "needs 10 tokens") || !strings.Contains(le.Message, "window is 5") {
				t.Fatalf("err = %#v", err)
			}
			if run.Outcome != machine.OutcomeContextExceeded || model.calls() != 0 {
				t.Errorf("run %+v after %d model calls", run, model.calls())
			}
			lines := rec.transitionLines()
			if want := "AwaitingCompaction->Terminal " + tc.event + " context_exceeded"; lines[len(lines)-1] != want {
				t.Errorf("last transition %q, want %q", lines[len(lines)-1], want)
			}
			if len(a.History()) != 0 {
				t.Error("history changed")
			}
		})
	}
}

func TestCompactorErrorEndsContextExceededWithItsCause(t *testing.T) {
	boom := errors.New("summarizer offline")
	cm := cmFunc(func(context.Context, CompactRequest) (CompactResult, error) { return CompactResult{}, boom })
	a := NewAgent(AgentConfig{Model: answerModel("x"), ContextManager: cm,
		Policy: machine.Policy{MaxTurns: 10, ContextWindow: 5, CompactThreshold: 80, AutoCompact: true}}, "s", nil)
	_, err := a.Run(context.Background(), RunInput{Prompt: "too long for the window"})
	if !errors.Is(err, machine.ErrContextExceeded) || !errors.Is(err, boom) || !strings.Contains(err.Error(), "summarizer offline") {
		t.Fatalf("err = %v", err)
	}
}

func TestDefaultManagerSummarizesWhenTrimmingIsNotEnough(t *testing.T) {
	// Long plain messages: nothing to trim, so the model summarizes.
	var hist []machine.Message
	for range 10 {
		hist = append(hist, machine.UserMessage(strings.Repeat("words ", 300)), machine.Message{Role: machine.RoleAssistant, Content: strings.Repeat("reply ", 300)})
	}
	var summaryReq ModelRequest
	model := &fakeModel{name: "fake:m", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		if strings.HasPrefix(req.System, "You summarize") {
			summaryReq = req
			return ModelResponse{Message: machine.Message{Role: machine.RoleAssistant, Content: "they talked a lot"}}, nil
		}
		return say("answer", emit)
	}}
	rec := newRecorder()
	a := NewAgent(AgentConfig{Model: model, Observers: []Observer{rec},
		Policy: machine.Policy{MaxTurns: 10, ContextWindow: 5000, CompactThreshold: 80, AutoCompact: true}}, "s", hist)
	if _, err := a.Run(context.Background(), RunInput{Prompt: "and now?"}); err != nil {
		t.Fatal(err)
	}
	if len(summaryReq.Messages) != 1 || !strings.Contains(summaryReq.Messages[0].Content, "words") {
		t.Fatalf("summary request = %+v", summaryReq)
	}
	h := a.History()
	if !strings.HasPrefix(h[0].Content, "[Summary of the earlier conversation]\nthey talked a lot") {
		t.Errorf("history starts %.60q", h[0].Content)
	}
	if h[len(h)-2].Content != "and now?" {
		t.Errorf("the prompt did not survive: %.40q", h[len(h)-2].Content)
	}
	if len(rec.deltas[LaneText]) != len("answer") {
		t.Errorf("the summary leaked into the run's deltas: %q", rec.deltas[LaneText])
	}
}

func TestPairSafeSplitKeepsCallsWithResults(t *testing.T) {
	c := machine.ToolCall{ID: "1", Name: "t"}
	msgs := []machine.Message{machine.UserMessage("a"), {Role: machine.RoleAssistant, ToolCalls: []machine.ToolCall{c, c}}, machine.ToolResultMessage(c, "r", false), machine.ToolResultMessage(c, "r", false), {Role: machine.RoleAssistant, Content: "b"}}
	for split, want := range map[int]int{0: 0, 1: 1, 2: 1, 3: 1, 4: 4, 5: 5} {
		if got := pairSafeSplit(msgs, split); got != want {
			t.Errorf("pairSafeSplit(%d) = %d, want %d", split, got, want)
		}
	}
}
