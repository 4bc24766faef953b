package engine

import (
	"encoding/json"
	"fmt"
)

// machineJSON is the serialized machine: every field, nothing derived. No
// policy is stored: a restored machine obeys the driver's policy of now.
type machineJSON struct {
	History       []Message         `json:"history"`
	Pending       []Message         `json:"pending"`
	State         State             `json:"state"`
	TurnsTaken    int               `json:"turns_taken"`
	ContextTokens int               `json:"context_tokens"`
	Cancelled     bool              `json:"cancelled"`
	PendingTools  []PendingToolCall `json:"pending_tools"`
	// Compaction is the window a compaction in flight was begun under.
	Compaction *compactionLimits `json:"compaction,omitempty"`
}

// MarshalJSON serializes the whole machine, losslessly: a machine restored
// with UnmarshalJSON answers the same NextStep and takes the same feeds.
// (A LoopError's Cause is not serialized; its kind and fields are.)
func (m *LoopMachine) MarshalJSON() ([]byte, error) {
	j := machineJSON{
		History:       m.history,
		Pending:       m.pending,
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
	return json.Marshal(j)
}

// UnmarshalJSON restores a machine MarshalJSON wrote. It refuses a snapshot
// that breaks the machine's invariants (unknown state, a terminal without
// outcome, a turn that does not match the turns taken, …) and then leaves
// the machine unchanged.
func (m *LoopMachine) UnmarshalJSON(data []byte) error {
	var j machineJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return fmt.Errorf("restore loop machine: %w", err)
	}
	if err := j.validate(); err != nil {
		return fmt.Errorf("restore loop machine: %w: the snapshot is corrupt or from another version; start a new session", err)
	}
	*m = LoopMachine{
		history:       emptyToNil(j.History),
		pending:       emptyToNil(j.Pending),
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
	return nil
}

func emptyToNil(msgs []Message) []Message {
	if len(msgs) == 0 {
		return nil
	}
	return msgs
}

func (j *machineJSON) validate() error {
	if j.TurnsTaken < 0 || j.ContextTokens < 0 {
		return fmt.Errorf("negative counters")
	}
	s := j.State
	if s.Name != StateAwaitingModel && s.Name != StateAwaitingTools && s.Turn != 0 {
		return fmt.Errorf("state %s carries a turn", s.Name)
	}
	if s.Name != StateAwaitingCompaction && s.Reason != "" {
		return fmt.Errorf("state %s carries a compaction reason", s.Name)
	}
	if s.Name != StateTerminal && s.Outcome != nil {
		return fmt.Errorf("state %s carries an outcome", s.Name)
	}
	if c := j.Compaction; c != nil && (c.Window < 0 || c.Trigger < 0 || c.Percent < 0) {
		return fmt.Errorf("negative compaction limits")
	}
	if s.Name != StateAwaitingTools && len(j.PendingTools) > 0 {
		return fmt.Errorf("state %s carries pending tool calls", s.Name)
	}
	switch s.Name {
	case StateStart:
	case StateAwaitingModel:
		if s.Turn != j.TurnsTaken {
			return fmt.Errorf("AwaitingModel turn %d with %d turns taken", s.Turn, j.TurnsTaken)
		}
	case StateAwaitingTools:
		if s.Turn != j.TurnsTaken-1 {
			return fmt.Errorf("AwaitingTools turn %d with %d turns taken", s.Turn, j.TurnsTaken)
		}
		if len(j.PendingTools) == 0 {
			return fmt.Errorf("AwaitingTools without tool calls")
		}
	case StateAwaitingCompaction:
		if s.Reason != CompactEmergency && s.Reason != CompactThresholdExceeded {
			return fmt.Errorf("unknown compaction reason %q", s.Reason)
		}
	case StateTerminal:
		if s.Outcome == nil {
			return fmt.Errorf("Terminal without outcome")
		}
		switch s.Outcome.Name {
		case OutcomeCompleted, OutcomeCancelled, OutcomeMaxTurnsExceeded:
		case OutcomeContextExceeded, OutcomeFailed:
			if s.Outcome.Err == nil {
				return fmt.Errorf("outcome %s without error", s.Outcome.Name)
			}
		default:
			return fmt.Errorf("unknown outcome %q", s.Outcome.Name)
		}
	default:
		return fmt.Errorf("unknown state %q", s.Name)
	}
	return nil
}
