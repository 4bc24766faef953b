package engine

import (
	"context"
	"encoding/json"
	"errors"
)

// ErrNotResumable is returned (wrapped) by Resume for a snapshot it cannot
// continue from.
var ErrNotResumable = errors.New("the run cannot be resumed")

// ResumeInput is a run to continue from its last checkpoint.
type ResumeInput struct {
	// Run is the run record as its last checkpoint left it; its ID,
	// prompt, start time and usage carry on.
	Run Run
	// Machine is the snapshot of that checkpoint.
	Machine json.RawMessage
	// Seq is the seq of the last transition before that checkpoint; the
	// resumed run numbers on from it.
	Seq int
	// Rerunnable names the tools that are safe to run again when they were
	// in flight at the checkpoint (read-only tools). The others get an
	// "interrupted" result instead.
	Rerunnable []string
	// MaxTurns, Model and Tools are as in RunInput.
	MaxTurns int
	Model    Model
	Tools    []Tool
}

// Resume continues a run from a checkpoint's machine snapshot, as Run
// performs a new one: same run id, transitions numbered on from Seq, the
// same Run record filled and returned. What the checkpoint recorded is not
// done again: tool results in it are sent, not re-run; tools in flight at it
// are re-run only if Rerunnable, else the model is told they were
// interrupted; a model request in flight at it is sent again. The
// snapshot's committed history replaces the agent's.
func (a *Agent) Resume(ctx context.Context, in ResumeInput) (Run, error) {
	if !a.running.CompareAndSwap(false, true) {
		return Run{}, ErrBusy
	}
	defer a.running.Store(false)
	if len(in.Machine) == 0 || in.Run.ID == "" {
		return Run{}, errors.Join(ErrNotResumable, errors.New("no snapshot or no run id"))
	}
	m, err := UnmarshalMachine(in.Machine)
	if err != nil {
		return Run{}, errors.Join(ErrNotResumable, err)
	}
	m.InterruptTools(in.Rerunnable)
	a.machine = m
	a.publish(m.History(), in.Machine)

	rs := a.newRunState(ctx, RunInput{ID: in.Run.ID, Prompt: in.Run.Prompt, MaxTurns: in.MaxTurns, Model: in.Model, Tools: in.Tools})
	run := in.Run
	run.SessionID = a.session
	run.Outcome, run.Error, run.Output, run.EndedAt = "", nil, "", rs.run.EndedAt
	run.Resumable, run.StoppedIn = false, nil
	if run.Edits == nil {
		run.Edits = []Edit{}
	}
	if run.Model == "" {
		run.Model = rs.run.Model
	}
	rs.run = run
	rs.seq = in.Seq
	a.counter.overhead = overheadOf(a.cfg.System, rs.specs)
	// The killed process's counter was calibrated against the provider; the
	// snapshot's estimate is its measurement of this conversation. Calibrate
	// to it, or the compaction this snapshot calls for would measure the
	// conversation with the raw heuristic, find it already fits, and end
	// the run "compaction freed nothing".
	if n := m.ContextTokens(); n > 0 {
		a.counter.calibrate(messagesChars(m.Conversation()), n)
	}
	a.obs.each(func(o Observer) { o.OnRunStart(rs.run) })
	if lerr := a.loop(rs); lerr != nil {
		return rs.run, lerr
	}
	return rs.run, nil
}
