package rpc

import (
	"context"
	"testing"
)

var allStates = []lifecycle{stateNew, stateInitializing, stateRunning, stateShuttingDown, stateExited}

// TestSetStateMovesOnlyForward: from every state to every state, a move
// forward is taken and a move backwards or in place is refused and changes
// nothing; opened is closed exactly when no open is or will be under way.
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
			// Only initialize's move starts an open (which closes opened
			// when done); any other way out of new means none will start.
			first := from
			if first == stateNew {
				first = want
			}
			wantClosed := first != stateNew && first != stateInitializing
			if got := isClosed(s.opened); got != wantClosed {
				t.Errorf("%s → %s: opened closed %v, want %v", from, to, got, wantClosed)
			}
			s.stop()
			s.mcp.Close()
		}
	}
}

func isClosed(c chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}
