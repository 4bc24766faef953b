package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// SessionSummary is one line of the session list (loopls/sessions).
type SessionSummary struct {
	ID        machine.SessionID `json:"sessionId"`
	Title     string            `json:"title"`
	Runs      int               `json:"runs"`
	UpdatedAt time.Time         `json:"updatedAt"`
	// ResumableRun names the session's run that a dead daemon left
	// resumable (loopls/resumeRun), if the session has not run since.
	ResumableRun machine.RunID `json:"resumableRun,omitempty"`
	// Preview is the last ended run's answer on one line (Preview).
	Preview string `json:"preview,omitempty"`
}

// SessionRecord is a whole session: its committed history and its run audit
// trail, oldest run first (loopls/session).
type SessionRecord struct {
	ID        machine.SessionID `json:"sessionId"`
	Title     string            `json:"title"`
	History   []machine.Message `json:"history"`
	Runs      []engine.Run      `json:"runs"`
	UpdatedAt time.Time         `json:"updatedAt"`
}

// previewReadRunes is how much of an answer the list reads for its
// preview: enough for MaxPreviewRunes after code fences and spaces go.
const previewReadRunes = 8 * MaxPreviewRunes

// Sessions lists the workspace's sessions, most recently updated first,
// each with a preview of its last answer.
func (s *Store) Sessions(ctx context.Context) (_ []SessionSummary, err error) {
	defer s.adviseDamaged(&err)
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT s.id, s.title, s.updated_at,
			(SELECT COUNT(*) FROM runs r WHERE r.session_id = s.id),
			COALESCE((SELECT r.id FROM runs r WHERE r.session_id = s.id AND r.resumable = 1
				AND r.session_version = s.version ORDER BY r.seq DESC LIMIT 1), ''),
			COALESCE((SELECT substr(r.output, 1, ?) FROM runs r WHERE r.session_id = s.id AND r.outcome != ''
				ORDER BY r.seq DESC LIMIT 1), '')
		FROM sessions s ORDER BY s.updated_at DESC, s.rowid DESC`, previewReadRunes)
	if err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	defer rows.Close()
	out := []SessionSummary{}
	for rows.Next() {
		var sum SessionSummary
		var updated int64
		var last string
		if err := rows.Scan(&sum.ID, &sum.Title, &updated, &sum.Runs, &sum.ResumableRun, &last); err != nil {
			return nil, fmt.Errorf("list sessions: %w", err)
		}
		sum.UpdatedAt = fromUnixNano(updated)
		sum.Preview = Preview(last)
		out = append(out, sum)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	return out, nil
}

// Session returns one session whole. A session the store does not hold is
// an error for which errors.Is(err, ErrNotFound) holds.
//
// It reads in one transaction so that a checkpoint written by another
// daemon meanwhile is seen entirely or not at all.
func (s *Store) Session(ctx context.Context, id machine.SessionID) (_ SessionRecord, err error) {
	defer s.adviseDamaged(&err)
	if err := s.checkOpen(); err != nil {
		return SessionRecord{}, err
	}
	tx, err := s.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return SessionRecord{}, fmt.Errorf("read session %s: %w", id, err)
	}
	defer tx.Rollback()
	rec := SessionRecord{ID: id}
	var hist string
	var updated int64
	err = tx.QueryRowContext(ctx, `SELECT title, history, updated_at FROM sessions WHERE id = ?`, string(id)).
		Scan(&rec.Title, &hist, &updated)
	if errorsIsNoRows(err) {
		return SessionRecord{}, fmt.Errorf("session %q: %w (list them with loopls/sessions)", id, ErrNotFound)
	}
	if err != nil {
		return SessionRecord{}, fmt.Errorf("read session %s: %w", id, err)
	}
	rec.UpdatedAt = fromUnixNano(updated)
	if err := json.Unmarshal([]byte(hist), &rec.History); err != nil {
		return SessionRecord{}, fmt.Errorf("read session %s: decode history: %w", id, err)
	}
	if rec.History == nil {
		rec.History = []machine.Message{}
	}
	rec.Runs, err = queryRuns(ctx, tx, `WHERE session_id = ? ORDER BY seq`, string(id))
	if err != nil {
		return SessionRecord{}, fmt.Errorf("read session %s: %w", id, err)
	}
	return rec, nil
}

// Run returns one run record; ErrNotFound if the store has none by that id.
func (s *Store) Run(ctx context.Context, id machine.RunID) (engine.Run, error) {
	if err := s.checkOpen(); err != nil {
		return engine.Run{}, err
	}
	runs, err := queryRuns(ctx, s.db, `WHERE id = ?`, string(id))
	if err != nil {
		return engine.Run{}, fmt.Errorf("read run %s: %w", id, err)
	}
	if len(runs) == 0 {
		return engine.Run{}, fmt.Errorf("run %q: %w", id, ErrNotFound)
	}
	return runs[0], nil
}

// Snapshot returns the machine snapshot of a run in flight, nil for a run
// that has ended; ErrNotFound if the store has no such run.
func (s *Store) Snapshot(ctx context.Context, id machine.RunID) (json.RawMessage, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	var b []byte
	err := s.db.QueryRowContext(ctx, `SELECT machine FROM runs WHERE id = ?`, string(id)).Scan(&b)
	if errorsIsNoRows(err) {
		return nil, fmt.Errorf("run %q: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("read snapshot of run %s: %w", id, err)
	}
	if len(b) == 0 {
		return nil, nil
	}
	return json.RawMessage(b), nil
}

type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func queryRuns(ctx context.Context, q querier, where string, args ...any) ([]engine.Run, error) {
	// A run is resumable while its session has not been written since it
	// stopped (the version its last checkpoint left is still the session's).
	rows, err := q.QueryContext(ctx, `SELECT id, session_id, prompt, model, outcome, output, turns,
		input_tokens, output_tokens, error_kind, error_message, error, started_at, ended_at, edits,
		resumable = 1 AND session_version = COALESCE((SELECT version FROM sessions s WHERE s.id = runs.session_id), -1),
		stopped_state, stopped_turn, mode, verdict
		FROM runs `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []engine.Run{}
	for rows.Next() {
		var r engine.Run
		var errKind, errMsg, edits string
		var errJSON sql.NullString
		var started, ended int64
		var stoppedState string
		var stoppedTurn int
		var verdict sql.NullString
		if err := rows.Scan(&r.ID, &r.SessionID, &r.Prompt, &r.Model, &r.Outcome, &r.Output, &r.Turns,
			&r.Usage.InputTokens, &r.Usage.OutputTokens, &errKind, &errMsg, &errJSON, &started, &ended, &edits,
			&r.Resumable, &stoppedState, &stoppedTurn, &r.Mode, &verdict); err != nil {
			return nil, err
		}
		if verdict.Valid {
			r.Verdict = &engine.Verdict{}
			if err := json.Unmarshal([]byte(verdict.String), r.Verdict); err != nil {
				return nil, fmt.Errorf("decode verdict of run %s: %w", r.ID, err)
			}
		}
		if stoppedState != "" {
			r.StoppedIn = &engine.StoppedIn{State: machine.StateName(stoppedState), Turn: stoppedTurn}
		}
		r.StartedAt, r.EndedAt = fromUnixNano(started), fromUnixNano(ended)
		if errJSON.Valid {
			r.Error = &machine.LoopError{}
			if err := json.Unmarshal([]byte(errJSON.String), r.Error); err != nil {
				return nil, fmt.Errorf("decode error of run %s: %w", r.ID, err)
			}
		} else if errKind != "" {
			r.Error = &machine.LoopError{Kind: machine.ErrorKind(errKind), Message: errMsg}
		}
		if err := json.Unmarshal([]byte(edits), &r.Edits); err != nil {
			return nil, fmt.Errorf("decode edits of run %s: %w", r.ID, err)
		}
		if r.Edits == nil {
			r.Edits = []engine.Edit{}
		}
		out = append(out, r)
	}
	return out, rows.Err()
}
