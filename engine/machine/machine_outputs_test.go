package machine

import "testing"

// The machine, not the driver, says where a run must be made durable and
// when a compaction ran: each move carries it.
func TestMovesCarryTheirCommitPoints(t *testing.T) {
	p := tablePolicy
	p.MaxTurns = 5
	m := NewMachine(nil)
	check := func(what string, mv Move, want CheckpointPoint) {
		t.Helper()
		if mv.Checkpoint != want {
			t.Errorf("%s: checkpoint %q, want %q", what, mv.Checkpoint, want)
		}
		if mv.Compacted != nil && want != PointCompacted {
			t.Errorf("%s: reports a compaction %+v", what, mv.Compacted)
		}
	}
	check("accept_input", mustMove(t)(m.AcceptInput("go")), PointRunStarted)
	check("call_llm", begin(t, m, p), "")
	check("model_response with calls", mustMove(t)(m.ModelResponse(toolCallMsg("read_file"), 10, testTools)), PointModelAnswered)
	check("tool_results", mustMove(t)(m.ToolResults(resultsFor(m.NextStep(p).Calls), 20)), PointToolResults)

	// A compaction that rewrote the conversation is a commit point and
	// says what it did; one that rewrote nothing is neither.
	if err := m.SetContextTokens(960); err != nil {
		t.Fatal(err)
	}
	check("compact", begin(t, m, p), "")
	mv := mustMove(t)(m.CompactionNoop(960, 900))
	check("compaction_noop", mv, "")
	if mv.Compacted != nil {
		t.Errorf("compaction_noop reports a compaction %+v", mv.Compacted)
	}
	if err := m.SetContextTokens(960); err != nil {
		t.Fatal(err)
	}
	begin(t, m, p)
	mv = mustMove(t)(m.CompactionResult([]Message{UserMessage("summary")}, 960, 100))
	check("compaction_result", mv, PointCompacted)
	if c := mv.Compacted; c == nil || *c != (Compaction{Reason: CompactEmergency, Before: 960, After: 100}) {
		t.Errorf("compaction_result reports %+v, want Emergency 960 -> 100", mv.Compacted)
	}

	check("call_llm", begin(t, m, p), "")
	check("model_response answer", mustMove(t)(m.ModelResponse(answerMsg("done"), 10, testTools)), "")
	out, err := m.Settle()
	if err != nil || out.Name != OutcomeCompleted {
		t.Fatalf("Settle = %+v, %v", out, err)
	}
	if len(m.Pending()) != 0 || len(m.History()) == 0 {
		t.Errorf("a completed run settled: history %d, pending %d; want committed", len(m.History()), len(m.Pending()))
	}
}

// The loop-stop and recovery verdicts are fed in: the machine ends the run.
func TestVerdictsEndTheRunFailed(t *testing.T) {
	for _, tc := range []struct {
		name string
		feed func(m *LoopMachine) (Move, error)
		kind ErrorKind
	}{
		{"loop", func(m *LoopMachine) (Move, error) { return m.LoopStopped("read_file", 5) }, KindLoopDetected},
		{"recovery", func(m *LoopMachine) (Move, error) { return m.RecoveryExhausted("read_file", 6) }, KindToolRecoveryExhausted},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := machineIn(t, "AwaitingTools")
			mv := mustMove(t)(tc.feed(m))
			if mv.Event != EventFail || mv.To.Outcome == nil || mv.To.Outcome.Name != OutcomeFailed || mv.To.Outcome.Err.Kind != tc.kind {
				t.Fatalf("move %+v, want fail with %s", mv, tc.kind)
			}
			if calls := m.NextStep(tablePolicy).Calls; len(calls) != 0 {
				t.Errorf("calls left after the verdict: %+v", calls)
			}
			out, err := m.Settle()
			if err != nil || out.Name != OutcomeFailed || len(m.Pending()) != 0 || len(m.History()) != 2 {
				t.Errorf("Settle = %+v, %v; history %d pending %d; want discarded", out, err, len(m.History()), len(m.Pending()))
			}
		})
	}
}
