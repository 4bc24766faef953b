package machine

import (
	"errors"
	"fmt"
	"testing"
)

// fuzzOp names the feed a fuzz byte selects (byte % fuzzOps).
const (
	opAccept = iota
	opBegin
	opBeginOther
	opAnswer
	opToolCalls
	opToolResults
	opCompacted
	opNoop
	opTokens
	opCancel
	opFail
	opCommit
	opDiscard
	opRestore
	fuzzOps
)

// fuzzReader hands out the fuzz input byte by byte, then zeros.
type fuzzReader struct {
	data []byte
	i    int
}

func (r *fuzzReader) more() bool { return r.i < len(r.data) }

func (r *fuzzReader) byte() int {
	if r.i >= len(r.data) {
		return 0
	}
	b := r.data[r.i]
	r.i++
	return int(b)
}

// FuzzMachine feeds random feed sequences (the bytes select feeds and their
// arguments) and checks after every feed: no panic, a refused feed changes
// nothing, a terminal machine ignores everything but AcceptInput (and
// Commit/Discard settling it), NextStep only reads, and the JSON round trip
// is lossless and restores a machine that answers the same.
func FuzzMachine(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0, 1, 4, 1, 5, 1, 1, 3, 1})
	f.Add([]byte{2, 3, 80, 1, 0, 8, 250, 1, 6, 200, 100, 1, 9, 1})
	f.Add([]byte{0, 1, 0, 9, 13, 1, 11, 12, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fuzzReader{data: data}
		p := Policy{MaxTurns: r.byte() % 6, ContextWindow: (r.byte() % 4) * 100, CompactThreshold: r.byte() % 101, AutoCompact: r.byte()%2 == 0}
		m := NewMachine([]Message{UserMessage("earlier")})
		for r.more() {
			op := r.byte() % fuzzOps
			before := snapshot(t, m)
			wasTerminal := m.IsTerminal()
			mv, err := fuzzFeed(m, op, r, p)
			after := snapshot(t, m)
			if err != nil {
				if !errors.Is(err, ErrIllegalFeed) {
					t.Fatalf("op %d: error %v is not an illegal feed", op, err)
				}
				if after != before {
					t.Fatalf("op %d: a refused feed changed the machine:\nbefore %s\nafter  %s", op, before, after)
				}
				if mv.Moved() {
					t.Fatalf("op %d: a refused feed moved", op)
				}
			}
			if mv.Moved() && (mv.To.Name != m.State().Name || mv.To.Turn != m.State().Turn) {
				t.Fatalf("op %d: move to %+v, machine in %+v", op, mv.To, m.State())
			}
			if wasTerminal && op != opAccept && op != opCommit && op != opDiscard && op != opRestore {
				if err != nil || mv.Moved() || after != before {
					t.Fatalf("op %d: a terminal machine reacted: err %v move %+v", op, err, mv)
				}
			}
			if step := m.NextStep(p); snapshot(t, m) != after || !stepsEqual(step, m.NextStep(p)) {
				t.Fatalf("op %d: NextStep is not a pure read", op)
			}
			assertRoundTrip(t, m, p)
		}
	})
}

func fuzzFeed(m *LoopMachine, op int, r *fuzzReader, p Policy) (Move, error) {
	switch op {
	case opAccept:
		return m.AcceptInput(fmt.Sprintf("prompt %d", r.byte()))
	case opBegin:
		return m.Begin(m.NextStep(p), p)
	case opBeginOther:
		kinds := []StepKind{StepCallLLM, StepCallTools, StepCompact, StepDone, "Bogus"}
		reasons := []CompactReason{"", CompactEmergency, CompactThresholdExceeded}
		outcomes := []OutcomeName{"", OutcomeCancelled, OutcomeMaxTurnsExceeded, OutcomeCompleted}
		return m.Begin(Step{Kind: kinds[r.byte()%len(kinds)], Turn: r.byte() % 4, Reason: reasons[r.byte()%len(reasons)], Outcome: Outcome{Name: outcomes[r.byte()%len(outcomes)]}}, p)
	case opAnswer:
		return m.ModelResponse(Message{Role: RoleAssistant, Content: fmt.Sprintf("answer %d", r.byte())}, r.byte()*4-8, testTools)
	case opToolCalls:
		names := []string{"read_file", "list_dir", "no_such_tool", ""}
		args := []string{`{"path":"a"}`, ``, `{"path":`, `null`, `[1, 2]`}
		msg := Message{Role: RoleAssistant}
		for i := range 1 + r.byte()%3 {
			msg.ToolCalls = append(msg.ToolCalls, ToolCall{ID: ToolCallID(fmt.Sprintf("c%d", i)), Name: names[r.byte()%len(names)], Arguments: RawJSON(args[r.byte()%len(args)])})
		}
		return m.ModelResponse(msg, r.byte()*4, testTools)
	case opToolResults:
		return m.ToolResults(resultsFor(m.NextStep(p).Calls), r.byte()*4-8)
	case opCompacted:
		return m.CompactionResult([]Message{UserMessage("summary")}, r.byte()*4-8, r.byte()*4)
	case opNoop:
		return m.CompactionNoop(r.byte()*4, r.byte()*4-8)
	case opTokens:
		return Move{}, m.SetContextTokens(r.byte()*4 - 8)
	case opCancel:
		return Move{}, m.Cancel()
	case opFail:
		errs := []*LoopError{nil, Internal("x"), ContextExceeded(5, 4), {Kind: KindAPI, Status: 502, Message: "bad gateway"}}
		return m.Fail(errs[r.byte()%len(errs)])
	case opCommit:
		return Move{}, m.Commit()
	case opDiscard:
		return Move{}, m.Discard()
	case opRestore:
		data, err := marshalMachine(m)
		if err != nil {
			panic(err)
		}
		var restored LoopMachine
		if err := unmarshalMachine(data, &restored); err != nil {
			panic(err)
		}
		*m = restored
	}
	return Move{}, nil
}

// FuzzMachineJSON feeds arbitrary snapshots to UnmarshalJSON: it must not
// panic, and a snapshot it accepts must round-trip and answer NextStep.
func FuzzMachineJSON(f *testing.F) {
	for _, situation := range []string{"Start", "AwaitingTools", "AwaitingCompaction", "Terminal failed", "Terminal completed"} {
		f.Add([]byte(snapshot(f, machineIn(f, situation))))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var m LoopMachine
		if err := unmarshalMachine(data, &m); err != nil {
			return
		}
		assertRoundTrip(t, &m, DefaultPolicy())
		_, _ = m.Begin(m.NextStep(tablePolicy), tablePolicy)
	})
}
