package store

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// Resumed is what a resumed run continues from.
type Resumed struct {
	// Run is the record as the run's last checkpoint left it.
	Run engine.Run
	// Machine is the snapshot of that checkpoint; Seq the transition seq.
	Machine json.RawMessage
	Seq     int
	// History is the session's committed history (the snapshot's own).
	History []machine.Message
	// Version is the session version the resumed run's first write finds.
	Version int64
}

// ClaimResume takes a run a dead daemon left resumable and records it in
// flight again, owned by this Store, in one immediate transaction. It fails
// with ErrNotFound for an unknown run, ErrBusy while a live process has a
// run in flight in the session (this one included), and ErrNotResumable,
// with the reason, for a run that ended otherwise, has no snapshot, or
// whose session has run since it stopped.
func (s *Store) ClaimResume(ctx context.Context, id machine.RunID) (_ Resumed, err error) {
	defer s.adviseDamaged(&err)
	if err := s.checkOpen(); err != nil {
		return Resumed{}, err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return Resumed{}, fmt.Errorf("resume run %s: %w", id, err)
	}
	defer tx.Rollback()
	row, err := s.readRunRow(ctx, tx, id)
	if err != nil {
		return Resumed{}, fmt.Errorf("resume run %s: %w", id, err)
	}
	if !row.exists {
		return Resumed{}, fmt.Errorf("run %q: %w (list a session's runs with loopls/session)", id, ErrNotFound)
	}
	// A dead daemon's run still in flight is recorded stopped first; a
	// live one's (or ours) makes the session busy.
	if err := s.claimable(ctx, tx, row.sessionID); err != nil {
		return Resumed{}, err
	}
	var outcome string
	var resumable bool
	var runVersion int64
	var seq int
	var snapshot []byte
	if err := tx.QueryRowContext(ctx, `SELECT outcome, resumable = 1, session_version, seq_at, machine FROM runs WHERE id = ?`, string(id)).
		Scan(&outcome, &resumable, &runVersion, &seq, &snapshot); err != nil {
		return Resumed{}, fmt.Errorf("resume run %s: %w", id, err)
	}
	sess, err := s.readSession(ctx, tx, row.sessionID)
	if err != nil {
		return Resumed{}, fmt.Errorf("resume run %s: %w", id, err)
	}
	switch {
	case !resumable && outcome == string(machine.OutcomeFailed) && len(snapshot) == 0:
		return Resumed{}, fmt.Errorf("run %s: %w: it ended %s and left no checkpoint to continue from", id, ErrNotResumable, outcome)
	case !resumable:
		return Resumed{}, fmt.Errorf("run %s: %w: it ended %s; only a run whose daemon stopped under it can be resumed", id, ErrNotResumable, outcome)
	case !sess.exists || sess.version != runVersion:
		return Resumed{}, fmt.Errorf("run %s: %w: session %s has run since it stopped, so its history moved on; start a new run instead", id, ErrNotResumable, row.sessionID)
	}
	runs, err := queryRuns(ctx, tx, `WHERE id = ?`, string(id))
	if err != nil || len(runs) != 1 {
		return Resumed{}, fmt.Errorf("resume run %s: read it: %v", id, err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE runs SET outcome = '', error_kind = '', error_message = '', error = NULL,
		ended_at = 0, owner = ?, resumable = 0, stopped_state = '', stopped_turn = 0 WHERE id = ?`, s.owner.id, string(id)); err != nil {
		return Resumed{}, fmt.Errorf("resume run %s: %w", id, err)
	}
	if err := tx.Commit(); err != nil {
		return Resumed{}, fmt.Errorf("resume run %s: commit: %w", id, err)
	}
	return Resumed{Run: runs[0], Machine: snapshot, Seq: seq, History: sess.history, Version: sess.version}, nil
}
