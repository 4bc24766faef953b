package bench

import (
	"context"
	"strings"

	"github.com/loopls/loopls/command"
	"github.com/loopls/loopls/workspace"
)

// unconfinedWhy starts the one reason the bench answers for the user who
// passed --allow-unconfined: where the kernel confines nothing every
// program is asked, even one on allowedCommands (command.judge).
const unconfinedWhy = "the kernel cannot confine commands here"

// unconfinedOnly reports whether every reason is that one: the program
// would run without asking where commands are confined.
func unconfinedOnly(reasons []string) bool {
	for _, r := range reasons {
		if !strings.HasPrefix(r, unconfinedWhy) {
			return false
		}
	}
	return len(reasons) > 0
}

// approver allows, for a bench the user let run unconfined, exactly what
// confinement would have let run without asking; everything else (a
// program not on the list, a protected path) is refused, as no one is
// asked during a bench.
type approver struct{}

func (approver) Approve(_ context.Context, q workspace.ApprovalRequest) (workspace.Decision, error) {
	if q.Protected == "" && unconfinedOnly(q.Reasons) {
		return workspace.DecisionAllowOnce, nil
	}
	return workspace.DecisionRejectOnce, nil
}

// checkApprover is the same for the check command.
type checkApprover struct{}

func (checkApprover) Approve(_ context.Context, q command.Question) (command.Answer, error) {
	if q.Protected == "" && unconfinedOnly(q.Reasons) {
		return command.Answer{}, nil
	}
	return command.Answer{Refusal: "the bench runs only what confinement would run without asking"}, nil
}

// unconfinedApprover is the workspace approver of a bench run: none unless
// the user allowed unconfined runs.
func unconfinedApprover(allowed bool) workspace.Approver {
	if !allowed {
		return nil
	}
	return approver{}
}

func checkApproverFor(allowed bool) command.Approver {
	if !allowed {
		return nil
	}
	return checkApprover{}
}
