package workspace

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"strings"
	"syscall"

	"github.com/loopls/loopls/beneath"
	"github.com/loopls/loopls/engine/machine"
)

// span is what a run did to one path: its first entry (Before, Existed,
// ModeBefore) and its last (After, Removed, ModeAfter).
type span struct {
	first, last JournalEntry
}

// spans folds a run's entries per path, in the order the paths were first
// changed.
func spans(entries []JournalEntry) (order []string, by map[string]*span) {
	by = make(map[string]*span)
	for _, e := range entries {
		if s, ok := by[e.Path]; ok {
			s.last = e
			continue
		}
		order = append(order, e.Path)
		by[e.Path] = &span{first: e, last: e}
	}
	return order, by
}

// dropped says why a span's texts are gone; "" when they are held.
func (s *span) dropped() Dropped {
	if s.first.Dropped != "" {
		return s.first.Dropped
	}
	return s.last.Dropped
}

// dropWords says in words why texts are not held.
func dropWords(d Dropped, run machine.RunID) string {
	switch d {
	case DropEvicted:
		return fmt.Sprintf("the undo journal keeps at most %d bytes of file text (MaxJournalBytes) and later runs took the place of run %s's", MaxJournalBytes, run)
	case DropBulk:
		return fmt.Sprintf("git ignores them and run %s already held %d bytes of such files (MaxJournalBulkBytes)", run, MaxJournalBulkBytes)
	case DropRunCap:
		return fmt.Sprintf("run %s already held %d bytes of file text (MaxJournalRunBytes)", run, MaxJournalRunBytes)
	case DropSecret:
		return "their text holds a secret, which is not saved with the session"
	default:
		return "their text was not read (a directory or a special file)"
	}
}

// nameList lists at most ten names, then how many more.
func nameList(names []string) string {
	if len(names) <= 10 {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:10], ", "), len(names)-10)
}

