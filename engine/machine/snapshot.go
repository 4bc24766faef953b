package machine

import "errors"

// Snapshot is the machine as data: every field, nothing derived, in the
// shape its JSON has always had (the store keeps it). No policy is stored:
// a restored machine obeys the driver's policy of now. This package imports
// no encoding/json (its dependencies do I/O): engine.MarshalMachine and
// engine.UnmarshalMachine turn a Snapshot into JSON and back.
type Snapshot struct {
	History       []Message         `json:"history"`
	Pending       []Message         `json:"pending"`
	State         State             `json:"state"`
	TurnsTaken    int               `json:"turns_taken"`
	ContextTokens int               `json:"context_tokens"`
	Cancelled     bool              `json:"cancelled"`
	PendingTools  []PendingToolCall `json:"pending_tools"`
	// Compaction is the window a compaction in flight was begun under.
	Compaction *CompactionLimits `json:"compaction,omitempty"`
}

// errNoCodecHere is what encoding/json gets when asked to encode or decode
// a LoopMachine itself: its fields are its own, so without this it would
// silently write {} and read nothing.
var errNoCodecHere = errors.New("loop machine: encode m.Snapshot() and decode with Restore (engine.MarshalMachine, engine.UnmarshalMachine), not the machine itself")

// MarshalJSON refuses (errNoCodecHere): marshal the Snapshot.
func (m *LoopMachine) MarshalJSON() ([]byte, error) { return nil, errNoCodecHere }

// UnmarshalJSON refuses (errNoCodecHere): unmarshal a Snapshot and Restore it.
func (m *LoopMachine) UnmarshalJSON([]byte) error { return errNoCodecHere }

// Snapshot returns the whole machine as data, losslessly: a machine
// restored from it answers the same NextStep and takes the same feeds. (A
// LoopError's Cause is not kept; its kind and fields are.) History and
// Pending are copies; treat the rest as read-only.
func (m *LoopMachine) Snapshot() Snapshot {
	j := Snapshot{
		History:       CloneMessages(m.history),
		Pending:       CloneMessages(m.pending),
		State:         m.state,
		TurnsTaken:    m.turnsTaken,
		ContextTokens: m.contextTokens,
		Cancelled:     m.cancelled,
		PendingTools:  m.pendingTools,
	}
	if m.state.Name == StateAwaitingCompaction {
		c := m.compaction
		j.Compaction = &c
	}
	// One spelling for "none", so equal machines serialize to equal bytes.
	if j.History == nil {
		j.History = []Message{}
	}
	if j.Pending == nil {
		j.Pending = []Message{}
	}
	if j.PendingTools == nil {
		j.PendingTools = []PendingToolCall{}
	}
	if j.State.Name == "" {
		j.State.Name = StateStart // the zero machine
	}
	return j
}

// Restore returns the machine a Snapshot describes. It refuses a snapshot
// that breaks the machine's invariants (unknown state, a terminal without
// outcome, a turn that does not match the turns taken, …).
func Restore(j Snapshot) (*LoopMachine, error) {
	if err := j.validate(); err != nil {
		return nil, errors.New("restore loop machine: " + err.Error() + ": the snapshot is corrupt or from another version; start a new session")
	}
	m := &LoopMachine{
		history:       emptyToNil(CloneMessages(j.History)),
		pending:       emptyToNil(CloneMessages(j.Pending)),
		state:         j.State,
		turnsTaken:    j.TurnsTaken,
		contextTokens: j.ContextTokens,
		cancelled:     j.Cancelled,
		pendingTools:  nil,
	}
	if len(j.PendingTools) > 0 {
		m.pendingTools = j.PendingTools
	}
	if j.Compaction != nil && j.State.Name == StateAwaitingCompaction {
		m.compaction = *j.Compaction
	}
	return m, nil
}

func emptyToNil(msgs []Message) []Message {
	if len(msgs) == 0 {
		return nil
	}
	return msgs
}

func (j *Snapshot) validate() error {
	if j.TurnsTaken < 0 || j.ContextTokens < 0 {
		return errors.New("negative counters")
	}
	s := j.State
	if s.Name != StateAwaitingModel && s.Name != StateAwaitingTools && s.Turn != 0 {
		return errors.New("state " + string(s.Name) + " carries a turn")
	}
	if s.Name != StateAwaitingCompaction && s.Reason != "" {
		return errors.New("state " + string(s.Name) + " carries a compaction reason")
	}
	if s.Name != StateTerminal && s.Outcome != nil {
		return errors.New("state " + string(s.Name) + " carries an outcome")
	}
	if c := j.Compaction; c != nil && (c.Window < 0 || c.Trigger < 0 || c.Percent < 0) {
		return errors.New("negative compaction limits")
	}
	if s.Name != StateAwaitingTools && len(j.PendingTools) > 0 {
		return errors.New("state " + string(s.Name) + " carries pending tool calls")
	}
	switch s.Name {
	case StateStart:
	case StateAwaitingModel:
		if s.Turn != j.TurnsTaken {
			return errors.New("AwaitingModel turn " + itoa(s.Turn) + " with " + itoa(j.TurnsTaken) + " turns taken")
		}
	case StateAwaitingTools:
		if s.Turn != j.TurnsTaken-1 {
			return errors.New("AwaitingTools turn " + itoa(s.Turn) + " with " + itoa(j.TurnsTaken) + " turns taken")
		}
		if len(j.PendingTools) == 0 {
			return errors.New("AwaitingTools without tool calls")
		}
	case StateAwaitingCompaction:
		if s.Reason != CompactEmergency && s.Reason != CompactThresholdExceeded {
			return errors.New("unknown compaction reason " + string(quoteJSON(string(s.Reason))))
		}
	case StateTerminal:
		if s.Outcome == nil {
			return errors.New("Terminal without outcome")
		}
		switch s.Outcome.Name {
		case OutcomeCompleted, OutcomeCancelled, OutcomeMaxTurnsExceeded:
		case OutcomeContextExceeded, OutcomeFailed:
			if s.Outcome.Err == nil {
				return errors.New("outcome " + string(s.Outcome.Name) + " without error")
			}
		default:
			return errors.New("unknown outcome " + string(quoteJSON(string(s.Outcome.Name))))
		}
	default:
		return errors.New("unknown state " + string(quoteJSON(string(s.Name))))
	}
	return nil
}
