package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// Claimed is what a run starts from once it holds its session.
type Claimed struct {
	// Title and History are the session's, as stored now.
	Title   string
	History []machine.Message
	// Version is the session version the run's first write must find.
	Version int64
}

// Claim records run as in flight in its session and returns the session's
// history as stored now, in one immediate transaction. It is what makes runs
// of one session serial across processes: while another live process has a
// run in flight in the session, Claim fails with ErrBusy; a run in flight
// of a dead process is recorded stopped first (as Open does). With create
// set, a session the store does not hold is created (titled from the
// prompt); without, it is ErrNotFound.
func (s *Store) Claim(ctx context.Context, run engine.Run, create bool) (Claimed, error) {
	return s.ClaimSince(ctx, run, create, -1)
}

// ClaimSince is Claim for a caller that holds the session's history as of
// version known: while the session is still at that version, the Claimed it
// returns has no History (nil), and the stored history is neither read nor
// decoded, so a run's claim does not grow with its session's history.
func (s *Store) ClaimSince(ctx context.Context, run engine.Run, create bool, known int64) (_ Claimed, err error) {
	defer s.adviseDamaged(&err)
	if err := s.checkOpen(); err != nil {
		return Claimed{}, err
	}
	if run.SessionID == "" || run.ID == "" {
		return Claimed{}, fmt.Errorf("claim: session id and run id are required")
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return Claimed{}, fmt.Errorf("claim session %s: %w", run.SessionID, err)
	}
	defer tx.Rollback()
	sess, err := s.readSessionHead(ctx, tx, run.SessionID)
	if err != nil {
		return Claimed{}, fmt.Errorf("claim session %s: %w", run.SessionID, err)
	}
	if sess.exists && sess.version != known {
		if sess.history, err = s.readHistory(ctx, tx, run.SessionID); err != nil {
			return Claimed{}, fmt.Errorf("claim session %s: %w", run.SessionID, err)
		}
	}
	if !sess.exists && !create {
		return Claimed{}, fmt.Errorf("session %q: %w (list them with loopls/sessions)", run.SessionID, ErrNotFound)
	}
	prev, err := s.readRunRow(ctx, tx, run.ID)
	if err != nil {
		return Claimed{}, fmt.Errorf("claim session %s: %w", run.SessionID, err)
	}
	if prev.exists {
		return Claimed{}, fmt.Errorf("claim session %s: run id %s is taken", run.SessionID, run.ID)
	}
	if err := s.claimable(ctx, tx, run.SessionID); err != nil {
		return Claimed{}, err
	}
	now := s.now().UnixNano()
	r := s.redact
	out := Claimed{Title: sess.title, Version: sess.version, History: sess.history}
	if !sess.exists {
		out.Title = r.str(Title(run.Prompt))
		out.History = []machine.Message{}
		if err := s.exec(ctx, tx, stCreateSession, string(run.SessionID), out.Title, now, now); err != nil {
			return Claimed{}, fmt.Errorf("claim session %s: create: %w", run.SessionID, err)
		}
	}
	if err := s.exec(ctx, tx, stClaimRun,
		string(run.ID), string(run.SessionID), r.str(run.Prompt), run.Model, unixNano(run.StartedAt), s.owner.id, out.Version, run.Mode); err != nil {
		return Claimed{}, fmt.Errorf("claim session %s: record run %s: %w", run.SessionID, run.ID, err)
	}
	if err := tx.Commit(); err != nil {
		return Claimed{}, fmt.Errorf("claim session %s: commit: %w", run.SessionID, err)
	}
	return out, nil
}

// claimable fails with ErrBusy while a live process (this Store included)
// has a run in flight in the session, and records the runs in flight of
// dead processes as stopped. It runs inside the caller's write transaction,
// so no other claim slips in between the check and the caller's write.
func (s *Store) claimable(ctx context.Context, tx *sql.Tx, sid machine.SessionID) error {
	st, err := s.stmts.in(ctx, tx, stRunsInFlight)
	if err != nil {
		return fmt.Errorf("find runs in flight of session %s: %w", sid, err)
	}
	rows, err := st.QueryContext(ctx, string(sid))
	if err != nil {
		return fmt.Errorf("find runs in flight of session %s: %w", sid, err)
	}
	type inflight struct{ id, owner string }
	var found []inflight
	for rows.Next() {
		var f inflight
		if err := rows.Scan(&f.id, &f.owner); err != nil {
			rows.Close()
			return fmt.Errorf("find runs in flight of session %s: %w", sid, err)
		}
		found = append(found, f)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("find runs in flight of session %s: %w", sid, err)
	}
	dead := map[string]bool{}
	for _, f := range found {
		alive := f.owner == s.owner.id
		if !alive {
			if alive, err = ownerAlive(s.owner.dir, f.owner); err != nil {
				return err
			}
		}
		if alive {
			return fmt.Errorf("session %s is busy: run %s is in flight in another loopls process (pid %s): %w", sid, f.id, pidOf(f.owner), ErrBusy)
		}
		dead[f.owner] = true
	}
	for o := range dead {
		if err := s.markStopped(ctx, tx, o); err != nil {
			return err
		}
	}
	return nil
}

