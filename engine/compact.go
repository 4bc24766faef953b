package engine

import (
	"github.com/loopls/loopls/engine/machine"

	"context"
	"errors"
	"fmt"
	"strings"
)

// ContextManager decides how a conversation that no longer fits is made
// smaller. The driver measures before and after itself, with the one counter
// the machine's guards use, so a manager's own opinion of its savings never
// reaches the no-progress guard.
type ContextManager interface {
	Compact(ctx context.Context, req CompactRequest) (CompactResult, error)
}

// CompactRequest is one compaction pass.
type CompactRequest struct {
	Reason machine.CompactReason
	// Messages is the whole conversation (history then pending).
	Messages []machine.Message
	// Window is the context window in tokens; Target is the size to aim
	// for (70 % of the threshold).
	Window, Target int
	// Count measures messages as the machine does (overhead included).
	Count func([]machine.Message) int
	// Model can write a summary; System is the run's system prompt.
	Model  Model
	System string
}

// CompactResult is what a pass produced. Changed false means it rewrote
// nothing (the driver feeds CompactionNoop).
type CompactResult struct {
	Messages []machine.Message
	Changed  bool
	// Stage says what did the work: "trim" or "summarize".
	Stage string
}

// DefaultContextManager compacts in two stages, cheapest first: it clears
// the text of old tool outputs (the bulk of an agent's context, and
// re-readable), oldest first, until the conversation fits the target; if
// that is not enough it asks the model to summarize everything but the
// recent messages.
type DefaultContextManager struct {
	// PreserveRecent is how many trailing messages are never touched.
	// Default 6.
	PreserveRecent int
}

// clearedMarker replaces a trimmed tool output.
const clearedMarker = "[cleared to save context: an earlier tool output; call the tool again if you need it]"

// Compact implements ContextManager.
func (d *DefaultContextManager) Compact(ctx context.Context, req CompactRequest) (CompactResult, error) {
	keep := d.PreserveRecent
	if keep <= 0 {
		keep = 6
	}
	msgs := append([]machine.Message(nil), req.Messages...)
	changed := false
	tail := max(len(msgs)-keep, 0)
	for i := 0; i < tail && req.Count(msgs) > req.Target; i++ {
		if msgs[i].Role == machine.RoleTool && len(msgs[i].Content) > len(clearedMarker) {
			msgs[i].Content = clearedMarker
			changed = true
		}
	}
	if req.Count(msgs) <= req.Target || req.Model == nil {
		return CompactResult{Messages: msgs, Changed: changed, Stage: "trim"}, nil
	}

	split := pairSafeSplit(msgs, tail)
	if split <= 0 {
		return CompactResult{Messages: msgs, Changed: changed, Stage: "trim"}, nil
	}
	summary, err := summarize(ctx, req.Model, msgs[:split], req.Target, req.Window)
	if err != nil {
		if ctx.Err() != nil || !changed {
			return CompactResult{}, err
		}
		// Trimming made progress; keep it rather than fail the run.
		return CompactResult{Messages: msgs, Changed: true, Stage: "trim"}, nil
	}
	out := []machine.Message{machine.UserMessage("[Summary of the earlier conversation]\n" + summary)}
	if last := lastUserIndex(msgs[:split]); last >= 0 && lastUserIndex(msgs[split:]) < 0 {
		// The task being worked on must survive word for word.
		out = append(out, msgs[last])
	}
	out = append(out, msgs[split:]...)
	return CompactResult{Messages: out, Changed: true, Stage: "summarize"}, nil
}

// pairSafeSplit moves split back so the kept tail does not begin with tool
// results whose call would be summarized away.
func pairSafeSplit(msgs []machine.Message, split int) int {
	for split > 0 && split < len(msgs) && msgs[split].Role == machine.RoleTool {
		split--
	}
	return split
}

func lastUserIndex(msgs []machine.Message) int {
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Role == machine.RoleUser {
			return i
		}
	}
	return -1
}

// summarize asks model for a summary of msgs, sending a transcript bounded
// to what fits a target-sized request. The request carries the run's
// window, as every turn's does: for Ollama a different num_ctx would mean
// reloading the model, and without one the adapter's own choice.
func summarize(ctx context.Context, model Model, msgs []machine.Message, target, window int) (string, error) {
	var b strings.Builder
	for _, m := range msgs {
		fmt.Fprintf(&b, "%s: %s\n", m.Role, m.Content)
		for _, c := range m.ToolCalls {
			fmt.Fprintf(&b, "  (called %s %s)\n", c.Name, c.Arguments)
		}
	}
	transcript := b.String()
	if limit := max(target, 256) * charsPerToken; len(transcript) > limit {
		// Keep the start (the task) and the end (the latest state).
		transcript = transcript[:limit/2] + "\n[…]\n" + transcript[len(transcript)-limit/2:]
	}
	resp, err := safeStream(ctx, model, ModelRequest{
		System:        "You summarize a coding assistant's conversation so it can continue with less context. Keep the user's task, decisions made, files touched and facts learned; drop verbatim tool output. Answer with the summary only.",
		Messages:      []machine.Message{machine.UserMessage(transcript)},
		ContextWindow: window,
	}, func(Delta) {})
	if err != nil {
		return "", fmt.Errorf("summarizing the conversation: %w", err)
	}
	if strings.TrimSpace(resp.Message.Content) == "" {
		return "", errors.New("summarizing the conversation: the model returned an empty summary")
	}
	return resp.Message.Content, nil
}

// stepCompact starts one Compact step through the ContextManager on its
// own goroutine; its apply feeds the result back. before and after come
// from the same counter.
func (a *Agent) stepCompact(rs *runState, reason machine.CompactReason) inflight {
	conv := a.machine.Conversation()
	before := a.counter.count(conv)
	window := rs.policy.ContextWindow
	target := machine.PercentOf(machine.PercentOf(window, max(rs.policy.CompactThreshold, 1)), 70)
	model := rs.models[a.lastServed]
	req := CompactRequest{
		Reason: reason, Messages: conv, Window: window, Target: target,
		Count: a.counter.count, Model: model, System: a.cfg.System,
	}
	apply := func(r stepResult) { a.compacted(rs, before, r) }
	return perform(apply, false, func() stepResult {
		res, err := safeCompact(rs.ctx, a.cfg.ContextManager, req)
		if err != nil {
			lerr := machine.ContextExceeded(before, window)
			lerr.Message = fmt.Sprintf("context exceeded: compaction failed (%v); use a model with a bigger window (contextWindow) or start a new session", err)
			lerr.Cause = err
			return stepResult{err: lerr}
		}
		return stepResult{compact: res}
	})
}

// compacted feeds a compaction pass (or its failure) to the machine, on the
// run loop.
func (a *Agent) compacted(rs *runState, before int, r stepResult) {
	if r.err != nil {
		a.fail(rs, r.err) // a pass cut by a cancel is not a failure: fail knows
		return
	}
	res := r.compact
	if !res.Changed {
		a.feed(rs)(a.machine.CompactionNoop(before, before))
		return
	}
	after := a.counter.count(res.Messages)
	a.feed(rs)(a.machine.CompactionResult(res.Messages, before, after))
}

// safeCompact calls the ContextManager, turning a panic into an error.
func safeCompact(ctx context.Context, cm ContextManager, req CompactRequest) (res CompactResult, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the context manager crashed (%v)", r)
		}
	}()
	return cm.Compact(ctx, req)
}
