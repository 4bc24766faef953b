package session

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"time"

	"github.com/loopls/loopls/beneath"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/store"
	"github.com/loopls/loopls/workspace"
)

// journalStore keeps a workspace's undo journal in the session store, so a
// run's changes can be reviewed and undone after the editor reloads.
type journalStore struct {
	st *store.Store
}

// journalBounds are the workspace journal's own bounds, kept by the store
// across every run it holds.
var journalBounds = store.JournalBounds{Runs: workspace.MaxJournalRuns, Bytes: workspace.MaxJournalBytes}

// journalMeta is what the store keeps of an entry besides its path and
// texts.
type journalMeta struct {
	Kind       workspace.EntryKind `json:"kind"`
	Target     string              `json:"target,omitempty"`
	Dirs       []beneath.ID        `json:"dirs,omitempty"`
	Existed    bool                `json:"existed,omitempty"`
	Removed    bool                `json:"removed,omitempty"`
	Dir        bool                `json:"dir,omitempty"`
	Link       bool                `json:"link,omitempty"`
	ModeBefore fs.FileMode         `json:"modeBefore,omitempty"`
	ModeAfter  fs.FileMode         `json:"modeAfter,omitempty"`
	Bulk       bool                `json:"bulk,omitempty"`
	Confirmed  bool                `json:"confirmed,omitempty"`
	Again      bool                `json:"again,omitempty"`
	CallID     machine.ToolCallID  `json:"callId,omitempty"`
	At         time.Time           `json:"at"`
}

// AppendJournal implements workspace.JournalStore: the entries ride in
// the run's next checkpoint's commit (store.QueueJournal); the manager
// flushes what is left once the run has ended.
func (j journalStore) AppendJournal(ctx context.Context, run machine.RunID, entries []workspace.JournalEntry) error {
	recs := make([]store.JournalRecord, len(entries))
	for i, e := range entries {
		meta, err := json.Marshal(journalMeta{
			Kind: e.Kind, Target: e.Target, Dirs: e.Dirs, Existed: e.Existed, Removed: e.Removed, Dir: e.Dir, Link: e.Link,
			ModeBefore: e.ModeBefore, ModeAfter: e.ModeAfter, Bulk: e.Bulk,
			Confirmed: e.Confirmed, Again: e.Again, CallID: e.CallID, At: e.At,
		})
		if err != nil {
			return fmt.Errorf("journal entry of %s: %w", e.Path, err)
		}
		recs[i] = store.JournalRecord{
			Path: e.Path, Dropped: string(e.Dropped), Meta: meta,
			Before: []byte(e.Before), After: []byte(e.After), Repeat: e.Again,
		}
	}
	j.st.QueueJournal(run, recs, journalBounds)
	return nil
}

// LoadJournal implements workspace.JournalStore.
func (j journalStore) LoadJournal(ctx context.Context, run machine.RunID) ([]workspace.JournalEntry, error) {
	recs, err := j.st.LoadJournal(ctx, run)
	if err != nil {
		return nil, err
	}
	out := make([]workspace.JournalEntry, 0, len(recs))
	for _, r := range recs {
		var m journalMeta
		if err := json.Unmarshal(r.Meta, &m); err != nil {
			return nil, fmt.Errorf("journal entry of %s in run %s: %w", r.Path, run, err)
		}
		if m.Kind == "" {
			m.Kind = workspace.EntryEdit
		}
		out = append(out, workspace.JournalEntry{
			Kind: m.Kind, Path: r.Path, Target: m.Target, Dirs: m.Dirs, Dropped: workspace.Dropped(r.Dropped),
			Before: string(r.Before), After: string(r.After),
			Existed: m.Existed, Removed: m.Removed, Dir: m.Dir, Link: m.Link,
			ModeBefore: m.ModeBefore, ModeAfter: m.ModeAfter, Bulk: m.Bulk,
			Confirmed: m.Confirmed, Again: m.Again, CallID: m.CallID, At: m.At,
		})
	}
	return out, nil
}

// SaveReview implements workspace.JournalStore.
func (j journalStore) SaveReview(ctx context.Context, run machine.RunID, path string, m workspace.ReviewMark) error {
	r := store.ReviewRecord{Verdict: m.Verdict}
	if m.BaseExists {
		r.Base = []byte(m.Base)
	}
	return j.st.SaveReview(ctx, run, path, r)
}

// LoadReviews implements workspace.JournalStore.
func (j journalStore) LoadReviews(ctx context.Context, run machine.RunID) (map[string]workspace.ReviewMark, error) {
	recs, err := j.st.LoadReviews(ctx, run)
	if err != nil {
		return nil, err
	}
	out := make(map[string]workspace.ReviewMark, len(recs))
	for p, r := range recs {
		out[p] = workspace.ReviewMark{Base: string(r.Base), BaseExists: r.Base != nil, Verdict: r.Verdict}
	}
	return out, nil
}
