package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"runtime/debug"
	"sync"
	"time"

	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/redact"
)

// stepCallTools starts one CallTools step: refuse everything if a loop stop
// is armed, else dispatch the calls concurrently on their own goroutines
// (unknown tools answered by their ready-made results); its apply records
// them for loop detection in the model's order, checks the tool-recovery
// budget, and feeds the results back in the model's order. A cancel
// abandons the batch: the tools' context is cancelled and their OnToolPost
// never fires (an orphan pre = cancelled).
func (a *Agent) stepCallTools(rs *runState, step machine.Step) inflight {
	if tool, n, armed := a.loops.PendingStop(); armed {
		a.loops.Fire()
		a.obs.each(func(o Observer) { o.OnLoopDetected(rs.run.ID, tool, n, true) })
		a.feed(rs)(a.machine.LoopStopped(tool, n))
		return inflight{}
	}
	for i, pc := range step.Calls {
		if pc.Preresolved != nil {
			a.toolEvent(rs, false, ToolEvent{RunID: rs.run.ID, Turn: step.Turn, Index: i, Call: pc.Call, Status: ToolRunning})
			a.toolEvent(rs, true, ToolEvent{RunID: rs.run.ID, Turn: step.Turn, Index: i, Call: pc.Call, Status: ToolFailed, Output: pc.Preresolved.Content})
		}
	}
	apply := func(r stepResult) { a.toolsAnswered(rs, step, r) }
	return perform(apply, true, func() stepResult { return a.runTools(rs, step) })
}

// runTools dispatches one turn's calls, at most ToolConcurrency at once,
// calls on one path one after the other in the model's order, and returns
// their results once all are in.
func (a *Agent) runTools(rs *runState, step machine.Step) stepResult {
	results := make([]machine.Message, len(step.Calls))
	dispatched := make([]bool, len(step.Calls))
	ctx, cancel := context.WithCancel(rs.ctx)
	defer cancel()
	sem := make(chan struct{}, a.cfg.ToolConcurrency)
	var wg sync.WaitGroup
	var lanes [][]int // indexes of dispatched calls; each lane runs in order
	byPath := make(map[string]int)
	for i, pc := range step.Calls {
		if pc.Preresolved != nil {
			results[i] = *pc.Preresolved
			continue
		}
		dispatched[i] = true
		// Calls on the same path run one after the other, in the model's
		// order: two edits of one file in one turn must not race.
		if p := pathOf(pc.Call.Arguments); p != "" {
			if l, ok := byPath[p]; ok {
				lanes[l] = append(lanes[l], i)
				continue
			}
			byPath[p] = len(lanes)
		}
		lanes = append(lanes, []int{i})
	}
	for _, lane := range lanes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, i := range lane {
				select {
				case sem <- struct{}{}:
				case <-ctx.Done():
					return
				}
				results[i] = a.dispatch(ctx, rs, step.Turn, i, step.Calls[i].Call)
				<-sem
			}
		}()
	}
	wg.Wait()
	return stepResult{results: results, ran: dispatched}
}

// toolsAnswered feeds a turn's tool results to the machine, on the run loop.
// A cancelled run feeds none: its batch was abandoned.
func (a *Agent) toolsAnswered(rs *runState, step machine.Step, r stepResult) {
	if a.machine.IsCancelled() {
		return
	}
	results := r.results
	for i, pc := range step.Calls {
		// Unknown tools count too: a model stuck calling a tool that does
		// not exist is looping as surely as one re-reading a file.
		v := a.loops.Record(SignatureOf(pc.Call.Name, pc.Call.Arguments, results[i].Content))
		if v.Warn {
			a.obs.each(func(o Observer) { o.OnLoopDetected(rs.run.ID, pc.Call.Name, v.Repeats, false) })
			results[i].Content += loopWarning(pc.Call.Name, v.Repeats)
		}
		if !r.ran[i] {
			continue
		}
		if n, over := rs.refl.exhausted(callKey(pc.Call)); over {
			a.feed(rs)(a.machine.RecoveryExhausted(pc.Call.Name, n))
			return
		}
	}
	// The estimate grows by the results alone: the base is what the
	// provider (or the counter) said after the response, so the turn does
	// not re-measure the whole conversation.
	tokens := a.machine.ContextTokens() + scalePermille(EstimateTokens(results), a.counter.permille)
	a.feed(rs)(a.machine.ToolResults(results, tokens))
}

