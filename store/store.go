package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/loopls/loopls/engine/machine"
	"modernc.org/sqlite" // also registers the pure-Go "sqlite" driver
	sqlite3 "modernc.org/sqlite/lib"
)

// Store is the persistent state of one workspace root. It is safe for
// concurrent use, also by several processes on the same database.
type Store struct {
	db     *sql.DB
	stmts  statements // the hot path's, prepared once (stmts.go)
	path   string
	owner  *owner
	redact redactor
	now    func() time.Time

	mu     sync.Mutex
	closed bool

	// jmu guards queued: journal entries waiting for their run's next
	// checkpoint (QueueJournal).
	jmu    sync.Mutex
	queued map[machine.RunID]*queuedJournal
}

// busyTimeout is how long a write waits for another daemon's transaction.
// Checkpoints are small, so a wait this long means something is stuck.
const busyTimeout = 10 * time.Second

// DefaultDir is where databases live: $XDG_STATE_HOME/loopls, else on
// Windows %LOCALAPPDATA%\loopls (per machine, not roamed: the databases name
// this machine's paths), else ~/.local/state/loopls (the XDG default), else
// a loopls directory in the temporary directory when there is no home either.
func DefaultDir() string {
	if d := os.Getenv("XDG_STATE_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "loopls")
	}
	if runtime.GOOS == "windows" {
		if d := os.Getenv("LOCALAPPDATA"); d != "" && filepath.IsAbs(d) {
			return filepath.Join(d, "loopls")
		}
	}
	if h, err := os.UserHomeDir(); err == nil && h != "" {
		return filepath.Join(h, ".local", "state", "loopls")
	}
	return filepath.Join(os.TempDir(), "loopls-state")
}

// DBPath is the database file of workspaceRoot under dir: the first 16 hex
// digits of the SHA-256 of the root's absolute path with symlinks resolved,
// so an editor given the root through a symlink and a terminal in the real
// directory share one database.
func DBPath(dir, workspaceRoot string) (string, error) {
	abs, err := filepath.Abs(workspaceRoot)
	if err != nil {
		return "", fmt.Errorf("resolve workspace root %q: %w", workspaceRoot, err)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	sum := sha256.Sum256([]byte(filepath.Clean(abs)))
	return filepath.Join(dir, hex.EncodeToString(sum[:])[:16]+".db"), nil
}

// Open opens (creating if needed) the database of workspaceRoot under dir,
// brings its schema up to date, and records every run left in flight by a
// daemon that is no longer running as ended: Failed, kind Internal, "daemon
// stopped". The sessions of those runs stay usable.
func Open(ctx context.Context, dir, workspaceRoot string) (*Store, error) {
	return open(ctx, dir, workspaceRoot, defaultRedactor(), time.Now)
}

func open(ctx context.Context, dir, workspaceRoot string, red redactor, now func() time.Time) (*Store, error) {
	if dir == "" {
		dir = DefaultDir()
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("state directory %s: %w", dir, err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("create state directory %s: %w", dir, err)
	}
	path, err := DBPath(dir, workspaceRoot)
	if err != nil {
		return nil, err
	}
	useFdatasync()
	// A new database is built aside and linked into place (create.go). When
	// that fails (a file system without hard links, say), the open below
	// builds it in place, the slow way, and reports what is really wrong.
	_ = createIfMissing(path)
	// Two processes opening one database at the same moment can meet
	// SQLITE_BUSY where SQLite does not wait (the first switch to WAL,
	// recovery of the WAL index), so open is retried under the busy timeout.
	deadline := time.Now().Add(busyTimeout)
	for wait := 5 * time.Millisecond; ; wait = min(2*wait, 200*time.Millisecond) {
		s, err := openOnce(ctx, path, red, now)
		if err == nil {
			return s, nil
		}
		if !isBusy(err) || time.Now().Add(wait).After(deadline) {
			return nil, fmt.Errorf("open store %s: %w (%s)", path, err, damagedAdvice)
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("open store %s: %w", path, ctx.Err())
		case <-time.After(wait):
		}
	}
}

// dsn is the connection string of the database at path: a file: URI with
// the path escaped (a '#' or '?' in $XDG_STATE_HOME must not end the path)
// and the connection's settings as query parameters.
func dsn(path string) string {
	q := url.Values{}
	q.Set("_busy_timeout", fmt.Sprint(busyTimeout.Milliseconds()))
	// FULL syncs the WAL on every commit: a run recorded is a run kept, also
	// through a power loss. Checkpoints are a handful per turn, so it is cheap.
	q.Set("_synchronous", "FULL")
	q.Set("_foreign_keys", "1")
	// Immediate transactions take the write lock at BEGIN, so a busy
	// database waits (busy_timeout) instead of failing at the first write.
	q.Set("_txlock", "immediate")
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(path), RawQuery: q.Encode()}
	if !strings.HasPrefix(u.Path, "/") {
		u.Path = "/" + u.Path // a Windows drive path: file:///C:/…
	}
	return u.String()
}

// openDB opens a pool on the database at path (writable.go); tests wrap
// the driver.
var openDB = openWritable

func openOnce(ctx context.Context, path string, red redactor, now func() time.Time) (*Store, error) {
	db, err := openDB(path)
	if err != nil {
		return nil, err
	}
	s := &Store{db: db, stmts: statements{db: db}, path: path, redact: red, now: now}
	if err := s.init(ctx); err != nil {
		s.stmts.close()
		db.Close()
		if s.owner != nil {
			s.owner.release()
		}
		return nil, err
	}
	return s, nil
}

// isBusy reports an error of a database locked by another connection.
func isBusy(err error) bool {
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
			return true
		}
	}
	return false
}

