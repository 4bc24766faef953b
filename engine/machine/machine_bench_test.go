package machine

import "testing"

var benchStep Step

// BenchmarkNextStep measures asking, per state. Asking is on the driver's
// hot path (once per step) and must not allocate.
func BenchmarkNextStep(b *testing.B) {
	p := Policy{MaxTurns: 200, ContextWindow: 8192, CompactThreshold: 80, AutoCompact: true}
	for _, situation := range []string{"Start", "AwaitingModel", "AwaitingTools", "AwaitingCompaction", "Terminal completed"} {
		b.Run(situation, func(b *testing.B) {
			m := machineIn(b, situation)
			b.ReportAllocs()
			for b.Loop() {
				benchStep = m.NextStep(p)
			}
		})
	}
}

// BenchmarkFeedCycle measures one whole two-turn run through the machine:
// AcceptInput, CallLLM, a tool call, its result, CallLLM, the answer — six
// transitions and the NextStep/Begin pairs around them.
func BenchmarkFeedCycle(b *testing.B) {
	p := DefaultPolicy()
	m := NewMachine([]Message{UserMessage("earlier"), answerMsg("earlier answer")})
	call := toolCallMsg("read_file")
	answer := answerMsg("The tool result was received.")
	result := []Message{ToolResultMessage(call.ToolCalls[0], "# README", false)}
	b.ReportAllocs()
	for b.Loop() {
		_, _ = m.AcceptInput("read the README")
		_, _ = m.Begin(m.NextStep(p), p)
		_, _ = m.ModelResponse(call, 100, testTools)
		_, _ = m.Begin(m.NextStep(p), p)
		_, _ = m.ToolResults(result, 200)
		_, _ = m.Begin(m.NextStep(p), p)
		_, _ = m.ModelResponse(answer, 300, testTools)
		if m.State().Outcome.Name != OutcomeCompleted {
			b.Fatalf("cycle ended %+v", m.State())
		}
	}
}

// TestNextStepDoesNotAllocate pins the zero-allocation promise outside
// benchmarks, so a regression fails the ordinary test run.
func TestNextStepDoesNotAllocate(t *testing.T) {
	p := Policy{MaxTurns: 200, ContextWindow: 8192, CompactThreshold: 80, AutoCompact: true}
	for _, situation := range []string{"Start", "AwaitingModel", "AwaitingTools", "AwaitingCompaction", "Terminal completed"} {
		m := machineIn(t, situation)
		if n := testing.AllocsPerRun(100, func() { benchStep = m.NextStep(p) }); n != 0 {
			t.Errorf("NextStep in %s allocates %v times", situation, n)
		}
	}
}
