package engine

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkDeltaCost streams answers of 1,000 and 10,000 deltas through the
// driver to one observer and reports bytes and allocations per delta: a
// cost per delta that grows with the answer's length means the delta
// bookkeeping copies the text so far (issue 12's "linear in the output").
//
//	go test -run '^$' -bench DeltaCost -benchmem ./engine
func BenchmarkDeltaCost(b *testing.B) {
	for _, n := range []int{1_000, 10_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			model := &fakeModel{name: "mem:m", reply: func(ctx context.Context, _ int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
				for range n {
					emit(Delta{Lane: LaneText, Text: "token "})
				}
				return ModelResponse{Message: Message{Role: RoleAssistant}, Usage: Usage{InputTokens: 10, OutputTokens: n}}, nil
			}}
			b.ReportAllocs()
			for b.Loop() {
				model.reqs = model.reqs[:0]
				a := NewAgent(AgentConfig{Model: model, Observers: []Observer{NopObserver{}}}, "bench", nil)
				if _, err := a.Run(context.Background(), RunInput{ID: "r", Prompt: "go"}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/delta")
		})
	}
}
