package workspace

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/aymanbagabas/go-udiff"

	"github.com/loopls/loopls/engine/machine"
)

// ReviewStatus is where the user's review of one file of a run stands, in
// the words an editor shows.
type ReviewStatus string

const (
	ReviewWaiting  ReviewStatus = "waiting for your review"
	ReviewKept     ReviewStatus = "kept"
	ReviewRejected ReviewStatus = "rejected by you"
	// ReviewGone: the journal no longer holds the texts (Note says why).
	ReviewGone ReviewStatus = "can no longer be reviewed"
)

// Hunk is one change between what the user has kept of a file and the file
// now: at Line (1-based, in the file now) Removed gave way to Added.
type Hunk struct {
	Line    int    `json:"line"`
	Removed string `json:"removed"`
	Added   string `json:"added"`
}

// FileReview is one file of a run's review.
type FileReview struct {
	Path    string       `json:"path"`
	URI     string       `json:"uri"`
	Kind    EntryKind    `json:"kind"`              // of the run's last change of it: edit (a file tool) or line (a command)
	Created bool         `json:"created,omitempty"` // the run created it
	Removed bool         `json:"removed,omitempty"` // the run deleted it
	Status  ReviewStatus `json:"status"`
	Note    string       `json:"note,omitempty"`
	// Hunks are what still waits: from the text kept so far to the file now.
	Hunks []Hunk `json:"hunks"`
}

// RunReview is the review of everything one run changed.
type RunReview struct {
	RunID   machine.RunID `json:"runId"`
	Files   []FileReview  `json:"files"`
	Waiting int           `json:"waiting"` // files waiting for review
}

// ReviewMark is where one file's review stands: the text the user has kept
// so far (the diff's base) and the last verdict on the whole file.
type ReviewMark struct {
	Base       string
	BaseExists bool
	Verdict    string // "", "kept", "undone"
}

// ErrNoReview is a review action on a path or hunk the run's review has not.
var ErrNoReview = errors.New("no such change in the run's review")

// reviewOf is what the review starts from for a span: the text before the
// run, or, when the user accepted every change of it as it was made (mode
// edit), the text after.
func reviewOf(s *span, confirmed bool) ReviewMark {
	if confirmed {
		return ReviewMark{Base: s.last.After, BaseExists: !s.last.Removed, Verdict: "kept"}
	}
	return ReviewMark{Base: s.first.Before, BaseExists: s.first.Existed}
}

// RunReview returns the review of run: every file it changed (file tools
// and command lines), with where each stands and the hunks still waiting.
func (w *Workspace) RunReview(ctx context.Context, run machine.RunID) (RunReview, error) {
	entries, _ := w.journal.entries(ctx, run)
	if len(entries) == 0 {
		return RunReview{}, fmt.Errorf("run %s changed no file this journal holds: %w", run, ErrNoChange)
	}
	order, by := spans(entries)
	marks := w.journal.marks(ctx, run)
	out := RunReview{RunID: run, Files: []FileReview{}}
	for _, p := range order {
		s := by[p]
		if s.first.Dir || s.last.Dir || s.first.Link || s.last.Link {
			continue // no text to review: undo takes them back (UndoRun)
		}
		fr := FileReview{Path: p, Kind: s.last.Kind, Created: !s.first.Existed, Removed: s.last.Removed, Hunks: []Hunk{}}
		fr.URI, _, _ = w.uriFor(p)
		if d := s.dropped(); d != "" {
			fr.Status, fr.Note = ReviewGone, dropWords(d, run)
			out.Files = append(out.Files, fr)
			continue
		}
		m, ok := marks[p]
		if !ok {
			m = reviewOf(s, changeOf(s, entries).Confirmed)
		}
		cur, _, _, err := w.ReadOverlayOrDisk(p)
		exists := err == nil
		if h := hunks(m, cur, exists); h != nil {
			fr.Hunks = h
		}
		switch {
		case len(fr.Hunks) > 0:
			fr.Status = ReviewWaiting
			out.Waiting++
		case m.Verdict == "undone" || (m.Base == s.first.Before && m.BaseExists == s.first.Existed):
			fr.Status = ReviewRejected
		default:
			fr.Status = ReviewKept
		}
		out.Files = append(out.Files, fr)
	}
	return out, nil
}

// hunks are the changes from what was kept (m) to the file now.
func hunks(m ReviewMark, cur string, exists bool) []Hunk {
	switch {
	case !exists && !m.BaseExists:
		return nil
	case !exists:
		return []Hunk{{Line: 1, Removed: m.Base}}
	case !m.BaseExists:
		return []Hunk{{Line: 1, Added: cur}}
	}
	var out []Hunk
	shift := 0
	for _, e := range udiff.Lines(m.Base, cur) {
		at := e.Start + shift
		out = append(out, Hunk{Line: strings.Count(cur[:at], "\n") + 1, Removed: m.Base[e.Start:e.End], Added: e.New})
		shift += len(e.New) - (e.End - e.Start)
	}
	return out
}

