package rpc

import (
	"encoding/json"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// ToolCallParams are loopls/toolCall's params (loopls run --json prints the
// same).
type ToolCallParams struct {
	RunID     machine.RunID      `json:"runId"`
	ID        machine.ToolCallID `json:"id"`
	Name      string             `json:"name"`
	Arguments json.RawMessage    `json:"arguments"`
	Status    engine.ToolStatus  `json:"status"`
	Output    string             `json:"output,omitempty"`
	// Turn and Index place the call among the run's: its turn (from 0) and
	// its place in that turn's calls, in the model's order (calls run side
	// by side start in any order).
	Turn  int `json:"turn"`
	Index int `json:"index"`
}

// NewToolCallParams describes ev with status; run stands in for an event
// without its run id.
func NewToolCallParams(ev engine.ToolEvent, status engine.ToolStatus, run machine.RunID) ToolCallParams {
	args := json.RawMessage(ev.Call.Arguments)
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	if ev.RunID != "" {
		run = ev.RunID
	}
	return ToolCallParams{RunID: run, ID: ev.Call.ID, Name: ev.Call.Name, Arguments: args, Status: status, Output: ev.Output, Turn: ev.Turn, Index: ev.Index}
}

// StatusBefore is the status a call reports when it begins (OnToolPre):
// pending while it awaits approval, else running.
func StatusBefore(ev engine.ToolEvent) engine.ToolStatus {
	if s := ev.Status; s == "" || s == engine.ToolCompleted || s == engine.ToolFailed {
		return engine.ToolRunning
	}
	return ev.Status
}

// StatusAfter is the status a call reports when it ends (OnToolPost).
func StatusAfter(ev engine.ToolEvent) engine.ToolStatus {
	if s := ev.Status; s == "" || s == engine.ToolPending || s == engine.ToolRunning {
		return engine.ToolCompleted
	}
	return ev.Status
}
