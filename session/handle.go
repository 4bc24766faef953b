package session

import (
	"context"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// Handle is one run in flight.
type Handle struct {
	id      machine.RunID
	session machine.SessionID
	cancel  context.CancelFunc
	done    chan struct{}
	run     engine.Run
	err     error
	// recorded is, for a resumed run, the conversation its checkpoint
	// held: the session's history and what the run had recorded so far.
	recorded []machine.Message
}

// RunID names the run.
func (h *Handle) RunID() machine.RunID { return h.id }

// SessionID names the run's session (fresh when the request named none).
func (h *Handle) SessionID() machine.SessionID { return h.session }

// Recorded is, for a resumed run, the conversation its last checkpoint
// held (the session's committed history, then the run's prompt, answers and
// tool results recorded before it stopped); nil for a run that Start began.
func (h *Handle) Recorded() []machine.Message { return h.recorded }

// Done is closed when the run has ended and its session is free again.
func (h *Handle) Done() <-chan struct{} { return h.done }

// Wait blocks until the run ends and returns its Run record, complete
// (engine.Run.Complete: ids, an outcome that agrees with the error, a
// failure's LoopError, edits as a list), and its error (nil when it
// completed). Callers trust it as it is.
func (h *Handle) Wait() (engine.Run, error) {
	<-h.done
	return h.run, h.err
}

// Cancel asks the run to stop; it ends Cancelled with its history unchanged.
func (h *Handle) Cancel() { h.cancel() }
