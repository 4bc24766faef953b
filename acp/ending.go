package acp

import (
	sdk "github.com/coder/acp-go-sdk"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// CodeRunFailed is the JSON-RPC error code of a prompt whose run failed; it
// is LSP's RequestFailed, as `loopls serve` answers a failed loopls/run.
const CodeRunFailed = -32803

// ending is how a prompt answers once its run has ended.
type ending struct {
	stop sdk.StopReason
	// note is a last message chunk that says why the run stopped, for
	// endings the stop reason alone does not explain.
	note string
	// err, when set, is the answer instead of a stop reason.
	err *sdk.RequestError
}

// endingOf maps a run's ending to ACP: Completed → end_turn,
// MaxTurnsExceeded → max_turn_requests, Cancelled → cancelled (never an
// error), ContextExceeded → max_tokens with a note, any failure → a JSON-RPC
// error whose data is the Run record. The record is complete, as
// RunHandle.Wait gives it (engine.Run.Complete): its outcome and error are
// not derived again here.
func endingOf(run engine.Run) ending {
	switch run.Outcome {
	case machine.OutcomeCompleted:
		return ending{stop: sdk.StopReasonEndTurn}
	case machine.OutcomeCancelled:
		return ending{stop: sdk.StopReasonCancelled}
	case machine.OutcomeMaxTurnsExceeded:
		return ending{stop: sdk.StopReasonMaxTurnRequests}
	case machine.OutcomeContextExceeded:
		return ending{stop: sdk.StopReasonMaxTokens, note: "[loopls] " + failureMessage(run, "the conversation no longer fits in the model's context window: start a new session or use a model with a bigger window")}
	}
	return ending{err: &sdk.RequestError{Code: CodeRunFailed, Message: failureMessage(run, "the run failed"), Data: run}}
}

func failureMessage(run engine.Run, fallback string) string {
	if run.Error != nil {
		return run.Error.Error()
	}
	return fallback
}
