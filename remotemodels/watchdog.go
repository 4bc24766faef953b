package remotemodels

import (
	"context"
	"time"
)

// watchdog cancels a stream's context with ErrStalled when no event arrives
// in time: first within the first-chunk timeout, then within the stall
// timeout of the previous event.
type watchdog struct {
	timer *time.Timer
	stall time.Duration
}

func startWatchdog(cancel context.CancelCauseFunc, first, stall time.Duration) *watchdog {
	if first <= 0 {
		first = DefaultFirstChunkTimeout
	}
	if stall <= 0 {
		stall = DefaultStallTimeout
	}
	return &watchdog{timer: time.AfterFunc(first, func() { cancel(ErrStalled) }), stall: stall}
}

// fed records an event.
func (w *watchdog) fed() { w.timer.Reset(w.stall) }

// stop disarms the watchdog.
func (w *watchdog) stop() { w.timer.Stop() }
