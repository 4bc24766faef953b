package machine

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"
)

// tablePolicy is the policy of the state × feed table: a window small enough
// to reach the emergency guard, and a cap of one turn so Start after one
// tool round is at its cap.
var tablePolicy = Policy{MaxTurns: 1, ContextWindow: 1000, CompactThreshold: 80, AutoCompact: true}

var testTools = []string{"read_file", "list_dir", "edit_file"}

func snapshot(t testing.TB, m *LoopMachine) string {
	t.Helper()
	b, err := marshalMachine(m)
	if err != nil {
		t.Fatalf("marshal machine: %v", err)
	}
	return string(b)
}

// mustMove fails the test on a refused feed: mustMove(t)(m.Feed(…)).
func mustMove(t testing.TB) func(Move, error) Move {
	return func(mv Move, err error) Move {
		t.Helper()
		if err != nil {
			t.Fatalf("feed refused: %v", err)
		}
		return mv
	}
}

func toolCallMsg(names ...string) Message {
	msg := Message{Role: RoleAssistant}
	for i, n := range names {
		msg.ToolCalls = append(msg.ToolCalls, ToolCall{ID: ToolCallID(fmt.Sprintf("call_%d", i)), Name: n, Arguments: RawJSON(`{"path":"README.md"}`)})
	}
	return msg
}

func answerMsg(text string) Message { return Message{Role: RoleAssistant, Content: text} }

// resultsFor answers every pending call: the ready-made result where there
// is one, else an "ok" result.
func resultsFor(calls []PendingToolCall) []Message {
	var out []Message
	for _, c := range calls {
		if c.Preresolved != nil {
			out = append(out, *c.Preresolved)
			continue
		}
		out = append(out, ToolResultMessage(c.Call, "ok: "+c.Call.Name, false))
	}
	return out
}

func begin(t testing.TB, m *LoopMachine, p Policy) Move {
	t.Helper()
	return mustMove(t)(m.Begin(m.NextStep(p), p))
}

// machineIn builds a machine in the named situation of the table.
func machineIn(t testing.TB, name string) *LoopMachine {
	t.Helper()
	p := tablePolicy
	m := NewMachine([]Message{UserMessage("earlier"), answerMsg("earlier answer")})
	mustMove(t)(m.AcceptInput("go"))
	switch name {
	case "Start":
	case "Start+cancelled":
		_ = m.Cancel()
	case "Start at cap":
		begin(t, m, p)
		mustMove(t)(m.ModelResponse(toolCallMsg("read_file"), 10, testTools))
		mustMove(t)(m.ToolResults(resultsFor(m.NextStep(p).Calls), 20))
	case "AwaitingModel":
		begin(t, m, p)
	case "AwaitingTools", "AwaitingTools+cancelled":
		begin(t, m, p)
		mustMove(t)(m.ModelResponse(toolCallMsg("read_file"), 10, testTools))
		if name == "AwaitingTools+cancelled" {
			_ = m.Cancel()
		}
	case "AwaitingCompaction":
		if err := m.SetContextTokens(950); err != nil {
			t.Fatal(err)
		}
		begin(t, m, p)
	case "Terminal completed":
		begin(t, m, p)
		mustMove(t)(m.ModelResponse(answerMsg("done"), 10, testTools))
	case "Terminal failed":
		mustMove(t)(m.Fail(&LoopError{Kind: KindAPI, Status: 500, Message: "boom"}))
	default:
		t.Fatalf("no situation %q", name)
	}
	return m
}

