package store

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// An owner is one open Store. It holds <db>.owners/<id>.lock for as long as
// it is open: an exclusive flock on Unix (lock_unix.go), the file opened
// with no sharing on Windows (lock_windows.go). The kernel lets go when the
// process dies, however it dies (kill -9 included). A run in flight
// whose owner's lock can be taken belongs to a dead daemon and is recovered;
// one whose owner still holds its lock is another live daemon's and is left
// alone.
type owner struct {
	id   string
	dir  string
	file *os.File
}

const lockSuffix = ".lock"

// newOwnerID returns a fresh owner id: the pid for people reading the
// database, random bits for uniqueness across pid reuse.
func newOwnerID() (string, error) {
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("owner id: %w", err)
	}
	return fmt.Sprintf("%d-%s", os.Getpid(), hex.EncodeToString(b[:])), nil
}

// acquireOwner creates and locks this Store's owner file. A sweeper may
// unlink a file between our create and our lock (it had taken the lock
// first, thinking the file stale); we then hold a lock on an unlinked inode,
// which no one can see, so we check the path still names our inode and retry
// if not.
func acquireOwner(dir string) (*owner, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("create owner directory: %w", err)
	}
	for range 10 {
		id, err := newOwnerID()
		if err != nil {
			return nil, err
		}
		path := filepath.Join(dir, id+lockSuffix)
		f, err := createHeld(path)
		if err != nil {
			return nil, err
		}
		same, err := sameFile(f, path)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			f.Close()
			return nil, err
		}
		if same {
			return &owner{id: id, dir: dir, file: f}, nil
		}
		f.Close()
	}
	return nil, fmt.Errorf("could not hold an owner file in %s: another process keeps removing them", dir)
}

func sameFile(f *os.File, path string) (bool, error) {
	a, err := f.Stat()
	if err != nil {
		return false, err
	}
	b, err := os.Stat(path)
	if err != nil {
		return false, err
	}
	return os.SameFile(a, b), nil
}

// release unlocks and removes the owner file.
func (o *owner) release() error {
	if o == nil || o.file == nil {
		return nil
	}
	err := releaseHeld(o.file, filepath.Join(o.dir, o.id+lockSuffix))
	o.file = nil
	if errors.Is(err, fs.ErrNotExist) {
		err = nil
	}
	return err
}

// alive reports whether the owner id still holds its lock. An empty id
// (written by no Store) and a missing file both mean dead.
func ownerAlive(dir, id string) (bool, error) {
	if id == "" || strings.ContainsAny(id, `/\`) {
		return false, nil
	}
	held, err := isHeld(filepath.Join(dir, id+lockSuffix))
	if err != nil {
		return false, fmt.Errorf("probe owner %s: %w", id, err)
	}
	return held, nil
}

// sweepOwners removes the owner files of dead owners, keeping the directory
// from growing by one file per crash; a live owner never loses its file
// (removeIfUnheld).
func sweepOwners(dir, self string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, lockSuffix) || strings.TrimSuffix(name, lockSuffix) == self {
			continue
		}
		removeIfUnheld(filepath.Join(dir, name))
	}
}
