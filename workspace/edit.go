package workspace

import (
	"context"

	"github.com/loopls/loopls/beneath"
	"github.com/loopls/loopls/engine/machine"
)

// FileEdit is one change to one file, as a tool or an undo computed it: the
// whole text before and after, so an editor can check it still applies and
// compute the smallest change to send.
type FileEdit struct {
	// Path is slash-separated and relative to the root, as the tool was given it.
	Path string
	// Target is the path the edit's check judged: Path with the links
	// inside the root resolved (beneath.Root.Resolve). The DiskEditor
	// writes it following no link; "" is Path itself, which then may
	// hold none.
	Target string
	// Approved is the protected path the user approved writing for this
	// edit ("" when none was asked).
	Approved string
	// Dirs, when set, are the directories the edit must land in (the
	// chain of identities an earlier write of Target saw): undo refuses a
	// path whose directories were replaced since.
	Dirs []beneath.ID
	// URI is the document URI (the open document's, else file://).
	URI string
	// Old is the text the edit was computed against; New is the result.
	Old, New string
	// Version is the open document's version, 0 when it is not open.
	Version int32
	// Exists says the file existed when Old was read; false creates it.
	Exists bool
	// Delete removes the file instead of writing New (undo of a creation).
	Delete bool
	// Label names the change on the editor's undo stack.
	Label string
	// Confirm asks the Editor to put the edit before the user, who accepts
	// or rejects it (mode edit); only a ConfirmingEditor gets it set.
	Confirm bool
	RunID   machine.RunID
	CallID  machine.ToolCallID
}

// EditResult says whether an edit landed, and if not why (in words for the
// model or the user).
type EditResult struct {
	Applied       bool
	FailureReason string
	// dirs are the directories the DiskEditor wrote in (beneath.Dir.Chain).
	dirs []beneath.ID
}

// Editor delivers edits: to the editor over LSP, or to disk.
//
// Apply returns a Go error only when the edit could not be delivered at all
// (connection gone, ctx done); a refusal is a result with Applied false.
type Editor interface {
	Apply(ctx context.Context, e FileEdit) (EditResult, error)
}

// BatchEditor is an Editor that can apply several file edits as one step
// (one undo step in the editor). UndoRun uses it when the Editor has it.
type BatchEditor interface {
	Editor
	ApplyAll(ctx context.Context, label string, edits []FileEdit) (EditResult, error)
}
