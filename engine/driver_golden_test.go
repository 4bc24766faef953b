package engine

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"github.com/loopls/loopls/engine/machine"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Driver golden traces: testdata/driver/<scenario>.txt hold every observer
// event of one run, in order, followed by what the ending left behind (the
// Run record, history and pending). Regenerate with
//
//	go test ./engine -run DriverGolden -update
//
// and review the diff: it is the driver's behaviour.

type goldenScenario struct {
	name    string
	cfg     func() AgentConfig
	history []machine.Message
	prompt  string
	// cancelOn, when set, cancels the run once this event line appears.
	cancelOn string
}

// updateTraces rewrites the driver's golden traces (testdata/driver/*.txt).
var updateTraces = flag.Bool("update", false, "rewrite the outputs of engine/testdata/driver/*.txt traces")

func goldenScenarios() []goldenScenario {
	readme := func() Tool { return constTool("read_file", "# readme") }
	return []goldenScenario{
		{name: "completed_two_turns", prompt: "read the readme", cfg: func() AgentConfig {
			return AgentConfig{Model: &fakeModel{name: "fake:m", reply: toolThenAnswer}, Tools: []Tool{readme()}}
		}},
		{name: "max_turns", prompt: "go", cfg: func() AgentConfig {
			return AgentConfig{Model: repeatModel(), Tools: []Tool{&fakeTool{name: "read_file", fn: counterOutput()}},
				Policy: machine.Policy{MaxTurns: 2, CompactThreshold: 80, AutoCompact: true}}
		}},
		{name: "cancelled_mid_tool", prompt: "read", cancelOn: "tool_pre", cfg: func() AgentConfig {
			return AgentConfig{Model: &fakeModel{name: "fake:m", reply: toolThenAnswer},
				Tools: []Tool{&fakeTool{name: "read_file", fn: func(ctx context.Context, _ ToolInvocation) (ToolResult, error) {
					return ToolResult{}, blockUntilDone(ctx, nil)
				}}}}
		}},
		{name: "cancelled_mid_stream", prompt: "hi", cancelOn: "transition 2", cfg: func() AgentConfig {
			return AgentConfig{Model: &fakeModel{name: "fake:m", reply: func(ctx context.Context, _ int, _ ModelRequest, _ func(Delta)) (ModelResponse, error) {
				return ModelResponse{}, blockUntilDone(ctx, nil)
			}}}
		}},
		{name: "context_exceeded_noop", prompt: "too long for the window", cfg: func() AgentConfig {
			return AgentConfig{Model: answerModel("never"), ContextManager: cmFunc(func(ctx context.Context, req CompactRequest) (CompactResult, error) {
				return CompactResult{Messages: req.Messages}, nil
			}), Policy: machine.Policy{MaxTurns: 10, ContextWindow: 5, CompactThreshold: 80, AutoCompact: true}}
		}},
		{name: "compacted_then_completed", prompt: "next", history: bulkyHistory(4, 4000), cfg: func() AgentConfig {
			return AgentConfig{Model: answerModel("done"), Policy: machine.Policy{MaxTurns: 10, ContextWindow: 4400, CompactThreshold: 80, AutoCompact: true}}
		}},
		{name: "failed_api_after_retries", prompt: "hi", cfg: func() AgentConfig {
			return AgentConfig{Model: failingModel("fake:m", 503)}
		}},
		{name: "fallback", prompt: "hi", cfg: func() AgentConfig {
			return AgentConfig{Model: failingModel("fake:primary", 500), Fallbacks: []Model{answerModel("from the fallback")}, Clock: newFakeClock()}
		}},
		{name: "loop_detected", prompt: "again", cfg: func() AgentConfig {
			return AgentConfig{Model: repeatModel(), Tools: []Tool{constTool("read_file", "same")}}
		}},
		{name: "tool_recovery_exhausted", prompt: "again", cfg: func() AgentConfig {
			return AgentConfig{Model: repeatModel(), Tools: []Tool{&fakeTool{name: "read_file", fn: func(context.Context, ToolInvocation) (ToolResult, error) {
				return ToolResult{Output: "no such file", IsError: true}, nil
			}}}}
		}},
	}
}

func counterOutput() func(context.Context, ToolInvocation) (ToolResult, error) {
	n := 0
	return func(context.Context, ToolInvocation) (ToolResult, error) {
		n++
		return ToolResult{Output: fmt.Sprint("output ", n)}, nil
	}
}

func TestDriverGolden(t *testing.T) {
	for _, sc := range goldenScenarios() {
		t.Run(sc.name, func(t *testing.T) {
			cfg := sc.cfg()
			rec := newRecorder()
			ch := make(chan string, 1024)
			rec.notify = ch
			cfg.Observers = []Observer{rec}
			cfg.Retry = fastRetry
			a := NewAgent(cfg, "golden", sc.history)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if sc.cancelOn != "" {
				go func() {
					timeout := time.After(5 * time.Second)
					for {
						select {
						case l := <-ch:
							if strings.HasPrefix(l, sc.cancelOn) {
								cancel()
								return
							}
						case <-timeout:
							cancel()
							return
						}
					}
				}()
			}
			run, err := a.Run(ctx, RunInput{ID: "run-1", Prompt: sc.prompt})
			got := goldenText(rec, a, run, err)
			file := filepath.Join("testdata", "driver", sc.name+".txt")
			if *updateTraces {
				if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs:\n got:\n%s\nwant:\n%s", file, got, want)
			}
		})
	}
}

// goldenText renders a run's events and leftovers deterministically.
func goldenText(rec *recorder, a *Agent, run Run, err error) string {
	var b strings.Builder
	b.WriteString("# events\n")
	for _, l := range rec.snapshot() {
		b.WriteString(l + "\n")
	}
	b.WriteString("# transitions (seq from->to event turn tokens outcome)\n")
	for _, tr := range rec.transitions {
		fmt.Fprintf(&b, "%d %s->%s %s turn=%d tokens=%d %s\n", tr.Seq, tr.From, tr.To, tr.Event, tr.Turn, tr.ContextTokens, tr.Outcome)
	}
	b.WriteString("# leftovers\n")
	fmt.Fprintf(&b, "run: outcome=%s turns=%d output=%q usage=%+v\n", run.Outcome, run.Turns, run.Output, run.Usage)
	var le *machine.LoopError
	if errors.As(err, &le) {
		fmt.Fprintf(&b, "error: %s: %s\n", le.Kind, le.Message)
	} else {
		fmt.Fprintf(&b, "error: %v\n", err)
	}
	h := a.History()
	fmt.Fprintf(&b, "history: %d messages\n", len(h))
	for _, m := range h {
		c := m.Content
		if len(c) > 60 {
			c = c[:60] + "…"
		}
		fmt.Fprintf(&b, "  %s %q calls=%d\n", m.Role, c, len(m.ToolCalls))
	}
	fmt.Fprintf(&b, "pending: %d messages\n", len(a.machine.Pending()))
	return b.String()
}
