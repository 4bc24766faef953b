package workspace

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/loopls/loopls/beneath"
	"github.com/loopls/loopls/engine/machine"
)

// JournalEntry is one edit a run made: the file's text before and after.
// Undo needs only a file's text before a run's first edit of it and after
// its last, so the journal keeps Before on a path's first entry of a run and
// After on its last; the entries between keep neither.
type JournalEntry struct {
	Path string // relative to the root, as the tool was given it
	// Target is where the edit landed: Path with the links inside the
	// root resolved. Dirs are the identities of the root and of each
	// directory on its way when it landed (nil when unknown); undo refuses
	// a path where one of them is now a link or another directory.
	Target string
	Dirs   []beneath.ID
	// Before is the text before the edit; Existed false means the edit
	// created the file.
	Before  string
	Existed bool
	After   string
	CallID  machine.ToolCallID
	At      time.Time
}

// MaxJournalRuns is how many runs' edits the undo journal keeps; the
// oldest run's are dropped first.
const MaxJournalRuns = 64

// MaxJournalBytes bounds the file text the undo journal holds across all
// runs. Past it, the oldest runs' texts are dropped: their edits are still
// listed, but they can no longer be undone (UndoRun says so).
const MaxJournalBytes = 64 << 20

// journal holds the edits of the last MaxJournalRuns runs, in order, with
// at most MaxJournalBytes of file text.
type journal struct {
	mu     sync.Mutex
	runs   map[machine.RunID][]JournalEntry
	order  []machine.RunID                  // oldest first
	last   map[machine.RunID]map[string]int // run → path → index of its last entry
	bytes  int                              // Before+After text held
	pruned map[machine.RunID]bool           // runs whose texts were dropped
}

func newJournal() *journal {
	return &journal{runs: make(map[machine.RunID][]JournalEntry), last: make(map[machine.RunID]map[string]int), pruned: make(map[machine.RunID]bool)}
}

func (j *journal) add(run machine.RunID, e JournalEntry) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if _, ok := j.runs[run]; !ok {
		j.order = append(j.order, run)
		j.last[run] = make(map[string]int)
	}
	entries := j.runs[run]
	if j.pruned[run] {
		e.Before, e.After = "", ""
	} else if i, ok := j.last[run][e.Path]; ok {
		// Undo reverts to the first Before and checks the last After:
		// what lies between is not kept.
		j.bytes -= len(entries[i].After)
		entries[i].After = ""
		if i != j.firstOf(entries, e.Path) {
			j.bytes -= len(entries[i].Before)
			entries[i].Before = ""
		}
		e.Before = ""
	}
	j.bytes += len(e.Before) + len(e.After)
	j.last[run][e.Path] = len(entries)
	j.runs[run] = append(entries, e)
	j.prune()
}

// firstOf returns the index of path's first entry.
func (j *journal) firstOf(entries []JournalEntry, path string) int {
	for i, e := range entries {
		if e.Path == path {
			return i
		}
	}
	return -1
}

// prune enforces MaxJournalRuns and MaxJournalBytes, oldest runs first.
func (j *journal) prune() {
	for len(j.order) > MaxJournalRuns {
		old := j.order[0]
		j.order = j.order[1:]
		for _, e := range j.runs[old] {
			j.bytes -= len(e.Before) + len(e.After)
		}
		delete(j.runs, old)
		delete(j.last, old)
		delete(j.pruned, old)
	}
	for _, run := range j.order {
		if j.bytes <= MaxJournalBytes {
			return
		}
		if j.pruned[run] {
			continue
		}
		entries := j.runs[run]
		for i := range entries {
			j.bytes -= len(entries[i].Before) + len(entries[i].After)
			entries[i].Before, entries[i].After = "", ""
		}
		j.pruned[run] = true
	}
}

// Journal returns every edit run made, in order.
func (w *Workspace) Journal(run machine.RunID) []JournalEntry {
	w.journal.mu.Lock()
	defer w.journal.mu.Unlock()
	return slices.Clone(w.journal.runs[run])
}

// UndoRun reverts every file run edited to its text before the run, as one
// edit through the Editor (one undo step in the editor when it takes a
// batch). A file whose current text is no longer what the run left — the
// user changed it since — is not touched: it is named in failureReason.
// Nor is one whose path changed under it since the run (a directory on its
// way is now a symbolic link or another directory) or that is now a
// protected path (undoRefusal): undo writes only where the run wrote, and
// asks no one.
// applied is true when every file that could be reverted was.
func (w *Workspace) UndoRun(ctx context.Context, run machine.RunID) (applied bool, failureReason string, err error) {
	w.journal.mu.Lock()
	pruned := w.journal.pruned[run]
	w.journal.mu.Unlock()
	if pruned {
		return false, fmt.Sprintf("run %s can no longer be undone: the undo journal keeps at most %d bytes of file text (MaxJournalBytes) and later edits took its place", run, MaxJournalBytes), nil
	}
	entries := w.Journal(run)
	if len(entries) == 0 {
		return false, fmt.Sprintf("run %s made no edits (or is older than the last %d runs the undo journal keeps, MaxJournalRuns)", run, MaxJournalRuns), nil
	}
	// Per file: the text before the run's first edit, after its last.
	type span struct {
		first, last JournalEntry
	}
	var order []string
	spans := make(map[string]*span)
	for _, e := range entries {
		if s, ok := spans[e.Path]; ok {
			s.last = e
			continue
		}
		order = append(order, e.Path)
		spans[e.Path] = &span{first: e, last: e}
	}
	var edits []FileEdit
	var skipped, refused []string
	for _, p := range order {
		s := spans[p]
		if why := w.undoRefusal(s.last); why != "" {
			refused = append(refused, why)
			continue
		}
		cur, version, _, rerr := w.ReadOverlayOrDisk(p)
		exists := rerr == nil
		if !exists || cur != s.last.After {
			skipped = append(skipped, p)
			continue
		}
		u, _, _ := w.uriFor(p)
		edits = append(edits, FileEdit{
			Path:    p,
			Target:  s.last.Target,
			Dirs:    s.last.Dirs,
			URI:     u,
			Old:     cur,
			New:     s.first.Before,
			Version: version,
			Exists:  true,
			Delete:  !s.first.Existed,
			Label:   fmt.Sprintf("loopls: undo run %s", run),
			RunID:   run,
		})
	}
	var reasons []string
	if len(refused) > 0 {
		reasons = append(reasons, "not reverted: "+strings.Join(refused, "; "))
	}
	if len(skipped) > 0 {
		reasons = append(reasons, fmt.Sprintf("not reverted (changed since run %s edited them): %s", run, strings.Join(skipped, ", ")))
	}
	if len(edits) == 0 {
		return false, strings.Join(reasons, "; "), nil
	}
	res, err := w.applyBatch(ctx, fmt.Sprintf("loopls: undo run %s", run), edits)
	if err != nil {
		return false, "", err
	}
	if !res.Applied {
		reasons = append([]string{res.FailureReason}, reasons...)
	} else if _, disk := w.editor.(*DiskEditor); disk {
		for _, e := range edits {
			w.overlays.replaceText(w.abs(e.Path), e.New) // as in applyEdit
		}
	}
	return res.Applied, strings.Join(reasons, "; "), nil
}