// pathOf returns the "path" argument of a call, the resource most tools
// act on, or "" when there is none.
func pathOf(args []byte) string {
	var v struct {
		Path string `json:"path"`
	}
	if json.Unmarshal(args, &v) != nil || v.Path == "" {
		return ""
	}
	return filepath.Clean(v.Path)
}

// toolEvent reports a tool event unless the run has ended (a late report
// from an abandoned tool).
func (a *Agent) toolEvent(rs *runState, post bool, ev ToolEvent) {
	a.obs.eachIf(func() bool { return !rs.ended.Load() }, func(o Observer) {
		if post {
			o.OnToolPost(ev)
		} else {
			o.OnToolPre(ev)
		}
	})
}

// dispatch runs one call through the circuit breaker, the tool (panics
// caught), in-place retries of infrastructure failures, and the output
// limit. It always returns a result message: tool failures are results the
// model sees, never run failures.
func (a *Agent) dispatch(ctx context.Context, rs *runState, turn, index int, call machine.ToolCall) machine.Message {
	start := time.Now()
	ev := ToolEvent{RunID: rs.run.ID, Turn: turn, Index: index, Call: call, Status: ToolRunning}
	a.toolEvent(rs, false, ev)
	post := func(output string, isError bool) machine.Message {
		// The model (and every observer) sees the output with the daemon's
		// secrets scrubbed: `cat .env` must not hand the model a key.
		output = LimitOutput(redact.String(output), a.cfg.OutputLimit)
		ev.Status, ev.Output, ev.Duration = ToolCompleted, output, time.Since(start)
		if isError {
			ev.Status = ToolFailed
		}
		if ctx.Err() == nil {
			a.toolEvent(rs, true, ev)
		}
		return machine.ToolResultMessage(call, output, isError)
	}

	if ok, wait := a.breakers.Allow(call.Name, a.clock.Now()); !ok {
		return post(fmt.Sprintf("tool %s is temporarily unavailable: it failed %d times in a row; try again in %s or use another tool",
			call.Name, a.cfg.ToolBreaker.withDefaults().FailureThreshold, wait.Round(time.Second)), true)
	}
	tool := rs.tools[call.Name]
	key := callKey(call)
	inv := ToolInvocation{RunID: rs.run.ID, SessionID: a.session, Turn: turn, Call: call}
	for attempt := 1; ; attempt++ {
		res, err := safeCall(ctx, tool, inv)
		if ctx.Err() != nil {
			return machine.ToolResultMessage(call, "cancelled", true) // abandoned: no post event
		}
		a.breakers.Record(call.Name, a.clock.Now(), err != nil)
		if err == nil {
			if res.IsError {
				rs.refl.failed(key)
			}
			return post(res.Output, res.IsError)
		}
		n := rs.refl.failed(key)
		tp, isPanic := err.(*toolPanic)
		if isPanic {
			rs.log.Error("tool panicked", "tool", call.Name, "panic", tp.value, "stack", string(tp.stack))
		}
		// One retry in place, for a hiccup; a tool that fails again is shown
		// failing to the model (and counted by the breaker and the budget).
		if isPanic || attempt >= inPlaceAttempts || !rs.refl.canRetry(key) {
			return post(err.Error(), true)
		}
		if ok, _ := a.breakers.Allow(call.Name, a.clock.Now()); !ok {
			return post(err.Error(), true)
		}
		rs.log.Warn("tool failed; retrying", "tool", call.Name, "attempt", n, "err", err)
		if sleepCtx(ctx, time.Duration(attempt)*50*time.Millisecond) != nil {
			return machine.ToolResultMessage(call, "cancelled", true)
		}
	}
}

// inPlaceAttempts is how often one dispatch tries a tool whose call failed
// with an infrastructure error before the model sees the failure.
const inPlaceAttempts = 2

// toolPanic is a panic inside a tool, turned into an error.
type toolPanic struct {
	tool  string
	value any
	stack []byte
}

func (p *toolPanic) Error() string {
	return fmt.Sprintf("tool %s crashed (%v); this is a bug in the tool: try another way", p.tool, p.value)
}

// safeCall calls the tool, turning a panic into an error and a Go error
// into one whose text the model can read.
func safeCall(ctx context.Context, tool Tool, inv ToolInvocation) (res ToolResult, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &toolPanic{tool: inv.Call.Name, value: r, stack: debug.Stack()}
		}
	}()
	res, err = tool.Call(ctx, inv)
	if err != nil {
		err = fmt.Errorf("tool %s failed: %w", inv.Call.Name, err)
	}
	return res, err
}
