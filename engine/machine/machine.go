// Package machine is loopls's loop state machine: every decision of a run
// (call the model, dispatch tools, compact, stop, commit or discard) and
// nothing else. It performs no I/O, reads no clock, starts no goroutine and
// uses no floats; it depends on no package that could (TestMachineImportsNoIO
// runs go list -deps on it). The driver (package engine) asks NextStep,
// performs the step, and feeds the result back; each Move carries the
// outputs the machine decided on it. Which feed each state takes is one
// table, feedTable (machine_table.go).
package machine

import (
	"slices"
	"strconv"
)

// State is where a machine is: its name plus the payload of that state.
// Turn is set for AwaitingModel and AwaitingTools, Reason for
// AwaitingCompaction, Outcome for Terminal.
type State struct {
	Name    StateName     `json:"name"`
	Turn    int           `json:"turn"`
	Reason  CompactReason `json:"reason,omitempty"`
	Outcome *Outcome      `json:"outcome,omitempty"`
}

// Move is one transition a feed made, with the outputs the machine decided
// on it (in the spirit of go.etcd.io/raft's Ready: the machine says what
// must be done, the driver does it). The zero Move (Event == "") means the
// feed moved nothing: a Begin for a step already under way, a feed ignored
// by a terminal machine.
type Move struct {
	From, To State
	Event    Event
	// Turn is the turn the move belongs to: the turn in flight for moves
	// out of AwaitingModel and AwaitingTools, else the turns taken.
	Turn int
	// Checkpoint is the commit point the move reached, "" for none: the
	// driver makes the machine durable there before it performs the step
	// that follows (a run begun, a model answer with tool calls, tool
	// results, a compaction that rewrote the conversation).
	Checkpoint CheckpointPoint
	// Compacted is the compaction the move completed, when it rewrote the
	// conversation; nil otherwise.
	Compacted *Compaction
}

// Compaction is a compaction pass that rewrote the conversation: why it
// ran and the conversation's size before and after, by the one counter.
type Compaction struct {
	Reason        CompactReason
	Before, After int
}

// Moved reports whether mv is a transition (not the zero Move).
func (mv Move) Moved() bool { return mv.Event != "" }

// LoopMachine owns every decision of a run and performs no I/O (SPEC §2.1).
// It is plain data: the driver asks NextStep, performs the step, and feeds
// the result back; all change comes through feeds. It is not safe for
// concurrent use; the driver owns it. Make one with NewMachine or by
// UnmarshalJSON of a snapshot.
type LoopMachine struct {
	history       []Message // committed conversation
	pending       []Message // this run's scratchpad
	state         State
	turnsTaken    int
	contextTokens int
	cancelled     bool
	pendingTools  []PendingToolCall // classified calls of AwaitingTools
	// compaction is the window and trigger the compaction in flight was
	// begun under, so a pass that frees nothing can say what did not fit.
	compaction CompactionLimits
}

// CompactionLimits are the window and the token count that made a
// compaction start (95 % of the window, or the threshold's share).
type CompactionLimits struct {
	Window  int `json:"window"`
	Trigger int `json:"trigger"`
	Percent int `json:"percent"`
}

// NewMachine returns a machine in Start holding history as its committed
// conversation. The machine keeps its own copy.
func NewMachine(history []Message) *LoopMachine {
	return &LoopMachine{history: CloneMessages(history), state: State{Name: StateStart}}
}

// NextStep answers what the driver must do next and changes nothing.
//
// A terminal machine answers Done{its outcome}. In any other state a set
// cancel flag answers Done{Cancelled}. Otherwise AwaitingModel answers the
// CallLLM in flight, AwaitingTools its CallTools, AwaitingCompaction its
// Compact, and Start the first hit of the guard chain: the turn cap, the
// emergency guard (>= 95 % of the window), the threshold guard (> threshold
// % of the window), else CallLLM.
func (m *LoopMachine) NextStep(p Policy) Step {
	if m.state.Name == StateTerminal {
		return Step{Kind: StepDone, Turn: m.turnsTaken, Outcome: *m.state.Outcome}
	}
	if m.cancelled {
		return Step{Kind: StepDone, Turn: m.turnsTaken, Outcome: Outcome{Name: OutcomeCancelled}}
	}
	switch m.state.Name {
	case StateAwaitingModel:
		return Step{Kind: StepCallLLM, Turn: m.state.Turn}
	case StateAwaitingTools:
		// Capped so an append by the driver cannot write into the machine.
		return Step{Kind: StepCallTools, Turn: m.state.Turn, Calls: m.pendingTools[:len(m.pendingTools):len(m.pendingTools)]}
	case StateAwaitingCompaction:
		return Step{Kind: StepCompact, Turn: m.turnsTaken, Reason: m.state.Reason}
	}
	// Start: the guard chain, first hit wins. The turn cap comes before
	// compaction so a run at its cap never compacts.
	if m.turnsTaken >= p.MaxTurns {
		return Step{Kind: StepDone, Turn: m.turnsTaken, Outcome: Outcome{Name: OutcomeMaxTurnsExceeded}}
	}
	if p.ContextWindow > 0 {
		if m.contextTokens >= PercentOf(p.ContextWindow, emergencyPercent) {
			return Step{Kind: StepCompact, Turn: m.turnsTaken, Reason: CompactEmergency}
		}
		if p.AutoCompact && p.CompactThreshold > 0 && m.contextTokens > PercentOf(p.ContextWindow, p.CompactThreshold) {
			return Step{Kind: StepCompact, Turn: m.turnsTaken, Reason: CompactThresholdExceeded}
		}
	}
	return Step{Kind: StepCallLLM, Turn: m.turnsTaken}
}