// feeds are the columns of the table: every feed, with arguments that are
// legal where the feed is, and a few with arguments no state takes.
var feeds = []struct {
	name string
	feed func(m *LoopMachine) (Move, error)
}{
	{"AcceptInput", func(m *LoopMachine) (Move, error) { return m.AcceptInput("again") }},
	{"Begin(next)", func(m *LoopMachine) (Move, error) { return m.Begin(m.NextStep(tablePolicy), tablePolicy) }},
	{"Begin(other)", func(m *LoopMachine) (Move, error) {
		return m.Begin(Step{Kind: StepCallLLM, Turn: 7}, tablePolicy)
	}},
	{"ModelResponse(answer)", func(m *LoopMachine) (Move, error) { return m.ModelResponse(answerMsg("hi"), 30, testTools) }},
	{"ModelResponse(tools)", func(m *LoopMachine) (Move, error) {
		return m.ModelResponse(toolCallMsg("read_file", "no_such_tool"), 30, testTools)
	}},
	{"ModelResponse(-1)", func(m *LoopMachine) (Move, error) { return m.ModelResponse(answerMsg("hi"), -1, testTools) }},
	{"ToolResults", func(m *LoopMachine) (Move, error) {
		return m.ToolResults([]Message{ToolResultMessage(ToolCall{ID: "call_0", Name: "read_file"}, "text", false)}, 40)
	}},
	{"CompactionResult(saved)", func(m *LoopMachine) (Move, error) {
		return m.CompactionResult([]Message{UserMessage("summary")}, 950, 100)
	}},
	{"CompactionResult(none)", func(m *LoopMachine) (Move, error) {
		return m.CompactionResult([]Message{UserMessage("summary")}, 950, 950)
	}},
	{"CompactionNoop(saved)", func(m *LoopMachine) (Move, error) { return m.CompactionNoop(950, 900) }},
	{"CompactionNoop(none)", func(m *LoopMachine) (Move, error) { return m.CompactionNoop(950, 951) }},
	{"CompactionNoop(-1)", func(m *LoopMachine) (Move, error) { return m.CompactionNoop(-1, -2) }},
	{"SetContextTokens", func(m *LoopMachine) (Move, error) { return Move{}, m.SetContextTokens(5) }},
	{"SetContextTokens(-1)", func(m *LoopMachine) (Move, error) { return Move{}, m.SetContextTokens(-1) }},
	{"Cancel", func(m *LoopMachine) (Move, error) { return Move{}, m.Cancel() }},
	{"Fail(Api)", func(m *LoopMachine) (Move, error) { return m.Fail(&LoopError{Kind: KindAPI, Message: "x"}) }},
	{"Fail(ContextExceeded)", func(m *LoopMachine) (Move, error) { return m.Fail(ContextExceeded(9, 8)) }},
	{"InterruptTools", func(m *LoopMachine) (Move, error) { m.InterruptTools(nil); return Move{}, nil }},
	{"LoopStopped", func(m *LoopMachine) (Move, error) { return m.LoopStopped("read_file", 5) }},
	{"RecoveryExhausted", func(m *LoopMachine) (Move, error) { return m.RecoveryExhausted("read_file", 6) }},
	{"Settle", func(m *LoopMachine) (Move, error) { _, err := m.Settle(); return Move{}, err }},
	{"Commit", func(m *LoopMachine) (Move, error) { return Move{}, m.Commit() }},
	{"Discard", func(m *LoopMachine) (Move, error) { return Move{}, m.Discard() }},
}

// Cell results: a move is spelled "From->To event [outcome]"; "illegal" is a
// refused feed (typed error, machine byte-for-byte unchanged); "nothing" is
// a feed accepted that changed nothing; "changed" is a feed that changed the
// machine without a transition.
const (
	illegal = "illegal"
	nothing = "nothing"
	changed = "changed"
)

