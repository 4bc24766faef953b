package acp

import (
	"context"
	"errors"
	"time"

	"github.com/loopls/loopls/config"
	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/workspace"
)

// Backend is what the adapter needs from loopls's run manager for one
// workspace root: create a session, start one run in it, read its committed
// history. Package acp/sessionbackend implements it over session.Manager; tests use
// scripted ones.
type Backend interface {
	// NewSession names a new, empty session.
	NewSession(ctx context.Context) (machine.SessionID, error)
	// Start begins a run and returns once it is under way; its events reach
	// req.Observer.
	Start(ctx context.Context, req RunRequest) (RunHandle, error)
	// History returns a session's committed conversation. An unknown session
	// is an error for which errors.Is(err, ErrUnknownSession) holds.
	History(ctx context.Context, id machine.SessionID) ([]machine.Message, error)
	// Sessions lists the workspace's sessions, most recently updated first,
	// each under the id session/load takes.
	Sessions(ctx context.Context) ([]SessionSummary, error)
	// Close cancels what still runs and releases the store and workspace.
	Close() error
}

// SessionSummary is one line of session/list.
type SessionSummary struct {
	ID        machine.SessionID
	Title     string
	UpdatedAt time.Time
}

// RunHandle is one run in flight.
type RunHandle interface {
	// Wait blocks until the run has ended and returns its record, complete
	// (engine.Run.Complete, as session.Handle.Wait gives it), and its error
	// (nil for a completed run).
	Wait() (engine.Run, error)
	// Cancel asks the run to stop; Wait then reports it Cancelled.
	Cancel()
}

// RunRequest is one session/prompt, translated.
type RunRequest struct {
	SessionID machine.SessionID
	// RunID is chosen by the adapter, so the tools' approvals and edits
	// (which name their run) find their session before Start returns.
	RunID  machine.RunID
	Prompt string
	// Model overrides the configured model for this run ("" keeps it).
	Model string
	Mode  Mode
	// Links are the file:// URIs of the prompt's resource links; the
	// backend attaches those it can read inside the workspace as context
	// (session.Request.Context), the rest stay named in the prompt only.
	Links    []string
	Observer engine.Observer
	// MCPServers are the servers the client gave the session.
	MCPServers map[string]config.MCPServer
	// Notice shows the user something the run wants known (an MCP server
	// that is not available); nil drops it.
	Notice func(string)
}

// Opener opens the Backend of a workspace root (absolute, clean).
type Opener func(ctx context.Context, root string, hooks Hooks) (Backend, error)

// Hooks are how the workspace's tools reach the ACP client: the Approver asks
// session/request_permission before a command; Editor wraps the editor that
// writes to disk, so edits are approved per the session's mode and go
// through fs/write_text_file when the client offers it; Reader reads through
// fs/read_text_file and Runner runs commands in terminal/* when the client
// offers them (each declines otherwise, and the workspace uses the disk and
// a local shell).
type Hooks struct {
	Approver workspace.Approver
	Editor   func(disk workspace.Editor) workspace.Editor
	Reader   workspace.Reader
	Runner   workspace.Runner
}

// ErrUnknownSession is returned for a session id no store or memory knows.
var ErrUnknownSession = errors.New("unknown session")

// Resumer is what a Backend offers when it can continue runs that a dead
// loopls left resumable (a kill in the middle of a run). session/load asks
// it after replaying the history; a Backend without it only replays.
type Resumer interface {
	// ResumableRun names the session's run that can be resumed, "" when
	// there is none (the session ran since, or its last run ended).
	ResumableRun(ctx context.Context, id machine.SessionID) (machine.RunID, error)
	// Resume continues that run from its last checkpoint under its own id;
	// its events reach req.Observer as a prompt's would. It also returns
	// the conversation the checkpoint held (history, then what the run had
	// recorded), which the session's stored history does not show yet.
	Resume(ctx context.Context, req ResumeRequest) (RunHandle, []machine.Message, error)
}

// ResumeRequest asks a Resumer to continue one run.
type ResumeRequest struct {
	SessionID machine.SessionID
	RunID     machine.RunID
	Mode      Mode
	Observer  engine.Observer
}
