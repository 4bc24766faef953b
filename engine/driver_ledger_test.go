package engine

import (
	"context"
	"github.com/loopls/loopls/engine/machine"
	"runtime/metrics"
	"strings"
	"testing"
)

func TestDeltaLedger(t *testing.T) {
	cases := []struct {
		name     string
		attempts [][]string
		want     string // what observers concatenate
	}{
		{"one attempt", [][]string{{"Hel", "lo"}}, "Hello"},
		{"retry replays the prefix", [][]string{{"Hel", "lo wo"}, {"He", "llo", " wo", "rld"}}, "Hello world"},
		{"retry stops short, then a third completes", [][]string{{"abc", "def"}, {"ab"}, {"abcdefgh"}}, "abcdefgh"},
		{"retry diverges", [][]string{{"Partial"}, {"Hello"}}, "PartialHello"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var l deltaLedger
			var got strings.Builder
			for _, attempt := range tc.attempts {
				l.newAttempt()
				for _, d := range attempt {
					got.WriteString(l.add(LaneText, d))
				}
			}
			if got.String() != tc.want {
				t.Errorf("observers got %q, want %q", got.String(), tc.want)
			}
		})
	}
}

func TestRetriedStreamIsNotSentTwice(t *testing.T) {
	model := &fakeModel{name: "fake:m", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		emit(Delta{Lane: LaneThinking, Text: "hmm"})
		emit(Delta{Lane: LaneText, Text: "Hello "})
		if n == 0 {
			return ModelResponse{}, &APIError{Message: "connection reset", Transient: true}
		}
		emit(Delta{Lane: LaneText, Text: "world"})
		return ModelResponse{Message: machine.Message{Role: machine.RoleAssistant, Content: "Hello world", Thinking: "hmm"}}, nil
	}}
	a, rec := newTestAgent(t, AgentConfig{Model: model})
	run, err := a.Run(context.Background(), RunInput{Prompt: "x"})
	if err != nil {
		t.Fatal(err)
	}
	if rec.deltas[LaneText] != run.Output || rec.deltas[LaneThinking] != "hmm" {
		t.Errorf("observers got text %q thinking %q; the answer is %q", rec.deltas[LaneText], rec.deltas[LaneThinking], run.Output)
	}
}

// The ledger's work is linear in the text: each delta is compared with the
// part of the sent text it replays, never copied onto the whole text so
// far. Streaming 2 MiB in 1 KiB deltas, then replaying it in a retry,
// allocates a few times the text (the old bookkeeping allocated ~2 GiB).
func TestDeltaLedgerIsLinear(t *testing.T) {
	const n = 2048
	piece := strings.Repeat("x", 1023) + "\n"
	allocated := func() uint64 {
		s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
		metrics.Read(s)
		return s[0].Value.Uint64()
	}
	var l deltaLedger
	before := allocated()
	sent := 0
	for range 2 {
		l.newAttempt()
		for range n {
			sent += len(l.add(LaneText, piece))
		}
	}
	grew := allocated() - before
	if sent != n*len(piece) {
		t.Errorf("observers got %d bytes, want %d (the retry replays)", sent, n*len(piece))
	}
	if limit := uint64(8 * n * len(piece)); grew > limit {
		t.Errorf("the ledger allocated %d KiB for %d KiB of text, over %d KiB: not linear", grew>>10, n*len(piece)>>10, limit>>10)
	}
}