// UndoRun reverts every path run changed to what it was before the run, as
// one edit through the Editor (one undo step in the editor when it takes a
// batch): a changed file gets its text back, a created one is deleted, a
// deleted one is created again, a changed mode is set back; a directory a
// line removed is made again before its files come back, and one it made
// is removed once empty (journal_undo_dirs.go); a symbolic link it made,
// removed or repointed is taken back (journal_undo_links.go). A path whose
// current state is no longer what the run left — the user changed it since
// — is not touched: it is named in failureReason, as are paths whose texts
// the journal no longer holds. Nor is one whose path changed under it
// since the run (a directory on its way is now a symbolic link or another
// directory) or that is now a protected path (undoRefusal): undo writes
// only where the run wrote, and asks no one. applied is true when every path that could
// be reverted was.
func (w *Workspace) UndoRun(ctx context.Context, run machine.RunID) (applied bool, failureReason string, err error) {
	entries, pruned := w.journal.entries(ctx, run)
	if pruned {
		return false, fmt.Sprintf("run %s can no longer be undone: the undo journal keeps at most %d bytes of file text (MaxJournalBytes) and later edits took its place", run, MaxJournalBytes), nil
	}
	if len(entries) == 0 {
		return false, fmt.Sprintf("run %s made no edits (or is older than the last %d runs the undo journal keeps, MaxJournalRuns)", run, MaxJournalRuns), nil
	}
	order, by := spans(entries)
	var edits []FileEdit
	var modes []span
	var skipped, dirs, refused []string
	var du dirUndo
	var links []span
	gone := make(map[Dropped][]string)
	var goneOrder []Dropped
	for _, p := range order {
		s := by[p]
		if s.first.Dir != s.last.Dir || s.first.Link != s.last.Link {
			dirs = append(dirs, p) // a directory, file or link that became another kind
			continue
		}
		if s.first.Dir {
			du.add(s)
			continue
		}
		if s.first.Link {
			if d := s.dropped(); d != "" {
				if _, ok := gone[d]; !ok {
					goneOrder = append(goneOrder, d)
				}
				gone[d] = append(gone[d], p)
			} else {
				links = append(links, *s)
			}
			continue
		}
		if why := w.undoRefusal(s.last); why != "" {
			refused = append(refused, why)
			continue
		}
		if d := s.dropped(); d != "" {
			if _, ok := gone[d]; !ok {
				goneOrder = append(goneOrder, d)
			}
			gone[d] = append(gone[d], p)
			continue
		}
		e, ok := w.undoEdit(run, s)
		if !ok {
			skipped = append(skipped, p)
			continue
		}
		if e != nil {
			edits = append(edits, *e)
		}
		if s.first.Existed && s.first.ModeBefore != 0 && s.first.ModeBefore != s.last.ModeAfter {
			modes = append(modes, *s)
		}
	}
	var reasons []string
	if len(refused) > 0 {
		reasons = append(reasons, "not reverted: "+strings.Join(refused, "; "))
	}
	if len(skipped) > 0 {
		reasons = append(reasons, fmt.Sprintf("not reverted (changed since run %s edited them): %s", run, nameList(skipped)))
	}
	for _, d := range goneOrder {
		reasons = append(reasons, fmt.Sprintf("not reverted (%s): %s", dropWords(d, run), nameList(gone[d])))
	}
	if len(dirs) > 0 {
		reasons = append(reasons, "left as they are (a directory, file or link that became another kind): "+nameList(dirs))
	}
	if len(edits) == 0 && len(modes) == 0 && du.empty() && len(links) == 0 {
		return false, strings.Join(reasons, "; "), nil
	}
	if failed := w.remakeDirs(&du); len(failed) > 0 {
		reasons = append(reasons, "directories not made again: "+strings.Join(failed, "; "))
	}
	if skipped, failed := w.undoLinks(links); len(skipped)+len(failed) > 0 {
		if len(skipped) > 0 {
			reasons = append(reasons, fmt.Sprintf("links not reverted (changed since run %s): %s", run, nameList(skipped)))
		}
		if len(failed) > 0 {
			reasons = append(reasons, "links not reverted: "+strings.Join(failed, "; "))
		}
	}
	if len(edits) > 0 {
		res, err := w.applyBatch(ctx, fmt.Sprintf("loopls: undo run %s", run), edits)
		if err != nil {
			return false, "", err
		}
		if !res.Applied {
			return false, strings.Join(append([]string{res.FailureReason}, reasons...), "; "), nil
		}
		if _, disk := w.editor.(*DiskEditor); disk {
			for _, e := range edits {
				w.overlays.replaceText(w.abs(e.Path), e.New) // as in applyEdit
			}
		}
		// The run review says so: what the user keeps is the text before.
		for _, e := range edits {
			first := by[e.Path].first
			if err := w.journal.mark(ctx, run, e.Path, ReviewMark{Base: first.Before, BaseExists: first.Existed, Verdict: "undone"}); err != nil {
				w.log.Warn("run review: undo not saved with the session", "run", run, "path", e.Path, "err", err)
			}
		}
	}
	for _, s := range modes {
		if err := w.chmodNoFollow(s.last, s.first.ModeBefore); err != nil {
			reasons = append(reasons, fmt.Sprintf("mode of %s not set back to %v: %v", s.first.Path, s.first.ModeBefore, err))
		}
	}
	reasons = append(reasons, w.setDirModes(&du)...)
	if kept := w.removeDirs(&du); len(kept) > 0 {
		reasons = append(reasons, "directories the run made that stay: "+strings.Join(kept, "; "))
	}
	return true, strings.Join(reasons, "; "), nil
}

// undoEdit is the edit that takes s back to before the run: nil when only
// its mode changed; false when the path is no longer as the run left it.
func (w *Workspace) undoEdit(run machine.RunID, s *span) (*FileEdit, bool) {
	p := s.first.Path
	cur, version, _, rerr := w.ReadOverlayOrDisk(p)
	exists := rerr == nil
	switch {
	case s.last.Removed && exists, !s.last.Removed && (!exists || cur != s.last.After):
		return nil, false
	case !s.first.Existed && s.last.Removed:
		return nil, true // made and removed again: nothing to take back
	case s.first.Existed && !s.last.Removed && cur == s.first.Before:
		return nil, true // only the mode changed
	}
	u, _, _ := w.uriFor(p)
	return &FileEdit{
		Path:    p,
		Target:  s.last.Target,
		Dirs:    s.last.Dirs,
		URI:     u,
		Old:     cur,
		New:     s.first.Before,
		Version: version,
		Exists:  exists,
		Delete:  !s.first.Existed,
		Label:   fmt.Sprintf("loopls: undo run %s", run),
		RunID:   run,
	}, true
}

