package rpc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/workspace"
)

// runChange handles loopls/runChange {"runId","path"} →
// {"runId","path","uri","created","before","after"}: one file's text before
// the run's first edit of it and after its last, from the undo journal, so
// an editor can show the run's change as a diff.
func (s *Server) runChange(ctx context.Context, params *json.RawMessage) (any, error) {
	var p struct {
		RunID machine.RunID `json:"runId"`
		Path  string        `json:"path"`
	}
	if err := decodeParams(params, &p); err != nil {
		return nil, err
	}
	if p.RunID == "" {
		return nil, badParam("runId", "is required")
	}
	if p.Path == "" {
		return nil, badParam("path", "is required: a path of the run's edits")
	}
	ws, err := s.docs.await(ctx)
	if err != nil {
		return nil, err
	}
	// The journal of a run of an earlier daemon (the window reloaded) is
	// in the session store, which opens on the first request that needs it.
	_ = s.openSessions(ctx)
	fc, err := ws.RunFileChange(p.RunID, p.Path)
	if errors.Is(err, workspace.ErrNoChange) && !s.knownRun(ctx, p.RunID) {
		return nil, fmt.Errorf("no run %s in this workspace: %w", p.RunID, errUnknownRun)
	}
	if err != nil {
		return nil, err
	}
	return map[string]any{
		"runId": p.RunID, "path": fc.Path, "uri": fc.URI, "created": fc.Created,
		"before": fc.Before, "after": fc.After,
	}, nil
}
