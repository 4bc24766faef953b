package session

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/store"
)

// checkpointer writes every checkpoint to the store. It writes synchronously
// on purpose: a checkpoint is what must survive a crash, so the run does not
// go on (or answer the editor) before it is durable. Checkpoints come three
// times a run at most, so the cost is small.
type checkpointer struct {
	engine.NopObserver
	store *store.Store
	log   *slog.Logger

	mu     sync.Mutex
	states map[engine.RunID]*written
}

// written is what one run's checkpoints left: the session version of the
// last write, and the first write refused.
type written struct {
	version int64
	err     error
}

// storeTimeout bounds one checkpoint write; the store's own busy timeout is
// shorter, so this only guards against a wedged disk.
const storeTimeout = 30 * time.Second

func (c *checkpointer) OnCheckpoint(cp engine.Checkpoint) {
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	version, err := c.store.CheckpointVersion(ctx, cp)
	if err != nil {
		c.log.Error("checkpoint not stored", "session", cp.SessionID, "run", cp.Run.ID, "point", cp.Point, "err", err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.states == nil {
		c.states = make(map[engine.RunID]*written)
	}
	w := c.states[cp.Run.ID]
	if w == nil {
		w = &written{}
		c.states[cp.Run.ID] = w
	}
	if err != nil && w.err == nil {
		w.err = err
	}
	if version > 0 {
		w.version = version
	}
}

// take returns and forgets what run's checkpoints left.
func (c *checkpointer) take(run engine.RunID) (int64, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	w := c.states[run]
	delete(c.states, run)
	if w == nil {
		return 0, nil
	}
	return w.version, w.err
}

// relay forwards a session agent's events to the observer of the run in
// flight. The agent is built once per session with a fixed observer list,
// while each run has its own observer, so the agent gets the relay.
type relay struct {
	cur atomic.Pointer[obsBox]
}

type obsBox struct{ o engine.Observer }

func (r *relay) set(o engine.Observer) {
	if o == nil {
		r.cur.Store(nil)
		return
	}
	r.cur.Store(&obsBox{o})
}

func (r *relay) get() engine.Observer {
	if b := r.cur.Load(); b != nil {
		return b.o
	}
	return engine.NopObserver{}
}

func (r *relay) OnRunStart(run engine.Run)        { r.get().OnRunStart(run) }
func (r *relay) OnTransition(t engine.Transition) { r.get().OnTransition(t) }
func (r *relay) OnDelta(id engine.RunID, lane engine.Lane, text string) {
	r.get().OnDelta(id, lane, text)
}
func (r *relay) OnResponse(id engine.RunID, turn int, resp engine.ModelResponse) {
	r.get().OnResponse(id, turn, resp)
}
func (r *relay) OnToolPre(ev engine.ToolEvent)  { r.get().OnToolPre(ev) }
func (r *relay) OnToolPost(ev engine.ToolEvent) { r.get().OnToolPost(ev) }
func (r *relay) OnCompaction(id engine.RunID, reason string, before, after int) {
	r.get().OnCompaction(id, reason, before, after)
}
func (r *relay) OnFallback(id engine.RunID, from, to string) { r.get().OnFallback(id, from, to) }
func (r *relay) OnLoopDetected(id engine.RunID, tool string, repeats int, stopped bool) {
	r.get().OnLoopDetected(id, tool, repeats, stopped)
}
func (r *relay) OnStreamFailure(id engine.RunID, turn int, model string, err error) {
	r.get().OnStreamFailure(id, turn, model, err)
}
func (r *relay) OnModelWait(w engine.ModelWait)   { r.get().OnModelWait(w) }
func (r *relay) OnRunEnd(run engine.Run)          { r.get().OnRunEnd(run) }
func (r *relay) OnCheckpoint(c engine.Checkpoint) { r.get().OnCheckpoint(c) }
