package engine

import (
	"context"
	"sync/atomic"
	"time"
)

// Watchdog cuts a model stream whose data stops: it cancels the stream's
// context with its cause when nothing arrives within the first-piece bound
// of the start, or within the idle bound of the previous piece. It is the
// one stream watchdog: the driver runs one around every model call, and the
// adapters (localmodels, remotemodels) guard their own HTTP streams with it.
type Watchdog struct {
	timer *time.Timer
	idle  time.Duration
	fired atomic.Bool
}

// StartWatchdog arms a watchdog that calls cancel(cause) unless Fed within
// first, and then within idle of each Fed.
func StartWatchdog(cancel context.CancelCauseFunc, cause error, first, idle time.Duration) *Watchdog {
	w := &Watchdog{idle: idle}
	w.timer = time.AfterFunc(first, func() {
		w.fired.Store(true)
		cancel(cause)
	})
	return w
}

// Fed records that a piece arrived.
func (w *Watchdog) Fed() { w.timer.Reset(w.idle) }

// Stop disarms the watchdog.
func (w *Watchdog) Stop() { w.timer.Stop() }

// Fired reports whether the watchdog cut the stream.
func (w *Watchdog) Fired() bool { return w.fired.Load() }
