package acp

import (
	"context"
	"fmt"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// resumeAfterLoad continues, after session/load has replayed the history,
// the session's run that a killed loopls left resumable. It runs on its own,
// not inside a prompt: ACP has no request that waits on a run the client did
// not start, so its updates reach the client as session/update notifications
// of the loaded session (after the replay), framed by two agent message
// chunks that say it resumed and how it ended. It holds the session's turn
// like a prompt, so a prompt sent meanwhile waits for it, and session/cancel
// stops it. Nothing happens when the backend cannot resume or no run is
// left resumable. A run that is resumable but does not resume (another
// loopls took it first, say) is told to the user in an agent message chunk
// that says why, as is a store that cannot say whether one is; session/load
// has answered in any case.
func (a *Agent) resumeAfterLoad(ctx context.Context, s *session, sid sdk.SessionId, replayed int) {
	rb, ok := s.backend.(Resumer)
	if !ok {
		return
	}
	runID, err := rb.ResumableRun(ctx, s.id)
	if err != nil {
		a.log.Warn("acp: cannot tell whether the session's last run can be resumed", "session", s.id, "err", err)
		note := fmt.Sprintf("[loopls] could not tell whether this session's last run was interrupted and can be resumed: %v", err)
		if err := a.conn.SessionUpdate(ctx, sdk.SessionNotification{SessionId: sid, Update: sdk.UpdateAgentMessageText(note)}); err != nil {
			a.log.Debug("acp: notification not sent", "session", sid, "err", err)
		}
		return
	}
	if runID == "" {
		return
	}
	a.mu.Lock()
	if a.closing {
		a.mu.Unlock()
		return
	}
	a.prompts.Add(1)
	a.mu.Unlock()
	go func() {
		defer a.prompts.Done()
		a.resume(context.WithoutCancel(ctx), s, sid, runID, replayed)
	}()
}

func (a *Agent) resume(ctx context.Context, s *session, sid sdk.SessionId, runID machine.RunID, replayed int) {
	select {
	case s.turn <- struct{}{}:
	default:
		return // a prompt took the session first: its run supersedes the stopped one
	}
	defer func() { <-s.turn }()
	mode, _ := s.snapshot()
	out := newOutbox(a.conn, sid, a.log)
	obs := newRunObserver(out, s.root)
	r := &activeRun{out: out, obs: obs}
	s.setActive(r)
	a.mu.Lock()
	a.runs[runID] = s
	closing := a.closing // shutdown cancels active runs after setting it
	a.mu.Unlock()
	defer func() {
		a.mu.Lock()
		delete(a.runs, runID)
		a.mu.Unlock()
		s.setActive(nil)
	}()
	if closing {
		out.close()
		return
	}
	// The run's events wait until the client has been shown what the run
	// had recorded before it stopped, which the stored history (replayed
	// by session/load) does not hold yet.
	gate := &gatedObserver{Observer: obs, open: make(chan struct{})}
	h, recorded, err := s.backend.(Resumer).Resume(ctx, ResumeRequest{SessionID: s.id, RunID: runID, Mode: mode, Observer: gate})
	if err != nil {
		// Another process resumed it first, or the session ran since: the
		// history as replayed is the session, as without a resume. The
		// user is told, or the run they saw stop would vanish unexplained.
		close(gate.open)
		a.log.Warn("acp: interrupted run not resumed", "session", s.id, "run", runID, "err", err)
		out.chunk(engine.LaneText, fmt.Sprintf("[loopls] the run %s, which stopped when loopls was stopped, was not resumed: %v", runID, err))
		out.close()
		return
	}
	if replayed <= len(recorded) {
		all := replayUpdates(s.root, recorded)
		for _, u := range all[len(replayUpdates(s.root, recorded[:replayed])):] {
			out.push(u)
		}
	}
	out.chunk(engine.LaneText, fmt.Sprintf("loopls: resuming run %s, which stopped when loopls was stopped.\n\n", runID))
	close(gate.open)
	r.setHandle(h)
	run, _ := h.Wait()
	end := endingOf(run)
	if end.stop == sdk.StopReasonCancelled {
		obs.closeOpen(engine.ToolCancelled, "")
	} else {
		obs.closeOpen(engine.ToolFailed, "")
	}
	note := fmt.Sprintf("loopls: the resumed run %s ended: %s.", runID, run.Outcome)
	if end.note != "" {
		note = end.note + "\n\n" + note
	} else if end.err != nil {
		note = "[loopls] " + end.err.Message + "\n\n" + note
	}
	if obs.streamedText() {
		note = "\n\n" + note
	}
	out.chunk(engine.LaneText, note)
	out.close()
}

// gatedObserver holds a run's events until open is closed.
type gatedObserver struct {
	engine.Observer
	open chan struct{}
}

func (g *gatedObserver) OnRunStart(run engine.Run) { <-g.open; g.Observer.OnRunStart(run) }
func (g *gatedObserver) OnTransition(t engine.Transition) {
	<-g.open
	g.Observer.OnTransition(t)
}
func (g *gatedObserver) OnDelta(id machine.RunID, lane engine.Lane, text string) {
	<-g.open
	g.Observer.OnDelta(id, lane, text)
}
func (g *gatedObserver) OnResponse(id machine.RunID, turn int, resp engine.ModelResponse) {
	<-g.open
	g.Observer.OnResponse(id, turn, resp)
}
func (g *gatedObserver) OnToolPre(ev engine.ToolEvent)  { <-g.open; g.Observer.OnToolPre(ev) }
func (g *gatedObserver) OnToolPost(ev engine.ToolEvent) { <-g.open; g.Observer.OnToolPost(ev) }
func (g *gatedObserver) OnCompaction(id machine.RunID, reason string, before, after int) {
	<-g.open
	g.Observer.OnCompaction(id, reason, before, after)
}
func (g *gatedObserver) OnFallback(id machine.RunID, from, to string) {
	<-g.open
	g.Observer.OnFallback(id, from, to)
}
func (g *gatedObserver) OnLoopDetected(id machine.RunID, tool string, repeats int, stopped bool) {
	<-g.open
	g.Observer.OnLoopDetected(id, tool, repeats, stopped)
}
func (g *gatedObserver) OnStreamFailure(id machine.RunID, turn int, model string, err error) {
	<-g.open
	g.Observer.OnStreamFailure(id, turn, model, err)
}
func (g *gatedObserver) OnModelWait(w engine.ModelWait) { <-g.open; g.Observer.OnModelWait(w) }
func (g *gatedObserver) OnRunEnd(run engine.Run)        { <-g.open; g.Observer.OnRunEnd(run) }
func (g *gatedObserver) OnCheckpoint(c engine.Checkpoint) {
	<-g.open
	g.Observer.OnCheckpoint(c)
}
