package rpc

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/loopls/loopls/engine/machine"
)

// inflight are the requests being answered, each with the cancel function
// of its context: $/cancelRequest ends one. It owns its map, as gopls's
// cancel handler does; jsonrpc2 v0.2 does nothing with $/cancelRequest.
type inflight struct {
	mu      sync.Mutex
	cancels map[jsonrpc2.ID]context.CancelFunc
}

// start registers request id and returns the context to answer it in and
// the function to call once it is answered, which forgets it and releases
// its context. It runs on the read loop, so a $/cancelRequest right behind
// the request finds it.
func (r *inflight) start(parent context.Context, id jsonrpc2.ID) (context.Context, func()) {
	ctx, cancel := context.WithCancel(parent)
	r.mu.Lock()
	if r.cancels == nil {
		r.cancels = make(map[jsonrpc2.ID]context.CancelFunc)
	}
	r.cancels[id] = cancel
	r.mu.Unlock()
	return ctx, func() {
		r.mu.Lock()
		delete(r.cancels, id)
		r.mu.Unlock()
		cancel()
	}
}

// cancel cancels request id's context; it reports whether the request was
// still being answered.
func (r *inflight) cancel(id jsonrpc2.ID) bool {
	r.mu.Lock()
	cancel, ok := r.cancels[id]
	r.mu.Unlock()
	if ok {
		cancel()
	}
	return ok
}

// cancelRequest handles $/cancelRequest. Cancelling a pending loopls/run
// cancels its run, which then answers -32800.
func (s *Server) cancelRequest(params *json.RawMessage) {
	var p struct {
		ID json.RawMessage `json:"id"`
	}
	if decodeParams(params, &p) != nil || len(p.ID) == 0 {
		return
	}
	if id, ok := s.stream.requestID(p.ID); ok {
		s.inflight.cancel(id)
	}
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
	if run, ok := s.tokens.run(p.Token); ok {
		s.cancelRuns(run)
	}
}

// cancelParams are loopls/cancel's and loopls.cancel's.
type cancelParams struct {
	RunID machine.RunID `json:"runId"`
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
func (s *Server) cancelRuns(id machine.RunID) bool { return s.sess.cancel(id) }
