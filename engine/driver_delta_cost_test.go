package engine

import (
	"context"
	"fmt"
	"github.com/loopls/loopls/engine/machine"
	"runtime"
	"testing"
)

// streamDeltas returns a model whose every answer is n deltas of text.
func streamDeltas(n int) *fakeModel {
	return &fakeModel{name: "mem:m", reply: func(ctx context.Context, _ int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		for range n {
			emit(Delta{Lane: LaneText, Text: "token "})
		}
		return ModelResponse{Message: machine.Message{Role: machine.RoleAssistant}, Usage: Usage{InputTokens: 10, OutputTokens: n}}, nil
	}}
}

// TestDriverDeltaCostLinear is the regression guard of issue 18 on the
// driver's whole delta path (adapter callback, ledger, observers, the
// answer's assembly): an answer ten times longer allocates about ten
// times as much, never a hundred (each delta copying the text so far).
func TestDriverDeltaCostLinear(t *testing.T) {
	cost := func(n int) uint64 {
		model := streamDeltas(n)
		a := NewAgent(AgentConfig{Model: model, Observers: []Observer{NopObserver{}}}, "guard", nil)
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		run, err := a.Run(context.Background(), RunInput{ID: "r", Prompt: "go"})
		runtime.ReadMemStats(&m1)
		if err != nil || len(run.Output) != n*len("token ") {
			t.Fatalf("run: %v, %d bytes of output", err, len(run.Output))
		}
		return m1.TotalAlloc - m0.TotalAlloc
	}
	cost(100) // warm up
	small, big := cost(2_000), cost(20_000)
	if big > 20*small {
		t.Errorf("an answer of 20,000 deltas allocated %d KiB, one of 2,000 %d KiB: %.0f× for 10× the deltas, not linear",
			big>>10, small>>10, float64(big)/float64(small))
	}
}

// BenchmarkDeltaCost streams answers of 1,000 and 10,000 deltas through the
// driver to one observer and reports bytes and allocations per delta: a
// cost per delta that grows with the answer's length means the delta
// bookkeeping copies the text so far (issue 12's "linear in the output").
//
//	go test -run '^$' -bench DeltaCost -benchmem ./engine
func BenchmarkDeltaCost(b *testing.B) {
	for _, n := range []int{1_000, 10_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			model := streamDeltas(n)
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
