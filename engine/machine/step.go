package machine

// StepKind names what the driver must do next.
type StepKind string

// The steps NextStep answers (SPEC §2.1).
const (
	StepCallLLM   StepKind = "CallLLM"
	StepCallTools StepKind = "CallTools"
	StepCompact   StepKind = "Compact"
	StepDone      StepKind = "Done"
)

// PendingToolCall is one tool call the model asked for, classified. A call
// to a tool the run does not offer carries a Preresolved error result: the
// driver sends that result back instead of dispatching, so the model can
// correct itself.
type PendingToolCall struct {
	Call        ToolCall `json:"call"`
	Preresolved *Message `json:"preresolved,omitempty"`
}

// Step is the machine's answer to NextStep: a command for the driver.
//
// Only the fields of its Kind are set: Turn for CallLLM and CallTools (and
// the turns taken, for Compact and Done), Calls for CallTools, Reason for
// Compact, Outcome for Done. Calls is shared with the machine and must be
// treated as read-only.
type Step struct {
	Kind    StepKind
	Turn    int
	Calls   []PendingToolCall
	Reason  CompactReason
	Outcome Outcome
}

// sameStep reports whether a and b name the same step, the comparison Begin
// uses: kind, turn, reason and outcome name. Calls are not compared; they
// are fixed by the state that answered.
func sameStep(a, b Step) bool {
	return a.Kind == b.Kind && a.Turn == b.Turn && a.Reason == b.Reason && a.Outcome.Name == b.Outcome.Name
}
