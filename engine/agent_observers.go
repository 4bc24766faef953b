package engine

import (
	"fmt"
	"log/slog"
	"sync"
)

// observerHub fans every event out to the configured observers, in
// registration order, one event at a time (tool goroutines report
// concurrently; observers never see two callbacks at once), and isolates
// each callback: an observer that panics is logged, never fatal to a run.
type observerHub struct {
	mu  sync.Mutex
	obs []Observer
	log *slog.Logger
}

func newObserverHub(obs []Observer, log *slog.Logger) *observerHub {
	return &observerHub{obs: append([]Observer(nil), obs...), log: log}
}

// each calls f for every observer under the hub's lock.
func (h *observerHub) each(f func(Observer)) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, o := range h.obs {
		h.call(o, f)
	}
}

// eachIf is each, unless still() is false once the lock is held: a tool
// goroutine abandoned by a cancelled run must not report after the run
// ended.
func (h *observerHub) eachIf(still func() bool, f func(Observer)) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !still() {
		return
	}
	for _, o := range h.obs {
		h.call(o, f)
	}
}

func (h *observerHub) call(o Observer, f func(Observer)) {
	defer func() {
		if r := recover(); r != nil {
			h.log.Error("observer panicked; event dropped for it", "observer", fmt.Sprintf("%T", o), "panic", r)
		}
	}()
	f(o)
}
