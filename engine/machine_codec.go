package engine

import (
	"encoding/json"
	"fmt"

	"github.com/loopls/loopls/engine/machine"
)

// MarshalMachine returns the machine's JSON, as checkpoints carry it: its
// Snapshot, encoded. (The machine's package imports no encoding/json.)
func MarshalMachine(m *machine.LoopMachine) ([]byte, error) {
	return json.Marshal(m.Snapshot())
}

// UnmarshalMachine restores a machine from JSON MarshalMachine wrote. It
// refuses JSON that is not a snapshot, and a snapshot that breaks the
// machine's invariants (machine.Restore).
func UnmarshalMachine(data []byte) (*machine.LoopMachine, error) {
	var s machine.Snapshot
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("restore loop machine: %w", err)
	}
	return machine.Restore(s)
}
