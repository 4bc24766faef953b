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
	v, err := t.w.approve(ctx, key, ApprovalRequest{RunID: inv.RunID, Call: inv.Call})
	switch v {
	case verdictRemembered, verdictAllowed:
		return t.Tool.Call(ctx, inv)
	case verdictRememberedRefusal:
		return failed("%s: not run: the user refused %s for this workspace. Do not call it again; find another way", name, name)
	case verdictNoOneToAsk:
		return failed("%s: not run: the settings require the user's approval for %s and no one can be asked here", name, name)
	case verdictCancelled:
		return engine.ToolResult{Output: name + ": cancelled while waiting for approval", IsError: true}, err
	case verdictAskFailed:
		return failed("%s: not run: asking the user for approval failed: %v", name, err)
	}
	return failed("%s: not run: the user refused this call. Do not repeat it; ask the user or find another way", name)
}
