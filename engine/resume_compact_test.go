package engine

import (
	"context"
	"errors"
	"fmt"
	"github.com/loopls/loopls/engine/machine"
	"strings"
	"testing"
)

// byteCountedUsage reports a request as a byte-level tokenizer counts it:
// about four times the heuristic, so the counter calibrates far above it.
func byteCountedUsage(req ModelRequest) Usage {
	n := len(req.System)
	for _, m := range req.Messages {
		n += len(m.Content) + 8
	}
	return Usage{InputTokens: n, OutputTokens: 1}
}

// A run killed while it compacted resumes from its last tool_results
// snapshot in a fresh agent (an uncalibrated counter) and compacts again:
// the summary request is sent and the run completes, rather than the raw
// heuristic finding the conversation already fits and the run ending
// "compaction freed nothing".
func TestResumeCompactsAgainWithTheSnapshotsMeasure(t *testing.T) {
	policy := machine.Policy{MaxTurns: 100, ContextWindow: 6000, CompactThreshold: 80, AutoCompact: true}
	summaryFails := errors.New("the process was killed while summarizing")
	turns := func(summary func() (ModelResponse, error)) func(context.Context, int, ModelRequest, func(Delta)) (ModelResponse, error) {
		return func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
			if strings.HasPrefix(req.System, "You summarize") {
				return summary()
			}
			for _, m := range req.Messages {
				if strings.HasPrefix(m.Content, "[Summary of the earlier conversation]") {
					resp, err := say("done", emit)
					resp.Usage = byteCountedUsage(req)
					return resp, err
				}
			}
			resp, err := callTool(fmt.Sprintf("call_%d", n), "read_file", fmt.Sprintf(`{"path":"n%d.txt"}`, n), emit)
			resp.Message.Content = strings.Repeat(fmt.Sprintf("observation %d. ", n), 30)
			resp.Usage = byteCountedUsage(req)
			return resp, err
		}
	}
	tool := constTool("read_file", "a note")

	killed := &fakeModel{name: "fake:m", reply: turns(func() (ModelResponse, error) { return ModelResponse{}, summaryFails })}
	a, rec := newTestAgent(t, AgentConfig{Model: killed, Tools: []Tool{tool}, Policy: policy})
	run, _ := a.Run(context.Background(), RunInput{ID: "r1", Prompt: "grow the notes"})
	var last *Checkpoint
	for i := range rec.checkpoints {
		if rec.checkpoints[i].Point == machine.PointToolResults {
			last = &rec.checkpoints[i]
		}
	}
	if run.Outcome != machine.OutcomeContextExceeded || last == nil {
		t.Fatalf("the run that could not summarize = %+v, last tool_results checkpoint %v; want context exceeded after some turns", run, last)
	}
	toolCalls := tool.count()

	resumed := &fakeModel{name: "fake:m", reply: turns(func() (ModelResponse, error) {
		return ModelResponse{Message: machine.Message{Role: machine.RoleAssistant, Content: "Summary: notes grown."}, StopReason: "stop"}, nil
	})}
	b, _ := newTestAgent(t, AgentConfig{Model: resumed, Tools: []Tool{tool}, Policy: policy})
	got, err := b.Resume(context.Background(), ResumeInput{Run: last.Run, Machine: last.Machine, Seq: last.Seq, Tools: []Tool{tool}})
	if err != nil || got.Outcome != machine.OutcomeCompleted {
		t.Fatalf("resumed run = %+v, %v; want completed", got, err)
	}
	if resumed.calls() != 2 || !strings.HasPrefix(resumed.request(0).System, "You summarize") {
		t.Errorf("the resumed run made %d requests (first system %q), want the summary request then the final turn",
			resumed.calls(), resumed.request(0).System)
	}
	if tool.count() != toolCalls {
		t.Errorf("the resumed run ran %d tools again", tool.count()-toolCalls)
	}
}
