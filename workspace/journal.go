package workspace

import (
	"context"
	"io/fs"
	"slices"
	"sync"
	"time"

	"github.com/loopls/loopls/beneath"
	"github.com/loopls/loopls/engine/machine"
)

// EntryKind says what made a journal entry.
type EntryKind string

const (
	// EntryEdit is a file tool's edit (edit_file, write_file), sent
	// through the Editor.
	EntryEdit EntryKind = "edit"
	// EntryLine is what a command line applied from its layer once it had
	// ended (RecordLine): a file created, changed, deleted or re-moded.
	EntryLine EntryKind = "line"
)

// Dropped says why an entry's texts are not held (its listing is).
type Dropped string

const (
	// DropEvicted: later runs took the place of this run's texts
	// (MaxJournalBytes, oldest run first).
	DropEvicted Dropped = "evicted"
	// DropBulk: the path is one git ignores (node_modules, build output)
	// and its run already holds MaxJournalBulkBytes of such text.
	DropBulk Dropped = "bulk"
	// DropRunCap: the run already holds MaxJournalRunBytes of text.
	DropRunCap Dropped = "run-cap"
	// DropSecret: the text holds a secret the store redacts; a redacted
	// text could not be restored, so none is kept on disk.
	DropSecret Dropped = "secret"
	// DropNotRead: the text was never given to the journal (a command's
	// special file, a directory, a file the layer did not read).
	DropNotRead Dropped = "not-read"
)

// JournalEntry is one change a run made to one path: the text before and
// after. Undo needs only a path's text before a run's first change of it
// and after its last, so the journal keeps Before on a path's first entry
// of a run and After on its last; the entries between keep neither.
type JournalEntry struct {
	Kind EntryKind
	Path string // relative to the root, slash-separated, as the tool was given it
	// Target is where the change landed: Path with the links inside the
	// root resolved ("" means Path). Dirs are the identities of the root
	// and of each directory on its way when it landed (nil when unknown);
	// undo refuses a path where one of them is now a link or another
	// directory.
	Target string
	Dirs   []beneath.ID
	// Before is the text before the change; Existed false means the change
	// created the path.
	Before  string
	Existed bool
	After   string
	// Removed: the change deleted the path (After is "").
	Removed bool
	// Dir: the path is a directory (no texts).
	Dir bool
	// Link: the path is a symbolic link; Before and After are its targets.
	Link bool
	// ModeBefore and ModeAfter are the path's permission bits before and
	// after; 0 where not known (a file tool keeps a file's mode).
	ModeBefore, ModeAfter fs.FileMode
	// Bulk: git ignores the path (its texts count against
	// MaxJournalBulkBytes).
	Bulk bool
	// Dropped says why Before/After are not held; "" when they are.
	Dropped Dropped
	// Confirmed: the user accepted this change in the editor's review
	// before it landed (mode edit).
	Confirmed bool
	// Again: the run changed Path before (the journal sets it); the
	// earlier entry's After is no longer held.
	Again  bool
	CallID machine.ToolCallID
	At     time.Time
}

// MaxJournalRuns is how many runs' changes the undo journal keeps; the
// oldest run's are dropped first.
const MaxJournalRuns = 64

// MaxJournalBytes bounds the file text the undo journal holds across all
// runs. Past it, the oldest runs' texts are dropped: their changes are
// still listed, but they can no longer be undone (UndoRun says so).
const MaxJournalBytes = 64 << 20

// MaxJournalRunBytes bounds the text one run's entries hold, so that one
// run (a line that rewrites a tree) cannot evict every other run: past it,
// the run's later changes are listed without their texts (DropRunCap).
const MaxJournalRunBytes = MaxJournalBytes / 4

// MaxJournalBulkBytes bounds the text one run holds for paths git ignores
// (node_modules, build output, caches): an npm install journals its files'
// names, and their texts only up to this (DropBulk).
const MaxJournalBulkBytes = 1 << 20

