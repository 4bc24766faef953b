package engine

import (
	"context"
	"sync/atomic"
	"time"
)

// watchdog cuts a model stream whose data stops: it cancels the stream's
// context with its cause when nothing arrives within the first-piece bound
// of the start, or within the idle bound of the previous piece. It is the
// one stream watchdog: the driver runs one around every model call
// (AgentConfig.FirstDeltaTimeout, StreamIdleTimeout), and the adapters
// (localmodels, remotemodels) keep none of their own: a cut stream reaches
// them as their context's end.
type watchdog struct {
	timer *time.Timer
	idle  time.Duration
	fired atomic.Bool
}

// startWatchdog arms a watchdog that calls cancel(cause) unless Fed within
// first, and then within idle of each Fed.
func startWatchdog(cancel context.CancelCauseFunc, cause error, first, idle time.Duration) *watchdog {
	w := &watchdog{idle: idle}
	w.timer = time.AfterFunc(first, func() {
		w.fired.Store(true)
		cancel(cause)
	})
	return w
}

// Fed records that a piece arrived.
func (w *watchdog) Fed() { w.timer.Reset(w.idle) }

// Stop disarms the watchdog.
func (w *watchdog) Stop() { w.timer.Stop() }

// Fired reports whether the watchdog cut the stream.
func (w *watchdog) Fired() bool { return w.fired.Load() }
