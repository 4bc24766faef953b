package engine

import "github.com/loopls/loopls/engine/machine"

// transitionOf is the move as observers and the editor see it: seq numbers
// the run's transitions from 1, contextTokens is the estimate at the move,
// and maxTurns maps a MaxTurnsExceeded outcome to its error.
func transitionOf(mv machine.Move, run machine.RunID, session machine.SessionID, seq, contextTokens, maxTurns int) Transition {
	t := Transition{
		RunID:         run,
		SessionID:     session,
		Seq:           seq,
		From:          mv.From.Name,
		To:            mv.To.Name,
		Event:         mv.Event,
		Turn:          mv.Turn,
		ContextTokens: contextTokens,
	}
	if mv.To.Name == machine.StateTerminal && mv.To.Outcome != nil {
		t.Outcome = mv.To.Outcome.Name
		t.Error = mv.To.Outcome.Error(maxTurns)
	}
	return t
}
