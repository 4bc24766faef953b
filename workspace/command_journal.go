package workspace

import (
	"context"

	"github.com/loopls/loopls/command"
	"github.com/loopls/loopls/engine"
)

// lineJournal is the undo journal as a command line's layer reports to it
// (command.LineJournal): what the line applied, under its run and call.
type lineJournal struct {
	w   *Workspace
	inv engine.ToolInvocation
}

// Keeps implements command.LineJournal.
func (j lineJournal) Keeps(rel string, size int64) bool { return j.w.KeepsText(j.inv.RunID, rel, size) }

// Record implements command.LineJournal.
func (j lineJournal) Record(ctx context.Context, changes []command.AppliedChange) error {
	out := make([]LineChange, len(changes))
	for i, c := range changes {
		out[i] = LineChange{Path: c.Path, Op: LineOp(c.Op), Dir: c.Dir, Link: c.Link, ModeBefore: c.ModeBefore, ModeAfter: c.ModeAfter,
			Before: c.Before, After: c.After, Size: c.Size}
	}
	return j.w.RecordLine(ctx, j.inv.RunID, j.inv.Call.ID, out)
}
