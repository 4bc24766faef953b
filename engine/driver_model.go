package engine

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"time"

	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/redact"
)

// errStalled is the cause a stalled stream is cut with.
var errStalled = errors.New("model stream stalled")

// MaxAnswerBytes bounds one model answer (text and thinking together). A
// model that streams past it is cut: the answer so far stands, ending with
// answerCapMarker, so memory stays bounded whatever the model does.
const MaxAnswerBytes = 1 << 20

// errAnswerCapped is the cause a stream past MaxAnswerBytes is cut with.
var errAnswerCapped = errors.New("model answer exceeded MaxAnswerBytes")

// tokenCapMarker ends an answer the provider cut at its per-turn token
// bound (localmodels.MaxPredictTokens, remotemodels.MaxOpenAITokens,
// remotemodels.DefaultAnthropicMaxTokens).
const tokenCapMarker = "\n[… answer cut: the model reached the per-turn output limit; ask for a shorter answer or continue]"

// answerCapMarker ends an answer cut at MaxAnswerBytes.
var answerCapMarker = fmt.Sprintf("\n[… answer cut: the model wrote more than %d bytes (MaxAnswerBytes); ask for a shorter answer or continue]", MaxAnswerBytes)

// stepCallLLM starts one CallLLM step: one model response, through the
// fallback chain and the retry ladder, streamed on its own goroutine; its
// apply feeds the response back as ModelResponse.
func (a *Agent) stepCallLLM(rs *runState, turn int) inflight {
	conv := a.machine.Conversation()
	req := ModelRequest{
		System:        a.cfg.System,
		Messages:      conv,
		Tools:         rs.specs,
		ContextWindow: rs.policy.ContextWindow,
	}
	rs.ledger = deltaLedger{}
	wait := ModelWait{RunID: rs.run.ID, Turn: turn, Model: rs.models[a.lastServed].Name(), After: a.cfg.ModelWaitNotice}
	rs.wait = armModelWait(a.afterFunc, wait.After, func() { a.obs.each(func(o Observer) { o.OnModelWait(wait) }) })
	apply := func(r stepResult) { a.modelAnswered(rs, turn, conv, r) }
	return perform(apply, false, func() stepResult {
		resp, lerr := a.callChain(rs, turn, req)
		rs.wait.stop() // before the result: a notice never follows the answer
		return stepResult{resp: resp, err: lerr}
	})
}

// modelAnswered feeds the turn's model response (or its failure) to the
// machine, on the run loop.
func (a *Agent) modelAnswered(rs *runState, turn int, conv []machine.Message, r stepResult) {
	if r.err != nil {
		a.fail(rs, r.err)
		return
	}
	resp := r.resp
	msg := resp.Message
	rs.run.Usage.InputTokens += resp.Usage.InputTokens
	rs.run.Usage.OutputTokens += resp.Usage.OutputTokens
	if resp.Model != "" {
		rs.run.Model = resp.Model
	}
	if resp.TextCalls != "" {
		rs.run.TextToolCalls += len(msg.ToolCalls)
	}

	// Provider counts replace the estimate whenever they are reported, and
	// calibrate the counter for the measurements that follow.
	chars := messagesChars(conv) + messageChars(&msg)
	tokens := a.counter.countChars(chars)
	if reported := resp.Usage.InputTokens + resp.Usage.OutputTokens; reported > 0 {
		a.counter.calibrate(chars, reported)
		tokens = reported
	}
	a.obs.each(func(o Observer) { o.OnResponse(rs.run.ID, turn, resp) })
	if len(msg.ToolCalls) == 0 {
		if streak, converged := a.converge.Record(msg.Content); converged {
			// A warning only: the answer stands.
			a.obs.each(func(o Observer) { o.OnLoopDetected(rs.run.ID, "", streak, false) })
		}
	}
	a.feed(rs)(a.machine.ModelResponse(msg, tokens, rs.names))
}

