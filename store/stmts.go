package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
)

// The statements every run executes are prepared once per Store and kept
// until Close. SQLite parses a statement's SQL each time it is prepared, and
// database/sql prepares (and finalizes) one for every ExecContext or
// QueryContext on the DB or a Tx: a run's five commits parsed about twenty
// statements, a tenth of the run's CPU. A kept *sql.Stmt is prepared once
// per pooled connection and reused inside transactions (Tx.StmtContext).
type stmtID int

const (
	stReadSession stmtID = iota
	stSessionVersion
	stSessionHead
	stSessionHistory
	stReadRun
	stRunsInFlight
	stTouchSession
	stUpsertSession
	stUpsertRun
	stCreateSession
	stClaimRun
	stSetTranscript
	nStmts
)

var stmtSQL = [nStmts]string{
	stReadSession:    `SELECT title, history, version FROM sessions WHERE id = ?`,
	stSessionVersion: `SELECT version FROM sessions WHERE id = ?`,
	stSessionHead:    `SELECT title, version FROM sessions WHERE id = ?`,
	stSessionHistory: `SELECT history FROM sessions WHERE id = ?`,
	stReadRun:        `SELECT session_id, outcome, owner, session_version FROM runs WHERE id = ?`,
	stRunsInFlight:   `SELECT id, owner FROM runs WHERE session_id = ? AND outcome = ''`,
	stTouchSession:   `UPDATE sessions SET updated_at = ?, version = ? WHERE id = ?`,
	stUpsertSession: `INSERT INTO sessions (id, title, history, created_at, updated_at, version)
		VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (id) DO UPDATE SET
			history = excluded.history,
			updated_at = excluded.updated_at,
			version = excluded.version,
			title = CASE WHEN sessions.title = '' THEN excluded.title ELSE sessions.title END`,
	stUpsertRun: `INSERT INTO runs (id, session_id, prompt, model, outcome, output, turns,
			input_tokens, output_tokens, error_kind, error_message, error, started_at, ended_at, edits, machine, owner,
			session_version, seq_at, resumable, stopped_state, stopped_turn, verdict)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, '', 0, ?)
		ON CONFLICT (id) DO UPDATE SET
			session_id = excluded.session_id, prompt = excluded.prompt, model = excluded.model,
			outcome = excluded.outcome, output = excluded.output, turns = excluded.turns,
			input_tokens = excluded.input_tokens, output_tokens = excluded.output_tokens,
			error_kind = excluded.error_kind, error_message = excluded.error_message, error = excluded.error,
			started_at = excluded.started_at, ended_at = excluded.ended_at, edits = excluded.edits,
			machine = excluded.machine, owner = excluded.owner,
			session_version = excluded.session_version, seq_at = excluded.seq_at,
			resumable = 0, stopped_state = '', stopped_turn = 0, verdict = excluded.verdict`,
	stCreateSession: `INSERT INTO sessions (id, title, history, created_at, updated_at, version)
			VALUES (?, ?, '[]', ?, ?, 0)`,
	stClaimRun: `INSERT INTO runs (id, session_id, prompt, model, outcome, started_at, owner, session_version, mode)
		VALUES (?, ?, ?, ?, '', ?, ?, ?, ?)`,
	stSetTranscript: `UPDATE runs SET transcript = ?, edits = COALESCE(?, edits) WHERE id = ?`,
}

// statements holds a Store's kept statements, all prepared at open (see
// prepare), so none is prepared while a transaction holds the pool's one
// connection: database/sql would open a second connection for it (reading
// the schema again) and then prepare it a second time on the transaction's.
type statements struct {
	db *sql.DB

	mu     sync.Mutex
	closed bool
	s      [nStmts]*sql.Stmt
}

// prepare prepares every kept statement, on the connection the open used.
func (p *statements) prepare(ctx context.Context) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	for id, q := range stmtSQL {
		st, err := p.db.PrepareContext(ctx, q)
		if err != nil {
			return fmt.Errorf("prepare %q: %w", q, err)
		}
		p.s[id] = st
	}
	return nil
}

// get returns the kept statement id.
func (p *statements) get(ctx context.Context, id stmtID) (*sql.Stmt, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed || p.s[id] == nil {
		return nil, ErrClosed
	}
	return p.s[id], nil
}

// in returns the kept statement id for use inside tx. The Stmt it returns
// belongs to tx (closed when tx ends); the prepared statement stays kept.
func (p *statements) in(ctx context.Context, tx *sql.Tx, id stmtID) (*sql.Stmt, error) {
	st, err := p.get(ctx, id)
	if err != nil {
		return nil, err
	}
	return tx.StmtContext(ctx, st), nil
}

// close closes every kept statement; get fails afterwards.
func (p *statements) close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.closed = true
	var errs []error
	for i, st := range p.s {
		if st != nil {
			errs = append(errs, st.Close())
			p.s[i] = nil
		}
	}
	return errors.Join(errs...)
}

// exec runs the kept statement id inside tx.
func (s *Store) exec(ctx context.Context, tx *sql.Tx, id stmtID, args ...any) error {
	st, err := s.stmts.in(ctx, tx, id)
	if err != nil {
		return err
	}
	_, err = st.ExecContext(ctx, args...)
	return err
}