// stateFeedTable is every state × feed cell. A row lists the cells that are
// not illegal; every cell it omits must be illegal.
var stateFeedTable = map[string]map[string]string{
	"Start": {
		"AcceptInput":           "Start->Start accept_input",
		"Begin(next)":           "Start->AwaitingModel call_llm",
		"SetContextTokens":      changed,
		"Cancel":                changed,
		"Fail(Api)":             "Start->Terminal fail failed",
		"Fail(ContextExceeded)": "Start->Terminal fail context_exceeded",
		"InterruptTools":        nothing,
	},
	"Start+cancelled": {
		"AcceptInput":           "Start->Start accept_input",
		"Begin(next)":           "Start->Terminal cancel cancelled",
		"SetContextTokens":      changed,
		"Cancel":                nothing,
		"Fail(Api)":             "Start->Terminal fail failed",
		"Fail(ContextExceeded)": "Start->Terminal fail context_exceeded",
		"InterruptTools":        nothing,
	},
	"Start at cap": {
		"AcceptInput":           "Start->Start accept_input",
		"Begin(next)":           "Start->Terminal max_turns max_turns_exceeded",
		"SetContextTokens":      changed,
		"Cancel":                changed,
		"Fail(Api)":             "Start->Terminal fail failed",
		"Fail(ContextExceeded)": "Start->Terminal fail context_exceeded",
		"InterruptTools":        nothing,
	},
	"AwaitingModel": {
		"Begin(next)":           nothing,
		"ModelResponse(answer)": "AwaitingModel->Terminal model_response completed",
		"ModelResponse(tools)":  "AwaitingModel->AwaitingTools model_response",
		"SetContextTokens":      changed,
		"Cancel":                changed,
		"Fail(Api)":             "AwaitingModel->Terminal fail failed",
		"Fail(ContextExceeded)": "AwaitingModel->Terminal fail context_exceeded",
		"InterruptTools":        nothing,
	},
	"AwaitingTools": {
		"Begin(next)":           nothing,
		"ToolResults":           "AwaitingTools->Start tool_results",
		"SetContextTokens":      changed,
		"Cancel":                changed,
		"Fail(Api)":             "AwaitingTools->Terminal fail failed",
		"Fail(ContextExceeded)": "AwaitingTools->Terminal fail context_exceeded",
		"InterruptTools":        changed,
		"LoopStopped":           "AwaitingTools->Terminal fail failed",
		"RecoveryExhausted":     "AwaitingTools->Terminal fail failed",
	},
	"AwaitingTools+cancelled": {
		"Begin(next)":           "AwaitingTools->Terminal cancel cancelled",
		"ToolResults":           "AwaitingTools->Start tool_results",
		"SetContextTokens":      changed,
		"Cancel":                nothing,
		"Fail(Api)":             "AwaitingTools->Terminal fail failed",
		"Fail(ContextExceeded)": "AwaitingTools->Terminal fail context_exceeded",
		"InterruptTools":        changed,
		"LoopStopped":           "AwaitingTools->Terminal fail failed",
		"RecoveryExhausted":     "AwaitingTools->Terminal fail failed",
	},
	"AwaitingCompaction": {
		"Begin(next)":             nothing,
		"CompactionResult(saved)": "AwaitingCompaction->Start compaction_result",
		"CompactionResult(none)":  "AwaitingCompaction->Terminal compaction_result context_exceeded",
		"CompactionNoop(saved)":   "AwaitingCompaction->Start compaction_noop",
		"CompactionNoop(none)":    "AwaitingCompaction->Terminal compaction_noop context_exceeded",
		"SetContextTokens":        changed,
		"Cancel":                  changed,
		"Fail(Api)":               "AwaitingCompaction->Terminal fail failed",
		"Fail(ContextExceeded)":   "AwaitingCompaction->Terminal fail context_exceeded",
		"InterruptTools":          nothing,
	},
	// A terminal machine ignores every feed but AcceptInput, also feeds
	// with arguments no state takes; Commit/Discard act on what it left.
	"Terminal completed": terminalRow("Commit"),
	"Terminal failed":    terminalRow("Discard"),
}

func terminalRow(settles string) map[string]string {
	row := map[string]string{}
	for _, f := range feeds {
		row[f.name] = nothing
	}
	row["AcceptInput"] = "Terminal->Start accept_input"
	row["Commit"], row["Discard"] = illegal, illegal
	row[settles] = changed
	row["Settle"] = changed
	return row
}

func describeMove(mv Move) string {
	s := fmt.Sprintf("%s->%s %s", mv.From.Name, mv.To.Name, mv.Event)
	if mv.To.Outcome != nil {
		s += " " + string(mv.To.Outcome.Name)
	}
	return s
}

