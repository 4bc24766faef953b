package rpc

import (
	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// ModelWaitParams are loopls/modelWait's params (loopls run --json prints
// the same): a model call of the run has been silent for afterMs, and
// message says what it may be waiting for. The engine decides when (once
// per model call, engine.ModelWait); this is only its wire form.
type ModelWaitParams struct {
	RunID   machine.RunID `json:"runId"`
	Turn    int           `json:"turn"`
	Model   string        `json:"model,omitempty"`
	AfterMs int64         `json:"afterMs"`
	Message string        `json:"message"`
}

// NewModelWaitParams is w on the wire.
func NewModelWaitParams(w engine.ModelWait) ModelWaitParams {
	return ModelWaitParams{RunID: w.RunID, Turn: w.Turn, Model: w.Model, AfterMs: w.After.Milliseconds(), Message: w.Message()}
}

// OnModelWait tells the editor that the run's model call is silent: the
// loopls/modelWait notification, and the same words on the run's progress
// ("turn 1 · thinking · no answer from the model yet after 10s: …"),
// which an editor without loopls's notifications shows under its spinner.
func (o *runObserver) OnModelWait(w engine.ModelWait) {
	p := NewModelWaitParams(w)
	o.s.out.notify("loopls/modelWait", p, p.RunID)
	o.rs.progress.report(transitionMessage(engine.Transition{To: machine.StateAwaitingModel, Turn: w.Turn}) + " · " + p.Message)
}
