package store

import (
	"context"
	"database/sql"
	"fmt"
)

// migrations bring a database from version i to i+1 (PRAGMA user_version
// holds the version). Append only: a released migration is never edited, so
// a database written by any older loopls opens in a newer one.
var migrations = []string{
	// 0 → 1: sessions with their committed history, and the run audit trail.
	`CREATE TABLE sessions (
		id         TEXT PRIMARY KEY,
		title      TEXT NOT NULL DEFAULT '',
		history    TEXT NOT NULL DEFAULT '[]', -- JSON []engine.Message
		created_at INTEGER NOT NULL,           -- unix nanoseconds
		updated_at INTEGER NOT NULL
	);
	CREATE TABLE runs (
		seq           INTEGER PRIMARY KEY AUTOINCREMENT, -- audit order
		id            TEXT NOT NULL UNIQUE,
		session_id    TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
		prompt        TEXT NOT NULL DEFAULT '',
		model         TEXT NOT NULL DEFAULT '',
		outcome       TEXT NOT NULL DEFAULT '',   -- '' while the run is in flight
		output        TEXT NOT NULL DEFAULT '',
		turns         INTEGER NOT NULL DEFAULT 0,
		input_tokens  INTEGER NOT NULL DEFAULT 0,
		output_tokens INTEGER NOT NULL DEFAULT 0,
		error_kind    TEXT NOT NULL DEFAULT '',
		error_message TEXT NOT NULL DEFAULT '',
		error         TEXT,                       -- JSON engine.LoopError, NULL when none
		started_at    INTEGER NOT NULL DEFAULT 0,
		ended_at      INTEGER NOT NULL DEFAULT 0,
		edits         TEXT NOT NULL DEFAULT '[]', -- JSON []engine.Edit
		machine       BLOB,                       -- machine snapshot while in flight
		owner         TEXT NOT NULL DEFAULT ''    -- the Store that wrote it (see owner.go)
	);
	CREATE INDEX runs_by_session ON runs(session_id, seq);
	CREATE INDEX runs_in_flight ON runs(outcome) WHERE outcome = '';
	CREATE INDEX sessions_by_update ON sessions(updated_at);`,
	// 1 → 2: each run's transcript, what loopls/session re-draws the
	// conversation from (JSON, written once the run has ended).
	`ALTER TABLE runs ADD COLUMN transcript TEXT NOT NULL DEFAULT '[]';`,
	// 2 → 3: optimistic concurrency on a session's history, and what a
	// resumable run needs (issue 19).
	//   sessions.version  rises by one at every checkpoint that writes the
	//                     session; a run writes only over the version it saw.
	//   runs.session_version  the session version this run's last write left.
	//   runs.seq_at       the transition seq at the run's last checkpoint.
	//   runs.resumable, stopped_state, stopped_turn  set when a dead daemon's
	//                     run is recorded stopped with a snapshot to resume from.
	`ALTER TABLE sessions ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE runs ADD COLUMN session_version INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE runs ADD COLUMN seq_at INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE runs ADD COLUMN resumable INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE runs ADD COLUMN stopped_state TEXT NOT NULL DEFAULT '';
	ALTER TABLE runs ADD COLUMN stopped_turn INTEGER NOT NULL DEFAULT 0;
	CREATE INDEX runs_resumable ON runs(session_id) WHERE resumable = 1;`,
	// 3 → 4: the mode a run started in ('ask', 'edit', 'auto'), so a
	// resumed run keeps it (issue 23); '' for runs recorded before.
	`ALTER TABLE runs ADD COLUMN mode TEXT NOT NULL DEFAULT '';`,
	// 4 → 5: a checked fix's verdict (issue 26), JSON engine.Verdict; NULL
	// for a run that was not checked.
	`ALTER TABLE runs ADD COLUMN verdict TEXT;`,
	// 5 → 6: the undo journal (issue 32): what each run changed, file by
	// file, with the texts undo and the run review need.
	//   journal_runs  one row per journaled run, oldest first, with the
	//                 text its entries hold (the bounds are kept on it).
	//   journal       the entries in order: path, why texts are not held
	//                 ('' when they are), the workspace's own fields as
	//                 JSON, and the texts before and after.
	//   journal_review  per run and path, where the user's review stands:
	//                 the text kept so far (the diff's base) and a verdict.
	`CREATE TABLE journal_runs (
		seq    INTEGER PRIMARY KEY AUTOINCREMENT,
		run_id TEXT NOT NULL UNIQUE,
		bytes  INTEGER NOT NULL DEFAULT 0
	);
	CREATE TABLE journal (
		seq     INTEGER PRIMARY KEY AUTOINCREMENT,
		run_id  TEXT NOT NULL,
		path    TEXT NOT NULL,
		dropped TEXT NOT NULL DEFAULT '',
		meta    TEXT NOT NULL DEFAULT '{}',
		before  BLOB NOT NULL DEFAULT x'',
		after   BLOB NOT NULL DEFAULT x''
	);
	CREATE INDEX journal_by_run ON journal(run_id, path);
	CREATE TABLE journal_review (
		run_id  TEXT NOT NULL,
		path    TEXT NOT NULL,
		base    BLOB,
		verdict TEXT NOT NULL DEFAULT '',
		PRIMARY KEY (run_id, path)
	);`,
}

// schemaVersion is the version a database has once Open returns: the
// number of migrations, which migrate applies up to.
var schemaVersion = len(migrations)

// migrate applies the migrations the database lacks, all in one immediate
// transaction that reads the version first: one synced commit however many
// migrations a database is behind, and two daemons opening a fresh database
// at once apply them exactly once (the second finds the new version).
func migrate(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin migration: %w", err)
	}
	defer tx.Rollback()
	var v int
	if err := tx.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&v); err != nil {
		return fmt.Errorf("read schema version: %w", err)
	}
	switch {
	case v == schemaVersion:
		return nil // nothing written: the transaction rolls back, no commit
	case v > schemaVersion:
		return fmt.Errorf("database schema version %d is newer than this loopls knows (%d): upgrade loopls", v, schemaVersion)
	}
	for i := v; i < schemaVersion; i++ {
		if _, err := tx.ExecContext(ctx, migrations[i]); err != nil {
			return fmt.Errorf("migrate schema %d→%d: %w", i, i+1, err)
		}
	}
	// PRAGMA takes no bound parameters; the version is an int we computed.
	if _, err := tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA user_version = %d`, schemaVersion)); err != nil {
		return fmt.Errorf("record schema version %d: %w", schemaVersion, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit migration %d→%d: %w", v, schemaVersion, err)
	}
	return nil
}
