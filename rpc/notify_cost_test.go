package rpc

import (
	"log/slog"
	"runtime"
	"testing"

	"github.com/loopls/loopls/engine"
)

// TestOutboxDeltaCostLinear is a regression guard on the daemon's side of
// the delta bookkeeping: queuing deltas while the editor reads nothing
// costs the same per delta whether the pending text is short or long, so
// an answer ten times longer costs ten times as much, not a hundred.
// (The engine's side is measured by BenchmarkDeltaCost in engine.)
func TestOutboxDeltaCostLinear(t *testing.T) {
	cost := func(n int) (allocs, bytes uint64) {
		o := newOutbox(slog.New(slog.DiscardHandler)) // not started: nothing is written
		defer o.close()
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		for range n {
			o.delta("run_a", engine.LaneText, "a token ")
		}
		runtime.ReadMemStats(&m1)
		return m1.Mallocs - m0.Mallocs, m1.TotalAlloc - m0.TotalAlloc
	}
	cost(1000) // warm up the runtime's caches
	a1, b1 := cost(10_000)
	a10, b10 := cost(100_000)
	// Linear: ×10 deltas cost at most ×10 (with slack for the builder's
	// doubling and the runtime's own allocations), never ×100.
	if a10 > 10*a1+50 || b10 > 15*b1 {
		t.Errorf("10× the deltas cost %d allocations and %d bytes, against %d and %d: not linear", a10, b10, a1, b1)
	}
}
