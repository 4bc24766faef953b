package command

import (
	"context"
	"io/fs"
)

// LineJournal keeps what a line applied from its layer: the workspace's
// undo journal, so that undoing the run undoes the line's changes too.
type LineJournal interface {
	// Keeps says whether the journal keeps size bytes of text of rel:
	// only then are they read for it.
	Keeps(rel string, size int64) bool
	// Record journals the line's applied changes, in one write.
	Record(ctx context.Context, changes []AppliedChange) error
}

// AppliedChange is one path a line's layer changed, as applied.
type AppliedChange struct {
	Path string // slash-separated, relative to the root
	// Op is "created", "changed", "deleted" or "mode".
	Op  string
	Dir bool
	// Link: a symbolic link; Before and After are its targets.
	Link                  bool
	ModeBefore, ModeAfter fs.FileMode
	// Before and After are the texts (nil when not read; Size is then
	// the file's size).
	Before, After []byte
	Size          int64
}
