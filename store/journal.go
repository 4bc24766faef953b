package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/loopls/loopls/engine/machine"
)

// JournalRecord is one entry of a run's undo journal as the store keeps it:
// the workspace's own fields (Meta, JSON the store does not read), the path,
// and the texts before and after, or why they are not held.
type JournalRecord struct {
	Path string
	// Dropped says why Before and After are not held; "" when they are.
	// The store sets DroppedSecret and DroppedEvicted itself.
	Dropped string
	Meta    json.RawMessage
	// Before and After are the texts (any bytes).
	Before, After []byte
	// Repeat: the run changed Path before; the earlier entries' After is
	// no longer kept (undo needs only the first Before and the last After).
	Repeat bool
}

const (
	// DroppedSecret: the texts hold a secret the store redacts. A redacted
	// text could not be restored, so neither is written.
	DroppedSecret = "secret"
	// DroppedEvicted: later runs took the place of the texts (the bound
	// AppendJournal is given).
	DroppedEvicted = "evicted"
)

// JournalBounds are what the store keeps of all runs' journals: the newest
// Runs runs, and Bytes of text, newest runs first.
type JournalBounds struct {
	Runs  int
	Bytes int64
}

// AppendJournal adds recs to run's journal in one transaction of its own,
// then drops what lies past bounds: the entries of runs older than the
// newest bounds.Runs, and the texts of the oldest runs once all hold more
// than bounds.Bytes. The run need not be stored (a run in memory only
// journals too); DeleteSession removes the journals of the session's runs.
func (s *Store) AppendJournal(ctx context.Context, run machine.RunID, recs []JournalRecord, bounds JournalBounds) (err error) {
	defer s.adviseDamaged(&err)
	if err := s.checkOpen(); err != nil {
		return err
	}
	if len(recs) == 0 {
		return nil
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("journal of run %s: %w", run, err)
	}
	defer tx.Rollback()
	if err := s.appendJournal(ctx, tx, run, recs, bounds); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("journal of run %s: %w", run, err)
	}
	return nil
}

// queuedJournal is what QueueJournal holds for one run until its next
// checkpoint.
type queuedJournal struct {
	recs   []JournalRecord
	bounds JournalBounds
}

// QueueJournal holds recs for run's next checkpoint, which writes them in
// its own commit: a tool's change and the tool_results checkpoint that
// follows it are one synced commit, not two. FlushJournal writes what no
// checkpoint took.
func (s *Store) QueueJournal(run machine.RunID, recs []JournalRecord, bounds JournalBounds) {
	if len(recs) == 0 {
		return
	}
	s.jmu.Lock()
	defer s.jmu.Unlock()
	if s.queued == nil {
		s.queued = make(map[machine.RunID]*queuedJournal)
	}
	q := s.queued[run]
	if q == nil {
		q = &queuedJournal{}
		s.queued[run] = q
	}
	q.recs = append(q.recs, recs...)
	q.bounds = bounds
}

// takeQueued takes what is queued for run; nil when nothing is.
func (s *Store) takeQueued(run machine.RunID) *queuedJournal {
	s.jmu.Lock()
	defer s.jmu.Unlock()
	q := s.queued[run]
	delete(s.queued, run)
	return q
}

// requeue puts back what a transaction that failed took, before anything
// queued since.
func (s *Store) requeue(run machine.RunID, q *queuedJournal) {
	if q == nil {
		return
	}
	s.jmu.Lock()
	defer s.jmu.Unlock()
	if later := s.queued[run]; later != nil {
		q.recs = append(q.recs, later.recs...)
		q.bounds = later.bounds
	}
	if s.queued == nil {
		s.queued = make(map[machine.RunID]*queuedJournal)
	}
	s.queued[run] = q
}

// FlushJournal writes what is queued for run and no checkpoint took (a
// run that ended without one), in one commit; nothing when nothing is.
func (s *Store) FlushJournal(ctx context.Context, run machine.RunID) error {
	q := s.takeQueued(run)
	if q == nil {
		return nil
	}
	if err := s.AppendJournal(ctx, run, q.recs, q.bounds); err != nil {
		s.requeue(run, q)
		return err
	}
	return nil
}

