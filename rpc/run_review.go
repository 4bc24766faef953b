package rpc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/workspace"
)

// runReview handles loopls/runReview {"runId"} → the run's review: every
// file it changed (file tools and command lines), each with its status in
// words and the hunks still waiting (docs/protocol.md, "loopls/runReview").
func (s *Server) runReview(ctx context.Context, params *json.RawMessage) (any, error) {
	var p struct {
		RunID machine.RunID `json:"runId"`
	}
	if err := decodeParams(params, &p); err != nil {
		return nil, err
	}
	if p.RunID == "" {
		return nil, badParam("runId", "is required")
	}
	ws, err := s.reviewWorkspace(ctx)
	if err != nil {
		return nil, err
	}
	rev, err := ws.RunReview(ctx, p.RunID)
	if errors.Is(err, workspace.ErrNoChange) && !s.knownRun(ctx, p.RunID) {
		return nil, fmt.Errorf("no run %s in this workspace: %w", p.RunID, errUnknownRun)
	}
	return rev, err
}

// reviewRun handles loopls/reviewRun {"runId","path"?,"hunk"?,"keep"} →
// {"review","failureReason"?}: keep or undo one hunk, one file (no hunk) or
// every file (no path) of the run's review.
func (s *Server) reviewRun(ctx context.Context, params *json.RawMessage) (any, error) {
	var p struct {
		RunID machine.RunID `json:"runId"`
		Path  string        `json:"path"`
		Hunk  *int          `json:"hunk"`
		Keep  *bool         `json:"keep"`
	}
	if err := decodeParams(params, &p); err != nil {
		return nil, err
	}
	switch {
	case p.RunID == "":
		return nil, badParam("runId", "is required")
	case p.Keep == nil:
		return nil, badParam("keep", "is required: true keeps, false undoes")
	case p.Hunk != nil && (*p.Hunk < 0 || p.Path == ""):
		return nil, badParam("hunk", "names a hunk (from 0) of one path")
	}
	ws, err := s.reviewWorkspace(ctx)
	if err != nil {
		return nil, err
	}
	hunk := -1
	if p.Hunk != nil {
		hunk = *p.Hunk
	}
	rev, reason, err := ws.ReviewAction(ctx, p.RunID, p.Path, hunk, *p.Keep)
	if errors.Is(err, workspace.ErrNoChange) && !s.knownRun(ctx, p.RunID) {
		return nil, fmt.Errorf("no run %s in this workspace: %w", p.RunID, errUnknownRun)
	}
	if errors.Is(err, workspace.ErrNoReview) {
		return nil, badParam("path", "%v", err)
	}
	if err != nil {
		return nil, err
	}
	res := map[string]any{"review": rev}
	if reason != "" {
		res["failureReason"] = reason
	}
	return res, nil
}

// reviewWorkspace is the workspace with its journal's store open: a run of
// an earlier daemon (the window reloaded) is reviewed from the store.
func (s *Server) reviewWorkspace(ctx context.Context) (*workspace.Workspace, error) {
	ws, err := s.docs.await(ctx)
	if err != nil {
		return nil, err
	}
	_ = s.openSessions(ctx)
	return ws, nil
}
