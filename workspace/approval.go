package workspace

import (
	"context"

	"github.com/loopls/loopls/engine/machine"
)

// Decision is the user's answer to an approval request. The values are the
// option kinds ACP and loopls/approve use.
type Decision string

// The decisions.
const (
	DecisionAllowOnce    Decision = "allow_once"
	DecisionAllowAlways  Decision = "allow_always"
	DecisionRejectOnce   Decision = "reject_once"
	DecisionRejectAlways Decision = "reject_always"
	// DecisionCancelled means the request was withdrawn or dismissed
	// without an answer; it refuses.
	DecisionCancelled Decision = "cancelled"
)

// Allows reports whether d lets the command run.
func (d Decision) Allows() bool { return d == DecisionAllowOnce || d == DecisionAllowAlways }

// ApprovalRequest is what the user is asked about.
type ApprovalRequest struct {
	RunID machine.RunID
	Call  machine.ToolCall
	// Command is the whole command line.
	Command string
	// Unapproved is the program about to run that needs approval, with
	// its expanded arguments (and the variables it changes, the directory
	// when not the root), as one shell-quoted line.
	Unapproved []string
	// Reasons say why it is not allowed as it is.
	Reasons []string
	// Protected is the protected path (relative to the root) a file tool
	// is about to write, "" otherwise. Only a person may allow it: an
	// Approver that answers by policy (no one to ask) refuses it.
	Protected string
}

// Approver asks the user. Approve blocks until the user answers or ctx is
// done (then it returns DecisionCancelled or ctx's error).
type Approver interface {
	Approve(ctx context.Context, req ApprovalRequest) (Decision, error)
}

// Reachability is an optional interface of an Approver that may have no one
// to ask (an editor that can show neither loopls/approve nor
// window/showMessageRequest). When CanAsk is false the Workspace treats the
// Approver as absent: run_command is offered only with allowCommands, and
// what needs approval is refused without calling Approve.
type Reachability interface {
	CanAsk() bool
}

// canAsk reports whether a can be asked at all.
func canAsk(a Approver) bool {
	if a == nil {
		return false
	}
	if r, ok := a.(Reachability); ok {
		return r.CanAsk()
	}
	return true
}
