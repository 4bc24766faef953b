package remotemodels

import (
	"context"
	"time"

	"github.com/loopls/loopls/engine"
)

// startWatchdog arms the engine's stream watchdog with the adapter's
// timeouts (defaults where unset); it cancels with ErrStalled.
func startWatchdog(cancel context.CancelCauseFunc, first, stall time.Duration) *engine.Watchdog {
	if first <= 0 {
		first = DefaultFirstChunkTimeout
	}
	if stall <= 0 {
		stall = DefaultStallTimeout
	}
	return engine.StartWatchdog(cancel, ErrStalled, first, stall)
}

// sseStream is what both SDKs' event streams offer.
type sseStream[T any] interface {
	Next() bool
	Current() T
	Err() error
	Close() error
}

// drain hands every event of stream to add, feeding the watchdog on each,
// and returns the stream's error once it ends.
func drain[T any](stream sseStream[T], dog *engine.Watchdog, add func(T)) error {
	for stream.Next() {
		dog.Fed()
		add(stream.Current())
	}
	dog.Stop()
	err := stream.Err()
	_ = stream.Close()
	return err
}
