package workspace

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/loopls/loopls/command"
	"github.com/loopls/loopls/engine"
)

// Limits of run_command's timeout_s.
const (
	commandDefaultTimeout = 120 * time.Second
	commandMaxTimeout     = 600 * time.Second
)

// runCommandTool is run_command: the tool's arguments and the user's
// approvals are here, the line runs in package command.
type runCommandTool struct {
	w      *Workspace
	policy command.Policy
}

type runCommandArgs struct {
	Command  string  `json:"command"`
	TimeoutS flexInt `json:"timeout_s"`
}

func (t *runCommandTool) Spec() engine.ToolSpec {
	return engine.ToolSpec{
		Name: ToolRunCommand,
		Description: "Run a shell command line (bash syntax) in the workspace root and return its combined output and exit code. " +
			"Each program it runs that is not on the user's allow list is shown to the user for approval first; a refusal stops the command line there and is final for that program. " +
			"Redirections stay inside the workspace. Long output is cut in the middle.",
		Parameters: json.RawMessage(`{"type":"object","properties":{` +
			`"command":{"type":"string","description":"the command line, e.g. go test ./..."},` +
			`"timeout_s":{"type":"integer","minimum":1,"maximum":600,"description":"seconds before the command is killed (default 120)"}},` +
			`"required":["command"],"additionalProperties":false}`),
	}
}

func (t *runCommandTool) Call(ctx context.Context, inv engine.ToolInvocation) (engine.ToolResult, error) {
	var a runCommandArgs
	if err := decodeArgs(inv.Call.Arguments, &a); err != nil {
		return failed("run_command: %v", err)
	}
	if strings.TrimSpace(a.Command) == "" {
		return failed("run_command: command is required")
	}
	if a.TimeoutS < 0 {
		return failed("run_command: timeout_s must be positive")
	}
	timeout := commandDefaultTimeout
	if a.TimeoutS > 0 {
		timeout = min(time.Duration(a.TimeoutS)*time.Second, commandMaxTimeout)
	}
	if t.w.runner != nil {
		if res, handled, err := t.w.runHooked(ctx, inv, t.policy, a.Command, timeout); handled {
			return res, err
		}
	}
	return command.Run(ctx, t.w.commandConfig(inv, t.policy), a.Command, timeout)
}

// commandConfig is what a line of run invocation inv runs with: the root,
// the run's policy, and the approval gate.
func (w *Workspace) commandConfig(inv engine.ToolInvocation, p command.Policy) command.Config {
	return command.Config{Root: w.root, Dir: w.rootReal, Policy: p, Approver: commandApprover{w: w, inv: inv}, Scan: &w.protectedScan, Beneath: w.under, Buffers: w.commandBuffers(), Journal: lineJournal{w: w, inv: inv}, Watch: &w.lineWatch}
}

// commandApprover puts a command's questions to the one approval gate
// (Workspace.approve), remembered by the exact part, and words its
// refusals for the model.
type commandApprover struct {
	w   *Workspace
	inv engine.ToolInvocation
}

func (a commandApprover) Approve(ctx context.Context, q command.Question) (command.Answer, error) {
	key := q.Part
	if q.Protected != "" {
		key = "" // an answer about one protected write never covers another
	}
	v, err := a.w.approve(ctx, key, ApprovalRequest{RunID: a.inv.RunID, Call: a.inv.Call, Command: q.Line, Unapproved: []string{q.Part}, Reasons: q.Reasons, Protected: q.Protected})
	if q.Protected != "" && v == verdictRefused {
		return command.Answer{Asked: true, Refusal: "the user refused writing the protected path " + q.Protected + ". Do not try it another way"}, nil
	}
	switch v {
	case verdictRemembered, verdictAllowed:
		return command.Answer{Asked: v.asked()}, nil
	case verdictRememberedRefusal:
		return command.Answer{Refusal: "the user has refused it for this session; do not try it again"}, nil
	case verdictNoOneToAsk:
		return command.Answer{Refusal: "it needs the user's approval (" + strings.Join(q.Reasons, "; ") + ") and no one can be asked here. " +
			"The user can add the command to the allowedCommands setting"}, nil
	case verdictCancelled:
		return command.Answer{Asked: true}, err
	case verdictAskFailed:
		return command.Answer{Asked: true, Refusal: fmt.Sprintf("asking the user for approval failed: %v", err)}, nil
	}
	return command.Answer{Asked: true, Refusal: "the user refused it. Do not run it again; ask the user or find another way"}, nil
}

// runHooked runs cmdline through the Runner (an editor's terminal, which
// runs it with its own sh), bounded by timeout. Only a line that is one
// program with fixed arguments can be judged before it runs there: it is
// judged as the interpreter would judge it and handed over re-quoted, so
// what the terminal runs is what was judged. Any other line is not the
// Runner's (handled false): it runs in the interpreter, judged step by step.
func (w *Workspace) runHooked(ctx context.Context, inv engine.ToolInvocation, p command.Policy, cmdline string, timeout time.Duration) (res engine.ToolResult, handled bool, err error) {
	args, simple := command.Simple(cmdline)
	if !simple {
		return engine.ToolResult{}, false, nil
	}
	line, derr := command.AdmitSimple(ctx, w.commandConfig(inv, p), cmdline, args)
	switch {
	case errors.Is(derr, command.ErrNotFound):
		return engine.ToolResult{}, false, nil // not found here: let the interpreter say so
	case errors.Is(derr, command.ErrConfinedHere):
		return engine.ToolResult{}, false, nil // the kernel confines commands here: never another shell
	case derr != nil && ctx.Err() != nil:
		return engine.ToolResult{Output: "run_command: cancelled while waiting for approval", IsError: true}, true, ctx.Err()
	case derr != nil:
		r, _ := failed("run_command: %v", derr)
		return r, true, nil
	}
	runCtx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	start := time.Now()
	out, handled, err := w.runner.RunCommand(runCtx, CommandRequest{
		RunID: inv.RunID, CallID: inv.Call.ID, Command: line, Dir: w.rootReal, OutputLimit: command.OutputLimit,
	})
	if !handled && err == nil {
		return engine.ToolResult{}, false, nil
	}
	elapsed := time.Since(start).Round(time.Millisecond)
	text := out.Output
	if out.Truncated {
		text = "[… the start of the output was cut …]\n" + text
	}
	switch {
	case ctx.Err() != nil:
		return engine.ToolResult{Output: fmt.Sprintf("$ %s\n%s\n[cancelled after %s; the command was killed]", cmdline, text, elapsed), IsError: true}, true, ctx.Err()
	case errors.Is(runCtx.Err(), context.DeadlineExceeded):
		r, _ := failed("$ %s\n%s\n[timed out after %s; the command was killed. Pass a larger timeout_s if it needs longer]", cmdline, text, timeout)
		return r, true, nil
	case err != nil:
		r, _ := failed("$ %s\n%s\n[the command could not run in the editor's terminal: %v]", cmdline, text, fmt.Errorf("%w: %w", ErrHookFailed, err))
		return r, true, nil
	case out.Signal != "":
		r, _ := ok(fmt.Sprintf("$ %s\n%s\n[killed by signal %s]", cmdline, text, out.Signal))
		return r, true, nil
	}
	r, _ := ok(fmt.Sprintf("$ %s\n%s\n[exit code %d]", cmdline, text, out.ExitCode))
	return r, true, nil
}
