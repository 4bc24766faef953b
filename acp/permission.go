package acp

import (
	"context"
	"fmt"
	"strings"
	"time"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/workspace"
)

// The permission options offered for every approval, spelled as ACP (and
// loopls/approve) spell their kinds.
var permissionOptions = []sdk.PermissionOption{
	{OptionId: sdk.PermissionOptionId(workspace.DecisionAllowOnce), Name: "Allow", Kind: sdk.PermissionOptionKindAllowOnce},
	{OptionId: sdk.PermissionOptionId(workspace.DecisionAllowAlways), Name: "Always allow", Kind: sdk.PermissionOptionKindAllowAlways},
	{OptionId: sdk.PermissionOptionId(workspace.DecisionRejectOnce), Name: "Reject", Kind: sdk.PermissionOptionKindRejectOnce},
	{OptionId: sdk.PermissionOptionId(workspace.DecisionRejectAlways), Name: "Always reject", Kind: sdk.PermissionOptionKindRejectAlways},
}

// approval describes what a permission prompt is about.
type approval struct {
	kind  sdk.ToolKind
	title string
	// path is the absolute file a write touches; oldText/newText its change
	// (oldText empty for a new file).
	path, oldText, newText string
}

// ask puts one tool call before the user through session/request_permission.
// The call's tool_call update is flushed to the client first, so the editor
// shows the request on the call it belongs to. A run cancelled while asking
// withdraws the request and answers DecisionCancelled.
func (a *Agent) ask(ctx context.Context, runID machine.RunID, call machine.ToolCall, req approval) (workspace.Decision, error) {
	s := a.sessionOfRun(runID)
	if s == nil {
		return workspace.DecisionCancelled, fmt.Errorf("approval for run %s: %w", runID, errNoRun)
	}
	if r := s.current(); r != nil {
		if err := r.out.flush(ctx); err != nil {
			return workspace.DecisionCancelled, nil
		}
	}
	if req.title == "" {
		req.title = toolTitle(call.Name, parseToolArgs(call.Arguments))
	}
	id := call.ID
	if id == "" {
		id = machine.ToolCallID("approval-" + string(runID))
	}
	update := sdk.ToolCallUpdate{
		ToolCallId: sdk.ToolCallId(id),
		Title:      sdk.Ptr(req.title),
		Kind:       sdk.Ptr(req.kind),
		Status:     sdk.Ptr(sdk.ToolCallStatusPending),
		RawInput:   rawInput(call.Arguments),
	}
	if req.path != "" {
		update.Locations = []sdk.ToolCallLocation{{Path: req.path}}
		if req.oldText == "" {
			update.Content = []sdk.ToolCallContent{sdk.ToolDiffContent(req.path, req.newText)}
		} else {
			update.Content = []sdk.ToolCallContent{sdk.ToolDiffContent(req.path, req.newText, req.oldText)}
		}
	}
	resp, err := a.requestPermission(ctx, s, sdk.RequestPermissionRequest{
		SessionId: sdk.SessionId(s.id),
		ToolCall:  update,
		Options:   permissionOptions,
	})
	if ctx.Err() != nil {
		return workspace.DecisionCancelled, nil
	}
	if err != nil {
		return workspace.DecisionCancelled, fmt.Errorf("ask the editor for permission (session/request_permission): %w", err)
	}
	if resp.Outcome.Selected == nil {
		return workspace.DecisionCancelled, nil
	}
	switch d := workspace.Decision(resp.Outcome.Selected.OptionId); d {
	case workspace.DecisionAllowOnce, workspace.DecisionAllowAlways, workspace.DecisionRejectOnce, workspace.DecisionRejectAlways:
		return d, nil
	}
	// An option we did not offer: refuse rather than guess.
	return workspace.DecisionRejectOnce, nil
}

// cancelAnswerGrace bounds the wait, after session/cancel, for the client's
// "cancelled" answer to a pending permission request; a client that does not
// give it has the request withdrawn then.
const cancelAnswerGrace = 5 * time.Second

// requestPermission sends session/request_permission and withdraws it
// ($/cancel_request) only while it is unanswered. The SDK withdraws a request
// whenever the context it was sent with ends, so the request does not run on
// the run's context: a run cancelled just as the client answers would
// otherwise have an answered request withdrawn (issue 27). When the run ends
// the answer is taken if it is in; after the client's own session/cancel,
// ACP has the client answer every pending request with "cancelled", so
// that answer is awaited (cancelAnswerGrace) instead of withdrawing a
// request the client is answering. Only then is the request withdrawn.
func (a *Agent) requestPermission(ctx context.Context, s *session, req sdk.RequestPermissionRequest) (sdk.RequestPermissionResponse, error) {
	reqCtx, withdraw := context.WithCancel(context.WithoutCancel(ctx))
	defer withdraw()
	type answer struct {
		resp sdk.RequestPermissionResponse
		err  error
	}
	answered := make(chan answer, 1)
	go func() {
		resp, err := a.conn.RequestPermission(reqCtx, req)
		answered <- answer{resp, err}
	}()
	select {
	case got := <-answered:
		return got.resp, got.err
	case <-ctx.Done():
	}
	select {
	case got := <-answered:
		return got.resp, got.err
	default:
	}
	if r := s.current(); r != nil && r.cancelledByClient() {
		grace := time.NewTimer(cancelAnswerGrace)
		defer grace.Stop()
		select {
		case got := <-answered:
			return got.resp, got.err
		case <-grace.C:
		}
	}
	withdraw()
	got := <-answered
	return got.resp, got.err
}

// approver implements workspace.Approver over session/request_permission:
// the workspace asks before a command line with parts off the allow list.
type approver struct{ a *Agent }

// Approve implements workspace.Approver. Besides commands, the workspace
// asks for any tool the settings mark for approval; those have no command
// line and are shown as the tool call itself.
func (p approver) Approve(ctx context.Context, req workspace.ApprovalRequest) (workspace.Decision, error) {
	if req.Protected != "" {
		title := "Write the protected path `" + req.Protected + "`"
		if len(req.Reasons) > 0 {
			title += ": " + strings.Join(req.Reasons, "; ")
		}
		return p.a.ask(ctx, req.RunID, req.Call, approval{kind: sdk.ToolKindEdit, title: title})
	}
	if req.Command == "" {
		return p.a.ask(ctx, req.RunID, req.Call, approval{kind: toolKind(req.Call.Name)})
	}
	title := "Run `" + req.Command + "`"
	if len(req.Unapproved) > 0 && (len(req.Unapproved) > 1 || req.Unapproved[0] != req.Command) {
		title = "Run `" + strings.Join(req.Unapproved, "`, `") + "` (in `" + req.Command + "`)"
	}
	if len(req.Reasons) > 0 {
		title += ": " + strings.Join(req.Reasons, "; ")
	}
	return p.a.ask(ctx, req.RunID, req.Call, approval{kind: sdk.ToolKindExecute, title: title})
}
