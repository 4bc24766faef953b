package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"modernc.org/sqlite"
)

// A fresh database is built under a temporary name and linked into place
// whole. Built in place, its first open paid nine synced writes before the
// first run could start (the switch to WAL through a rollback journal: four;
// the new WAL's header, its directory and each migration's commit: five),
// 10–90 ms on a shared disk. Under a name no one else opens, durability is
// only needed once it is complete: the file is built with synchronous=OFF,
// synced once, linked to its real name (link fails when the name exists, so
// two processes creating one database at once end up sharing the winner's),
// and the directory is synced once. A crash before the link leaves a stray
// temporary file, which the next creation sweeps; never a half-built
// database under the real name.

// freshSuffix marks a database being built; stray ones older than
// freshStale are removed by the next creation in the directory.
const (
	freshSuffix = ".new-"
	freshStale  = time.Minute
)

// createIfMissing builds the database at path when nothing is there.
func createIfMissing(ctx context.Context, path string) error {
	if _, err := os.Lstat(path); !errors.Is(err, fs.ErrNotExist) {
		return nil // there (or unreadable): the open that follows says what it is
	}
	sweepFresh(path)
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		return fmt.Errorf("create database: %w", err)
	}
	tmp := fmt.Sprintf("%s%s%d-%s", path, freshSuffix, os.Getpid(), hex.EncodeToString(b[:]))
	defer removeDB(tmp)
	if err := buildFresh(ctx, tmp); err != nil {
		return fmt.Errorf("create database: %w", err)
	}
	if err := syncPath(tmp); err != nil {
		return fmt.Errorf("create database: %w", err)
	}
	if err := os.Link(tmp, path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return nil // another process created it first: open theirs
		}
		return fmt.Errorf("create database: %w", err)
	}
	if err := syncPath(filepath.Dir(path)); err != nil {
		return fmt.Errorf("create database: %w", err)
	}
	return nil
}

// buildFresh creates the database at tmp in WAL mode with the whole schema,
// without syncing anything (createIfMissing syncs the result once).
func buildFresh(ctx context.Context, tmp string) error {
	q := url.Values{}
	q.Set("_synchronous", "OFF")
	// A page cache of 64 KiB is plenty for an empty schema; SQLite's default
	// (2 MiB) cost the process 2 MiB more peak RSS.
	q.Add("_pragma", "cache_size(-64)")
	q.Set("_txlock", "immediate")
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(tmp), RawQuery: q.Encode()}
	if !strings.HasPrefix(u.Path, "/") {
		u.Path = "/" + u.Path
	}
	db, err := sql.Open("sqlite", u.String())
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	var mode string
	if err := db.QueryRowContext(ctx, `PRAGMA journal_mode = WAL`).Scan(&mode); err != nil {
		return fmt.Errorf("set WAL journal mode: %w", err)
	}
	if mode != "wal" {
		return fmt.Errorf("set WAL journal mode: got %q", mode)
	}
	if err := migrate(ctx, db); err != nil {
		return err
	}
	// Closing the last connection checkpoints the WAL into the file and
	// removes it, so what is linked into place is one self-contained file.
	return db.Close()
}

// syncPath fsyncs the file or directory at path.
func syncPath(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	serr := f.Sync()
	if cerr := f.Close(); serr == nil {
		serr = cerr
	}
	return serr
}

// removeDB removes a database file and the files SQLite keeps beside it.
func removeDB(path string) {
	for _, suffix := range []string{"", "-wal", "-shm", "-journal"} {
		_ = os.Remove(path + suffix)
	}
}

// sweepFresh removes stray temporary databases of path that a crashed
// creation left (older than freshStale, so none still being built).
func sweepFresh(path string) {
	dir, prefix := filepath.Dir(path), filepath.Base(path)+freshSuffix
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), prefix) || !e.Type().IsRegular() {
			continue
		}
		if fi, err := e.Info(); err == nil && time.Since(fi.ModTime()) > freshStale {
			_ = os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// useFdatasync makes SQLite commit with fdatasync(2) instead of fsync(2),
// process-wide, as SQLite's own Linux builds do: the data and the size a
// commit needs are synced alike; only timestamps are not, which a commit
// does not need and whose journal update an ext4 fsync waits for.
var useFdatasync = sync.OnceFunc(func() {
	_, _ = sqlite.Fdatasync(true) // unavailable (macOS, Windows): fsync stays
})
