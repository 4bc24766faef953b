package store

import (
	"crypto/rand"
	_ "embed" // schema.db
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"modernc.org/sqlite"
)

// A fresh database is written under a temporary name and linked into place
// whole. Built in place, its first open paid nine synced writes before the
// first run could start (the switch to WAL through a rollback journal: four;
// the new WAL's header, its directory and each migration's commit: five),
// 10–90 ms on a shared disk. Under a name no one else opens, durability is
// only needed once it is complete: the file is written, synced once, linked
// to its real name (link fails when the name exists, so two processes
// creating one database at once end up sharing the winner's), and the
// directory is synced once. A crash before the link leaves a stray temporary
// file, which the next creation sweeps; never a half-built database under the
// real name.
//
// What is written is schema.db, an image of the database the migrations
// build on an empty file (WAL mode, every migration, user_version =
// schemaVersion), embedded in the binary. Building it took SQLite parsing
// and running the whole schema's SQL, a fifth of a one-tool run's CPU;
// writing 9 pages takes none of that. TestSchemaImageIsTheMigrations proves
// the image and the migrations give the same database (and rewrites the
// image with -update-schema-image after a migration is appended).

//go:embed schema.db
var schemaImage []byte

// freshSuffix marks a database being built; stray ones older than
// freshStale are removed by the next creation in the directory.
const (
	freshSuffix = ".new-"
	freshStale  = time.Minute
)

// createIfMissing builds the database at path when nothing is there.
func createIfMissing(path string) error {
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
	if err := writeSynced(tmp, schemaImage); err != nil {
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

// writeSynced writes b to a new file at path and syncs it.
func writeSynced(path string, b []byte) error {
	// 0600: a session's prompts and answers are the user's alone. SQLite
	// gives its -wal and -shm files the database file's mode.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
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
