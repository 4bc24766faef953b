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

// sseStream is what both SDKs' event streams offer.
type sseStream[T any] interface {
	Next() bool
	Current() T
	Err() error
	Close() error
}

// drain hands every event of stream to add, feeding the watchdog on each,
// and returns the stream's error once it ends.
func drain[T any](stream sseStream[T], dog *watchdog, add func(T)) error {
	for stream.Next() {
		dog.fed()
		add(stream.Current())
	}
	dog.stop()
	err := stream.Err()
	_ = stream.Close()
	return err
}
