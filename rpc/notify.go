package rpc

import (
	"context"
	"log/slog"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/outbox"
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
}

// callStart is a server→client request once written.
type callStart struct {
	w   jsonrpc2.Waiter
	err error
}

// connOutbox is the connection's one ordered outbound queue (outbox.Box).
// Everything the server sends goes through it, so the editor sees messages
// in the order they happened. Pushing never blocks: a slow editor slows
// the writer goroutine, never the engine. Deltas are coalesced per run
// (lossless: text is appended, not dropped) and sent at most every
// deltaInterval; progress reports replace their queued predecessor.
// Transitions, tool calls, replies and requests are never dropped; they
// are few per turn, so the queue stays small even when the editor stops
// reading.
type connOutbox struct {
	box  *outbox.Box[*outMsg]
	conn *jsonrpc2.Conn // set by start, before the writer runs
	log  *slog.Logger
}

func newOutbox(log *slog.Logger) *connOutbox {
	o := &connOutbox{log: log}
	o.box = outbox.New(outbox.Config[*outMsg]{
		Send: o.send,
		Text: func(run string, lane engine.Lane, text string) *outMsg {
			return &outMsg{kind: outNotify, method: "loopls/delta",
				params: DeltaParams{RunID: machine.RunID(run), Lane: lane, Text: text}}
		},
		Interval: deltaInterval,
		Burst:    deltaBurst,
	})
	return o
}

// start begins writing to conn.
func (o *connOutbox) start(conn *jsonrpc2.Conn) {
	o.conn = conn
	o.box.Start()
}

// push queues m: after its run's pending deltas, or in the place of the
// queued message with its key. A call pushed once the outbox is closed
// is answered jsonrpc2.ErrClosed.
func (o *connOutbox) push(m *outMsg) {
	var ok bool
	if m.key != "" {
		ok = o.box.PushKeyed(m, m.key)
	} else {
		ok = o.box.Push(m, string(m.run))
	}
	if !ok && m.started != nil {
		m.started <- callStart{err: jsonrpc2.ErrClosed}
	}
}

// notify queues a notification.
func (o *connOutbox) notify(method string, params any, run machine.RunID) {
	o.push(&outMsg{kind: outNotify, method: method, params: params, run: run})
}

// delta appends text to run's pending deltas on lane.
func (o *connOutbox) delta(run machine.RunID, lane engine.Lane, text string) {
	o.box.Text(string(run), lane, text)
}

// DeltaParams are loopls/delta's params (loopls run --json prints the same).
type DeltaParams struct {
	RunID machine.RunID `json:"runId"`
	Lane  engine.Lane   `json:"lane"`
	Text  string        `json:"text"`
}

// send writes one message. Errors mean the connection is gone; they are
// logged and the queue drains.
func (o *connOutbox) send(m *outMsg) {
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
func (o *connOutbox) flush(d time.Duration) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	if o.box.Flush(ctx) != nil {
		o.log.Warn("exiting with outbound messages unsent: the editor stopped reading")
	}
}

// closeWait bounds how long close waits for the writer: an editor that
// stopped reading must not keep the daemon from exiting.
const closeWait = 2 * time.Second

// close stops accepting messages; what is queued is still written (or
// dropped if the connection is gone). It waits a bounded time for the writer.
func (o *connOutbox) close() {
	ctx, cancel := context.WithTimeout(context.Background(), closeWait)
	defer cancel()
	if o.box.Close(ctx) != nil {
		o.log.Warn("outbound messages left unsent: the editor stopped reading")
	}
}
