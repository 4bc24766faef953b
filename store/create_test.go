package store

import (
	"database/sql"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/store/storetest"
)

// The regression guard for the first open's cost: a new database is built
// aside and linked into place whole, so opening it commits nothing through
// the live database's WAL (each such commit is a synced write; there were
// five, after four more for the switch to WAL). The result is the same
// database: WAL mode, every migration, and no temporary file left behind.
func TestFreshOpenCommitsNothing(t *testing.T) {
	dir, root := t.TempDir(), t.TempDir()
	s := openTest(t, dir, root)
	if n := storetest.WALCommits(t, s.Path()); n != 0 {
		t.Errorf("opening a new database committed %d transactions through its WAL, want 0", n)
	}
	var v int
	if err := s.db.QueryRow(`PRAGMA user_version`).Scan(&v); err != nil || v != schemaVersion {
		t.Errorf("user_version = %d (%v), want %d", v, err, schemaVersion)
	}
	var mode string
	if err := s.db.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode = %q (%v), want wal", mode, err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.Contains(e.Name(), freshSuffix) {
			t.Errorf("temporary database %s left in the state directory", e.Name())
		}
	}
	// The store works: a run is claimed and recorded, one commit.
	if err := s.Checkpoint(testCtx(t), started("s1", "r1", "hello", nil)); err != nil {
		t.Fatalf("Checkpoint on the new database: %v", err)
	}
	if n := storetest.WALCommits(t, s.Path()); n != 1 {
		t.Errorf("one checkpoint: %d commits in the WAL, want 1", n)
	}
}

// A database several migrations behind is brought up to date in one commit
// (one synced write), not one per migration.
func TestMigrationsAreOneCommit(t *testing.T) {
	dir, root := t.TempDir(), t.TempDir()
	path, err := DBPath(dir, root)
	if err != nil {
		t.Fatal(err)
	}
	// A database as the first loopls left it: schema version 1.
	db, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`PRAGMA journal_mode = WAL`, migrations[0], `PRAGMA user_version = 1`} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if err := db.Close(); err != nil { // checkpoints: the WAL is gone
		t.Fatal(err)
	}
	if schemaVersion < 3 {
		t.Fatalf("schemaVersion %d: this test needs a database two migrations behind", schemaVersion)
	}
	s := openTest(t, dir, root)
	if n := storetest.WALCommits(t, path); n != 1 {
		t.Errorf("migrating 1 → %d took %d commits, want 1", schemaVersion, n)
	}
	var v int
	if err := s.db.QueryRow(`PRAGMA user_version`).Scan(&v); err != nil || v != schemaVersion {
		t.Errorf("user_version = %d (%v), want %d", v, err, schemaVersion)
	}
}

// A temporary database a crashed creation left behind is removed by the
// next creation once it is stale; one being built (fresh) is left alone.
func TestStrayTemporaryDatabaseIsSwept(t *testing.T) {
	dir, root := t.TempDir(), t.TempDir()
	path, err := DBPath(dir, root)
	if err != nil {
		t.Fatal(err)
	}
	stale := path + freshSuffix + "1-aaaaaaaaaaaa"
	young := path + freshSuffix + "2-bbbbbbbbbbbb"
	for _, p := range []string{stale, young} {
		if err := os.WriteFile(p, []byte("half a database"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-2 * freshStale)
	if err := os.Chtimes(stale, old, old); err != nil {
		t.Fatal(err)
	}
	openTest(t, dir, root)
	if _, err := os.Stat(stale); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("stale temporary database: %v, want it removed", err)
	}
	if _, err := os.Stat(young); err != nil {
		t.Errorf("young temporary database: %v, want it left (another process may be building it)", err)
	}
	if _, err := os.Stat(filepath.Join(dir, filepath.Base(path))); err != nil {
		t.Errorf("the database: %v", err)
	}
}

// A run's end and its transcript are one commit (CheckpointEnded); a
// transcript that cannot be kept is refused before anything is written.
func TestRunEndedCarriesTheTranscriptInOneCommit(t *testing.T) {
	s := openTest(t, t.TempDir(), t.TempDir())
	ctx := testCtx(t)
	c := started("s1", "r1", "edit hello", nil)
	if err := s.Checkpoint(ctx, c); err != nil {
		t.Fatal(err)
	}
	end := ended(c, machine.OutcomeCompleted, nil, nil)
	if _, err := s.CheckpointEnded(ctx, end, Ending{Transcript: json.RawMessage(`"` + strings.Repeat("x", MaxTranscriptBytes) + `"`)}); err == nil {
		t.Error("CheckpointEnded took a transcript over MaxTranscriptBytes")
	}
	if _, err := s.CheckpointEnded(ctx, end, Ending{Transcript: json.RawMessage(`[`)}); err == nil {
		t.Error("CheckpointEnded took a transcript that is not JSON")
	}
	if _, err := s.CheckpointEnded(ctx, c, Ending{Transcript: json.RawMessage(`[]`)}); err == nil {
		t.Error("CheckpointEnded took a run_started checkpoint")
	}
	if r, err := s.Run(ctx, "r1"); err != nil || r.Outcome != "" {
		t.Fatalf("after refused endings the run is %q, %v; want still in flight", r.Outcome, err)
	}
	before := storetest.WALCommits(t, s.Path())
	edits := []engine.Edit{{Path: "b.txt", ToolID: "call_2"}}
	if _, err := s.CheckpointEnded(ctx, end, Ending{Transcript: json.RawMessage(`[{"kind":"prompt","text":"edit hello"}]`), Edits: edits}); err != nil {
		t.Fatal(err)
	}
	if n := storetest.WALCommits(t, s.Path()) - before; n != 1 {
		t.Errorf("run_ended with its transcript: %d commits, want 1", n)
	}
	r, err := s.Run(ctx, "r1")
	if err != nil || r.Outcome != machine.OutcomeCompleted || len(r.Edits) != 1 || r.Edits[0] != edits[0] {
		t.Errorf("stored run %+v, %v; want completed with the journal's edits", r, err)
	}
	ts, err := s.Transcripts(ctx, "s1")
	if err != nil || string(ts["r1"]) != `[{"kind":"prompt","text":"edit hello"}]` {
		t.Errorf("stored transcript %q, %v", ts["r1"], err)
	}
}
