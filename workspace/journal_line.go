package workspace

import (
	"context"
	"io/fs"
	"path"
	"time"

	"github.com/loopls/loopls/engine/machine"
)

// LineOp is what a command line did to one path, as its layer was applied.
type LineOp string

const (
	LineCreated LineOp = "created" // the path is new
	LineChanged LineOp = "changed" // a file's content changed (its mode may too)
	LineDeleted LineOp = "deleted" // the path is gone
	LineMode    LineOp = "mode"    // only the permission bits changed
)

// LineChange is one path a command line's layer changed, as the daemon
// applied it to the workspace once the line had ended.
type LineChange struct {
	Path string // relative to the root, slash-separated
	Op   LineOp
	Dir  bool // a directory (created or deleted; no texts)
	// Link: a symbolic link; Before and After are its targets (undo
	// makes the link again, or removes it, never following it).
	Link bool
	// ModeBefore and ModeAfter are the permission bits before and after (0
	// for the side where the path did not exist).
	ModeBefore, ModeAfter fs.FileMode
	// Before is the file's content before the line (for LineChanged,
	// LineDeleted), After after it (LineCreated, LineChanged). nil when
	// not read: KeepsText said the journal would not keep them, or it is
	// not a regular file. The journal keeps them as given; a caller must
	// not change them afterwards.
	Before, After []byte
	// Size is the size of a file whose texts are nil, so the journal can
	// say why it holds none (KeepsText's answer, or not read at all).
	Size int64
}

// RecordLine journals what a command line (tool call call of run) applied
// from its layer, in one write to the session store: each path with its
// texts as the journal's bounds allow (git-ignored bulk, the run's share).
// It returns the store's error; the changes are journaled in memory
// regardless.
func (w *Workspace) RecordLine(ctx context.Context, run machine.RunID, call machine.ToolCallID, changes []LineChange) error {
	if len(changes) == 0 {
		return nil
	}
	defer func() {
		w.ignMu.Lock()
		w.ign = nil
		w.ignMu.Unlock()
	}()
	now := time.Now()
	entries := make([]JournalEntry, 0, len(changes))
	for _, c := range changes {
		e := JournalEntry{
			Kind: EntryLine, Path: c.Path, Dir: c.Dir, Link: c.Link,
			Existed: c.Op != LineCreated, Removed: c.Op == LineDeleted,
			ModeBefore: c.ModeBefore, ModeAfter: c.ModeAfter,
			Before: string(c.Before), After: string(c.After),
			Bulk:   w.bulk(run, c.Path, c.Dir),
			CallID: call, At: now,
		}
		switch {
		case c.Dir, c.Link:
		case c.Op == LineMode:
			// Only the mode: the content is the same on both sides; the
			// journal needs it to check the file is still as left.
			if c.After == nil {
				e.Dropped = w.journal.notHeld(run, e.Bulk, c.Size)
			}
			e.Before = e.After
		case (c.Op != LineCreated && c.Before == nil) || (c.Op != LineDeleted && c.After == nil):
			e.Dropped = w.journal.notHeld(run, e.Bulk, c.Size)
		}
		entries = append(entries, e)
	}
	return w.journal.add(context.WithoutCancel(ctx), run, entries...)
}

// KeepsText says whether the journal would keep the texts (size bytes in
// all) of a change of rel by run: false for a path git ignores once run has
// MaxJournalBulkBytes of such text, or once the run holds
// MaxJournalRunBytes. A layer asks before reading a file only to journal
// it, and passes nil texts when the answer is no.
func (w *Workspace) KeepsText(run machine.RunID, rel string, size int64) bool {
	return w.journal.whyNot(run, w.bulk(run, rel, false), size) == ""
}

// bulk says whether git ignores rel, with the check of run's line being
// applied: made once per line (each directory's .gitignore read once, not
// once per file), dropped when RecordLine has journaled the line.
func (w *Workspace) bulk(run machine.RunID, rel string, isDir bool) bool {
	w.ignMu.Lock()
	defer w.ignMu.Unlock()
	if w.ign == nil || w.ignRun != run {
		w.ign, w.ignRun = newIgnoreCheck(w.root.FS()), run
	}
	return w.ign.ignored(rel, isDir)
}

// whyNot says why the journal would not keep size bytes of text of run's
// (bulk) path; "" when it would.
func (j *journal) whyNot(run machine.RunID, bulk bool, size int64) Dropped {
	j.mu.Lock()
	defer j.mu.Unlock()
	switch {
	case j.pruned[run]:
		return DropEvicted
	case bulk && int64(j.bulk[run])+size > MaxJournalBulkBytes:
		return DropBulk
	case int64(j.runText[run])+size > MaxJournalRunBytes:
		return DropRunCap
	}
	return ""
}

// notHeld says why a change whose texts were not given holds none.
func (j *journal) notHeld(run machine.RunID, bulk bool, size int64) Dropped {
	if d := j.whyNot(run, bulk, size); d != "" {
		return d
	}
	return DropNotRead
}

// ignoreCheck answers "does git ignore this path" for many paths of one
// tree, reading each directory's .gitignore once.
type ignoreCheck struct {
	fsys   fs.FS
	set    ignoreSet
	loaded map[string]bool
}

func newIgnoreCheck(fsys fs.FS) *ignoreCheck {
	return &ignoreCheck{fsys: fsys, set: make(ignoreSet), loaded: make(map[string]bool)}
}

// ignored reports whether rel, or a directory above it, is ignored (git
// cannot re-include what lies under an ignored directory).
func (c *ignoreCheck) ignored(rel string, isDir bool) bool {
	var chain []string
	for d := rel; d != "." && d != "/" && d != ""; d = path.Dir(d) {
		chain = append(chain, d)
	}
	for i := len(chain) - 1; i >= 0; i-- {
		p := chain[i]
		c.load(path.Dir(p))
		if c.set.ignored(p, i > 0 || isDir) {
			return true
		}
	}
	return false
}

// load reads dir's .gitignore (and for the root the exclude files) once.
func (c *ignoreCheck) load(dir string) {
	if c.loaded[dir] {
		return
	}
	c.loaded[dir] = true
	loadIgnore(c.fsys, dir, c.set)
}