// pidOf is the process id part of an owner id (see newOwnerID).
func pidOf(owner string) string {
	for i := range len(owner) {
		if owner[i] == '-' {
			return owner[:i]
		}
	}
	return owner
}

// sessionRow is the part of a session row a write checks.
type sessionRow struct {
	exists  bool
	title   string
	history []machine.Message
	version int64
}

func (s *Store) readSession(ctx context.Context, tx *sql.Tx, id machine.SessionID) (sessionRow, error) {
	var row sessionRow
	var hist string
	st, err := s.stmts.in(ctx, tx, stReadSession)
	if err != nil {
		return sessionRow{}, fmt.Errorf("read session %s: %w", id, err)
	}
	err = st.QueryRowContext(ctx, string(id)).
		Scan(&row.title, &hist, &row.version)
	if errorsIsNoRows(err) {
		return sessionRow{}, nil
	}
	if err != nil {
		return sessionRow{}, fmt.Errorf("read session %s: %w", id, err)
	}
	row.exists = true
	if err := json.Unmarshal([]byte(hist), &row.history); err != nil {
		return sessionRow{}, fmt.Errorf("read session %s: decode history: %w", id, err)
	}
	if row.history == nil {
		row.history = []machine.Message{}
	}
	return row, nil
}

// readSessionHead reads whether a session exists, its title and version.
func (s *Store) readSessionHead(ctx context.Context, tx *sql.Tx, id machine.SessionID) (sessionRow, error) {
	st, err := s.stmts.in(ctx, tx, stSessionHead)
	if err != nil {
		return sessionRow{}, fmt.Errorf("read session %s: %w", id, err)
	}
	var row sessionRow
	err = st.QueryRowContext(ctx, string(id)).Scan(&row.title, &row.version)
	if errorsIsNoRows(err) {
		return sessionRow{}, nil
	}
	if err != nil {
		return sessionRow{}, fmt.Errorf("read session %s: %w", id, err)
	}
	row.exists = true
	return row, nil
}

// readHistory reads and decodes a session's committed history.
func (s *Store) readHistory(ctx context.Context, tx *sql.Tx, id machine.SessionID) ([]machine.Message, error) {
	st, err := s.stmts.in(ctx, tx, stSessionHistory)
	if err != nil {
		return nil, fmt.Errorf("read session %s: %w", id, err)
	}
	var hist string
	if err := st.QueryRowContext(ctx, string(id)).Scan(&hist); err != nil {
		return nil, fmt.Errorf("read session %s: %w", id, err)
	}
	var h []machine.Message
	if err := json.Unmarshal([]byte(hist), &h); err != nil {
		return nil, fmt.Errorf("read session %s: decode history: %w", id, err)
	}
	if h == nil {
		h = []machine.Message{}
	}
	return h, nil
}

// readSessionVersion reads whether a session exists and its version, not
// its history: what a checkpoint checks.
func (s *Store) readSessionVersion(ctx context.Context, tx *sql.Tx, id machine.SessionID) (sessionRow, error) {
	st, err := s.stmts.in(ctx, tx, stSessionVersion)
	if err != nil {
		return sessionRow{}, fmt.Errorf("read session %s: %w", id, err)
	}
	var row sessionRow
	err = st.QueryRowContext(ctx, string(id)).Scan(&row.version)
	if errorsIsNoRows(err) {
		return sessionRow{}, nil
	}
	if err != nil {
		return sessionRow{}, fmt.Errorf("read session %s: %w", id, err)
	}
	row.exists = true
	return row, nil
}

// runRow is the part of a run row a write checks.
type runRow struct {
	exists         bool
	sessionID      machine.SessionID
	outcome        string
	owner          string
	sessionVersion int64
}

func (s *Store) readRunRow(ctx context.Context, tx *sql.Tx, id machine.RunID) (runRow, error) {
	var row runRow
	st, err := s.stmts.in(ctx, tx, stReadRun)
	if err != nil {
		return runRow{}, fmt.Errorf("read run %s: %w", id, err)
	}
	err = st.QueryRowContext(ctx, string(id)).
		Scan(&row.sessionID, &row.outcome, &row.owner, &row.sessionVersion)
	if errorsIsNoRows(err) {
		return runRow{}, nil
	}
	if err != nil {
		return runRow{}, fmt.Errorf("read run %s: %w", id, err)
	}
	row.exists = true
	return row, nil
}
