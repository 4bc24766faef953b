package engine

import (
	"context"
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
		return ModelResponse{Message: Message{Role: RoleAssistant, Content: "Hello world", Thinking: "hmm"}}, nil
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
