package rpc

import (
	"context"
	"encoding/json"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/session"
)

// resumeParams are loopls/resumeRun's params.
type resumeParams struct {
	RunID         machine.RunID   `json:"runId"`
	MaxTurns      int             `json:"maxTurns"`
	WorkDoneToken json.RawMessage `json:"workDoneToken"`
}

// resumeRun handles loopls/resumeRun {"runId"}: it continues a run a dead
// daemon left resumable and behaves exactly like loopls/run — it stays
// pending until the run ends, reports it with the same notifications
// (same runId, transition seq going on), and answers the Run record or an
// ending's error. A run that is not resumable, or whose session has run
// since, is -31005 with the reason; a session running is -31004.
func (s *Server) resumeRun(ctx context.Context, params *json.RawMessage) (any, error) {
	var p resumeParams
	if err := decodeParams(params, &p); err != nil {
		return nil, err
	}
	if p.RunID == "" {
		return nil, badParam("runId", "is required")
	}
	if p.MaxTurns < 0 {
		return nil, badParam("maxTurns", "must be 0 or more")
	}
	mgr, err := s.manager(ctx)
	if err != nil {
		return nil, err
	}
	rs, err := s.launch(p.RunID, p.WorkDoneToken, "loopls: resuming "+string(p.RunID), func(obs engine.Observer) (*session.Handle, error) {
		return mgr.Resume(ctx, session.ResumeRequest{RunID: p.RunID, MaxTurns: p.MaxTurns, Observer: obs})
	})
	if err != nil {
		return nil, err
	}
	<-rs.ended
	if rs.run.Outcome != machine.OutcomeCompleted {
		return nil, runError(rs.run)
	}
	return rs.run, nil
}