// undoRefusal says why undo must not write the file e last wrote ("" when
// it may): a directory on the way to where e landed is now a symbolic link
// or another directory than then, or the file is now a protected path. It
// is the check before an editor is asked; the DiskEditor checks again on
// the descriptors it writes through.
func (w *Workspace) undoRefusal(e JournalEntry) string {
	target := e.Target
	if target == "" {
		target = e.Path
	}
	dirRel, _ := path.Split(target)
	d, err := w.under.Walk(dirOf(dirRel), beneath.Walk{Expect: e.Dirs})
	var be *beneath.Error
	switch {
	case err == nil:
		d.Close()
	case errors.Is(err, fs.ErrNotExist):
		return "" // the text check below names it as changed
	case errors.As(err, &be) && errors.Is(err, beneath.ErrLink):
		return fmt.Sprintf("%s (%s is now a symbolic link; undo follows none)", e.Path, be.Path)
	case errors.As(err, &be) && errors.Is(err, beneath.ErrChanged):
		return fmt.Sprintf("%s (%s is now another directory than the one the run wrote in)", e.Path, be.Path)
	default:
		return fmt.Sprintf("%s (%v)", e.Path, err)
	}
	if p, ok := w.protectedPath(target); ok {
		return fmt.Sprintf("%s (%s is a protected path now; undo writes none: revert it by hand if you mean to)", e.Path, p)
	}
	return ""
}

// dirsOf is the identities of the root and of each directory on the way to
// target, walked following no link (nil when the walk fails).
func (w *Workspace) dirsOf(target string) []beneath.ID {
	dirRel, _ := path.Split(target)
	d, err := w.under.Walk(dirOf(dirRel), beneath.Walk{})
	if err != nil {
		return nil
	}
	defer d.Close()
	return d.Chain()
}

// applyBatch applies edits as one step when the Editor can, else in turn.
func (w *Workspace) applyBatch(ctx context.Context, label string, edits []FileEdit) (EditResult, error) {
	if b, ok := w.editor.(BatchEditor); ok {
		return b.ApplyAll(ctx, label, edits)
	}
	for _, e := range edits {
		res, err := w.editor.Apply(ctx, e)
		if err != nil || !res.Applied {
			return res, err
		}
	}
	return EditResult{Applied: true}, nil
}

// FileChange is what one run did to one file: its text before the run's
// first edit of it and after the run's last.
type FileChange struct {
	Path string // relative to the root
	URI  string
	// Created: the file did not exist before the run (Before is "").
	Created bool
	Before  string
	After   string
}

// ErrNoChange is a path the run did not edit, or whose texts the undo
// journal no longer holds.
var ErrNoChange = errors.New("no change of this file in the run")

// RunFileChange returns what run did to path (as the Run record's edits name
// it), from the undo journal: a run of this workspace, while the journal
// still holds its texts (MaxJournalRuns, MaxJournalBytes).
func (w *Workspace) RunFileChange(run machine.RunID, path string) (FileChange, error) {
	w.journal.mu.Lock()
	pruned := w.journal.pruned[run]
	entries := w.journal.runs[run]
	var fc FileChange
	found := false
	for _, e := range entries {
		if e.Path != path {
			continue
		}
		if !found {
			fc = FileChange{Path: e.Path, Created: !e.Existed, Before: e.Before}
			found = true
		}
		fc.After = e.After
	}
	w.journal.mu.Unlock()
	switch {
	case !found && len(entries) == 0:
		return FileChange{}, fmt.Errorf("run %s made no edits in this daemon (or is older than the last %d runs the undo journal keeps, MaxJournalRuns): %w", run, MaxJournalRuns, ErrNoChange)
	case !found:
		return FileChange{}, fmt.Errorf("run %s did not edit %s: %w", run, path, ErrNoChange)
	case pruned:
		return FileChange{}, fmt.Errorf("the texts of run %s's edits were dropped: the undo journal keeps at most %d bytes of file text (MaxJournalBytes): %w", run, MaxJournalBytes, ErrNoChange)
	}
	fc.URI, _, _ = w.uriFor(path)
	return fc, nil
}
