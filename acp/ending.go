package acp

import (
	"strings"

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
// error whose message is one sentence in words and which carries no data:
// clients show an error's data as it is (codecompanion printed the whole Run
// record, pages of it), and the record is in the session's history. The
// record is complete, as RunHandle.Wait gives it (engine.Run.Complete): its
// outcome and error are not derived again here.
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
	return ending{err: &sdk.RequestError{Code: CodeRunFailed, Message: failureSentence(run)}}
}

// maxFailureRunes bounds the sentence: a provider's message is not ours to
// size.
const maxFailureRunes = 400

// failureSentence says in one sentence what failed and why: what the kind
// means, in words, then the error's own message on one line.
func failureSentence(run engine.Run) string {
	what := "The run failed"
	msg := ""
	if e := run.Error; e != nil {
		msg = e.Message
		switch e.Kind {
		case machine.KindAPI:
			what = "The model could not answer"
		case machine.KindFallbackExhausted:
			what = "Every model tried failed"
		case machine.KindRateLimitEscalation:
			what = "The model kept refusing for its rate limit"
		case machine.KindInternal:
			what = "loopls failed"
			msg = strings.TrimPrefix(msg, "internal error: ")
		case machine.KindLoopDetected, machine.KindToolRecoveryExhausted, machine.KindEmptyAnswer:
			what = "The run stopped"
		}
	}
	msg = strings.Join(strings.Fields(msg), " ")
	if r := []rune(msg); len(r) > maxFailureRunes {
		msg = string(r[:maxFailureRunes-1]) + "…"
	}
	if msg == "" {
		return what + "."
	}
	s := what + ": " + msg
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

func failureMessage(run engine.Run, fallback string) string {
	if run.Error != nil {
		return run.Error.Error()
	}
	return fallback
}
