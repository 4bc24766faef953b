package acp

import (
	"context"
	"fmt"
	"time"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/loopls/loopls/command"
	"github.com/loopls/loopls/workspace"
)

// terminalCleanup bounds terminal/kill, terminal/output and terminal/release
// after the tool call was cancelled or timed out: they must still be sent,
// but a client that does not answer must not hold the run.
const terminalCleanup = 5 * time.Second

// terminalRunner implements workspace.Runner over the client's terminal/*
// methods, so approved commands run where the user watches them. It is
// handed a command only where the kernel confines nothing here: the editor
// runs its terminal outside loopls's confinement (command.AdmitSimple). It
// declines (and the workspace runs the command locally) when the client did
// not offer terminals or the run is not one of this connection's.
type terminalRunner struct {
	a     *Agent
	paths clientPaths
}

var _ workspace.Runner = terminalRunner{}

// RunCommand implements workspace.Runner: terminal/create, show the
// terminal in the tool call, terminal/wait_for_exit, terminal/output, and
// terminal/release in every case; on ctx's end terminal/kill first.
func (t terminalRunner) RunCommand(ctx context.Context, req workspace.CommandRequest) (workspace.CommandResult, bool, error) {
	if !t.a.clientTerminals() {
		return workspace.CommandResult{}, false, nil
	}
	s := t.a.sessionOfRun(req.RunID)
	if s == nil {
		return workspace.CommandResult{}, false, nil
	}
	conn, sid := t.a.conn, sdk.SessionId(s.id)
	run := s.current()
	if run != nil {
		// The editor hears of the call before a terminal is made for it.
		_ = run.out.flush(ctx)
	}
	cwd := t.paths.client(req.Dir)
	created, err := conn.CreateTerminal(ctx, sdk.CreateTerminalRequest{
		SessionId: sid, Command: "env", Args: terminalArgs(req.Command), Cwd: &cwd, OutputByteLimit: sdk.Ptr(req.OutputLimit),
	})
	if err != nil {
		if ctx.Err() != nil {
			return workspace.CommandResult{}, true, ctx.Err()
		}
		return workspace.CommandResult{}, true, fmt.Errorf("terminal/create: %w", err)
	}
	id := created.TerminalId
	term := sdk.KillTerminalRequest{SessionId: sid, TerminalId: id}
	// Release must come after the terminal is embedded, and even after a
	// cancel, so it runs on a context of its own.
	defer func() {
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), terminalCleanup)
		defer cancel()
		if _, err := conn.ReleaseTerminal(rctx, sdk.ReleaseTerminalRequest{SessionId: sid, TerminalId: id}); err != nil {
			t.a.log.Debug("acp: terminal/release failed", "terminal", id, "err", err)
		}
	}()
	if run != nil && run.obs != nil {
		run.obs.showTerminal(req.CallID, id)
		// The editor hears of the terminal before it is waited on (and
		// so before it is released).
		_ = run.out.flush(ctx)
	}

	exit, werr := conn.WaitForTerminalExit(ctx, sdk.WaitForTerminalExitRequest{SessionId: sid, TerminalId: id})
	if ctx.Err() != nil {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), terminalCleanup)
		defer cancel()
		if _, err := conn.KillTerminal(cctx, term); err != nil {
			t.a.log.Debug("acp: terminal/kill failed", "terminal", id, "err", err)
		}
		out, _ := conn.TerminalOutput(cctx, sdk.TerminalOutputRequest{SessionId: sid, TerminalId: id})
		return workspace.CommandResult{Output: out.Output, Truncated: out.Truncated}, true, ctx.Err()
	}
	if werr != nil {
		return workspace.CommandResult{}, true, fmt.Errorf("terminal/wait_for_exit: %w", werr)
	}
	out, err := conn.TerminalOutput(ctx, sdk.TerminalOutputRequest{SessionId: sid, TerminalId: id})
	if err != nil {
		if ctx.Err() != nil {
			return workspace.CommandResult{}, true, ctx.Err()
		}
		return workspace.CommandResult{}, true, fmt.Errorf("terminal/output: %w", err)
	}
	res := workspace.CommandResult{Output: out.Output, Truncated: out.Truncated}
	code, signal := exit.ExitCode, exit.Signal
	if out.ExitStatus != nil && code == nil && signal == nil {
		code, signal = out.ExitStatus.ExitCode, out.ExitStatus.Signal
	}
	switch {
	case signal != nil && *signal != "":
		res.Signal = *signal
	case code != nil:
		res.ExitCode = *code
	default:
		res.Signal = "unknown (the editor reported no exit status)"
	}
	return res, true, nil
}

// terminalArgs are the arguments of `env` that run cmdline in the editor's
// terminal: the editor's environment is replaced (env -i) by the one a
// local command gets, loopls's own less every secret, since ACP's env field
// can add variables but not remove the editor's API keys (issue 23).
func terminalArgs(cmdline string) []string {
	args := append([]string{"-i"}, command.Env()...)
	return append(args, "sh", "-c", cmdline)
}
