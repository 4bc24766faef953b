package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// MaxTranscriptBytes bounds one run's stored transcript; the session layer
// caps each tool output well below it, so only a pathological run reaches it.
const MaxTranscriptBytes = 4 << 20

// SetTranscript stores what a run's last checkpoint cannot hold, once the
// run has ended: its transcript (JSON, kept verbatim after redaction) and,
// when edits is not empty, the files it edited as the workspace journal
// lists them. The run must be stored already (its run_started checkpoint
// came first); ErrNotFound if it is not.
func (s *Store) SetTranscript(ctx context.Context, run machine.RunID, transcript json.RawMessage, edits []engine.Edit) (err error) {
	defer s.adviseDamaged(&err)
	if err := s.checkOpen(); err != nil {
		return err
	}
	if err := checkTranscript(run, transcript); err != nil {
		return err
	}
	var editsJSON any // NULL keeps the stored edits
	if len(edits) > 0 {
		b, err := json.Marshal(edits)
		if err != nil {
			return fmt.Errorf("store edits of run %s: %w", run, err)
		}
		editsJSON = s.redact.str(string(b))
	}
	st, err := s.stmts.get(ctx, stSetTranscript)
	if err != nil {
		return fmt.Errorf("store transcript of run %s: %w", run, err)
	}
	res, err := st.ExecContext(ctx, s.redact.str(string(transcript)), editsJSON, string(run))
	if err != nil {
		return fmt.Errorf("store transcript of run %s: %w", run, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("run %q: %w", run, ErrNotFound)
	}
	return nil
}

// checkTranscript refuses a transcript that is not JSON or is too big.
func checkTranscript(run machine.RunID, transcript json.RawMessage) error {
	if !json.Valid(transcript) {
		return fmt.Errorf("transcript of run %s is not JSON", run)
	}
	if len(transcript) > MaxTranscriptBytes {
		return fmt.Errorf("transcript of run %s is %d bytes, more than the %d kept", run, len(transcript), MaxTranscriptBytes)
	}
	return nil
}

// Transcripts returns the stored transcripts of a session's runs by run id;
// a run stored before transcripts existed has "[]".
func (s *Store) Transcripts(ctx context.Context, id machine.SessionID) (_ map[machine.RunID]json.RawMessage, err error) {
	defer s.adviseDamaged(&err)
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT id, transcript FROM runs WHERE session_id = ?`, string(id))
	if err != nil {
		return nil, fmt.Errorf("read transcripts of session %s: %w", id, err)
	}
	defer rows.Close()
	out := make(map[machine.RunID]json.RawMessage)
	for rows.Next() {
		var run, t string
		if err := rows.Scan(&run, &t); err != nil {
			return nil, fmt.Errorf("read transcripts of session %s: %w", id, err)
		}
		out[machine.RunID(run)] = json.RawMessage(t)
	}
	return out, rows.Err()
}

// ErrBadTitle reports a title RenameSession will not store.
var ErrBadTitle = fmt.Errorf("a session title must be 1 to %d characters on one line", maxRenameRunes)

// maxRenameRunes bounds a title the user gives; longer than the derived
// MaxTitleRunes so a user's own words are not cut, but still a label.
const maxRenameRunes = 200

// CleanTitle checks a title the user chose: trimmed, one line, not empty,
// at most 200 characters.
func CleanTitle(title string) (string, error) {
	t := strings.TrimSpace(title)
	if t == "" || strings.ContainsAny(t, "\r\n") || utf8.RuneCountInString(t) > maxRenameRunes || !utf8.ValidString(t) {
		return "", ErrBadTitle
	}
	return t, nil
}

// RenameSession sets a session's title; ErrNotFound if the store has no
// such session.
func (s *Store) RenameSession(ctx context.Context, id machine.SessionID, title string) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	t, err := CleanTitle(title)
	if err != nil {
		return err
	}
	res, err := s.db.ExecContext(ctx, `UPDATE sessions SET title = ? WHERE id = ?`, s.redact.str(t), string(id))
	if err != nil {
		return fmt.Errorf("rename session %s: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("session %q: %w", id, ErrNotFound)
	}
	return nil
}

// DeleteSession removes a session and its runs; ErrNotFound if the store has
// no such session, ErrBusy (wrapped) while a live process — this one
// included — has a run of it in flight.
func (s *Store) DeleteSession(ctx context.Context, id machine.SessionID) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("delete session %s: %w", id, err)
	}
	defer tx.Rollback()
	if err := s.claimable(ctx, tx, id); err != nil {
		return err
	}
	if err := deleteJournal(ctx, tx, `run_id IN (SELECT id FROM runs WHERE session_id = ?)`, string(id)); err != nil {
		return fmt.Errorf("delete journal of session %s: %w", id, err)
	}
	// The runs go explicitly too: a database opened without foreign keys
	// enforced must not keep orphans.
	if _, err := tx.ExecContext(ctx, `DELETE FROM runs WHERE session_id = ?`, string(id)); err != nil {
		return fmt.Errorf("delete runs of session %s: %w", id, err)
	}
	res, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE id = ?`, string(id))
	if err != nil {
		return fmt.Errorf("delete session %s: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("session %q: %w", id, ErrNotFound)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("delete session %s: %w", id, err)
	}
	return nil
}
