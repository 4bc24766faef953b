package rpc

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/providers"
	"github.com/loopls/loopls/session"
	"github.com/loopls/loopls/store"
	"github.com/loopls/loopls/workspace"
)

// manager returns the session manager once the workspace is open, opening
// it (and the store) on the first call.
func (s *Server) manager(ctx context.Context) (*session.Manager, error) {
	if err := s.openSessions(ctx); err != nil {
		return nil, err
	}
	return s.sess.manager()
}

// sessions handles loopls/sessions → [{"sessionId","title","runs","updatedAt"}].
func (s *Server) sessions(ctx context.Context, _ *json.RawMessage) (any, error) {
	mgr, err := s.manager(ctx)
	if err != nil {
		return nil, err
	}
	list, err := mgr.Sessions(ctx)
	if err != nil {
		return nil, err
	}
	if list == nil {
		list = []store.SessionSummary{}
	}
	return list, nil
}

// sessionResult is loopls/session's answer.
type sessionResult struct {
	SessionID machine.SessionID `json:"sessionId"`
	Title     string            `json:"title"`
	UpdatedAt time.Time         `json:"updatedAt"`
	History   []machine.Message `json:"history"`
	Runs      []sessionRun      `json:"runs"`
}

// sessionRun is one run of loopls/session: the Run record and the
// transcript to draw it from.
type sessionRun struct {
	engine.Run
	Transcript []session.Entry `json:"transcript"`
}

// sessionIDParam reads the {"sessionId"} params of loopls/session and
// loopls/deleteSession.
func sessionIDParam(params *json.RawMessage) (machine.SessionID, error) {
	var p struct {
		SessionID machine.SessionID `json:"sessionId"`
	}
	if err := decodeParams(params, &p); err != nil {
		return "", err
	}
	if p.SessionID == "" {
		return "", badParam("sessionId", "is required")
	}
	return p.SessionID, nil
}

// session handles loopls/session {"sessionId"} → {"sessionId", "title",
// "updatedAt", "history", "runs": [Run + "transcript"]}.
func (s *Server) session(ctx context.Context, params *json.RawMessage) (any, error) {
	id, err := sessionIDParam(params)
	if err != nil {
		return nil, err
	}
	mgr, err := s.manager(ctx)
	if err != nil {
		return nil, err
	}
	conv, err := mgr.Conversation(ctx, id)
	if err != nil {
		return nil, err
	}
	out := sessionResult{SessionID: id, Title: conv.Title, UpdatedAt: conv.UpdatedAt,
		History: conv.History, Runs: make([]sessionRun, 0, len(conv.Runs))}
	if out.History == nil {
		out.History = []machine.Message{}
	}
	for _, r := range conv.Runs {
		if r.Edits == nil {
			r.Edits = []engine.Edit{}
		}
		t := conv.Transcripts[r.ID]
		if t == nil {
			t = []session.Entry{}
		}
		out.Runs = append(out.Runs, sessionRun{Run: r, Transcript: t})
	}
	return out, nil
}

// deleteSession handles loopls/deleteSession {"sessionId"} → {"deleted": true}.
func (s *Server) deleteSession(ctx context.Context, params *json.RawMessage) (any, error) {
	id, err := sessionIDParam(params)
	if err != nil {
		return nil, err
	}
	mgr, err := s.manager(ctx)
	if err != nil {
		return nil, err
	}
	if err := mgr.Delete(ctx, id); err != nil {
		return nil, err
	}
	return map[string]bool{"deleted": true}, nil
}

// renameSession handles loopls/renameSession {"sessionId", "title"} →
// {"sessionId", "title"} (the title as stored: trimmed).
func (s *Server) renameSession(ctx context.Context, params *json.RawMessage) (any, error) {
	var p struct {
		SessionID machine.SessionID `json:"sessionId"`
		Title     string            `json:"title"`
	}
	if err := decodeParams(params, &p); err != nil {
		return nil, err
	}
	if p.SessionID == "" {
		return nil, badParam("sessionId", "is required")
	}
	title, err := store.CleanTitle(p.Title)
	if err != nil {
		return nil, badParam("title", "%v", err)
	}
	mgr, err := s.manager(ctx)
	if err != nil {
		return nil, err
	}
	if err := mgr.Rename(ctx, p.SessionID, title); err != nil {
		return nil, err
	}
	return map[string]any{"sessionId": p.SessionID, "title": title}, nil
}

// models handles loopls/models → [{"model","contextWindow","tools"}] for
// every configured provider.
func (s *Server) models(ctx context.Context, _ *json.RawMessage) (any, error) {
	list, err := providers.List(ctx, s.currentSettings())
	if err != nil {
		return nil, err
	}
	if list == nil {
		return []any{}, nil
	}
	return list, nil
}

// undoRun handles loopls/undoRun {"runId"} → {"applied","failureReason"?}:
// every edit of the run reverted as one edit, version-checked.
func (s *Server) undoRun(ctx context.Context, params *json.RawMessage) (any, error) {
	var p struct {
		RunID machine.RunID `json:"runId"`
	}
	if err := decodeParams(params, &p); err != nil {
		return nil, err
	}
	if p.RunID == "" {
		return nil, badParam("runId", "is required")
	}
	ws, err := s.docs.await(ctx)
	if err != nil {
		return nil, fmt.Errorf("nothing to undo in: %w", err)
	}
	// The journal of a run of an earlier daemon (the window reloaded) is
	// in the session store, which opens on the first request that needs it.
	_ = s.openSessions(ctx)
	if len(ws.Journal(p.RunID)) == 0 {
		if !s.knownRun(ctx, p.RunID) {
			return nil, fmt.Errorf("no run %s in this workspace: %w", p.RunID, errUnknownRun)
		}
		// Nothing to revert is not a failure of the request: nothing was
		// applied, and the reason says why.
		return map[string]any{"applied": false, "failureReason": fmt.Sprintf(
			"run %s made no edits in this daemon (or is older than the last %d runs its undo journal keeps): nothing to undo",
			p.RunID, workspace.MaxJournalRuns)}, nil
	}
	applied, reason, err := ws.UndoRun(ctx, p.RunID)
	if err != nil {
		return nil, err
	}
	res := map[string]any{"applied": applied}
	if reason != "" {
		res["failureReason"] = reason
	}
	return res, nil
}