// JournalStore keeps the journal past the daemon: the session store. The
// journal writes each change to it as it records it, and reads a run it
// does not hold from it (a window reloaded, a new daemon).
type JournalStore interface {
	// AppendJournal adds entries to run's journal: the first entry of a
	// path keeps its Before, and each entry's After replaces the path's
	// previous one (Again), as the journal keeps them. The store may hold
	// them until its next commit for the run (its next checkpoint).
	AppendJournal(ctx context.Context, run machine.RunID, entries []JournalEntry) error
	// LoadJournal returns run's entries in order; none when it has none.
	LoadJournal(ctx context.Context, run machine.RunID) ([]JournalEntry, error)
	// SaveReview keeps where the user's review of path in run stands.
	SaveReview(ctx context.Context, run machine.RunID, path string, m ReviewMark) error
	// LoadReviews returns the review marks of run's files; none when none.
	LoadReviews(ctx context.Context, run machine.RunID) (map[string]ReviewMark, error)
}

// journal holds the changes of the last MaxJournalRuns runs, in order,
// with at most MaxJournalBytes of file text, and writes them through to
// its store when it has one.
type journal struct {
	mu      sync.Mutex
	store   JournalStore
	runs    map[machine.RunID][]JournalEntry
	order   []machine.RunID                  // oldest first
	last    map[machine.RunID]map[string]int // run → path → index of its last entry
	bytes   int                              // Before+After text held
	runText map[machine.RunID]int            // text held per run
	bulk    map[machine.RunID]int            // bulk text taken per run (never given back)
	pruned  map[machine.RunID]bool           // runs whose texts were dropped by MaxJournalBytes
	// reviews are where the user's review of each run's files stands
	// (loaded from the store with the run).
	reviews map[machine.RunID]map[string]ReviewMark
}

func newJournal() *journal {
	return &journal{
		runs:    make(map[machine.RunID][]JournalEntry),
		last:    make(map[machine.RunID]map[string]int),
		runText: make(map[machine.RunID]int),
		bulk:    make(map[machine.RunID]int),
		pruned:  make(map[machine.RunID]bool),
		reviews: make(map[machine.RunID]map[string]ReviewMark),
	}
}

// add records entries of run in memory and in the store; the error is the
// store's (the entries are held in memory regardless).
func (j *journal) add(ctx context.Context, run machine.RunID, entries ...JournalEntry) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.ensureLocked(ctx, run)
	kept := make([]JournalEntry, 0, len(entries))
	for _, e := range entries {
		kept = append(kept, j.addLocked(run, e))
	}
	j.prune()
	if j.store == nil {
		return nil
	}
	return j.store.AppendJournal(ctx, run, kept)
}

// addLocked adds one entry, thinning texts as the journal keeps them, and
// returns it as kept.
func (j *journal) addLocked(run machine.RunID, e JournalEntry) JournalEntry {
	if _, ok := j.runs[run]; !ok {
		j.order = append(j.order, run)
		j.last[run] = make(map[string]int)
	}
	entries := j.runs[run]
	if e.Dropped == "" && e.Dir {
		e.Before, e.After = "", ""
	}
	if j.pruned[run] {
		e.Before, e.After, e.Dropped = "", "", DropEvicted
	} else if i, ok := j.last[run][e.Path]; ok {
		// Undo reverts to the first Before and checks the last After:
		// what lies between is not kept.
		j.take(run, -len(entries[i].After))
		entries[i].After = ""
		if i != j.firstOf(entries, e.Path) {
			j.take(run, -len(entries[i].Before))
			entries[i].Before = ""
		}
		e.Before, e.Again = "", true
		if entries[j.firstOf(entries, e.Path)].Dropped != "" && e.Dropped == "" {
			// Without the first Before the last After undoes nothing.
			e.After, e.Dropped = "", entries[j.firstOf(entries, e.Path)].Dropped
		}
	}
	if e.Dropped == "" {
		n := len(e.Before) + len(e.After)
		switch {
		case e.Bulk && j.bulk[run]+n > MaxJournalBulkBytes:
			e.Before, e.After, e.Dropped = "", "", DropBulk
		case j.runText[run]+n > MaxJournalRunBytes:
			e.Before, e.After, e.Dropped = "", "", DropRunCap
		case e.Bulk:
			j.bulk[run] += n
		}
	} else {
		e.Before, e.After = "", ""
	}
	j.take(run, len(e.Before)+len(e.After))
	j.last[run][e.Path] = len(entries)
	j.runs[run] = append(entries, e)
	return e
}

