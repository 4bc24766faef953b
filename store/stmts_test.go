package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"

	"modernc.org/sqlite"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// parseCounter is a driver.Connector over modernc's driver that counts the
// SQL texts handed to a connection to be parsed: every Prepare, and every
// Exec or Query that carries its SQL (database/sql's DB.ExecContext and
// Tx.ExecContext; a kept *sql.Stmt runs without one).
type parseCounter struct {
	dsn      string
	parses   atomic.Int64
	connects atomic.Int64
}

func (c *parseCounter) Connect(ctx context.Context) (driver.Conn, error) {
	c.connects.Add(1)
	conn, err := (&sqlite.Driver{}).Open(c.dsn)
	if err != nil {
		return nil, err
	}
	return &countingConn{conn: conn, n: &c.parses}, nil
}

func (c *parseCounter) Driver() driver.Driver { return &sqlite.Driver{} }

// countingConn forwards to modernc's connection, counting parses.
type countingConn struct {
	conn driver.Conn
	n    *atomic.Int64
}

func (c *countingConn) Prepare(q string) (driver.Stmt, error) {
	c.n.Add(1)
	return c.conn.Prepare(q)
}
func (c *countingConn) PrepareContext(ctx context.Context, q string) (driver.Stmt, error) {
	c.n.Add(1)
	return c.conn.(driver.ConnPrepareContext).PrepareContext(ctx, q)
}
func (c *countingConn) ExecContext(ctx context.Context, q string, args []driver.NamedValue) (driver.Result, error) {
	c.n.Add(1)
	return c.conn.(driver.ExecerContext).ExecContext(ctx, q, args)
}
func (c *countingConn) QueryContext(ctx context.Context, q string, args []driver.NamedValue) (driver.Rows, error) {
	c.n.Add(1)
	return c.conn.(driver.QueryerContext).QueryContext(ctx, q, args)
}
func (c *countingConn) Close() error              { return c.conn.Close() }
func (c *countingConn) Begin() (driver.Tx, error) { return c.conn.Begin() } //nolint:staticcheck // driver.Conn requires it
func (c *countingConn) BeginTx(ctx context.Context, o driver.TxOptions) (driver.Tx, error) {
	return c.conn.(driver.ConnBeginTx).BeginTx(ctx, o)
}
func (c *countingConn) ResetSession(ctx context.Context) error {
	return c.conn.(driver.SessionResetter).ResetSession(ctx)
}
func (c *countingConn) IsValid() bool { return c.conn.(driver.Validator).IsValid() }

// openCounting opens a Store whose connections count the SQL they parse.
func openCounting(t *testing.T) (*Store, *parseCounter) {
	t.Helper()
	var pc *parseCounter
	prev := openDB
	openDB = func(path string) (*sql.DB, error) {
		pc = &parseCounter{dsn: dsn(path)}
		return sql.OpenDB(pc), nil
	}
	t.Cleanup(func() { openDB = prev })
	s := openTest(t, t.TempDir(), t.TempDir())
	openDB = prev
	return s, pc
}

// oneRun writes what a one-tool run writes: the claim, the four checkpoints
// and the transcript.
func oneRun(t *testing.T, s *Store, sid machine.SessionID, rid machine.RunID) {
	t.Helper()
	ctx := testCtx(t)
	if _, err := s.Claim(ctx, engine.Run{ID: rid, SessionID: sid, Prompt: "read the readme", StartedAt: t0}, true); err != nil {
		t.Fatalf("Claim: %v", err)
	}
	c := started(sid, rid, "read the readme", nil)
	for i, p := range []machine.CheckpointPoint{machine.PointRunStarted, machine.PointModelAnswered, machine.PointToolResults} {
		c.Point, c.Seq = p, i+1
		if err := s.Checkpoint(ctx, c); err != nil {
			t.Fatalf("Checkpoint %s: %v", p, err)
		}
	}
	hist := []machine.Message{{Role: machine.RoleUser, Content: "read the readme"}, {Role: machine.RoleAssistant, Content: "done"}}
	if err := s.Checkpoint(ctx, ended(c, machine.OutcomeCompleted, nil, hist)); err != nil {
		t.Fatalf("Checkpoint run_ended: %v", err)
	}
	if err := s.SetTranscript(ctx, rid, json.RawMessage(`[{"kind":"user","text":"read the readme"}]`), nil); err != nil {
		t.Fatalf("SetTranscript: %v", err)
	}
}

