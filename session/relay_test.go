package session

import (
	"testing"

	"github.com/loopls/loopls/engine"
)

// countingObserver counts the transitions it is given.
type countingObserver struct {
	engine.NopObserver
	n int
}

func (c *countingObserver) OnTransition(engine.Transition) { c.n++ }

// A run's goroutine takes its observer out of the session's relay after the
// run is done and the session free, so the next run may already have put
// in its own; taking the first out must leave the second. (It did not:
// TestBusyUnknownAndCancel's second run lost its observer about once in a
// thousand runs under load, and never saw itself reach AwaitingModel.)
func TestRelayRemovesOnlyItsOwnObserver(t *testing.T) {
	var r relay
	first, second := &countingObserver{}, &countingObserver{}
	removeFirst := r.set(first)
	r.OnTransition(engine.Transition{})
	removeSecond := r.set(second) // the next run starts before the first's goroutine returned
	removeFirst()
	r.OnTransition(engine.Transition{})
	if first.n != 1 || second.n != 1 {
		t.Fatalf("first saw %d transitions, second %d; want 1 and 1 (the second run's observer was taken out by the first run)", first.n, second.n)
	}
	removeSecond()
	r.OnTransition(engine.Transition{})
	if second.n != 1 {
		t.Fatalf("the second observer saw a transition after it was taken out")
	}
}