// chmodNoFollow sets the permission bits of the regular file e last
// wrote, on the descriptor it opened in its directory, reached from the
// root following no link (and, with e.Dirs, only the directories it was
// written in): a link or another directory put on its way is refused.
func (w *Workspace) chmodNoFollow(e JournalEntry, mode fs.FileMode) error {
	target := e.Target
	if target == "" {
		target = e.Path
	}
	dirRel, base := path.Split(target)
	d, err := w.under.Walk(dirOf(dirRel), beneath.Walk{Expect: e.Dirs})
	if err != nil {
		return err
	}
	defer d.Close()
	f, err := d.OpenFile(base, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file: %w", e.Path, ErrInvalidPath)
	}
	return f.Chmod(fi.Mode()&^fs.ModePerm | mode&fs.ModePerm)
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

// FileChange is what one run did to one path: its text before the run's
// first change of it and after the run's last.
type FileChange struct {
	Path string // relative to the root
	URI  string
	Kind EntryKind // of the run's last change of it
	// Created: the path did not exist before the run (Before is "").
	Created bool
	// Removed: the run deleted it (After is "").
	Removed bool
	Before  string
	After   string
	// ModeBefore and ModeAfter are the permission bits, 0 where unknown.
	ModeBefore, ModeAfter fs.FileMode
	// Confirmed: the user accepted every change of it in the editor's
	// review as it was made.
	Confirmed bool
}

// ErrNoChange is a path the run did not change, or whose texts the undo
// journal no longer holds.
var ErrNoChange = errors.New("no change of this file in the run")

// RunFileChange returns what run did to path (as the Run record's edits name
// it), from the undo journal: a run of this workspace, while the journal
// still holds its texts (MaxJournalRuns, MaxJournalBytes).
func (w *Workspace) RunFileChange(run machine.RunID, path string) (FileChange, error) {
	entries, pruned := w.journal.entries(context.Background(), run)
	_, by := spans(entries)
	s, found := by[path]
	switch {
	case !found && len(entries) == 0:
		return FileChange{}, fmt.Errorf("run %s made no edits in this daemon (or is older than the last %d runs the undo journal keeps, MaxJournalRuns): %w", run, MaxJournalRuns, ErrNoChange)
	case !found:
		return FileChange{}, fmt.Errorf("run %s did not edit %s: %w", run, path, ErrNoChange)
	case pruned:
		return FileChange{}, fmt.Errorf("the texts of run %s's edits were dropped: the undo journal keeps at most %d bytes of file text (MaxJournalBytes): %w", run, MaxJournalBytes, ErrNoChange)
	case s.dropped() != "":
		return FileChange{}, fmt.Errorf("the texts of %s in run %s are not kept: %s: %w", path, run, dropWords(s.dropped(), run), ErrNoChange)
	}
	fc := changeOf(s, entries)
	fc.URI, _, _ = w.uriFor(path)
	return fc, nil
}

// changeOf is a span as a FileChange.
func changeOf(s *span, entries []JournalEntry) FileChange {
	confirmed := true
	for _, e := range entries {
		if e.Path == s.first.Path {
			confirmed = confirmed && e.Confirmed
		}
	}
	return FileChange{
		Path: s.first.Path, Kind: s.last.Kind,
		Created: !s.first.Existed, Removed: s.last.Removed,
		Before: s.first.Before, After: s.last.After,
		ModeBefore: s.first.ModeBefore, ModeAfter: s.last.ModeAfter,
		Confirmed: confirmed,
	}
}