// callChain asks the fallback breaker which model serves, calls it with
// retries, and on failure lets the breaker move to the next model of the
// chain within the same turn. Without fallbacks the first failure (after
// its retries) is the turn's error.
func (a *Agent) callChain(rs *runState, turn int, req ModelRequest) (ModelResponse, *machine.LoopError) {
	// Every failure either advances the breaker toward a trip or spends a
	// fallback's allowance, so the loop is bounded; the cap is a backstop.
	limit := a.cfg.Fallback.TripThreshold + a.cfg.Fallback.MaxEntryFailures*len(a.cfg.Fallbacks) + 2
	var last *machine.LoopError
	for range limit {
		idx, ok := a.fallback.Route(a.clock.Now())
		if !ok {
			return ModelResponse{}, FallbackExhausted(modelNames(rs.models), a.cfg.Fallback.Cooldown)
		}
		if idx != a.lastServed {
			from, to := rs.models[a.lastServed].Name(), rs.models[idx].Name()
			a.obs.each(func(o Observer) { o.OnFallback(rs.run.ID, from, to) })
			a.lastServed = idx
		}
		resp, lerr := a.callWithRetries(rs, turn, rs.models[idx], req)
		if lerr == nil {
			a.fallback.RecordSuccess(idx)
			return resp, nil
		}
		if machine.IsCancelled(lerr) {
			return ModelResponse{}, lerr // never a failure: the breaker is not told
		}
		a.fallback.RecordFailure(a.clock.Now(), idx)
		if len(rs.models) == 1 {
			return ModelResponse{}, lerr
		}
		last = lerr
	}
	return ModelResponse{}, last
}

func modelNames(models []Model) []string {
	out := make([]string, len(models))
	for i, m := range models {
		out[i] = m.Name()
	}
	return out
}

// callWithRetries calls model, retrying transient failures with backoff.
// Rate limits honour Retry-After; when every attempt was rate limited the
// error is RateLimitEscalation.
func (a *Agent) callWithRetries(rs *runState, turn int, model Model, req ModelRequest) (ModelResponse, *machine.LoopError) {
	pol := a.cfg.Retry
	limited := 0
	var last error
	var retryAfter time.Duration
	for attempt := 1; attempt <= pol.Attempts; attempt++ {
		if err := a.cfg.RateLimiter.Wait(rs.ctx, providerOf(model.Name())); err != nil {
			if rs.ctx.Err() != nil {
				return ModelResponse{}, machine.Cancelled()
			}
			// The limiter knows the wait would outlast the run's deadline.
			return ModelResponse{}, RateLimitEscalation(attempt, 0)
		}
		resp, stalled, err := a.streamOnce(rs, model, req)
		if err == nil {
			return resp, nil
		}
		class := classifyFailure(rs.ctx, err, stalled)
		if class == failCancelled {
			return ModelResponse{}, machine.Cancelled()
		}
		a.obs.each(func(o Observer) { o.OnStreamFailure(rs.run.ID, turn, model.Name(), err) })
		if class == failPermanent {
			return ModelResponse{}, APIFailure(err)
		}
		last, retryAfter = err, 0
		if class == failRateLimited {
			limited++
			var ae *APIError
			if errors.As(err, &ae) {
				retryAfter = time.Duration(ae.RetryAfter)
			}
		}
		if attempt == pol.Attempts {
			break
		}
		rs.log.Warn("model call failed; retrying", "model", model.Name(), "attempt", attempt, "err", err)
		if sleepCtx(rs.ctx, pol.Delay(attempt, retryAfter, rand.Float64())) != nil {
			return ModelResponse{}, machine.Cancelled()
		}
	}
	if limited == pol.Attempts {
		return ModelResponse{}, RateLimitEscalation(limited, retryAfter)
	}
	return ModelResponse{}, APIFailure(last)
}

