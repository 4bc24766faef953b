package rpc

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// createTimeout bounds the wait for window/workDoneProgress/create; a client
// that never answers gets no progress, and the run is not held up by it.
const createTimeout = 10 * time.Second

// progress is one run's work-done progress: begin (cancellable) → a report
// per transition → end. It is nil-safe, so a run without progress needs no
// checks. Reports that come before the token exists are folded into begin.
type progress struct {
	s     *Server
	token json.RawMessage
	title string

	mu      sync.Mutex
	state   progressState
	latest  string
	endMsg  string
	endSeen bool
}

type progressState int

const (
	progressPending progressState = iota // waiting for the client to create the token
	progressBegun
	progressDone // ended, or disabled
)

// progressTokens are the progress tokens of the runs in flight, each with
// its run, so window/workDoneProgress/cancel finds the run to cancel. It
// owns its map, as gopls's progress tracker does.
type progressTokens struct {
	mu   sync.Mutex
	runs map[string]machine.RunID // tokenKey → run
}

// add names run as token's.
func (t *progressTokens) add(token json.RawMessage, run machine.RunID) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.runs == nil {
		t.runs = make(map[string]machine.RunID)
	}
	t.runs[tokenKey(token)] = run
}

// remove forgets token.
func (t *progressTokens) remove(token json.RawMessage) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.runs, tokenKey(token))
}

// run is the run whose progress token is token.
func (t *progressTokens) run(token json.RawMessage) (machine.RunID, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	run, ok := t.runs[tokenKey(token)]
	return run, ok
}

// tokenKey is a token (string or integer) in one spelling, its compact
// JSON: 7 and " 7 " written with spaces around are one token, 7 and "7"
// are two.
func tokenKey(raw json.RawMessage) string {
	var buf bytes.Buffer
	if json.Compact(&buf, raw) != nil {
		return string(raw)
	}
	return buf.String()
}

// newProgress sets up run's progress: on the client's token when it sent
// one, else on a token the server creates when the client supports that,
// else none (nil).
func (s *Server) newProgress(run machine.RunID, clientToken json.RawMessage, title string) *progress {
	canCreate := s.conf.caps().workDoneProgress
	hasClientToken := len(clientToken) > 0 && string(clientToken) != "null"
	if !hasClientToken && !canCreate {
		return nil
	}
	p := &progress{s: s, title: title}
	if hasClientToken {
		p.token = clientToken
	} else {
		p.token, _ = json.Marshal("loopls/" + string(run))
	}
	s.tokens.add(p.token, run)
	if hasClientToken {
		p.begin()
		return p
	}
	s.runWG.Add(1)
	go func() {
		defer s.runWG.Done()
		ctx, cancel := context.WithTimeout(s.ctx, createTimeout)
		defer cancel()
		err := s.call(ctx, "window/workDoneProgress/create", map[string]json.RawMessage{"token": p.token}, nil)
		if err != nil {
			s.log.Debug("no progress for the run: the client did not create the token", "run", run, "err", err)
			p.disable()
			return
		}
		p.begin()
	}()
	return p
}

type progressParams struct {
	Token json.RawMessage `json:"token"`
	Value any             `json:"value"`
}

func (p *progress) send(value any, run machine.RunID, replaceable bool) {
	m := &outMsg{kind: outNotify, method: "$/progress", params: progressParams{Token: p.token, Value: value}, run: run}
	if replaceable {
		m.key = "progress " + tokenKey(p.token)
	}
	p.s.out.push(m)
}

func (p *progress) begin() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.state != progressPending {
		return
	}
	p.state = progressBegun
	v := map[string]any{"kind": "begin", "title": p.title, "cancellable": true}
	if p.latest != "" {
		v["message"] = p.latest
	}
	p.send(v, "", false)
	if p.endSeen {
		p.state = progressDone
		p.send(map[string]any{"kind": "end", "message": p.endMsg}, "", false)
	}
}

func (p *progress) disable() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.state = progressDone
}

// report sends msg, or keeps it for begin while the token is being created.
func (p *progress) report(msg string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	switch p.state {
	case progressPending:
		p.latest = msg
	case progressBegun:
		p.send(map[string]any{"kind": "report", "message": msg}, "", true)
	}
}

// end finishes the progress with msg and forgets the token.
func (p *progress) end(msg string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	switch p.state {
	case progressPending:
		p.endSeen, p.endMsg = true, msg
	case progressBegun:
		p.state = progressDone
		p.send(map[string]any{"kind": "end", "message": msg}, "", false)
	}
	p.mu.Unlock()
	p.s.tokens.remove(p.token)
}

// transitionMessage is the progress line for a transition, e.g.
// "turn 2 · thinking".
func transitionMessage(t engine.Transition) string {
	var what string
	switch t.To {
	case machine.StateStart:
		what = "starting"
	case machine.StateAwaitingModel:
		what = "thinking"
	case machine.StateAwaitingTools:
		what = "running tools"
	case machine.StateAwaitingCompaction:
		what = "compacting"
	case machine.StateTerminal:
		what = string(t.Outcome)
	default:
		what = string(t.To)
	}
	// The machine counts turns from 0; people count them from 1 (the
	// second model call is "turn 2").
	return fmt.Sprintf("turn %d · %s", t.Turn+1, what)
}
