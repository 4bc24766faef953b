package engine

import (
	"context"
	"errors"
	"fmt"
	"github.com/loopls/loopls/engine/machine"
	"log/slog"
	"slices"
	"testing"
	"time"
)

// FuzzDriver drives runs whose model and tools behave as the input bytes
// say (answers, known and unknown tool calls, transient and permanent
// errors, rate limits, cancels; tool results, errors, failures, panics) and
// checks what every run must guarantee whatever happened: it ends with an
// outcome, its transitions are numbered 1..n from accept_input to one
// Terminal, OnRunEnd and the checkpoints fire once each, pending is empty,
// history grows only on Completed, and the agent runs again afterwards.
func FuzzDriver(f *testing.F) {
	f.Add([]byte{0})
	f.Add([]byte{1, 0, 0})
	f.Add([]byte{2, 3, 3, 3, 0})
	f.Add([]byte{5, 1, 2, 1, 3, 0})
	f.Add([]byte{6, 1, 4})
	f.Add([]byte{1, 7, 1, 6, 1, 5, 0})
	f.Fuzz(func(t *testing.T, script []byte) {
		if len(script) > 64 {
			script = script[:64]
		}
		next := func() byte {
			if len(script) == 0 {
				return 0
			}
			b := script[0]
			script = script[1:]
			return b
		}
		var cancel context.CancelFunc
		model := &fakeModel{name: "fuzz:m", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
			switch next() % 8 {
			case 1:
				return callTool(fmt.Sprint("c", n), "tool", fmt.Sprintf(`{"n":%d}`, next()%3), emit)
			case 2:
				return callTool(fmt.Sprint("c", n), "nope", `{}`, emit)
			case 3:
				return ModelResponse{}, &APIError{Status: 500, Message: "boom", Transient: true}
			case 4:
				return ModelResponse{}, &APIError{Status: 400, Message: "bad"}
			case 5:
				return ModelResponse{}, &APIError{Status: 429, Message: "slow", Transient: true, RateLimit: true}
			case 6:
				cancel()
				<-ctx.Done()
				return ModelResponse{}, ctx.Err()
			case 7:
				emit(Delta{Lane: LaneThinking, Text: "hm"})
				return say("thought", emit)
			default:
				return say("answer", emit)
			}
		}}
		tool := &fakeTool{name: "tool", fn: func(ctx context.Context, inv ToolInvocation) (ToolResult, error) {
			switch next() % 5 {
			case 1:
				return ToolResult{Output: "bad input", IsError: true}, nil
			case 2:
				return ToolResult{}, errors.New("infra")
			case 3:
				panic("tool bug")
			case 4:
				cancel()
				<-ctx.Done()
				return ToolResult{}, ctx.Err()
			default:
				return ToolResult{Output: "ok"}, nil
			}
		}}
		rec := newRecorder()
		a := NewAgent(AgentConfig{Model: model, Tools: []Tool{tool}, Observers: []Observer{rec}, Retry: fastRetry,
			Logger: discardLogger(), Policy: machine.Policy{MaxTurns: 6, CompactThreshold: 80, AutoCompact: true}}, "fuzz", nil)
		for range 2 {
			before := len(a.History())
			rec.mu.Lock()
			rec.transitions, rec.ends, rec.checkpoints = nil, nil, nil
			rec.mu.Unlock()
			var ctx context.Context
			ctx, cancel = context.WithCancel(context.Background())
			type result struct {
				run Run
				err error
			}
			done := make(chan result, 1)
			go func() {
				run, err := a.Run(ctx, RunInput{Prompt: "fuzz"})
				done <- result{run, err}
			}()
			var res result
			select {
			case res = <-done:
			case <-time.After(10 * time.Second):
				cancel()
				<-done
				t.Fatalf("a run hung; events %q", rec.snapshot())
			}
			cancel()
			run, err := res.run, res.err
			if run.Outcome == "" || (err == nil) != (run.Outcome == machine.OutcomeCompleted) {
				t.Fatalf("outcome %q with err %v", run.Outcome, err)
			}
			trs := rec.transitions
			if len(trs) < 2 || trs[0].Event != machine.EventAcceptInput || trs[len(trs)-1].To != machine.StateTerminal {
				t.Fatalf("transitions %q", rec.transitionLines())
			}
			for i, tr := range trs {
				if tr.Seq != i+1 {
					t.Fatalf("seq %d at %d", tr.Seq, i)
				}
				if (tr.To == machine.StateTerminal) != (i == len(trs)-1) {
					t.Fatalf("terminal at %d of %d", i, len(trs))
				}
			}
			cps := rec.checkpoints
			if len(rec.ends) != 1 || len(cps) < 2 || cps[0].Point != machine.PointRunStarted || cps[len(cps)-1].Point != machine.PointRunEnded {
				t.Fatalf("%d run ends, checkpoints %v", len(rec.ends), cps)
			}
			// Every commit point in between is taken right after the move it
			// makes durable, and carries that move's seq.
			for _, c := range cps[1 : len(cps)-1] {
				if c.Seq < 1 || c.Seq > len(trs) {
					t.Fatalf("checkpoint %s at seq %d of %d", c.Point, c.Seq, len(trs))
				}
				tr := trs[c.Seq-1]
				switch c.Point {
				case machine.PointModelAnswered:
					if tr.Event != machine.EventModelResponse || tr.To != machine.StateAwaitingTools {
						t.Fatalf("model_answered checkpoint after %+v", tr)
					}
				case machine.PointToolResults:
					if tr.Event != machine.EventToolResults || tr.To != machine.StateStart {
						t.Fatalf("tool_results checkpoint after %+v", tr)
					}
				case machine.PointCompacted:
					if tr.Event != machine.EventCompactionResult {
						t.Fatalf("compacted checkpoint after %+v", tr)
					}
				default:
					t.Fatalf("checkpoint %s in the middle of a run", c.Point)
				}
			}
			for i, tr := range trs {
				want := machine.PointModelAnswered
				switch {
				case tr.Event == machine.EventModelResponse && tr.To == machine.StateAwaitingTools:
				case tr.Event == machine.EventToolResults && tr.To == machine.StateStart:
					want = machine.PointToolResults
				default:
					continue
				}
				if !slices.ContainsFunc(cps, func(c Checkpoint) bool { return c.Point == want && c.Seq == i+1 }) {
					t.Fatalf("no %s checkpoint after transition %d %+v", want, i+1, tr)
				}
			}
			pending := len(a.machine.Pending())
			after := len(a.History())
			if pending != 0 || (run.Outcome == machine.OutcomeCompleted) != (after > before) {
				t.Fatalf("pending %d, history %d -> %d, outcome %s", pending, before, after, run.Outcome)
			}
		}
	})
}

func discardLogger() *slog.Logger { return slog.New(slog.DiscardHandler) }