// streamOnce makes one model call, forwarding its deltas to the observers
// and cutting it when no delta arrives for the idle timeout. The response
// message is the adapter's, completed from the deltas where the adapter
// left a lane empty, so the message is what the deltas spelled.
func (a *Agent) streamOnce(rs *runState, model Model, req ModelRequest) (resp ModelResponse, stalled bool, err error) {
	ctx, cancel := context.WithCancelCause(rs.ctx)
	defer cancel(nil)
	dog := startWatchdog(cancel, errStalled, a.cfg.FirstDeltaTimeout, a.cfg.StreamIdleTimeout)
	defer dog.Stop()

	var text, thinking strings.Builder
	var calls []machine.ToolCall
	var capped atomic.Bool
	rs.ledger.newAttempt()
	// Deltas reach observers scrubbed of secrets; a secret split across
	// two deltas is held back until it is whole (redact.Stream).
	scrub := map[Lane]*redact.Stream{LaneText: redact.NewStream(redact.Default()), LaneThinking: redact.NewStream(redact.Default())}
	send := func(lane Lane, out string) {
		if out != "" {
			a.obs.each(func(o Observer) { o.OnDelta(rs.run.ID, lane, out) })
		}
	}
	// The text lane passes through hold while it may still be tool calls
	// written as text (ParseTextCalls); held text has not reached the
	// ledger, so a retry that replays it sends it as new.
	hold := newCallHold(len(req.Tools))
	emit := func(lane Lane, in string) {
		if lane == LaneText {
			in = hold.write(in)
		}
		send(lane, scrub[lane].Write(rs.ledger.add(lane, in)))
	}
	resp, err = safeStream(ctx, model, req, func(d Delta) {
		if capped.Load() {
			return
		}
		dog.Fed()
		rs.wait.stop() // the model spoke
		switch d.Lane {
		case LaneText:
			text.WriteString(d.Text)
		case LaneThinking:
			thinking.WriteString(d.Text)
		case LaneTool:
			if d.ToolCall != nil {
				calls = append(calls, *d.ToolCall)
			}
			return
		default:
			return
		}
		emit(d.Lane, d.Text)
		if text.Len()+thinking.Len() > MaxAnswerBytes {
			// A model that writes without end is cut: the answer so far
			// stands, with a marker, and the turn goes on.
			capped.Store(true)
			cancel(errAnswerCapped)
		}
	})
	// Text the hold kept from the user (all of it, or none came as
	// deltas) is calls only when the stream ended whole with no native
	// calls and the text reads as calls; else it is the answer.
	var textCalls []machine.ToolCall
	var textFormat TextCallFormat
	if !hold.released && err == nil && !capped.Load() && len(calls) == 0 && len(resp.Message.ToolCalls) == 0 && ctx.Err() == nil {
		content := resp.Message.Content
		if content == "" {
			content = text.String()
		}
		if textCalls, textFormat = ParseTextCalls(content, toolNames(req.Tools)); textCalls != nil {
			hold.drop()
		}
	}
	if hold.holding() && (err == nil || capped.Load()) {
		emit(LaneText, hold.release())
	}
	send(LaneThinking, scrub[LaneThinking].Flush())
	send(LaneText, scrub[LaneText].Flush())
	// The stream's context ends for three reasons: the run was cancelled,
	// or the driver cut the stream itself (the answer cap, the watchdog).
	// Only the driver's own cuts are handled here; a cancelled run's stream
	// just reports its error, and the run loop takes the cancel.
	cutByUs := rs.ctx.Err() == nil
	if capped.Load() && cutByUs {
		send(LaneText, answerCapMarker)
		msg := machine.Message{Role: machine.RoleAssistant, Content: redact.String(text.String()) + answerCapMarker, Thinking: redact.String(thinking.String())}
		return ModelResponse{Message: msg, Model: model.Name()}, false, nil
	}
	stalled = dog.Fired() && cutByUs
	if err == nil && stalled {
		// An adapter that hands back what it had when its context ended
		// must not pass a cut stream off as a whole answer.
		err = errStalled
	}
	if err != nil {
		if stalled {
			return ModelResponse{}, true, &APIError{Message: "the model stream stalled: no data within the stream timeout; it was closed and may be retried", Transient: true, Cause: err}
		}
		return ModelResponse{}, false, err
	}
	msg := resp.Message
	msg.Role = machine.RoleAssistant
	if msg.Content == "" {
		msg.Content = text.String()
	}
	if textCalls != nil {
		// The answer was calls written as text: they run as native calls
		// would, and the markup is no answer.
		rs.log.Info("tool calls read from the answer text", "model", model.Name(), "format", string(textFormat), "calls", len(textCalls))
		msg.Content, msg.ToolCalls, calls = "", textCalls, nil
		resp.TextCalls = textFormat
	}
	if msg.Thinking == "" {
		msg.Thinking = thinking.String()
	}
	msg.Content, msg.Thinking = redact.String(msg.Content), redact.String(msg.Thinking)
	if len(msg.ToolCalls) == 0 && (resp.StopReason == "length" || resp.StopReason == "max_tokens") {
		// The provider's per-turn token bound (num_predict, max_tokens)
		// cut the answer: say so rather than pass it off as whole.
		msg.Content += tokenCapMarker
		send(LaneText, tokenCapMarker)
	}
	if len(msg.ToolCalls) == 0 {
		msg.ToolCalls = calls
	}
	for i := range msg.ToolCalls {
		if msg.ToolCalls[i].ID == "" {
			// Results are paired with calls by id; a provider that gives
			// none (some llama.cpp builds) gets one.
			msg.ToolCalls[i].ID = machine.ToolCallID(fmt.Sprintf("call_%d_%d", len(req.Messages), i))
		}
	}
	resp.Message = msg
	if resp.Model == "" {
		resp.Model = model.Name()
	}
	return resp, false, nil
}