// appendJournal writes recs of run inside tx and keeps bounds.
func (s *Store) appendJournal(ctx context.Context, tx *sql.Tx, run machine.RunID, recs []JournalRecord, bounds JournalBounds) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO journal_runs (run_id) VALUES (?) ON CONFLICT (run_id) DO NOTHING`, string(run)); err != nil {
		return fmt.Errorf("journal of run %s: %w", run, err)
	}
	ins, err := tx.PrepareContext(ctx, `INSERT INTO journal (run_id, path, dropped, meta, before, after) VALUES (?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return fmt.Errorf("journal of run %s: %w", run, err)
	}
	defer ins.Close()
	var added int64
	for _, r := range recs {
		if r.Repeat {
			var freed int64
			if err := tx.QueryRowContext(ctx, `SELECT COALESCE(SUM(length(after)), 0) FROM journal WHERE run_id = ? AND path = ?`, string(run), r.Path).Scan(&freed); err != nil {
				return fmt.Errorf("journal of run %s: %w", run, err)
			}
			if freed > 0 {
				if _, err := tx.ExecContext(ctx, `UPDATE journal SET after = x'' WHERE run_id = ? AND path = ?`, string(run), r.Path); err != nil {
					return fmt.Errorf("journal of run %s: %w", run, err)
				}
				added -= freed
			}
		}
		before, after, dropped := r.Before, r.After, r.Dropped
		if dropped == "" && (s.redact.str(string(before)) != string(before) || s.redact.str(string(after)) != string(after)) {
			dropped = DroppedSecret
		}
		if dropped != "" {
			before, after = nil, nil
		}
		meta := r.Meta
		if len(meta) == 0 {
			meta = json.RawMessage(`{}`)
		}
		if _, err := ins.ExecContext(ctx, string(run), s.redact.str(r.Path), dropped, s.redact.str(string(meta)), orEmpty(before), orEmpty(after)); err != nil {
			return fmt.Errorf("journal of run %s: %w", run, err)
		}
		added += int64(len(before) + len(after))
	}
	if _, err := tx.ExecContext(ctx, `UPDATE journal_runs SET bytes = bytes + ? WHERE run_id = ?`, added, string(run)); err != nil {
		return fmt.Errorf("journal of run %s: %w", run, err)
	}
	if err := s.boundJournal(ctx, tx, bounds); err != nil {
		return fmt.Errorf("journal of run %s: %w", run, err)
	}
	return nil
}

// orEmpty is b, or an empty (not NULL) blob.
func orEmpty(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

// boundJournal drops what lies past bounds, oldest runs first.
func (s *Store) boundJournal(ctx context.Context, tx *sql.Tx, bounds JournalBounds) error {
	rows, err := tx.QueryContext(ctx, `SELECT run_id, bytes FROM journal_runs ORDER BY seq DESC`)
	if err != nil {
		return err
	}
	type runBytes struct {
		id    string
		bytes int64
	}
	var all []runBytes
	for rows.Next() {
		var r runBytes
		if err := rows.Scan(&r.id, &r.bytes); err != nil {
			rows.Close()
			return err
		}
		all = append(all, r)
	}
	if err := rows.Close(); err != nil {
		return err
	}
	var held int64
	for i, r := range all {
		switch {
		case bounds.Runs > 0 && i >= bounds.Runs:
			if err := deleteJournal(ctx, tx, `run_id = ?`, r.id); err != nil {
				return err
			}
		case bounds.Bytes > 0 && held+r.bytes > bounds.Bytes && r.bytes > 0:
			if _, err := tx.ExecContext(ctx, `UPDATE journal SET before = x'', after = x'', dropped = ? WHERE run_id = ? AND dropped = ''`, DroppedEvicted, r.id); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `UPDATE journal_runs SET bytes = 0 WHERE run_id = ?`, r.id); err != nil {
				return err
			}
		default:
			held += r.bytes
		}
	}
	return nil
}

