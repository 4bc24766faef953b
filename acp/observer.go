package acp

import (
	"sync"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// runObserver turns one run's engine events into session/update
// notifications, queued on the session's outbox in the order they happen.
type runObserver struct {
	engine.NopObserver
	out  *sessionOutbox
	root string

	mu    sync.Mutex
	calls map[machine.ToolCallID]*trackedCall
	order []machine.ToolCallID
	text  bool // some answer text was streamed
}

// trackedCall remembers what the client was told about a call, so every
// announced call is closed exactly once.
type trackedCall struct {
	call   machine.ToolCall
	ended  bool
	active bool
	// terminal is the client terminal the call's command runs in, if any.
	terminal string
}

func newRunObserver(out *sessionOutbox, root string) *runObserver {
	return &runObserver{out: out, root: root, calls: make(map[machine.ToolCallID]*trackedCall)}
}

// OnDelta streams the text and thinking lanes as message and thought chunks.
// Tool-lane deltas are announced whole by OnResponse instead.
func (o *runObserver) OnDelta(_ machine.RunID, lane engine.Lane, text string) {
	if lane == engine.LaneText || lane == engine.LaneThinking {
		o.out.chunk(lane, text)
	}
	if lane == engine.LaneText && text != "" {
		o.mu.Lock()
		o.text = true
		o.mu.Unlock()
	}
}

// streamedText reports whether the run streamed any answer text.
func (o *runObserver) streamedText() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.text
}

// OnResponse announces the calls of a response as pending tool_calls, before
// any of them runs or asks for permission.
func (o *runObserver) OnResponse(_ machine.RunID, _ int, resp engine.ModelResponse) {
	for _, c := range resp.Message.ToolCalls {
		o.announce(c, engine.ToolPending)
	}
}

// announce sends tool_call once per call id; it reports whether it did.
func (o *runObserver) announce(c machine.ToolCall, status engine.ToolStatus) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if _, ok := o.calls[c.ID]; ok {
		return false
	}
	o.calls[c.ID] = &trackedCall{call: c}
	o.order = append(o.order, c.ID)
	o.out.push(toolCallStart(o.root, c, toolStatus(status)))
	return true
}

// OnToolPre marks a call in progress (announcing it first if the response
// did not).
func (o *runObserver) OnToolPre(ev engine.ToolEvent) {
	o.announce(ev.Call, engine.ToolPending)
	o.mu.Lock()
	tc := o.calls[ev.Call.ID]
	if tc.ended || tc.active {
		o.mu.Unlock()
		return
	}
	tc.active = true
	o.mu.Unlock()
	o.out.push(sdk.UpdateToolCall(sdk.ToolCallId(ev.Call.ID), sdk.WithUpdateStatus(sdk.ToolCallStatusInProgress)))
}

// OnToolPost closes a call with its status and output.
func (o *runObserver) OnToolPost(ev engine.ToolEvent) {
	o.announce(ev.Call, engine.ToolPending)
	o.end(ev.Call.ID, ev.Status, ev.Output)
}

func (o *runObserver) end(id machine.ToolCallID, status engine.ToolStatus, output string) {
	o.mu.Lock()
	tc := o.calls[id]
	if tc == nil || tc.ended {
		o.mu.Unlock()
		return
	}
	tc.ended = true
	call, term := tc.call, tc.terminal
	o.mu.Unlock()
	var shown []sdk.ToolCallContent
	if term != "" {
		shown = append(shown, sdk.ToolTerminalRef(term))
	}
	o.out.push(toolCallEnd(o.root, call, status, output, shown...))
}

// showTerminal embeds the client terminal a call's command runs in into the
// call, so the editor shows its output live; the call's last update keeps it.
func (o *runObserver) showTerminal(id machine.ToolCallID, terminalID string) {
	o.mu.Lock()
	tc := o.calls[id]
	if tc == nil || tc.ended {
		o.mu.Unlock()
		return
	}
	tc.terminal = terminalID
	o.mu.Unlock()
	o.out.push(sdk.UpdateToolCall(sdk.ToolCallId(id),
		sdk.WithUpdateStatus(sdk.ToolCallStatusInProgress),
		sdk.WithUpdateContent([]sdk.ToolCallContent{sdk.ToolTerminalRef(terminalID)})))
}

// OnTransition forwards the machine's transition as `_loopls/transition`.
// When the machine leaves AwaitingTools every call of that turn has a
// result; calls that never ran (an unknown tool answered by the machine
// itself) are closed as failed here.
func (o *runObserver) OnTransition(t engine.Transition) {
	if t.From == machine.StateAwaitingTools {
		if t.Event == machine.EventCancel {
			o.closeOpen(engine.ToolCancelled, "")
		} else {
			o.closeOpen(engine.ToolFailed, "")
		}
	}
	// The client knows the session by its ACP id.
	t.SessionID = machine.SessionID(o.out.sid)
	o.out.extension(t)
}

// closeOpen ends every announced call that has not ended. It runs when the
// run ends, so a cancelled run leaves no call spinning in the editor.
func (o *runObserver) closeOpen(status engine.ToolStatus, output string) {
	o.mu.Lock()
	var open []machine.ToolCallID
	for _, id := range o.order {
		if !o.calls[id].ended {
			open = append(open, id)
		}
	}
	o.mu.Unlock()
	for _, id := range open {
		o.end(id, status, output)
	}
}

// OnModelWait tells the client that the model call is silent (the engine
// reports it once per call, engine.ModelWait) as an agent_thought_chunk: ACP
// has no status message, and every client shows thoughts (Zed's agent panel,
// CodeCompanion, avante, agent-shell) while keeping them apart from the
// answer, so the notice neither hides nor becomes part of what the model
// said. It is its own update, never merged with the model's thinking.
func (o *runObserver) OnModelWait(w engine.ModelWait) {
	o.out.push(sdk.UpdateAgentThoughtText(ModelWaitThought(w)))
}

// ModelWaitThought is the thought an ACP client is sent for w.
func ModelWaitThought(w engine.ModelWait) string {
	return "[loopls] " + w.Message() + "\n\n"
}