func TestStateFeedTable(t *testing.T) {
	for situation, row := range stateFeedTable {
		for _, f := range feeds {
			want, ok := row[f.name]
			if !ok {
				want = illegal
			}
			t.Run(situation+"/"+f.name, func(t *testing.T) {
				m := machineIn(t, situation)
				before := snapshot(t, m)
				mv, err := f.feed(m)
				after := snapshot(t, m)
				var got string
				switch {
				case err != nil:
					var ife *IllegalFeedError
					if !errors.As(err, &ife) || !errors.Is(err, ErrIllegalFeed) {
						t.Fatalf("error %v is not an IllegalFeedError", err)
					}
					if ife.State != machineIn(t, situation).State().Name {
						t.Errorf("error names state %s, machine is in %s", ife.State, machineIn(t, situation).State().Name)
					}
					if mv.Moved() {
						t.Errorf("refused feed returned a move %+v", mv)
					}
					if after != before {
						t.Errorf("refused feed changed the machine:\nbefore %s\nafter  %s", before, after)
					}
					got = illegal
				case mv.Moved():
					got = describeMove(mv)
					if mv.To.Name != m.State().Name || (mv.To.Outcome == nil) != (m.State().Outcome == nil) {
						t.Errorf("move ends in %+v, machine is in %+v", mv.To, m.State())
					}
				case after == before:
					got = nothing
				default:
					got = changed
				}
				if got != want {
					t.Errorf("got %s, want %s", got, want)
				}
			})
		}
	}
	// Every situation names only feeds that exist, so no cell is silently
	// left to the "illegal" default by a typo.
	for situation, row := range stateFeedTable {
		for name := range row {
			if !slices.ContainsFunc(feeds, func(f struct {
				name string
				feed func(m *LoopMachine) (Move, error)
			}) bool {
				return f.name == name
			}) {
				t.Errorf("%s names unknown feed %q", situation, name)
			}
		}
	}
}

// machineAt builds a Start machine with the counters the guard tests need.
func machineAt(turns, tokens int, cancelled bool) *LoopMachine {
	return &LoopMachine{state: State{Name: StateStart}, turnsTaken: turns, contextTokens: tokens, cancelled: cancelled, pending: []Message{UserMessage("go")}}
}