// deleteJournal removes the journal, review and bookkeeping rows of the
// runs where (a condition on run_id) holds.
func deleteJournal(ctx context.Context, tx *sql.Tx, where string, args ...any) error {
	for _, table := range []string{"journal", "journal_review", "journal_runs"} {
		if _, err := tx.ExecContext(ctx, `DELETE FROM `+table+` WHERE `+where, args...); err != nil {
			return fmt.Errorf("delete from %s: %w", table, err)
		}
	}
	return nil
}

// LoadJournal returns run's journal in order; none when the store holds
// none of it.
func (s *Store) LoadJournal(ctx context.Context, run machine.RunID) (_ []JournalRecord, err error) {
	defer s.adviseDamaged(&err)
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT path, dropped, meta, before, after FROM journal WHERE run_id = ? ORDER BY seq`, string(run))
	if err != nil {
		return nil, fmt.Errorf("journal of run %s: %w", run, err)
	}
	defer rows.Close()
	var out []JournalRecord
	for rows.Next() {
		var r JournalRecord
		var meta string
		if err := rows.Scan(&r.Path, &r.Dropped, &meta, &r.Before, &r.After); err != nil {
			return nil, fmt.Errorf("journal of run %s: %w", run, err)
		}
		r.Meta = json.RawMessage(meta)
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("journal of run %s: %w", run, err)
	}
	s.jmu.Lock()
	if q := s.queued[run]; q != nil {
		out = append(out, q.recs...)
	}
	s.jmu.Unlock()
	return out, nil
}

// ReviewRecord is where the user's review of one file of a run stands: the
// text kept so far (nil: the file is not to exist) and the last verdict.
type ReviewRecord struct {
	Base    []byte
	Verdict string
}

// SaveReview keeps the review of path in run, in one commit of its own (a
// user's click, not a run's step). A text that holds a secret is not
// written: the review starts over from the journal for that file.
func (s *Store) SaveReview(ctx context.Context, run machine.RunID, path string, r ReviewRecord) (err error) {
	defer s.adviseDamaged(&err)
	if err := s.checkOpen(); err != nil {
		return err
	}
	if r.Base != nil && s.redact.str(string(r.Base)) != string(r.Base) {
		_, err := s.db.ExecContext(ctx, `DELETE FROM journal_review WHERE run_id = ? AND path = ?`, string(run), s.redact.str(path))
		return err
	}
	_, err = s.db.ExecContext(ctx, `INSERT INTO journal_review (run_id, path, base, verdict) VALUES (?, ?, ?, ?)
		ON CONFLICT (run_id, path) DO UPDATE SET base = excluded.base, verdict = excluded.verdict`,
		string(run), s.redact.str(path), nilOrBlob(r.Base), r.Verdict)
	if err != nil {
		return fmt.Errorf("review of %s in run %s: %w", path, run, err)
	}
	return nil
}

// LoadReviews returns the reviews of run's files, by path.
func (s *Store) LoadReviews(ctx context.Context, run machine.RunID) (_ map[string]ReviewRecord, err error) {
	defer s.adviseDamaged(&err)
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT path, base, base IS NULL, verdict FROM journal_review WHERE run_id = ?`, string(run))
	if err != nil {
		return nil, fmt.Errorf("reviews of run %s: %w", run, err)
	}
	defer rows.Close()
	out := make(map[string]ReviewRecord)
	for rows.Next() {
		var p string
		var r ReviewRecord
		var null bool
		if err := rows.Scan(&p, &r.Base, &null, &r.Verdict); err != nil {
			return nil, fmt.Errorf("reviews of run %s: %w", run, err)
		}
		if null {
			r.Base = nil
		} else if r.Base == nil {
			r.Base = []byte{}
		}
		out[p] = r
	}
	return out, rows.Err()
}

// nilOrBlob is NULL for nil, else the blob (an empty one when empty).
func nilOrBlob(b []byte) any {
	if b == nil {
		return nil
	}
	return orEmpty(b)
}
