// Package outbox is the one ordered outbound queue loopls's front ends
// write to a client through: rpc's per connection, acp's per session.
//
// Pushing never blocks: observers of a run call it from the engine, and a
// slow client must slow only the writer goroutine. Streamed text is
// coalesced per stream and lane while it waits (losslessly: text is
// appended, never dropped), so the queue stays small when the client stops
// reading; a stream's pending text always precedes the next message pushed
// for that stream. Messages pushed under a key replace their queued
// predecessor (progress reports). Everything else is written once, in the
// order it was pushed.
package outbox

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/loopls/loopls/engine"
)

// Config says how a Box writes.
type Config[M any] struct {
	// Send writes one message; it runs on the writer goroutine only.
	Send func(M)
	// Text is the message that carries text streamed on lane of stream.
	Text func(stream string, lane engine.Lane, text string) M
	// Interval paces the flushes of pending text: at most one every
	// Interval, with up to Burst flushes allowed closer together (GCRA).
	// 0 flushes pending text as soon as the writer is free.
	Interval time.Duration
	Burst    int
}

// Box is one ordered outbound queue with one writer goroutine.
type Box[M any] struct {
	cfg Config[M]

	mu      sync.Mutex
	queue   []*item[M]
	keyed   map[string]*item[M]
	pending map[string][]*segment
	order   []string  // streams with pending text, first come first
	tat     time.Time // the flush schedule (GCRA's theoretical arrival time)
	started bool
	closed  bool
	wake    chan struct{}
	done    chan struct{}
}

// item is one queued message, or a barrier (written is set).
type item[M any] struct {
	msg     M
	key     string
	written chan struct{}
}

// segment is a run of pending text on one lane.
type segment struct {
	lane engine.Lane
	text strings.Builder
}

// New returns a Box that queues until Start.
func New[M any](cfg Config[M]) *Box[M] {
	return &Box[M]{
		cfg:     cfg,
		keyed:   make(map[string]*item[M]),
		pending: make(map[string][]*segment),
		wake:    make(chan struct{}, 1),
		done:    make(chan struct{}),
	}
}

// Start begins writing.
func (b *Box[M]) Start() {
	b.mu.Lock()
	b.started = true
	b.mu.Unlock()
	go b.loop()
}

func (b *Box[M]) signal() {
	select {
	case b.wake <- struct{}{}:
	default:
	}
}

// Push queues m after stream's pending text (no stream: "") and reports
// whether it was queued: false once the Box is closed.
func (b *Box[M]) Push(m M, stream string) bool {
	return b.push(&item[M]{msg: m}, stream)
}

// PushKeyed queues m, or puts it in the place of the message queued under
// the same key that is still waiting.
func (b *Box[M]) PushKeyed(m M, key string) bool {
	return b.push(&item[M]{msg: m, key: key}, "")
}

func (b *Box[M]) push(it *item[M], stream string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return false
	}
	if stream != "" {
		b.flushStreamLocked(stream)
	}
	if it.key != "" {
		if old := b.keyed[it.key]; old != nil {
			old.msg = it.msg
			return true
		}
		b.keyed[it.key] = it
	}
	b.queue = append(b.queue, it)
	b.signal()
	return true
}

// Text appends text streamed on lane to stream's pending text.
func (b *Box[M]) Text(stream string, lane engine.Lane, text string) {
	if text == "" {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return
	}
	segs, ok := b.pending[stream]
	if !ok {
		b.order = append(b.order, stream)
	}
	if n := len(segs); n > 0 && segs[n-1].lane == lane {
		segs[n-1].text.WriteString(text)
	} else {
		seg := &segment{lane: lane}
		seg.text.WriteString(text)
		b.pending[stream] = append(segs, seg)
	}
	b.signal()
}

// flushStreamLocked moves stream's pending text into the queue.
func (b *Box[M]) flushStreamLocked(stream string) {
	segs, ok := b.pending[stream]
	if !ok {
		return
	}
	delete(b.pending, stream)
	for i, s := range b.order {
		if s == stream {
			b.order = append(b.order[:i], b.order[i+1:]...)
			break
		}
	}
	for _, s := range segs {
		b.queue = append(b.queue, &item[M]{msg: b.cfg.Text(stream, s.lane, s.text.String())})
	}
}

func (b *Box[M]) flushAllLocked() {
	for len(b.order) > 0 {
		b.flushStreamLocked(b.order[0])
	}
	now := time.Now()
	if b.tat.Before(now) {
		b.tat = now
	}
	b.tat = b.tat.Add(b.cfg.Interval)
}

// next blocks until an item is due, or returns nil when the Box is closed
// and drained.
func (b *Box[M]) next() *item[M] {
	b.mu.Lock()
	defer b.mu.Unlock()
	for {
		if len(b.queue) > 0 {
			it := b.queue[0]
			b.queue[0] = nil
			b.queue = b.queue[1:]
			if it.key != "" && b.keyed[it.key] == it {
				delete(b.keyed, it.key)
			}
			return it
		}
		if len(b.order) > 0 {
			wait := time.Until(b.tat.Add(-time.Duration(max(b.cfg.Burst-1, 0)) * b.cfg.Interval))
			if b.cfg.Interval <= 0 || wait <= 0 || b.closed {
				b.flushAllLocked()
				continue
			}
			b.mu.Unlock()
			t := time.NewTimer(wait)
			select {
			case <-b.wake:
			case <-t.C:
			}
			t.Stop()
			b.mu.Lock()
			continue
		}
		if b.closed {
			return nil
		}
		b.mu.Unlock()
		<-b.wake
		b.mu.Lock()
	}
}

func (b *Box[M]) loop() {
	defer close(b.done)
	for {
		it := b.next()
		if it == nil {
			return
		}
		if it.written != nil {
			close(it.written)
			continue
		}
		b.cfg.Send(it.msg)
	}
}

// Flush waits until everything pushed before it, pending text included,
// has been written, or ctx ends (its error). On a Box not started yet that
// is after Start: what was pushed before Start is still to be written, and
// a caller that tears the connection down once Flush returns would lose it
// (rpc's exit, read before Serve started the writer). A closed Box has
// nothing more to wait for.
func (b *Box[M]) Flush(ctx context.Context) error {
	barrier := &item[M]{written: make(chan struct{})}
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return nil
	}
	b.flushAllLocked()
	b.queue = append(b.queue, barrier)
	b.signal()
	b.mu.Unlock()
	select {
	case <-barrier.written:
		return nil
	case <-b.done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Close stops taking messages; what is queued is still written. It waits
// for the writer until ctx ends (its error).
func (b *Box[M]) Close(ctx context.Context) error {
	b.mu.Lock()
	b.closed = true
	b.signal()
	started := b.started
	b.mu.Unlock()
	if !started {
		return nil
	}
	select {
	case <-b.done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
