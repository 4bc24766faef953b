package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// stoppedMessage is the error message of a run whose daemon died under it.
const stoppedMessage = "daemon stopped"

// recover records the runs in flight of dead owners as failed.
func (s *Store) recover(ctx context.Context) error {
	rows, err := s.db.QueryContext(ctx, `SELECT DISTINCT owner FROM runs WHERE outcome = ''`)
	if err != nil {
		return fmt.Errorf("find runs in flight: %w", err)
	}
	var owners []string
	for rows.Next() {
		var o string
		if err := rows.Scan(&o); err != nil {
			rows.Close()
			return fmt.Errorf("find runs in flight: %w", err)
		}
		owners = append(owners, o)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("find runs in flight: %w", err)
	}
	var dead []string
	for _, o := range owners {
		if o == s.owner.id {
			continue
		}
		alive, err := ownerAlive(s.owner.dir, o)
		if err != nil {
			return err
		}
		if !alive {
			dead = append(dead, o)
		}
	}
	if len(dead) == 0 {
		return nil
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("recover runs in flight: %w", err)
	}
	defer tx.Rollback()
	for _, o := range dead {
		if err := s.markStopped(ctx, tx, o); err != nil {
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("recover runs in flight: %w", err)
	}
	return nil
}

// markStopped records the runs in flight of the dead owner o as ended:
// failed, kind Internal, "daemon stopped". A run whose last checkpoint left
// a machine snapshot that restores keeps it and is marked resumable, with
// the state and turn it stopped in. It runs in the caller's write
// transaction; outcome = ” is tested again there, since another daemon may
// have recovered them between the caller's check and its write lock.
func (s *Store) markStopped(ctx context.Context, tx *sql.Tx, o string) error {
	now := s.now().UnixNano()
	errJSON, err := json.Marshal(&machine.LoopError{Kind: machine.KindInternal, Message: stoppedMessage})
	if err != nil {
		return fmt.Errorf("recover runs of %s: %w", o, err)
	}
	rows, err := tx.QueryContext(ctx, `SELECT id, machine FROM runs WHERE outcome = '' AND owner = ?`, o)
	if err != nil {
		return fmt.Errorf("recover runs of %s: %w", o, err)
	}
	type stopped struct {
		id      string
		machine []byte
	}
	var found []stopped
	for rows.Next() {
		var r stopped
		if err := rows.Scan(&r.id, &r.machine); err != nil {
			rows.Close()
			return fmt.Errorf("recover runs of %s: %w", o, err)
		}
		found = append(found, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("recover runs of %s: %w", o, err)
	}
	for _, r := range found {
		state, turn, ok := resumePoint(r.machine)
		resumable := 0
		var snapshot []byte
		if ok {
			resumable, snapshot = 1, r.machine
		}
		if _, err := tx.ExecContext(ctx, `UPDATE sessions SET updated_at = ? WHERE id =
			(SELECT session_id FROM runs WHERE id = ?)`, now, r.id); err != nil {
			return fmt.Errorf("recover session of run %s: %w", r.id, err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE runs SET outcome = ?, error_kind = ?,
			error_message = ?, error = ?, ended_at = ?, machine = ?,
			resumable = ?, stopped_state = ?, stopped_turn = ?
			WHERE id = ? AND outcome = ''`,
			machine.OutcomeFailed, machine.KindInternal, stoppedMessage, string(errJSON), now, snapshot,
			resumable, string(state), turn, r.id); err != nil {
			return fmt.Errorf("recover run %s: %w", r.id, err)
		}
	}
	return nil
}

// resumePoint reports the state and turn a snapshot restores to, and
// whether it restores at all (a run stopped before its first checkpoint has
// none; a damaged one is not resumed).
func resumePoint(snapshot []byte) (machine.StateName, int, bool) {
	if len(snapshot) == 0 {
		return "", 0, false
	}
	m, err := engine.UnmarshalMachine(snapshot)
	if err != nil {
		return "", 0, false
	}
	st := m.State()
	turn := st.Turn
	if st.Name != machine.StateAwaitingModel && st.Name != machine.StateAwaitingTools {
		turn = m.TurnsTaken()
	}
	return st.Name, turn, true
}
