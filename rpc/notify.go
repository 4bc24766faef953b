package rpc

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// Deltas are flushed about every deltaInterval at most (~60 a second),
// with up to deltaBurst flushes allowed closer together: a model that
// streams at about 60 tokens a second jitters around the interval, and
// without the allowance a token that came a little early waited up to a
// whole interval (p99 of token → loopls/delta was ~17 ms at 60 tokens/s).
// Faster streams are still coalesced to one flush per interval.
const (
	deltaInterval = 16 * time.Millisecond
	deltaBurst    = 3
)

// outKind says what an outbound message is.
type outKind int

const (
	outNotify outKind = iota
	outReply
	outCall
	outBarrier // writes nothing; closes written once everything before it was sent
)

// outMsg is one message waiting in the outbox.
type outMsg struct {
	kind   outKind
	method string
	params any
	id     jsonrpc2.ID
	result any
	rerr   *jsonrpc2.Error
	// run, when set, flushes that run's pending deltas before this
	// message, so a run's text always precedes its next transition.
	run machine.RunID
	// key, when set, makes a queued message replaceable: a newer message
	// with the same key takes its place (progress reports).
	key string
	// started receives the waiter of a call once it is written.
	started chan<- callStart
	// written is closed when an outBarrier reaches the writer.
	written chan struct{}
}

// callStart is a server→client request once written.
type callStart struct {
	w   jsonrpc2.Waiter
	err error
}

// deltaSeg is a run of text on one lane.
type deltaSeg struct {
	lane engine.Lane
	text strings.Builder
}

// outbox is the connection's one ordered outbound queue. Everything the
// server sends goes through it, so the editor sees messages in the order
// they happened. Pushing never blocks: a slow editor slows the writer
// goroutine, never the engine. Deltas are coalesced per run (lossless:
// text is appended, not dropped) and sent at most every deltaInterval;
// progress reports replace their queued predecessor. Transitions, tool
// calls, replies and requests are never dropped; they are few per turn, so
// the queue stays small even when the editor stops reading.
type outbox struct {
	conn *jsonrpc2.Conn
	log  *slog.Logger

	mu       sync.Mutex
	queue    []*outMsg
	keyed    map[string]*outMsg
	deltas   map[machine.RunID][]*deltaSeg
	order    []machine.RunID // runs with pending deltas, first come first
	flushTAT time.Time       // the flush schedule (GCRA's theoretical arrival time)
	closed   bool
	wake     chan struct{}
	done     chan struct{}
}

func newOutbox(log *slog.Logger) *outbox {
	return &outbox{
		log:    log,
		keyed:  make(map[string]*outMsg),
		deltas: make(map[machine.RunID][]*deltaSeg),
		wake:   make(chan struct{}, 1),
		done:   make(chan struct{}),
	}
}

// start begins writing to conn.
func (o *outbox) start(conn *jsonrpc2.Conn) {
	o.mu.Lock()
	o.conn = conn
	o.mu.Unlock()
	go o.loop()
}

func (o *outbox) signal() {
	select {
	case o.wake <- struct{}{}:
	default:
	}
}

// push queues m.
func (o *outbox) push(m *outMsg) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.closed {
		if m.started != nil {
			m.started <- callStart{err: jsonrpc2.ErrClosed}
		}
		return
	}
	if m.run != "" {
		o.flushRunLocked(m.run)
	}
	if m.key != "" {
		if old := o.keyed[m.key]; old != nil {
			old.params = m.params
			return
		}
		o.keyed[m.key] = m
	}
	o.queue = append(o.queue, m)
	o.signal()
}

// notify queues a notification.
func (o *outbox) notify(method string, params any, run machine.RunID) {
	o.push(&outMsg{kind: outNotify, method: method, params: params, run: run})
}

