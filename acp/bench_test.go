package acp

import (
	"context"
	"testing"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// BenchmarkPromptStreaming measures one session/prompt whose run streams
// 1000 text deltas, from the request to the answer, through the real SDK on
// both ends of in-memory pipes: the adapter's own cost per prompt (outbox
// merging, notifications, the transition and the answer).
func BenchmarkPromptStreaming(b *testing.B) {
	const deltas = 1000
	h := newHarness(b, func(_ context.Context, req RunRequest, _ Hooks) (engine.Run, error) {
		e := &emitter{req: req}
		for range deltas {
			req.Observer.OnDelta(req.RunID, engine.LaneText, "tok ")
		}
		e.transition(machine.StateAwaitingModel, machine.StateTerminal, machine.EventModelResponse, 1, machine.OutcomeCompleted)
		return e.run(machine.OutcomeCompleted, "", nil), nil
	}, &testClient{})
	s := h.start(sdk.ClientCapabilities{})
	b.ResetTimer()
	for range b.N {
		r, err := h.conn.Prompt(context.Background(), sdk.PromptRequest{SessionId: s.SessionId, Prompt: []sdk.ContentBlock{sdk.TextBlock("go")}})
		if err != nil || r.StopReason != sdk.StopReasonEndTurn {
			b.Fatalf("prompt: %v %v", r.StopReason, err)
		}
	}
	b.StopTimer()
	ups, _ := h.client.snapshot()
	b.ReportMetric(float64(len(ups))/float64(b.N), "updates/prompt")
}