// AcceptInput begins a run (Start or Terminal → Start, event accept_input):
// pending becomes the user message, turns, estimate and cancel flag reset,
// history stays.
func (m *LoopMachine) AcceptInput(text string) (Move, error) {
	if ok, err := m.admit(FeedAcceptInput, "a run is in flight"); !ok {
		return Move{}, err
	}
	from := m.state
	m.pending = []Message{UserMessage(text)}
	m.turnsTaken = 0
	m.contextTokens = 0
	m.cancelled = false
	m.pendingTools = nil
	mv := m.moveTo(from, State{Name: StateStart}, EventAcceptInput)
	mv.Checkpoint = PointRunStarted
	return mv, nil
}

// Begin acknowledges the step the driver is about to perform and makes the
// move it implies. step must be what NextStep(p) answers now (compared by
// kind, turn, reason and outcome name). CallLLM moves Start → AwaitingModel
// (call_llm); Compact moves Start → AwaitingCompaction (compact); Done moves
// to Terminal (event cancel or max_turns). Beginning a step already under way
// (CallTools, or CallLLM/Compact answered by the state awaiting it, as after
// a restore) moves nothing. A terminal machine ignores Begin.
func (m *LoopMachine) Begin(step Step, p Policy) (Move, error) {
	if ok, err := m.admit(FeedBegin, ""); !ok {
		return Move{}, err
	}
	want := m.NextStep(p)
	if !sameStep(step, want) {
		return Move{}, m.illegal("Begin", "step "+describeStep(step)+" is not the step the machine answers ("+describeStep(want)+")")
	}
	from := m.state
	switch want.Kind {
	case StepCallLLM:
		if from.Name == StateAwaitingModel {
			return Move{}, nil
		}
		return m.moveTo(from, State{Name: StateAwaitingModel, Turn: want.Turn}, EventCallLLM), nil
	case StepCompact:
		if from.Name == StateAwaitingCompaction {
			return Move{}, nil
		}
		pct := emergencyPercent
		if want.Reason == CompactThresholdExceeded {
			pct = p.CompactThreshold
		}
		m.compaction = CompactionLimits{Window: p.ContextWindow, Trigger: PercentOf(p.ContextWindow, pct), Percent: pct}
		return m.moveTo(from, State{Name: StateAwaitingCompaction, Reason: want.Reason}, EventCompact), nil
	case StepDone:
		ev := EventCancel
		if want.Outcome.Name == OutcomeMaxTurnsExceeded {
			ev = EventMaxTurns
		}
		return m.terminate(from, want.Outcome, ev), nil
	}
	return Move{}, nil // CallTools: already AwaitingTools
}