// ReviewAction keeps or undoes what run changed: path "" is every file,
// hunk < 0 a whole file, else that hunk of RunReview's list. Keep moves
// what the user kept forward to the file as it is (no file is written);
// undo writes the kept text back through the Editor (the file gets it as
// one edit, saved by editors that save kept edits). The review after it is
// returned, with why a file could not be undone when one could not.
func (w *Workspace) ReviewAction(ctx context.Context, run machine.RunID, path string, hunk int, keep bool) (RunReview, string, error) {
	rev, err := w.RunReview(ctx, run)
	if err != nil {
		return RunReview{}, "", err
	}
	entries, _ := w.journal.entries(ctx, run)
	order, by := spans(entries)
	marks := w.journal.marks(ctx, run)
	var reasons []string
	found := false
	// Undo all takes back the run's directories and links too, as UndoRun
	// does: removed ones made again before the files, made ones removed
	// after them once empty.
	var du dirUndo
	if path == "" && !keep {
		var links []span
		du, links = treeOf(order, by)
		reasons = append(reasons, w.remakeDirs(&du)...)
		skipped, failed := w.undoLinks(links)
		if len(skipped) > 0 {
			reasons = append(reasons, fmt.Sprintf("links not reverted (changed since run %s): %s", run, nameList(skipped)))
		}
		reasons = append(reasons, failed...)
	}
	for _, f := range rev.Files {
		if path != "" && f.Path != path {
			continue
		}
		found = true
		if f.Status == ReviewGone || (hunk >= 0 && hunk >= len(f.Hunks)) {
			if path != "" {
				return RunReview{}, "", fmt.Errorf("%s in run %s: hunk %d of %d: %w", f.Path, run, hunk, len(f.Hunks), ErrNoReview)
			}
			continue
		}
		s := by[f.Path]
		m, ok := marks[f.Path]
		if !ok {
			m = reviewOf(s, changeOf(s, entries).Confirmed)
		}
		cur, version, _, rerr := w.ReadOverlayOrDisk(f.Path)
		exists := rerr == nil
		whole := hunk < 0 || !exists || !m.BaseExists
		if keep {
			switch {
			case whole:
				m = ReviewMark{Base: cur, BaseExists: exists, Verdict: "kept"}
			default:
				m.Base = applyHunk(m.Base, cur, hunk, true)
			}
			if err := w.journal.mark(ctx, run, f.Path, m); err != nil {
				return RunReview{}, "", err
			}
			continue
		}
		if why := w.undoRefusal(s.last); why != "" {
			reasons = append(reasons, why)
			continue
		}
		next, nextExists := m.Base, m.BaseExists
		if !whole {
			next, nextExists = applyHunk(m.Base, cur, hunk, false), true
		}
		if nextExists == exists && (!exists || next == cur) {
			continue
		}
		u, _, _ := w.uriFor(f.Path)
		e := FileEdit{
			Path: f.Path, Target: s.last.Target, Dirs: s.last.Dirs, URI: u,
			Old: cur, New: next, Version: version, Exists: exists, Delete: !nextExists,
			Label: fmt.Sprintf("loopls: undo %s of run %s", f.Path, run), RunID: run,
		}
		res, err := w.editor.Apply(ctx, e)
		if err != nil {
			return RunReview{}, "", err
		}
		if !res.Applied {
			reasons = append(reasons, fmt.Sprintf("%s: %s", f.Path, res.FailureReason))
			continue
		}
		if _, disk := w.editor.(*DiskEditor); disk {
			w.overlays.replaceText(w.abs(f.Path), next)
		}
		if whole {
			m.Verdict = "undone"
			if err := w.journal.mark(ctx, run, f.Path, m); err != nil {
				return RunReview{}, "", err
			}
		}
	}
	if !found && path != "" {
		return RunReview{}, "", fmt.Errorf("run %s did not change %s: %w", run, path, ErrNoReview)
	}
	reasons = append(reasons, w.setDirModes(&du)...)
	reasons = append(reasons, w.removeDirs(&du)...)
	after, err := w.RunReview(ctx, run)
	return after, strings.Join(reasons, "; "), err
}

// applyHunk takes hunk i of the diff from base to cur: forward (keep) it
// returns base with that hunk as cur has it; backward (undo) cur with that
// hunk as base has it.
func applyHunk(base, cur string, i int, forward bool) string {
	shift := 0
	for k, e := range udiff.Lines(base, cur) {
		if k == i {
			if forward {
				return base[:e.Start] + e.New + base[e.End:]
			}
			at := e.Start + shift
			return cur[:at] + base[e.Start:e.End] + cur[at+len(e.New):]
		}
		shift += len(e.New) - (e.End - e.Start)
	}
	if forward {
		return base
	}
	return cur
}
