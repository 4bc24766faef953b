package rpc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/sourcegraph/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/workspace"
)

// approvalOption is one choice offered with loopls/approve; the kinds are
// spelled as ACP spells them.
type approvalOption struct {
	OptionID string `json:"optionId"`
	Name     string `json:"name"`
	Kind     string `json:"kind"`
}

var approvalOptions = []approvalOption{
	{OptionID: "allow_once", Name: "Allow once", Kind: "allow_once"},
	{OptionID: "allow_always", Name: "Always allow", Kind: "allow_always"},
	{OptionID: "reject_once", Name: "Reject", Kind: "reject_once"},
	{OptionID: "reject_always", Name: "Always reject", Kind: "reject_always"},
}

// approveParams is loopls/approve.
type approveParams struct {
	RunID    machine.RunID    `json:"runId"`
	ToolCall approveToolCall  `json:"toolCall"`
	Options  []approvalOption `json:"options"`
	Command  string           `json:"command,omitempty"`
	Asking   []string         `json:"unapproved,omitempty"`
	Reasons  []string         `json:"reasons,omitempty"`
}

type approveToolCall struct {
	ID        machine.ToolCallID `json:"id"`
	Name      string             `json:"name"`
	Arguments json.RawMessage    `json:"arguments"`
}

// Approve implements workspace.Approver: it asks through loopls/approve when
// the client declared experimental.loopls.approvals, else through
// window/showMessageRequest when it can show one, else the configured
// policy answers. A run cancelled while asking withdraws the question.
func (s *Server) Approve(ctx context.Context, req workspace.ApprovalRequest) (workspace.Decision, error) {
	caps, policy := s.conf.caps(), s.conf.current().Approval
	switch {
	case caps.approvals:
		d, err := s.askApprove(ctx, req)
		if err == nil || ctx.Err() != nil {
			return d, err
		}
		s.log.Warn("loopls/approve failed; asking with showMessageRequest", "err", err)
		fallthrough
	case caps.showMessage:
		d, err := s.askMessage(ctx, req)
		if err == nil || ctx.Err() != nil {
			return d, err
		}
		s.log.Warn("window/showMessageRequest failed; the policy decides", "err", err)
	}
	// The approval setting answers for commands, never for a protected
	// path: that write needs a person (docs/security.md).
	if policy == "allow" && req.Protected == "" {
		return workspace.DecisionAllowOnce, nil
	}
	return workspace.DecisionRejectOnce, nil
}

// CanAsk implements workspace.Reachability: the client can be asked
// (loopls/approve or window/showMessageRequest), or the approval setting
// answers "allow" for it. Otherwise run_command is offered only with
// allowCommands (SPEC §4), and what is not allowed is refused unasked.
func (s *Server) CanAsk() bool {
	caps := s.conf.caps()
	return caps.approvals || caps.showMessage || s.conf.current().Approval == "allow"
}

var _ workspace.Reachability = (*Server)(nil)

func (s *Server) askApprove(ctx context.Context, req workspace.ApprovalRequest) (workspace.Decision, error) {
	args := json.RawMessage(req.Call.Arguments)
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	p := approveParams{
		RunID:    req.RunID,
		ToolCall: approveToolCall{ID: req.Call.ID, Name: req.Call.Name, Arguments: args},
		Options:  approvalOptions,
		Command:  req.Command,
		Asking:   req.Unapproved,
		Reasons:  req.Reasons,
	}
	var res struct {
		Outcome  string `json:"outcome"`
		OptionID string `json:"optionId"`
	}
	if err := s.call(ctx, "loopls/approve", p, &res); err != nil {
		if ctx.Err() != nil {
			return workspace.DecisionCancelled, ctx.Err()
		}
		return "", err
	}
	if res.Outcome != "selected" {
		return workspace.DecisionCancelled, nil
	}
	switch d := workspace.Decision(res.OptionID); d {
	case workspace.DecisionAllowOnce, workspace.DecisionAllowAlways, workspace.DecisionRejectOnce, workspace.DecisionRejectAlways:
		return d, nil
	}
	return "", fmt.Errorf("loopls/approve: unknown optionId %q", res.OptionID)
}

func (s *Server) askMessage(ctx context.Context, req workspace.ApprovalRequest) (workspace.Decision, error) {
	msg := fmt.Sprintf("loopls wants to run: %s", req.Command)
	if req.Command == "" {
		args := string(req.Call.Arguments)
		if len(args) > 500 {
			args = args[:500] + "…"
		}
		msg = fmt.Sprintf("loopls wants to call the tool %s with %s", req.Call.Name, args)
	}
	if len(req.Unapproved) > 0 {
		msg = fmt.Sprintf("loopls wants to run: %s", strings.Join(req.Unapproved, ", "))
	}
	if len(req.Reasons) > 0 {
		msg += fmt.Sprintf(" (asked because %s)", strings.Join(req.Reasons, "; "))
		if req.Command != "" {
			msg += " in the command line: " + req.Command
		}
	}
	titles := map[string]workspace.Decision{
		"Allow once":    workspace.DecisionAllowOnce,
		"Always allow":  workspace.DecisionAllowAlways,
		"Reject":        workspace.DecisionRejectOnce,
		"Always reject": workspace.DecisionRejectAlways,
	}
	actions := []map[string]string{{"title": "Allow once"}, {"title": "Always allow"}, {"title": "Reject"}, {"title": "Always reject"}}
	var res *struct {
		Title string `json:"title"`
	}
	err := s.call(ctx, "window/showMessageRequest", map[string]any{"type": 2, "message": msg, "actions": actions}, &res)
	if err != nil {
		if ctx.Err() != nil {
			return workspace.DecisionCancelled, ctx.Err()
		}
		return "", err
	}
	if res == nil {
		return workspace.DecisionCancelled, nil // dismissed
	}
	if d, ok := titles[res.Title]; ok {
		return d, nil
	}
	return workspace.DecisionCancelled, nil
}

// applyEdit sends one edit to the editor (workspace/applyEdit); the
// workspace's LSP editor builds it. The params are marshalled with
// go.lsp.dev/protocol, whose union types encoding/json does not know.
func (s *Server) applyEdit(ctx context.Context, p *protocol.ApplyWorkspaceEditParams) (*protocol.ApplyWorkspaceEditResult, error) {
	raw, err := protocol.Marshal(p)
	if err != nil {
		return nil, fmt.Errorf("workspace/applyEdit: %w", err)
	}
	var res json.RawMessage
	if err := s.call(ctx, "workspace/applyEdit", json.RawMessage(raw), &res); err != nil {
		var re *jsonrpc2.Error
		if errors.As(err, &re) {
			return nil, fmt.Errorf("the editor refused workspace/applyEdit: %s (code %d)", re.Message, re.Code)
		}
		return nil, fmt.Errorf("workspace/applyEdit: %w", err)
	}
	var out protocol.ApplyWorkspaceEditResult
	if err := protocol.Unmarshal(res, &out); err != nil {
		return nil, fmt.Errorf("workspace/applyEdit: the editor's answer is not an ApplyWorkspaceEditResult: %w", err)
	}
	return &out, nil
}