// delta appends text to run's pending deltas on lane.
func (o *outbox) delta(run machine.RunID, lane engine.Lane, text string) {
	if text == "" {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.closed {
		return
	}
	segs, ok := o.deltas[run]
	if !ok {
		o.order = append(o.order, run)
	}
	if n := len(segs); n > 0 && segs[n-1].lane == lane {
		segs[n-1].text.WriteString(text)
	} else {
		seg := &deltaSeg{lane: lane}
		seg.text.WriteString(text)
		o.deltas[run] = append(segs, seg)
	}
	o.signal()
}

// DeltaParams are loopls/delta's params (loopls run --json prints the same).
type DeltaParams struct {
	RunID machine.RunID `json:"runId"`
	Lane  engine.Lane   `json:"lane"`
	Text  string        `json:"text"`
}

// flushRunLocked moves run's pending deltas into the queue.
func (o *outbox) flushRunLocked(run machine.RunID) {
	segs, ok := o.deltas[run]
	if !ok {
		return
	}
	delete(o.deltas, run)
	for i, r := range o.order {
		if r == run {
			o.order = append(o.order[:i], o.order[i+1:]...)
			break
		}
	}
	for _, s := range segs {
		o.queue = append(o.queue, &outMsg{kind: outNotify, method: "loopls/delta",
			params: DeltaParams{RunID: run, Lane: s.lane, Text: s.text.String()}})
	}
}

func (o *outbox) flushAllLocked() {
	for len(o.order) > 0 {
		o.flushRunLocked(o.order[0])
	}
	o.flushTAT = later(o.flushTAT, time.Now()).Add(deltaInterval)
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// next blocks until a message is due, or returns nil when the outbox is
// closed and drained.
func (o *outbox) next() *outMsg {
	o.mu.Lock()
	defer o.mu.Unlock()
	for {
		if len(o.queue) > 0 {
			m := o.queue[0]
			o.queue[0] = nil
			o.queue = o.queue[1:]
			if m.key != "" && o.keyed[m.key] == m {
				delete(o.keyed, m.key)
			}
			return m
		}
		if len(o.order) > 0 {
			wait := time.Until(o.flushTAT.Add(-(deltaBurst - 1) * deltaInterval))
			if wait <= 0 || o.closed {
				o.flushAllLocked()
				continue
			}
			o.mu.Unlock()
			t := time.NewTimer(wait)
			select {
			case <-o.wake:
			case <-t.C:
			}
			t.Stop()
			o.mu.Lock()
			continue
		}
		if o.closed {
			return nil
		}
		o.mu.Unlock()
		<-o.wake
		o.mu.Lock()
	}
}

func (o *outbox) loop() {
	defer close(o.done)
	for {
		m := o.next()
		if m == nil {
			return
		}
		o.send(m)
	}
}

// send writes one message. Errors mean the connection is gone; they are
// logged and the queue drains.
func (o *outbox) send(m *outMsg) {
	ctx := context.Background()
	var err error
	switch m.kind {
	case outNotify:
		err = o.conn.Notify(ctx, m.method, m.params)
	case outReply:
		if m.rerr != nil {
			err = o.conn.ReplyWithError(ctx, m.id, m.rerr)
		} else {
			err = o.conn.Reply(ctx, m.id, m.result)
		}
	case outBarrier:
		close(m.written)
		return
	case outCall:
		var w jsonrpc2.Waiter
		w, err = o.conn.DispatchCall(ctx, m.method, m.params, jsonrpc2.PickID(m.id))
		m.started <- callStart{w: w, err: err}
		return
	}
	if err != nil {
		o.log.Debug("message not sent", "method", m.method, "err", err)
	}
}

// flush waits until everything queued before the call has been written,
// at most d. jsonrpc2 closes the connection when its read loop ends, so
// exit must not begin teardown while the reply to shutdown is still queued.
func (o *outbox) flush(d time.Duration) {
	m := &outMsg{kind: outBarrier, written: make(chan struct{})}
	o.mu.Lock()
	if o.closed || o.conn == nil {
		o.mu.Unlock()
		return
	}
	o.flushAllLocked()
	o.queue = append(o.queue, m)
	o.signal()
	o.mu.Unlock()
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-m.written:
	case <-t.C:
		o.log.Warn("exiting with outbound messages unsent: the editor stopped reading")
	}
}

// closeWait bounds how long close waits for the writer: an editor that
// stopped reading must not keep the daemon from exiting.
const closeWait = 2 * time.Second

// close stops accepting messages; what is queued is still written (or
// dropped if the connection is gone). It waits a bounded time for the writer.
func (o *outbox) close() {
	o.mu.Lock()
	o.closed = true
	o.signal()
	started := o.conn != nil
	o.mu.Unlock()
	if !started {
		return
	}
	t := time.NewTimer(closeWait)
	defer t.Stop()
	select {
	case <-o.done:
	case <-t.C:
		o.log.Warn("outbound messages left unsent: the editor stopped reading")
	}
}
