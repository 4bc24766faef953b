package acp

import (
	"context"
	"log/slog"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/internal/outbox"
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

// sessionOutbox serializes one session's outgoing notifications in the
// order the run produced them (outbox.Box). Observer callbacks must not
// block, so they only queue here; one goroutine writes to the client.
// Chunks of the same lane are merged while they wait, which bounds the
// queue when the client reads slowly and loses nothing: the chunks of a
// lane still concatenate to the final text.
type sessionOutbox struct {
	box *outbox.Box[outItem]
	n   notifier
	sid sdk.SessionId
	log *slog.Logger
}

// outItem is one queued notification: a session update or an extension
// notification.
type outItem struct {
	update *sdk.SessionUpdate
	ext    any
}

// chunkStream names the session's one stream of text in the Box.
const chunkStream = "session"

func newOutbox(n notifier, sid sdk.SessionId, log *slog.Logger) *sessionOutbox {
	o := &sessionOutbox{n: n, sid: sid, log: log}
	o.box = outbox.New(outbox.Config[outItem]{
		Send: o.send,
		Text: func(_ string, lane engine.Lane, text string) outItem {
			u := sdk.UpdateAgentMessageText(text)
			if lane == engine.LaneThinking {
				u = sdk.UpdateAgentThoughtText(text)
			}
			return outItem{update: &u}
		},
	})
	o.box.Start()
	return o
}

// push queues one update, after the text queued before it. It never blocks
// on the client.
func (o *sessionOutbox) push(u sdk.SessionUpdate) {
	o.box.Push(outItem{update: &u}, chunkStream)
}

// chunk queues streamed text of a lane, merged with a waiting chunk of the
// same lane.
func (o *sessionOutbox) chunk(lane engine.Lane, text string) {
	o.box.Text(chunkStream, lane, text)
}

// extension queues an extension notification (the transitions).
func (o *sessionOutbox) extension(params any) {
	o.box.Push(outItem{ext: params}, chunkStream)
}

// flush waits until everything queued before it has been written.
func (o *sessionOutbox) flush(ctx context.Context) error { return o.box.Flush(ctx) }

// close writes what is queued and stops the writer.
func (o *sessionOutbox) close() { _ = o.box.Close(context.Background()) }

// send writes one notification. Updates are sent even after the prompt was
// cancelled: the client must see what the run did up to the cancel before
// the cancelled answer.
func (o *sessionOutbox) send(it outItem) {
	ctx := context.Background()
	var err error
	switch {
	case it.update != nil:
		err = o.n.SessionUpdate(ctx, sdk.SessionNotification{SessionId: o.sid, Update: *it.update})
	case it.ext != nil:
		err = o.n.NotifyExtension(ctx, TransitionMethod, it.ext)
	}
	if err != nil {
		o.log.Debug("acp: notification not sent", "session", o.sid, "err", err)
	}
}