// The regression guard for the kept statements: they are prepared once, at
// open, on the open's connection, so a run (claim, four checkpoints, the
// transcript), the first one included, hands SQLite no SQL to parse and
// needs no second connection (each one reads the schema again); each run
// used to parse about twenty statements.
func TestRunsParseNoSQL(t *testing.T) {
	s, pc := openCounting(t)
	if n := pc.connects.Load(); n != 1 {
		t.Errorf("the open made %d connections, want 1", n)
	}
	for i, id := range []machine.RunID{"r1", "r2", "r3"} {
		before := pc.parses.Load()
		oneRun(t, s, machine.SessionID("s"+string(rune('1'+i))), id)
		if n := pc.parses.Load() - before; n != 0 {
			t.Errorf("run %s parsed %d SQL statements, want 0", id, n)
		}
	}
	if n := pc.connects.Load(); n != 1 {
		t.Errorf("the open and three runs made %d connections, want 1", n)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if _, err := s.stmts.get(testCtx(t), stReadRun); err == nil {
		t.Error("a kept statement was handed out after Close")
	}
}

// A checkpoint reads only its session's version, not its history, and a
// turn checkpoint (model_answered, tool_results) writes no history: what the
// store does per turn is the same for a session of 4 messages and one of
// 400. Each checkpoint used to decode the stored history, and each turn
// checkpoint to encode it, so its allocations grew with the session.
func TestTurnCheckpointIsFlatInHistory(t *testing.T) {
	allocs := func(n int) float64 {
		s := openTest(t, t.TempDir(), t.TempDir())
		ctx := testCtx(t)
		c := started("s1", "r1", "read the readme", benchHistory(n, 400))
		if err := s.Checkpoint(ctx, c); err != nil {
			t.Fatal(err)
		}
		c.Point = machine.PointModelAnswered
		return testing.AllocsPerRun(20, func() {
			c.Seq++
			if err := s.Checkpoint(ctx, c); err != nil {
				t.Fatal(err)
			}
		})
	}
	small, big := allocs(4), allocs(400)
	if big > small+5 {
		t.Errorf("a turn checkpoint made %.0f allocations with 400 messages of history, %.0f with 4; want the same", big, small)
	}
}

// A claim by a caller that holds the session's history at its stored
// version reads no history: its allocations are the same at 4 and at 400
// messages. A caller behind (another process wrote the session meanwhile)
// gets the stored history.
func TestClaimSinceReadsNoHistoryItHas(t *testing.T) {
	claimAllocs := func(n int) float64 {
		s := openTest(t, t.TempDir(), t.TempDir())
		ctx := testCtx(t)
		c := started("s1", "r0", "read the readme", benchHistory(n, 400))
		version, err := s.CheckpointVersion(ctx, ended(c, machine.OutcomeCompleted, nil, benchHistory(n, 400)))
		if err != nil {
			t.Fatal(err)
		}
		behind, err := s.ClaimSince(ctx, engine.Run{ID: "r1", SessionID: "s1", Prompt: "again"}, false, version-1)
		if err != nil || behind.Version != version || len(behind.History) != n {
			t.Fatalf("claim from behind: version %d, %d messages, %v; want %d and %d", behind.Version, len(behind.History), err, version, n)
		}
		if _, err := s.CheckpointVersion(ctx, ended(started("s1", "r1", "again", nil), machine.OutcomeCompleted, nil, benchHistory(n, 400))); err != nil {
			t.Fatal(err)
		}
		version++
		var mallocs uint64
		for i := 2; i < 12; i++ {
			id := machine.RunID(fmt.Sprintf("r%d", i))
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			got, err := s.ClaimSince(ctx, engine.Run{ID: id, SessionID: "s1", Prompt: "again"}, false, version)
			runtime.ReadMemStats(&after)
			mallocs += after.Mallocs - before.Mallocs
			if err != nil || got.History != nil || got.Version != version {
				t.Fatalf("claim at the known version: version %d, history of %d messages (nil: %v), %v; want version %d and no history",
					got.Version, len(got.History), got.History == nil, err, version)
			}
			if err := s.Checkpoint(ctx, ended(started("s1", id, "again", nil), machine.OutcomeFailed, machine.Internal("test"), benchHistory(n, 400))); err != nil {
				t.Fatal(err)
			}
			version++
		}
		return float64(mallocs) / 10
	}
	small, big := claimAllocs(4), claimAllocs(400)
	if big > small+5 {
		t.Errorf("a claim made %.0f allocations with 400 messages of history, %.0f with 4; want the same", big, small)
	}
}
