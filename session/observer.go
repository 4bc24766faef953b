package session

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
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

	mu      sync.Mutex
	states  map[machine.RunID]*written
	endings map[machine.RunID]*ending
}

// ending is what a run's run_ended checkpoint stores with it, in the same
// commit (store.CheckpointEnded): the run's transcript and edits, which
// took a commit of their own after it. build is called once, at run_ended;
// stored says it was written, so the run does not write it again.
type ending struct {
	build  func(engine.Checkpoint) (store.Ending, error)
	stored atomic.Bool
}

// expectEnding has run's run_ended checkpoint carry what end builds.
func (c *checkpointer) expectEnding(run machine.RunID, end *ending) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.endings == nil {
		c.endings = make(map[machine.RunID]*ending)
	}
	c.endings[run] = end
}

// forgetEnding drops what expectEnding registered for run.
func (c *checkpointer) forgetEnding(run machine.RunID) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.endings, run)
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
	version, err := c.write(ctx, cp)
	if err != nil {
		c.log.Error("checkpoint not stored", "session", cp.SessionID, "run", cp.Run.ID, "point", cp.Point, "err", err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.states == nil {
		c.states = make(map[machine.RunID]*written)
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

// write stores cp, with the run's transcript when cp ends a run that
// registered one (expectEnding) and it can be built.
func (c *checkpointer) write(ctx context.Context, cp engine.Checkpoint) (int64, error) {
	var end *ending
	if cp.Point == machine.PointRunEnded {
		c.mu.Lock()
		end = c.endings[cp.Run.ID]
		c.mu.Unlock()
	}
	if end == nil {
		return c.store.CheckpointVersion(ctx, cp)
	}
	e, err := end.build(cp)
	if err != nil {
		// Not storable with the end (too big, say): the run stores it
		// alone afterwards, where the reason is logged.
		return c.store.CheckpointVersion(ctx, cp)
	}
	version, err := c.store.CheckpointEnded(ctx, cp, e)
	if err == nil {
		end.stored.Store(true)
	}
	return version, err
}

// take returns and forgets what run's checkpoints left.
func (c *checkpointer) take(run machine.RunID) (int64, error) {
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

// set installs o as the run's observer and returns what takes it out
// again. That removes o only: a run ends (its Handle is done, the session
// free) before its goroutine has returned, so the next run on the session
// may have installed its own observer by the time the first removes
// its, and that one must stay.
func (r *relay) set(o engine.Observer) (remove func()) {
	box := &obsBox{o}
	r.cur.Store(box)
	return func() { r.cur.CompareAndSwap(box, nil) }
}

func (r *relay) get() engine.Observer {
	if b := r.cur.Load(); b != nil {
		return b.o
	}
	return engine.NopObserver{}
}

func (r *relay) OnRunStart(run engine.Run)        { r.get().OnRunStart(run) }
func (r *relay) OnTransition(t engine.Transition) { r.get().OnTransition(t) }
func (r *relay) OnDelta(id machine.RunID, lane engine.Lane, text string) {
	r.get().OnDelta(id, lane, text)
}
func (r *relay) OnResponse(id machine.RunID, turn int, resp engine.ModelResponse) {
	r.get().OnResponse(id, turn, resp)
}
func (r *relay) OnToolPre(ev engine.ToolEvent)  { r.get().OnToolPre(ev) }
func (r *relay) OnToolPost(ev engine.ToolEvent) { r.get().OnToolPost(ev) }
func (r *relay) OnCompaction(id machine.RunID, reason string, before, after int) {
	r.get().OnCompaction(id, reason, before, after)
}
func (r *relay) OnFallback(id machine.RunID, from, to string) { r.get().OnFallback(id, from, to) }
func (r *relay) OnLoopDetected(id machine.RunID, tool string, repeats int, stopped bool) {
	r.get().OnLoopDetected(id, tool, repeats, stopped)
}
func (r *relay) OnStreamFailure(id machine.RunID, turn int, model string, err error) {
	r.get().OnStreamFailure(id, turn, model, err)
}
func (r *relay) OnModelWait(w engine.ModelWait)   { r.get().OnModelWait(w) }
func (r *relay) OnRunEnd(run engine.Run)          { r.get().OnRunEnd(run) }
func (r *relay) OnCheckpoint(c engine.Checkpoint) { r.get().OnCheckpoint(c) }