// toolNames returns the names of the tools specs offer.
func toolNames(specs []ToolSpec) []string {
	out := make([]string, len(specs))
	for i, s := range specs {
		out[i] = s.Name
	}
	return out
}

// safeStream calls model.Stream, turning a panic in the adapter into a
// permanent error: a bug in one provider's adapter fails the run, not the
// daemon.
func safeStream(ctx context.Context, model Model, req ModelRequest, onDelta func(Delta)) (resp ModelResponse, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the %s adapter crashed (%v); this is a bug in loopls, please report it", model.Name(), r)
		}
	}()
	return model.Stream(ctx, req, onDelta)
}

// deltaLedger keeps, per lane, the text observers were sent during one turn,
// across the attempts of that turn. A retried stream usually replays the
// text the failed attempt already streamed; the replayed part is not sent
// again, so what observers concatenate stays what the model said. (A retry
// that says something different cannot unsay what was sent: observers learn
// of the failed attempt through OnStreamFailure.) Its work is linear in the
// text: each delta is compared only with the part of the sent text it
// replays, never the whole text so far.
type deltaLedger struct {
	lanes map[Lane]*ledgerLane
}

// ledgerLane is one lane's bookkeeping.
type ledgerLane struct {
	sent     strings.Builder // what observers got this turn
	cur      int             // bytes the current attempt said so far
	diverged bool            // the current attempt left the sent text
}

func (l *deltaLedger) newAttempt() {
	for _, ln := range l.lanes {
		ln.cur, ln.diverged = 0, false
	}
}

// add records text from the current attempt on lane and returns the part
// observers have not been sent yet.
func (l *deltaLedger) add(lane Lane, text string) string {
	if text == "" {
		return ""
	}
	if l.lanes == nil {
		l.lanes = make(map[Lane]*ledgerLane)
	}
	ln := l.lanes[lane]
	if ln == nil {
		ln = &ledgerLane{}
		l.lanes[lane] = ln
	}
	if !ln.diverged {
		sent := ln.sent.String()
		n := min(len(text), len(sent)-ln.cur)
		if n > 0 && text[:n] != sent[ln.cur:ln.cur+n] {
			ln.diverged = true
		} else {
			ln.cur += len(text)
			text = text[max(n, 0):]
		}
	}
	ln.sent.WriteString(text)
	return text
}