func TestGuardBoundaries(t *testing.T) {
	pol := func(max, window, threshold int, auto bool) Policy {
		return Policy{MaxTurns: max, ContextWindow: window, CompactThreshold: threshold, AutoCompact: auto}
	}
	llm := func(turn int) Step { return Step{Kind: StepCallLLM, Turn: turn} }
	compact := func(turn int, r CompactReason) Step { return Step{Kind: StepCompact, Turn: turn, Reason: r} }
	done := func(turn int, o OutcomeName) Step { return Step{Kind: StepDone, Turn: turn, Outcome: Outcome{Name: o}} }
	const big = maxInt
	tests := []struct {
		name          string
		p             Policy
		turns, tokens int
		cancelled     bool
		want          Step
	}{
		{"threshold exactly is served", pol(200, 1000, 80, true), 0, 800, false, llm(0)},
		{"threshold +1 compacts", pol(200, 1000, 80, true), 0, 801, false, compact(0, CompactThresholdExceeded)},
		{"below emergency is threshold", pol(200, 1000, 80, true), 2, 949, false, compact(2, CompactThresholdExceeded)},
		{"95% exactly is emergency", pol(200, 1000, 80, true), 2, 950, false, compact(2, CompactEmergency)},
		{"above emergency", pol(200, 1000, 80, true), 0, 5000, false, compact(0, CompactEmergency)},
		{"8000: 6400 served", pol(200, 8000, 80, true), 0, 6400, false, llm(0)},
		{"8000: 6401 threshold", pol(200, 8000, 80, true), 0, 6401, false, compact(0, CompactThresholdExceeded)},
		{"8000: 7599 threshold", pol(200, 8000, 80, true), 0, 7599, false, compact(0, CompactThresholdExceeded)},
		{"8000: 7600 emergency", pol(200, 8000, 80, true), 0, 7600, false, compact(0, CompactEmergency)},
		{"auto off: threshold disabled", pol(200, 8000, 80, false), 0, 7599, false, llm(0)},
		{"auto off: emergency stays", pol(200, 8000, 80, false), 0, 7600, false, compact(0, CompactEmergency)},
		{"threshold 0: threshold disabled", pol(200, 8000, 0, true), 0, 7599, false, llm(0)},
		{"threshold 0: emergency stays", pol(200, 8000, 0, true), 0, 7600, false, compact(0, CompactEmergency)},
		{"window 0 disables both", pol(200, 0, 80, true), 0, big, false, llm(0)},
		{"negative window disables both", pol(200, -5, 80, true), 0, big, false, llm(0)},
		{"floor division: 999*80/100 = 799 served", pol(200, 999, 80, true), 0, 799, false, llm(0)},
		{"floor division: 800 over 799.2", pol(200, 999, 80, true), 0, 800, false, compact(0, CompactThresholdExceeded)},
		{"floor division: 949 is 95% of 999", pol(200, 999, 80, true), 0, 949, false, compact(0, CompactEmergency)},
		{"threshold above emergency: emergency first", pol(200, 1000, 150, true), 0, 950, false, compact(0, CompactEmergency)},
		{"huge window does not wrap", pol(200, big, 80, true), 0, 0, false, llm(0)},
		{"huge window: threshold is exact", pol(200, big, 80, true), 0, big / 100 * 80, false, llm(0)},
		{"huge window: emergency is exact", pol(200, big, 80, true), 0, big/100*95 + big%100*95/100, false, compact(0, CompactEmergency)},
		{"turns == max ends, even over the window", pol(3, 1000, 80, true), 3, 5000, false, done(3, OutcomeMaxTurnsExceeded)},
		{"turns == max-1 compacts", pol(3, 1000, 80, true), 2, 5000, false, compact(2, CompactEmergency)},
		{"turns == max-1 calls", pol(3, 1000, 80, true), 2, 0, false, llm(2)},
		{"max turns 0 ends before any call", pol(0, 0, 80, true), 0, 0, false, done(0, OutcomeMaxTurnsExceeded)},
		{"cancel beats the cap", pol(0, 1000, 80, true), 5, 5000, true, done(5, OutcomeCancelled)},
		{"cancel beats compaction", pol(200, 1000, 80, true), 0, 5000, true, done(0, OutcomeCancelled)},
		{"default policy calls", DefaultPolicy(), 199, 1 << 40, false, llm(199)},
		{"default policy caps at 200", DefaultPolicy(), 200, 0, false, done(200, OutcomeMaxTurnsExceeded)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := machineAt(tt.turns, tt.tokens, tt.cancelled)
			before := snapshot(t, m)
			got := m.NextStep(tt.p)
			if again := m.NextStep(tt.p); !stepsEqual(got, again) {
				t.Errorf("asking twice: %+v then %+v", got, again)
			}
			if after := snapshot(t, m); after != before {
				t.Errorf("NextStep changed the machine")
			}
			if !stepsEqual(got, tt.want) {
				t.Errorf("NextStep = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func stepsEqual(a, b Step) bool {
	return sameStep(a, b) && a.Outcome.FinalText == b.Outcome.FinalText && slices.EqualFunc(a.Calls, b.Calls, func(x, y PendingToolCall) bool {
		return x.Call.ID == y.Call.ID && x.Call.Name == y.Call.Name && (x.Preresolved == nil) == (y.Preresolved == nil)
	})
}

func TestDefaultPolicy(t *testing.T) {
	want := Policy{MaxTurns: 200, ContextWindow: 0, CompactThreshold: 80, AutoCompact: true}
	if got := DefaultPolicy(); got != want {
		t.Errorf("DefaultPolicy() = %+v, want %+v", got, want)
	}
}

// In flight, a call is not re-decided: AwaitingModel answers its CallLLM
// whatever the policy says now; only the cancel flag overrides it.
func TestAwaitingModelAnswersTheCallInFlight(t *testing.T) {
	m := machineIn(t, "AwaitingModel")
	if err := m.SetContextTokens(5000); err != nil {
		t.Fatal(err)
	}
	for _, p := range []Policy{tablePolicy, {MaxTurns: 0, ContextWindow: 10, CompactThreshold: 1, AutoCompact: true}} {
		if got, want := m.NextStep(p), (Step{Kind: StepCallLLM, Turn: 0}); !stepsEqual(got, want) {
			t.Errorf("NextStep(%+v) = %+v, want %+v", p, got, want)
		}
	}
	_ = m.Cancel()
	if got := m.NextStep(tablePolicy); got.Kind != StepDone || got.Outcome.Name != OutcomeCancelled {
		t.Errorf("cancelled AwaitingModel answers %+v, want Done{cancelled}", got)
	}
}

func TestUnknownToolIsPreresolved(t *testing.T) {
	m := machineIn(t, "AwaitingModel")
	msg := toolCallMsg("read_file", "no_such_tool", "Read_File")
	mustMove(t)(m.ModelResponse(msg, 10, testTools))
	step := m.NextStep(tablePolicy)
	if step.Kind != StepCallTools || step.Turn != 0 || len(step.Calls) != 3 {
		t.Fatalf("NextStep = %+v, want CallTools{0} with 3 calls", step)
	}
	if step.Calls[0].Preresolved != nil {
		t.Errorf("read_file is offered but was preresolved: %+v", step.Calls[0].Preresolved)
	}
	for i, name := range []string{"no_such_tool", "Read_File"} { // names match exactly
		got := step.Calls[i+1].Preresolved
		want := Message{Role: RoleTool, Content: "tool '" + name + "' is not available; the tools offered are: read_file, list_dir, edit_file", ToolCallID: msg.ToolCalls[i+1].ID, ToolName: name, IsError: true}
		if got == nil || !messagesEqual(*got, want) {
			t.Errorf("call %s preresolved as %+v, want %+v", name, got, want)
		}
	}
}

func TestArgumentsThatAreNotJSONArePreresolved(t *testing.T) {
	m := machineIn(t, "AwaitingModel")
	msg := Message{Role: RoleAssistant, ToolCalls: []ToolCall{{ID: "c1", Name: "read_file", Arguments: RawJSON(`{"path":`)}}}
	mustMove(t)(m.ModelResponse(msg, 10, testTools))
	c := m.NextStep(tablePolicy).Calls[0]
	if c.Preresolved == nil || !c.Preresolved.IsError {
		t.Fatalf("call with broken arguments not preresolved: %+v", c)
	}
	if want := `"{\"path\":"`; string(c.Call.Arguments) != want {
		t.Errorf("arguments kept as %s, want the JSON string %s", c.Call.Arguments, want)
	}
	assertRoundTrip(t, m, tablePolicy)
}

func messagesEqual(a, b Message) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}

// The machine keeps its own copies: what the driver does with the values it
// fed or was handed does not reach into the machine.
func TestMachineDoesNotAlias(t *testing.T) {
	hist := []Message{UserMessage("h")}
	m := NewMachine(hist)
	hist[0].Content = "changed"
	mustMove(t)(m.AcceptInput("go"))
	begin(t, m, tablePolicy)
	msg := toolCallMsg("read_file")
	mustMove(t)(m.ModelResponse(msg, 1, testTools))
	before := snapshot(t, m)
	msg.ToolCalls[0].Name = "changed"
	msg.ToolCalls[0].Arguments[2] = 'X'
	calls := m.NextStep(tablePolicy).Calls
	_ = append(calls, PendingToolCall{Call: ToolCall{Name: "appended"}})
	m.History()[0].Content = "changed"
	m.Pending()[1].ToolCalls[0].Name = "changed"
	m.Conversation()[0].Content = "changed"
	m.Conversation()[2].ToolCalls[0].Arguments[2] = 'X'
	if after := snapshot(t, m); after != before {
		t.Errorf("machine changed through an alias:\nbefore %s\nafter  %s", before, after)
	}
	if m.History()[0].Content != "h" {
		t.Errorf("history aliases NewMachine's argument")
	}
}

func TestOutcomeError(t *testing.T) {
	apiErr := &LoopError{Kind: KindAPI, Status: 500, Message: "boom"}
	ctxErr := ContextExceeded(10, 10)
	tests := []struct {
		o    Outcome
		want *LoopError
	}{
		{Outcome{Name: OutcomeCompleted, FinalText: "x"}, nil},
		{Outcome{Name: OutcomeCancelled}, Cancelled()},
		{Outcome{Name: OutcomeMaxTurnsExceeded}, MaxTurnsExceeded(7)},
		{Outcome{Name: OutcomeFailed, Err: apiErr}, apiErr},
		{Outcome{Name: OutcomeContextExceeded, Err: ctxErr}, ctxErr},
		{Outcome{Name: OutcomeFailed}, Internal("unmapped terminal outcome")},
		{Outcome{Name: OutcomeContextExceeded}, Internal("unmapped terminal outcome")},
		{Outcome{Name: "exploded"}, Internal("unmapped terminal outcome")},
		{Outcome{}, Internal("unmapped terminal outcome")},
	}
	for _, tt := range tests {
		got := tt.o.Error(7)
		if (got == nil) != (tt.want == nil) || (got != nil && (got.Kind != tt.want.Kind || got.Message != tt.want.Message || got.Max != tt.want.Max || got.Used != tt.want.Used || got.Limit != tt.want.Limit)) {
			t.Errorf("%+v.Error(7) = %+v, want %+v", tt.o, got, tt.want)
		}
	}
	if got := (Outcome{Name: OutcomeFailed, Err: apiErr}).Error(7); got != apiErr {
		t.Errorf("a failure's error is not passed through unchanged")
	}
}

func TestFailWithNilErrorIsInternal(t *testing.T) {
	m := machineIn(t, "AwaitingModel")
	mv := mustMove(t)(m.Fail(nil))
	if o := mv.To.Outcome; o == nil || o.Name != OutcomeFailed || !errors.Is(o.Err, ErrInternal) {
		t.Errorf("Fail(nil) ended %+v, want failed with an Internal error", o)
	}
}

// What each ending leaves behind: history and pending, before and after the
// driver settles the run with Commit or Discard.
func TestEndingsLeaveBehind(t *testing.T) {
	p := Policy{MaxTurns: 2, ContextWindow: 1000, CompactThreshold: 80, AutoCompact: true}
	earlier := []Message{UserMessage("earlier"), answerMsg("earlier answer")}
	summary := []Message{UserMessage("summary of everything")}
	toolRound := func(t *testing.T, m *LoopMachine) {
		begin(t, m, p)
		mustMove(t)(m.ModelResponse(toolCallMsg("read_file"), 10, testTools))
		mustMove(t)(m.ToolResults(resultsFor(m.NextStep(p).Calls), 20))
	}
	compactOnce := func(t *testing.T, m *LoopMachine) {
		if err := m.SetContextTokens(960); err != nil {
			t.Fatal(err)
		}
		begin(t, m, p)
		mustMove(t)(m.CompactionResult(summary, 960, 100))
	}
	tests := []struct {
		name    string
		run     func(t *testing.T, m *LoopMachine)
		outcome OutcomeName
		pending int // messages in pending at the end, before settling
		history []Message
		commits bool
	}{
		{"completed commits the run", func(t *testing.T, m *LoopMachine) {
			toolRound(t, m)
			begin(t, m, p)
			mustMove(t)(m.ModelResponse(answerMsg("done"), 30, testTools))
		}, OutcomeCompleted, 4, nil, true},
		{"cancelled discards", func(t *testing.T, m *LoopMachine) {
			toolRound(t, m)
			_ = m.Cancel()
			begin(t, m, p)
		}, OutcomeCancelled, 3, earlier, false},
		{"max turns discards", func(t *testing.T, m *LoopMachine) {
			toolRound(t, m)
			toolRound(t, m)
			begin(t, m, p)
		}, OutcomeMaxTurnsExceeded, 5, earlier, false},
		{"failed discards", func(t *testing.T, m *LoopMachine) {
			toolRound(t, m)
			begin(t, m, p)
			mustMove(t)(m.Fail(&LoopError{Kind: KindAPI, Message: "down"}))
		}, OutcomeFailed, 3, earlier, false},
		{"context exceeded by result discards, buffers untouched", func(t *testing.T, m *LoopMachine) {
			toolRound(t, m)
			_ = m.SetContextTokens(960)
			begin(t, m, p)
			mustMove(t)(m.CompactionResult(summary, 960, 960))
		}, OutcomeContextExceeded, 3, earlier, false},
		{"context exceeded by noop discards", func(t *testing.T, m *LoopMachine) {
			_ = m.SetContextTokens(960)
			begin(t, m, p)
			mustMove(t)(m.CompactionNoop(960, 970))
		}, OutcomeContextExceeded, 1, earlier, false},
		{"compaction is a commit point: cancelled after it keeps the summary", func(t *testing.T, m *LoopMachine) {
			toolRound(t, m)
			compactOnce(t, m)
			_ = m.Cancel()
			begin(t, m, p)
		}, OutcomeCancelled, 0, summary, false},
		{"compacted then completed commits onto the summary", func(t *testing.T, m *LoopMachine) {
			compactOnce(t, m)
			begin(t, m, p)
			mustMove(t)(m.ModelResponse(answerMsg("done"), 30, testTools))
		}, OutcomeCompleted, 1, append(slices.Clone(summary), answerMsg("done")), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := NewMachine(earlier)
			mustMove(t)(m.AcceptInput("go"))
			tt.run(t, m)
			st := m.State()
			if st.Name != StateTerminal || st.Outcome.Name != tt.outcome {
				t.Fatalf("ended in %+v, want Terminal{%s}", st, tt.outcome)
			}
			if got := len(m.Pending()); got != tt.pending {
				t.Errorf("pending holds %d messages at the end, want %d", got, tt.pending)
			}
			if got := len(m.Conversation()); got != len(m.History())+len(m.Pending()) {
				t.Errorf("conversation has %d messages, want history+pending", got)
			}
			want := tt.history
			if tt.commits {
				if err := m.Discard(); !errors.Is(err, ErrIllegalFeed) {
					t.Errorf("Discard on a completed run: %v, want ErrIllegalFeed", err)
				}
				if want == nil {
					want = append(slices.Clone(earlier), m.Pending()...)
				}
				if err := m.Commit(); err != nil {
					t.Fatal(err)
				}
			} else {
				if err := m.Commit(); !errors.Is(err, ErrIllegalFeed) {
					t.Errorf("Commit on a %s run: %v, want ErrIllegalFeed", tt.outcome, err)
				}
				if err := m.Discard(); err != nil {
					t.Fatal(err)
				}
			}
			if len(m.Pending()) != 0 {
				t.Errorf("pending not empty after settling: %+v", m.Pending())
			}
			if got := m.History(); !slices.EqualFunc(got, want, messagesEqual) {
				t.Errorf("history = %+v\nwant      %+v", got, want)
			}
			if !m.IsTerminal() {
				t.Errorf("settling left Terminal")
			}
		})
	}
}

func TestAcceptInputResetsTheRun(t *testing.T) {
	m := machineIn(t, "AwaitingTools+cancelled")
	begin(t, m, tablePolicy)
	_ = m.Discard()
	mv := mustMove(t)(m.AcceptInput("next"))
	if mv.Turn != 0 || m.TurnsTaken() != 0 || m.ContextTokens() != 0 || m.IsCancelled() || m.IsTerminal() {
		t.Errorf("after AcceptInput: turns %d tokens %d cancelled %v terminal %v", m.TurnsTaken(), m.ContextTokens(), m.IsCancelled(), m.IsTerminal())
	}
	if got := m.Pending(); len(got) != 1 || !messagesEqual(got[0], UserMessage("next")) {
		t.Errorf("pending = %+v, want the user message", got)
	}
	if got := len(m.History()); got != 2 {
		t.Errorf("history has %d messages, want the 2 it had", got)
	}
}

func TestIllegalFeedErrorSaysWhat(t *testing.T) {
	m := machineIn(t, "Start")
	_, err := m.ToolResults(nil, 0)
	want := "loop machine: ToolResults is illegal in state Start (a driver bug: the machine is unchanged)"
	if err == nil || err.Error() != want {
		t.Errorf("error = %v, want %q", err, want)
	}
}

// marshalMachine is the machine's JSON as checkpoints carry it
// (engine.MarshalMachine does the same: this package cannot import engine).
func marshalMachine(m *LoopMachine) ([]byte, error) { return json.Marshal(m.Snapshot()) }

// unmarshalMachine restores into m what marshalMachine wrote; a refused
// restore leaves m as it was.
func unmarshalMachine(data []byte, m *LoopMachine) error {
	var s Snapshot
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	r, err := Restore(s)
	if err != nil {
		return err
	}
	*m = *r
	return nil
}
