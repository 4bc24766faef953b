package workspace

import (
	"context"

	"github.com/loopls/loopls/engine"
)

// approvedTool asks the Approver before every call of the tool it wraps.
// An "always" answer holds for that tool for the life of the workspace.
type approvedTool struct {
	engine.Tool
	w *Workspace
}

// RequireApproval wraps t so that every call asks the user first, as
// run_command does for what is not on the allow list: refused when no one
// can be asked, remembered when the answer is "always". Tools from outside
// the workspace (MCP servers) go through it.
func (w *Workspace) RequireApproval(t engine.Tool) engine.Tool { return &approvedTool{Tool: t, w: w} }

// CanAsk reports whether the workspace has someone to ask for approvals.
func (w *Workspace) CanAsk() bool { return canAsk(w.approver) }

func (t *approvedTool) Call(ctx context.Context, inv engine.ToolInvocation) (engine.ToolResult, error) {
	name := t.Tool.Spec().Name
	key := "tool\x00" + name // never a command part: those have no NUL
	t.w.mu.Lock()
	allowed, rejected := t.w.alwaysAllowed[key], t.w.alwaysRejected[key]
	t.w.mu.Unlock()
	switch {
	case rejected:
		return failed("%s: not run: the user refused %s for this workspace. Do not call it again; find another way", name, name)
	case allowed:
		return t.Tool.Call(ctx, inv)
	}
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
	t.w.mu.Lock()
	switch dec {
	case DecisionAllowAlways:
		t.w.alwaysAllowed[key] = true
	case DecisionRejectAlways:
		t.w.alwaysRejected[key] = true
	}
	t.w.mu.Unlock()
	if !dec.Allows() {
		return failed("%s: not run: the user refused this call. Do not repeat it; ask the user or find another way", name)
	}
	return t.Tool.Call(ctx, inv)
}