// ModelResponse feeds the finished model call of the turn in flight
// (AwaitingModel, event model_response). The turn counts and the estimate
// becomes contextTokens.
//
// An empty answer (no calls, no text but whitespace) is not a success: the
// first is dropped and EmptyAnswerNudge joins pending as a user message, so
// the model is asked again (→ Start; the conversation before it is
// unchanged, only the nudge is appended); an empty answer right after the
// nudge ends the run failed with EmptyAnswer.
//
// Otherwise the assistant message joins pending. With no tool calls the run
// ends Completed with the message's content; else each call is classified
// against availableTools — a call to a tool not offered, or with arguments
// that are not JSON, gets a ready-made error result — and the machine
// awaits the tools.
func (m *LoopMachine) ModelResponse(msg Message, contextTokens int, availableTools []string) (Move, error) {
	if ok, err := m.admit(FeedModelResponse, ""); !ok {
		return Move{}, err
	}
	if contextTokens < 0 {
		return Move{}, m.illegal("ModelResponse", "negative context tokens")
	}
	from := m.state
	if len(msg.ToolCalls) == 0 && blank(msg.Content) {
		m.turnsTaken++
		m.contextTokens = contextTokens
		if m.nudged() {
			return m.terminate(from, outcomeOf(EmptyAnswer()), EventModelResponse), nil
		}
		m.pending = append(m.pending, UserMessage(EmptyAnswerNudge))
		return m.moveTo(from, State{Name: StateStart}, EventModelResponse), nil
	}
	msg = cloneMessage(msg)
	var calls []PendingToolCall
	for i := range msg.ToolCalls {
		calls = append(calls, classify(&msg.ToolCalls[i], availableTools))
	}
	m.pending = append(m.pending, msg)
	m.turnsTaken++
	m.contextTokens = contextTokens
	if len(calls) == 0 {
		return m.terminate(from, Outcome{Name: OutcomeCompleted, FinalText: msg.Content}, EventModelResponse), nil
	}
	m.pendingTools = calls
	// The answer is durable before any tool runs: a restart re-runs none
	// it recorded, and knows which were in flight.
	mv := m.moveTo(from, State{Name: StateAwaitingTools, Turn: from.Turn}, EventModelResponse)
	mv.Checkpoint = PointModelAnswered
	return mv, nil
}

// EmptyAnswerNudge is the user message that asks a model again after an
// empty answer.
const EmptyAnswerNudge = "Your last answer was empty. Answer my request, or call one of the tools."

// nudged reports whether the model was just asked again after an empty
// answer: the run's last message is the nudge (the prompt, pending[0], is
// never taken for it).
func (m *LoopMachine) nudged() bool {
	n := len(m.pending)
	return n > 1 && m.pending[n-1].Role == RoleUser && m.pending[n-1].Content == EmptyAnswerNudge
}

// blank reports whether s holds nothing but whitespace.
func blank(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\r', '\n':
		default:
			return false
		}
	}
	return true
}

// classify turns one call into a pending call. A call the driver must not
// dispatch gets its error result now, so the model can correct itself.
// Arguments that are not JSON are kept as a JSON string so the machine
// always serializes.
func classify(call *ToolCall, availableTools []string) PendingToolCall {
	if len(call.Arguments) > 0 && !validJSON(call.Arguments) {
		call.Arguments = quoteJSON(string(call.Arguments))
		res := ToolResultMessage(*call, "tool '"+call.Name+"' was called with arguments that are not valid JSON: call it again with a JSON object", true)
		return PendingToolCall{Call: *call, Preresolved: &res}
	}
	if !slices.Contains(availableTools, call.Name) {
		res := ToolResultMessage(*call, unknownToolMessage(call.Name, availableTools), true)
		return PendingToolCall{Call: *call, Preresolved: &res}
	}
	return PendingToolCall{Call: *call}
}

// unknownToolMessage is the result of a call to a tool not offered: it
// names the tools that are, so the model can correct the call.
func unknownToolMessage(name string, offered []string) string {
	msg := "tool '" + name + "' is not available"
	if len(offered) == 0 {
		return msg + ": no tools are offered in this run; answer in text"
	}
	msg += "; the tools offered are: "
	for i, t := range offered {
		if i > 0 {
			msg += ", "
		}
		msg += t
	}
	return msg
}

// ToolResults feeds the results of the dispatched calls (AwaitingTools →
// Start, event tool_results). It is the only feed that consumes the pending
// calls. The estimate becomes contextTokens.
func (m *LoopMachine) ToolResults(msgs []Message, contextTokens int) (Move, error) {
	if ok, err := m.admit(FeedToolResults, ""); !ok {
		return Move{}, err
	}
	if contextTokens < 0 {
		return Move{}, m.illegal("ToolResults", "negative context tokens")
	}
	from := m.state
	for _, msg := range msgs {
		m.pending = append(m.pending, cloneMessage(msg))
	}
	m.pendingTools = nil
	m.contextTokens = contextTokens
	// The results are durable before the next model request: a restart
	// sends them, and runs none of their tools again.
	mv := m.moveTo(from, State{Name: StateStart}, EventToolResults)
	mv.Checkpoint = PointToolResults
	return mv, nil
}

