package workspace

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/loopls/loopls/engine"
)

// JournalEntry is one edit a run made: the file's text before and after.
type JournalEntry struct {
	Path string // relative to the root
	// Before is the text before the edit; Existed false means the edit
	// created the file.
	Before  string
	Existed bool
	After   string
	CallID  engine.ToolCallID
	At      time.Time
}

// journal holds the edits of every run, in order.
type journal struct {
	mu   sync.Mutex
	runs map[engine.RunID][]JournalEntry
}

func newJournal() *journal { return &journal{runs: make(map[engine.RunID][]JournalEntry)} }

func (j *journal) add(run engine.RunID, e JournalEntry) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.runs[run] = append(j.runs[run], e)
}

// Journal returns every edit run made, in order.
func (w *Workspace) Journal(run engine.RunID) []JournalEntry {
	w.journal.mu.Lock()
	defer w.journal.mu.Unlock()
	return slices.Clone(w.journal.runs[run])
}

// UndoRun reverts every file run edited to its text before the run, as one
// edit through the Editor (one undo step in the editor when it takes a
// batch). A file whose current text is no longer what the run left — the
// user changed it since — is not touched: it is named in failureReason.
// applied is true when every file that could be reverted was.
func (w *Workspace) UndoRun(ctx context.Context, run engine.RunID) (applied bool, failureReason string, err error) {
	entries := w.Journal(run)
	if len(entries) == 0 {
		return false, fmt.Sprintf("run %s made no edits", run), nil
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
	var skipped []string
	for _, p := range order {
		s := spans[p]
		cur, version, _, rerr := w.ReadOverlayOrDisk(p)
		exists := rerr == nil
		if !exists || cur != s.last.After {
			skipped = append(skipped, p)
			continue
		}
		u, _, _ := w.uriFor(p)
		edits = append(edits, FileEdit{
			Path:    p,
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