// take counts n more bytes of text held for run (n < 0 gives back).
func (j *journal) take(run machine.RunID, n int) {
	j.bytes += n
	j.runText[run] += n
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
		j.bytes -= j.runText[old]
		delete(j.runs, old)
		delete(j.last, old)
		delete(j.pruned, old)
		delete(j.runText, old)
		delete(j.bulk, old)
		delete(j.reviews, old)
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
			if entries[i].Dropped == "" {
				entries[i].Dropped = DropEvicted
			}
			entries[i].Before, entries[i].After = "", ""
		}
		j.bytes -= j.runText[run]
		j.runText[run] = 0
		j.pruned[run] = true
	}
}

// ensureLocked loads run from the store when the journal does not hold it
// (a run of an earlier daemon); j.mu is held.
func (j *journal) ensureLocked(ctx context.Context, run machine.RunID) {
	if _, ok := j.runs[run]; ok || j.store == nil {
		return
	}
	entries, err := j.store.LoadJournal(ctx, run)
	if err != nil || len(entries) == 0 {
		return
	}
	if marks, err := j.store.LoadReviews(ctx, run); err == nil && len(marks) > 0 {
		j.reviews[run] = marks
	}
	evicted := true
	for _, e := range entries {
		evicted = evicted && e.Dropped == DropEvicted
		j.addLocked(run, e)
	}
	j.pruned[run] = evicted
	j.prune()
}

// entries returns run's entries (loading them from the store when needed)
// and whether its texts were all evicted.
func (j *journal) entries(ctx context.Context, run machine.RunID) ([]JournalEntry, bool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.ensureLocked(ctx, run)
	return slices.Clone(j.runs[run]), j.pruned[run]
}

// marks returns the review marks of run's files.
func (j *journal) marks(ctx context.Context, run machine.RunID) map[string]ReviewMark {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.ensureLocked(ctx, run)
	out := make(map[string]ReviewMark, len(j.reviews[run]))
	for p, m := range j.reviews[run] {
		out[p] = m
	}
	return out
}

// mark records where the review of path in run stands, and keeps it in the
// store.
func (j *journal) mark(ctx context.Context, run machine.RunID, path string, m ReviewMark) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.reviews[run] == nil {
		j.reviews[run] = make(map[string]ReviewMark)
	}
	j.reviews[run][path] = m
	if j.store == nil {
		return nil
	}
	return j.store.SaveReview(context.WithoutCancel(ctx), run, path, m)
}

// SetJournalStore makes the journal write each change through to st and
// read the runs it does not hold from it. Call it once, before the first
// run.
func (w *Workspace) SetJournalStore(st JournalStore) {
	w.journal.mu.Lock()
	defer w.journal.mu.Unlock()
	w.journal.store = st
}

// Journal returns every change run made, in order.
func (w *Workspace) Journal(run machine.RunID) []JournalEntry {
	e, _ := w.journal.entries(context.Background(), run)
	return e
}

// record journals what a file tool's edit made, logging a store that
// could not keep it (the edit is journaled in memory regardless).
func (w *Workspace) record(ctx context.Context, run machine.RunID, e JournalEntry) {
	if err := w.journal.add(context.WithoutCancel(ctx), run, e); err != nil {
		w.log.Warn("journal: the change is not saved with the session; undo after a reload will not know it", "run", run, "path", e.Path, "err", err)
	}
}