// LoopStopped feeds the loop detector's verdict that the model keeps
// making one call with one result (AwaitingTools → Terminal, event fail):
// the run ends failed with LoopDetected, and no tool of the turn runs.
func (m *LoopMachine) LoopStopped(tool string, repeats int) (Move, error) {
	if ok, err := m.admit(FeedLoopStopped, ""); !ok {
		return Move{}, err
	}
	return m.terminate(m.state, outcomeOf(LoopDetected(tool, repeats)), EventFail), nil
}

// RecoveryExhausted feeds the tool-recovery verdict that one call (same
// tool, same arguments) failed attempts times, more than the run allows
// (AwaitingTools → Terminal, event fail): the run ends failed with
// ToolRecoveryExhausted and the turn's results are not fed.
func (m *LoopMachine) RecoveryExhausted(tool string, attempts int) (Move, error) {
	if ok, err := m.admit(FeedRecoveryExhausted, ""); !ok {
		return Move{}, err
	}
	return m.terminate(m.state, outcomeOf(ToolRecoveryExhausted(tool, attempts)), EventFail), nil
}

// CompactionResult feeds a compaction pass that rewrote the conversation
// (AwaitingCompaction, event compaction_result). If it saved nothing (after
// >= before) the run ends ContextExceeded{used: after, limit: before} with
// the buffers untouched. Else it is a commit point: newHistory replaces
// history wholesale, pending empties, the estimate becomes after → Start.
func (m *LoopMachine) CompactionResult(newHistory []Message, before, after int) (Move, error) {
	if ok, err := m.checkCompaction(FeedCompactionResult, before, after); !ok {
		return Move{}, err
	}
	from := m.state
	if after >= before {
		return m.terminate(from, outcomeOf(m.compactionFreedNothing(after)), EventCompactionResult), nil
	}
	m.history = CloneMessages(newHistory)
	m.pending = nil
	m.contextTokens = after
	mv := m.moveTo(from, State{Name: StateStart}, EventCompactionResult)
	mv.Checkpoint = PointCompacted
	mv.Compacted = &Compaction{Reason: from.Reason, Before: before, After: after}
	return mv, nil
}

// CompactionNoop feeds a compaction pass that rewrote nothing
// (AwaitingCompaction, event compaction_noop): the buffers stay, the same
// no-progress guard applies, else the estimate becomes after → Start.
func (m *LoopMachine) CompactionNoop(before, after int) (Move, error) {
	if ok, err := m.checkCompaction(FeedCompactionNoop, before, after); !ok {
		return Move{}, err
	}
	from := m.state
	if after >= before {
		return m.terminate(from, outcomeOf(m.compactionFreedNothing(after)), EventCompactionNoop), nil
	}
	m.contextTokens = after
	return m.moveTo(from, State{Name: StateStart}, EventCompactionNoop), nil
}

// compactionFreedNothing is the error of a compaction that left the
// conversation at need tokens: it names the real window and the limit the
// conversation had to come under.
func (m *LoopMachine) compactionFreedNothing(need int) *LoopError {
	c := m.compaction
	return contextExceededAfterCompaction(need, c.Window, c.Trigger, c.Percent, m.state.Reason)
}

func (m *LoopMachine) checkCompaction(feed Feed, before, after int) (bool, error) {
	if ok, err := m.admit(feed, ""); !ok {
		return false, err
	}
	if before < 0 || after < 0 {
		return false, m.illegal(string(feed), "negative token counts")
	}
	return true, nil
}

// SetContextTokens sets the size estimate the guards read (for example once
// the driver has measured the conversation after AcceptInput). It is legal
// in every non-terminal state and moves nothing.
func (m *LoopMachine) SetContextTokens(n int) error {
	if ok, err := m.admit(FeedSetContextTokens, ""); !ok {
		return err
	}
	if n < 0 {
		return m.illegal("SetContextTokens", "negative context tokens")
	}
	m.contextTokens = n
	return nil
}

// Cancel sets the cancel flag: the next NextStep answers Done{Cancelled},
// whatever the state. Cancel is not failure. A terminal machine ignores it.
func (m *LoopMachine) Cancel() error {
	if ok, err := m.admit(FeedCancel, ""); !ok {
		return err
	}
	m.cancelled = true
	return nil
}

// Fail ends the run at once with err (any non-terminal state → Terminal,
// event fail). A ContextExceeded error ends it context_exceeded, any other
// failed. A nil err is recorded as an Internal error rather than lost.
func (m *LoopMachine) Fail(err *LoopError) (Move, error) {
	if ok, err := m.admit(FeedFail, ""); !ok {
		return Move{}, err
	}
	if err == nil {
		err = Internal("the driver failed a run with no error")
	}
	return m.terminate(m.state, outcomeOf(err), EventFail), nil
}

