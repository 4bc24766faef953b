package rpc

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/loopls/loopls/engine/machine"
)

// executeCommandParams are workspace/executeCommand's.
type executeCommandParams struct {
	Command       string            `json:"command"`
	Arguments     []json.RawMessage `json:"arguments"`
	WorkDoneToken json.RawMessage   `json:"workDoneToken"`
}

// startedResult is what loopls.run and loopls.fix answer at once.
type startedResult struct {
	RunID     machine.RunID     `json:"runId"`
	SessionID machine.SessionID `json:"sessionId"`
}

// executeCommand handles loopls.run, loopls.fix and loopls.cancel. The run
// commands answer at once with {runId, sessionId}: Helix gives up on a
// request after 20 s and eglot blocks on one, so the run goes on and
// reports through notifications, ending with loopls/runEnded.
func (s *Server) executeCommand(_ context.Context, params *json.RawMessage) (any, error) {
	var p executeCommandParams
	if err := decodeParams(params, &p); err != nil {
		return nil, err
	}
	arg := func(v any) error {
		if len(p.Arguments) == 0 {
			return nil
		}
		if err := decodeParams(&p.Arguments[0], v); err != nil {
			if pe, ok := err.(*paramError); ok {
				pe.field = "arguments[0]." + pe.field
			}
			return err
		}
		return nil
	}
	switch p.Command {
	case CommandRun:
		var rp runParams
		if len(p.Arguments) == 0 {
			return nil, badParam("arguments", "must hold one object with \"prompt\"")
		}
		if err := arg(&rp); err != nil {
			return nil, err
		}
		return s.startDetached(rp, p.WorkDoneToken)
	case CommandFix:
		var fc struct {
			fixParams
			Session machine.SessionID `json:"session"`
			Mode    string            `json:"mode"`
			Context []contextParam    `json:"context"`
		}
		if len(p.Arguments) == 0 {
			return nil, badParam("arguments", "must hold one object with \"uri\" and \"range\"")
		}
		if err := arg(&fc); err != nil {
			return nil, err
		}
		return s.startDetached(runParams{Fix: &fc.fixParams, Session: fc.Session, Mode: fc.Mode, Context: fc.Context}, p.WorkDoneToken)
	case CommandCancel:
		var cp cancelParams
		if err := arg(&cp); err != nil {
			return nil, err
		}
		return map[string]bool{"cancelled": s.cancelRuns(cp.RunID)}, nil
	case "":
		return nil, badParam("command", "is required")
	}
	return nil, badParam("command", "%s: unknown command; loopls offers %s", fmt.Sprintf("%q", p.Command), strings.Join(Commands(), ", "))
}

// startDetached starts a run that outlives the request.
func (s *Server) startDetached(p runParams, token json.RawMessage) (any, error) {
	if len(p.WorkDoneToken) > 0 {
		token = p.WorkDoneToken
	}
	rs, err := s.startRun(s.ctx, p, token)
	if err != nil {
		if pe, ok := err.(*paramError); ok && !strings.HasPrefix(pe.field, "arguments") {
			pe.field = "arguments[0]." + pe.field
		}
		return nil, err
	}
	return startedResult{RunID: rs.id, SessionID: rs.session}, nil
}
