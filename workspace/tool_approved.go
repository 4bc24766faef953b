package workspace

import (
	"context"

	"github.com/loopls/loopls/engine"
)

// approvedTool asks the Approver before every call of the tool it wraps.
type approvedTool struct {
	engine.Tool
	w *Workspace
}

func (t *approvedTool) Call(ctx context.Context, inv engine.ToolInvocation) (engine.ToolResult, error) {
	name := t.Tool.Spec().Name
	if !canAsk(t.w.approver) {
		return failed("%s: not run: the settings require the user's approval for %s and no one can be asked here", name, name)
	}
	dec, err := t.w.approver.Approve(ctx, ApprovalRequest{RunID: inv.RunID, Call: inv.Call})
	if err != nil {
		if ctx.Err() != nil {
			return engine.ToolResult{Output: name + ": cancelled while waiting for approval", IsError: true}, ctx.Err()
		}
		return failed("%s: not run: asking the user for approval failed: %v", name, err)
	}
	if !dec.Allows() {
		return failed("%s: not run: the user refused this call. Do not repeat it; ask the user or find another way", name)
	}
	return t.Tool.Call(ctx, inv)
}
