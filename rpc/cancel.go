package rpc

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/loopls/loopls/engine"
)

// cancelRequest handles $/cancelRequest: jsonrpc2 v0.2 does nothing with it,
// so the server keeps its own id → cancel map. Cancelling a pending
// loopls/run cancels its run, which then answers -32800.
func (s *Server) cancelRequest(params *json.RawMessage) {
	var p struct {
		ID json.RawMessage `json:"id"`
	}
	if decodeParams(params, &p) != nil || len(p.ID) == 0 {
		return
	}
	id, ok := s.requestID(p.ID)
	if !ok {
		return
	}
	s.mu.Lock()
	cancel := s.inflight[id]
	s.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// requestID turns an id as the client wrote it into jsonrpc2's ID.
func (s *Server) requestID(raw json.RawMessage) (jsonrpc2.ID, bool) {
	if a, ok := s.stream.lookupAlias(raw); ok {
		return jsonrpc2.ID{Str: a, IsString: true}, true
	}
	var str string
	if json.Unmarshal(raw, &str) == nil {
		return jsonrpc2.ID{Str: str, IsString: true}, true
	}
	n, err := strconv.ParseUint(string(raw), 10, 64)
	if err != nil {
		return jsonrpc2.ID{}, false
	}
	return jsonrpc2.ID{Num: n}, true
}

// progressCancel handles window/workDoneProgress/cancel: VS Code's Cancel
// button on the run's progress.
func (s *Server) progressCancel(params *json.RawMessage) {
	var p struct {
		Token json.RawMessage `json:"token"`
	}
	if decodeParams(params, &p) != nil || len(p.Token) == 0 {
		return
	}
	s.mu.Lock()
	run, ok := s.tokens[tokenKey(p.Token)]
	mgr := s.mgr
	s.mu.Unlock()
	if ok && mgr != nil {
		mgr.Cancel(run)
	}
}

// cancelParams are loopls/cancel's and loopls.cancel's.
type cancelParams struct {
	RunID engine.RunID `json:"runId"`
}

// loopCancel handles loopls/cancel {"runId"} → {"cancelled": bool}: false
// for a run that already ended, -31005 for a run id no run has (SPEC §3.1).
// Without a runId it cancels every run.
func (s *Server) loopCancel(ctx context.Context, params *json.RawMessage) (any, error) {
	var p cancelParams
	if err := decodeParams(params, &p); err != nil {
		return nil, err
	}
	cancelled := s.cancelRuns(p.RunID)
	if !cancelled && p.RunID != "" && !s.knownRun(ctx, p.RunID) {
		return nil, fmt.Errorf("no run %s in this workspace: %w", p.RunID, errUnknownRun)
	}
	return map[string]bool{"cancelled": cancelled}, nil
}

// cancelRuns cancels one run, or all when id is empty; it reports whether
// any run was in flight.
func (s *Server) cancelRuns(id engine.RunID) bool {
	s.mu.Lock()
	mgr := s.mgr
	s.mu.Unlock()
	if mgr == nil {
		return false
	}
	if id == "" {
		return mgr.CancelAll() > 0
	}
	return mgr.Cancel(id)
}