func (s *Store) init(ctx context.Context) error {
	if err := s.db.PingContext(ctx); err != nil {
		return err
	}
	// WAL is a property of the file: set once here, not by every pooled
	// connection (switching needs a lock SQLite does not wait for).
	var mode string
	if err := s.db.QueryRowContext(ctx, `PRAGMA journal_mode = WAL`).Scan(&mode); err != nil {
		return fmt.Errorf("set WAL journal mode: %w", err)
	}
	if err := migrate(ctx, s.db); err != nil {
		return err
	}
	o, err := acquireOwner(s.path + ".owners")
	if err != nil {
		return err
	}
	s.owner = o
	if err := s.recover(ctx); err != nil {
		return err
	}
	if err := s.stmts.prepare(ctx); err != nil {
		return err
	}
	sweepOwners(o.dir, o.id)
	return nil
}

// A damaged file is reported with what to do: at open when its header or
// schema is damaged (the journal_mode, migration and recovery queries read
// them), else by the first write or read that meets a damaged page. Open
// used to run PRAGMA quick_check, which reads every page: 1 ms for a new
// database, 18 ms more for 3,000 runs (BenchmarkOpen), paid by every
// `loopls run` and growing with the history. What that gave up: damage in
// pages no run reads (old runs, other sessions) is no longer found at open;
// it is found when they are read, with the same advice (damagedAdvice).

// damagedAdvice is what a caller is told about a damaged database file.
const damagedAdvice = "if the file is damaged, move it away and loopls starts a new one"

// adviseDamaged adds the file and damagedAdvice to *err when SQLite found
// the database damaged (SQLITE_CORRUPT, SQLITE_NOTADB).
func (s *Store) adviseDamaged(err *error) {
	var se *sqlite.Error
	if *err == nil || !errors.As(*err, &se) {
		return
	}
	switch se.Code() & 0xff {
	case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
		*err = fmt.Errorf("%w (database %s: %s)", *err, s.path, damagedAdvice)
	}
}

// Path is the database file this Store uses.
func (s *Store) Path() string { return s.path }

// Close closes the database and releases the owner lock. Runs still in
// flight stay recorded as in flight; the next Store opened on the workspace
// records them as stopped.
func (s *Store) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	s.mu.Unlock()
	err := errors.Join(s.stmts.close(), s.db.Close())
	// The lock is dropped only after the database is closed, so no other
	// Store recovers our runs while we could still write them.
	if rerr := s.owner.release(); err == nil {
		err = rerr
	}
	return err
}

func (s *Store) checkOpen() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return ErrClosed
	}
	return nil
}

// errorsIsNoRows reports a query that matched nothing.
func errorsIsNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }
