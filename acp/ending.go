package acp

import (
	"errors"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/loopls/loopls/engine"
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
// error whose data is the Run record.
func endingOf(run engine.Run, err error) ending {
	outcome := run.Outcome
	if outcome == "" {
		// No record of an outcome: classify by the error alone.
		switch {
		case err == nil:
			outcome = engine.OutcomeCompleted
		case engine.IsCancelled(err):
			outcome = engine.OutcomeCancelled
		case errors.Is(err, engine.ErrMaxTurnsExceeded):
			outcome = engine.OutcomeMaxTurnsExceeded
		case errors.Is(err, engine.ErrContextExceeded):
			outcome = engine.OutcomeContextExceeded
		default:
			outcome = engine.OutcomeFailed
		}
	}
	switch outcome {
	case engine.OutcomeCompleted:
		return ending{stop: sdk.StopReasonEndTurn}
	case engine.OutcomeCancelled:
		return ending{stop: sdk.StopReasonCancelled}
	case engine.OutcomeMaxTurnsExceeded:
		return ending{stop: sdk.StopReasonMaxTurnRequests}
	case engine.OutcomeContextExceeded:
		return ending{stop: sdk.StopReasonMaxTokens, note: "[loopls] " + failureMessage(run, err, "the conversation no longer fits in the model's context window: start a new session or use a model with a bigger window")}
	}
	if run.Error == nil {
		var le *engine.LoopError
		if errors.As(err, &le) {
			run.Error = le
		} else {
			msg := "the run failed"
			if err != nil {
				msg = err.Error()
			}
			run.Error = engine.Internal(msg)
		}
	}
	if run.Outcome == "" {
		run.Outcome = engine.OutcomeFailed
	}
	return ending{err: &sdk.RequestError{Code: CodeRunFailed, Message: failureMessage(run, err, "the run failed"), Data: run}}
}

func failureMessage(run engine.Run, err error, fallback string) string {
	switch {
	case run.Error != nil && run.Error.Message != "":
		return run.Error.Message
	case err != nil:
		return err.Error()
	}
	return fallback
}
