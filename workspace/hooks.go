package workspace

import (
	"context"
	"errors"

	"github.com/loopls/loopls/engine/machine"
)

// Reader reads a file's current text from where the user edits it — an ACP
// client's buffers (fs/read_text_file) — so read_file and the read before an
// edit see unsaved changes.
//
// The workspace asks it only after the path has been confined to the root
// and opened there as a regular file, so a path the workspace refuses never
// reaches it. ok false means "not mine": the workspace reads the disk as it
// would without a Reader. An error fails the tool call with it.
type Reader interface {
	ReadText(ctx context.Context, runID machine.RunID, absPath string) (text string, ok bool, err error)
}

// CommandRequest is one run_command execution handed to a Runner, after
// the approval decision allowed it.
type CommandRequest struct {
	RunID  machine.RunID
	CallID machine.ToolCallID
	// Command is the command line, to be run as `sh -c Command`.
	Command string
	// Dir is the absolute workspace root, the command's working directory.
	Dir string
	// OutputLimit is how many bytes of output to keep (the end of it).
	OutputLimit int
}

// CommandResult is how a command ran. Signal is set when a signal ended
// it; ExitCode is meaningful only when Signal is empty.
type CommandResult struct {
	Output string
	// Truncated says the start of Output was cut to OutputLimit.
	Truncated bool
	ExitCode  int
	Signal    string
}

// Runner runs run_command's commands somewhere other than a local child
// process — an ACP client's terminal (terminal/*), where the user watches
// them live. That is outside loopls's confinement, so a Runner is handed a
// command only where the kernel confines nothing (command.AdmitSimple).
//
// ctx carries the command's timeout and the tool call's cancel: when it is
// done the Runner must stop the command and return with ctx's error (and
// whatever output it still got). ok false means "not mine": the workspace
// runs the command locally as it would without a Runner.
type Runner interface {
	RunCommand(ctx context.Context, req CommandRequest) (res CommandResult, ok bool, err error)
}

// ErrHookFailed wraps what a Reader or Runner reported as failing, so
// callers can tell the editor's failure from the workspace's own.
var ErrHookFailed = errors.New("the editor failed the request")
