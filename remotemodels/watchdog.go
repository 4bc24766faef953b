package remotemodels

import (
	"context"
	"io"
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

// drain reads the event stream of body, feeding the watchdog and handing
// each event to handle, until handle says the answer is finished, returns
// an error, or the body ends (nil: the caller decides whether the answer
// was finished). Pings are keep-alives, not progress: they neither feed the
// watchdog nor reach handle. drain closes body.
func drain(body io.ReadCloser, dog *engine.Watchdog, handle func(sseEvent) (done bool, err error)) error {
	defer body.Close()
	r := newSSEReader(body)
	for {
		ev, err := r.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if ev.typ == "ping" {
			continue
		}
		dog.Fed()
		done, err := handle(ev)
		if err != nil {
			return err
		}
		if done {
			// What follows the last event is at most a blank line: read
			// a little of it so the connection can serve the next call.
			_, _ = io.CopyN(io.Discard, body, 4<<10)
			return nil
		}
	}
}
