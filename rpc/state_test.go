package rpc

import (
	"context"
	"testing"
)

var allStates = []lifecycle{stateNew, stateInitializing, stateRunning, stateShuttingDown, stateExited}

// TestSetStateMovesOnlyForward: from every state to every state, a move
// forward is taken and a move backwards or in place is refused and changes
// nothing.
func TestSetStateMovesOnlyForward(t *testing.T) {
	for _, from := range allStates {
		for _, to := range allStates {
			s := newServer(context.Background(), Options{})
			if from != stateNew {
				if _, ok := s.setState(from); !ok {
					t.Fatalf("new → %s refused", from)
				}
			}
			left, ok := s.setState(to)
			if left != from {
				t.Errorf("%s → %s: left %s", from, to, left)
			}
			if ok != (to > from) {
				t.Errorf("%s → %s: taken %v, want %v", from, to, ok, to > from)
			}
			want := from
			if to > from {
				want = to
			}
			if got := s.currentState(); got != want {
				t.Errorf("%s → %s: now %s, want %s", from, to, got, want)
			}
			s.stop()
			s.mcp.Close()
		}
	}
}