// Commit appends pending to history. It is legal only once a run ended
// Completed: no other ending commits.
func (m *LoopMachine) Commit() error {
	const why = "only a completed run commits"
	if ok, err := m.admit(FeedCommit, why); !ok {
		return err
	}
	if m.state.Outcome.Name != OutcomeCompleted {
		return m.illegal(string(FeedCommit), why)
	}
	m.history = append(m.history, m.pending...)
	m.pending = nil
	return nil
}

// Discard drops pending, leaving history as it was. It is legal only once a
// run ended some other way than Completed.
func (m *LoopMachine) Discard() error {
	const why = "only a run that ended without completing discards"
	if ok, err := m.admit(FeedDiscard, why); !ok {
		return err
	}
	if m.state.Outcome.Name == OutcomeCompleted {
		return m.illegal(string(FeedDiscard), why)
	}
	m.pending = nil
	return nil
}

// Settle ends a terminal machine's run as its outcome says: a Completed run
// commits (pending joins history), any other discards. It returns the
// outcome, and is legal once the run ended; settling twice is harmless.
func (m *LoopMachine) Settle() (Outcome, error) {
	if ok, err := m.admit(FeedSettle, "only an ended run settles"); !ok {
		return Outcome{}, err
	}
	o := Outcome{Name: OutcomeFailed, Err: Internal("run ended without an outcome")}
	if m.state.Outcome != nil {
		o = *m.state.Outcome
	}
	if o.Name == OutcomeCompleted {
		m.history = append(m.history, m.pending...)
	}
	m.pending = nil
	return o, nil
}

// moveTo enters to and returns the move.
func (m *LoopMachine) moveTo(from, to State, ev Event) Move {
	turn := m.turnsTaken
	if from.Name == StateAwaitingModel || from.Name == StateAwaitingTools {
		turn = from.Turn
	}
	m.state = to
	return Move{From: from, To: to, Event: ev, Turn: turn}
}

// terminate enters Terminal{o}. Calls not dispatched are dropped: a
// terminal machine has nothing left to do.
func (m *LoopMachine) terminate(from State, o Outcome, ev Event) Move {
	m.pendingTools = nil
	return m.moveTo(from, State{Name: StateTerminal, Outcome: &o}, ev)
}

// State returns where the machine is.
func (m *LoopMachine) State() State { return m.state }

// History returns a copy of the committed conversation.
func (m *LoopMachine) History() []Message { return CloneMessages(m.history) }

// Pending returns a copy of this run's scratchpad.
func (m *LoopMachine) Pending() []Message { return CloneMessages(m.pending) }

// Conversation returns a copy of history followed by pending: what the next
// model call is sent.
func (m *LoopMachine) Conversation() []Message {
	out := make([]Message, 0, len(m.history)+len(m.pending))
	for _, msg := range m.history {
		out = append(out, cloneMessage(msg))
	}
	for _, msg := range m.pending {
		out = append(out, cloneMessage(msg))
	}
	return out
}

// TurnsTaken returns the model responses accepted in this run.
func (m *LoopMachine) TurnsTaken() int { return m.turnsTaken }

// ContextTokens returns the size estimate the guards read.
func (m *LoopMachine) ContextTokens() int { return m.contextTokens }

// IsCancelled reports whether the cancel flag is set.
func (m *LoopMachine) IsCancelled() bool { return m.cancelled }

// IsTerminal reports whether the run has ended.
func (m *LoopMachine) IsTerminal() bool { return m.state.Name == StateTerminal }

// CloneMessages returns a deep copy of msgs (nil for none): nothing a
// caller does to it reaches the original.
func CloneMessages(msgs []Message) []Message {
	if len(msgs) == 0 {
		return nil
	}
	out := make([]Message, len(msgs))
	for i, msg := range msgs {
		out[i] = cloneMessage(msg)
	}
	return out
}

// cloneMessage copies the parts of msg a caller could mutate later.
func cloneMessage(msg Message) Message {
	if msg.ToolCalls != nil {
		msg.ToolCalls = slices.Clone(msg.ToolCalls)
		for i := range msg.ToolCalls {
			msg.ToolCalls[i].Arguments = slices.Clone(msg.ToolCalls[i].Arguments)
		}
	}
	return msg
}

func describeStep(s Step) string {
	switch s.Kind {
	case StepCompact:
		return "Compact{" + string(s.Reason) + "}"
	case StepDone:
		return "Done{" + string(s.Outcome.Name) + "}"
	}
	return string(s.Kind) + "{turn " + strconv.Itoa(s.Turn) + "}"
}
