package acp

import (
	"context"
	"log/slog"
	"strings"
	"sync"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/loopls/loopls/engine"
)

// notifier is the part of the agent-side connection that sends
// notifications; *sdk.AgentSideConnection implements it.
type notifier interface {
	SessionUpdate(ctx context.Context, n sdk.SessionNotification) error
	NotifyExtension(ctx context.Context, method string, params any) error
}

// TransitionMethod is the extension notification that carries each machine
// transition, for clients that want to show the loop's state.
const TransitionMethod = "_loopls/transition"

// outbox serializes one session's outgoing notifications in the order the run
// produced them. Observer callbacks must not block, so they only append here;
// one goroutine writes to the client. Adjacent chunks of the same lane are
// merged while they wait, which bounds the queue when the client reads slowly
// and loses nothing: the chunks of a lane still concatenate to the final text.
type outbox struct {
	n   notifier
	sid sdk.SessionId
	log *slog.Logger

	mu     sync.Mutex
	items  []outItem
	closed bool
	wake   chan struct{}
	done   chan struct{}
}

// outItem is one queued notification, or a flush marker.
type outItem struct {
	update  *sdk.SessionUpdate
	lane    engine.Lane // a text/thinking chunk still open for merging
	text    *strings.Builder
	ext     any
	flushed chan struct{}
}

func newOutbox(n notifier, sid sdk.SessionId, log *slog.Logger) *outbox {
	o := &outbox{n: n, sid: sid, log: log, wake: make(chan struct{}, 1), done: make(chan struct{})}
	go o.run()
	return o
}

func (o *outbox) signal() {
	select {
	case o.wake <- struct{}{}:
	default:
	}
}

// push queues one update. It never blocks on the client.
func (o *outbox) push(u sdk.SessionUpdate) {
	o.mu.Lock()
	if !o.closed {
		o.items = append(o.items, outItem{update: &u})
	}
	o.mu.Unlock()
	o.signal()
}

// chunk queues streamed text of a lane, merged with a waiting chunk of the
// same lane.
func (o *outbox) chunk(lane engine.Lane, text string) {
	if text == "" {
		return
	}
	o.mu.Lock()
	if !o.closed {
		if n := len(o.items); n > 0 && o.items[n-1].lane == lane {
			o.items[n-1].text.WriteString(text)
		} else {
			b := &strings.Builder{}
			b.WriteString(text)
			o.items = append(o.items, outItem{lane: lane, text: b})
		}
	}
	o.mu.Unlock()
	o.signal()
}

// extension queues an extension notification (the transitions).
func (o *outbox) extension(params any) {
	o.mu.Lock()
	if !o.closed {
		o.items = append(o.items, outItem{ext: params})
	}
	o.mu.Unlock()
	o.signal()
}

// flush waits until everything queued before it has been written.
func (o *outbox) flush(ctx context.Context) error {
	ch := make(chan struct{})
	o.mu.Lock()
	if o.closed {
		o.mu.Unlock()
		return nil
	}
	o.items = append(o.items, outItem{flushed: ch})
	o.mu.Unlock()
	o.signal()
	select {
	case <-ch:
		return nil
	case <-o.done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// close writes what is queued and stops the writer.
func (o *outbox) close() {
	o.mu.Lock()
	o.closed = true
	o.mu.Unlock()
	o.signal()
	<-o.done
}

func (o *outbox) run() {
	defer close(o.done)
	// Updates are sent even after the prompt was cancelled: the client must
	// see what the run did up to the cancel before the cancelled answer.
	ctx := context.Background()
	for {
		<-o.wake
		for {
			o.mu.Lock()
			batch := o.items
			o.items = nil
			closed := o.closed
			o.mu.Unlock()
			if len(batch) == 0 {
				if closed {
					return
				}
				break
			}
			for _, it := range batch {
				o.send(ctx, it)
			}
		}
	}
}

func (o *outbox) send(ctx context.Context, it outItem) {
	var err error
	switch {
	case it.flushed != nil:
		close(it.flushed)
		return
	case it.lane == engine.LaneThinking:
		err = o.n.SessionUpdate(ctx, sdk.SessionNotification{SessionId: o.sid, Update: sdk.UpdateAgentThoughtText(it.text.String())})
	case it.lane != "":
		err = o.n.SessionUpdate(ctx, sdk.SessionNotification{SessionId: o.sid, Update: sdk.UpdateAgentMessageText(it.text.String())})
	case it.update != nil:
		err = o.n.SessionUpdate(ctx, sdk.SessionNotification{SessionId: o.sid, Update: *it.update})
	case it.ext != nil:
		err = o.n.NotifyExtension(ctx, TransitionMethod, it.ext)
	}
	if err != nil {
		o.log.Debug("acp: notification not sent", "session", o.sid, "err", err)
	}
}
