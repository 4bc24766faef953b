package engine

import (
	"context"
	"github.com/loopls/loopls/engine/machine"
)

// ToolInvocation is one dispatch of a tool: the call as the model made it and
// the run it belongs to, so tools that journal edits or ask for approval can
// say which run they act for without reaching into a context value.
type ToolInvocation struct {
	RunID     machine.RunID
	SessionID machine.SessionID
	Turn      int
	Call      machine.ToolCall
}

// ToolResult is what a tool hands back to the model. A tool failure the model
// should see and correct (a missing file, an ambiguous edit) is a result with
// IsError set, not a Go error.
type ToolResult struct {
	Output  string
	IsError bool
}

// Tool is one capability offered to the model.
//
// Call returns a Go error only for infrastructure failures; those become error
// results too, but are counted by the tool circuit breaker. Call must stop
// promptly when ctx is done.
type Tool interface {
	Spec() ToolSpec
	Call(ctx context.Context, inv ToolInvocation) (ToolResult, error)
}
