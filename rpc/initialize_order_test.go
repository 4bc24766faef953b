package rpc_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "modernc.org/sqlite"

	"github.com/loopls/loopls/internal/fakeollama"
	"github.com/loopls/loopls/store"
)

// daemonOwnsStore reports whether the process pid holds an owner lock on the
// database at path: the store takes it once the database is open and
// migrated (store/owner.go).
func daemonOwnsStore(t *testing.T, path string, pid int) bool {
	t.Helper()
	entries, err := os.ReadDir(path + ".owners")
	if err != nil {
		return false
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), fmt.Sprintf("%d-", pid)) {
			return true
		}
	}
	return false
}

// The ordering guard for start: nothing before the answer to initialize
// waits on the session store. Another process holds the database's write
// lock, so the daemon's store cannot open; initialize is answered all the
// same, before the store is open, and the store opens once the lock goes.
func TestInitializeDoesNotWaitForTheStore(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	root, state := t.TempDir(), t.TempDir()
	dir := filepath.Join(state, "loopls")
	// The database as an earlier daemon left it.
	st, err := store.Open(ctx, dir, root)
	if err != nil {
		t.Fatal(err)
	}
	path := st.Path()
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", "file:"+filepath.ToSlash(path)+"?_txlock=immediate&_busy_timeout=10000")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	lock, err := db.BeginTx(ctx, nil) // BEGIN IMMEDIATE: the write lock
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Rollback()

	c := startClient(t, root, "LOOPLS_MODEL=ollama:tiny", "OLLAMA_HOST="+srv.Host, "XDG_STATE_HOME="+state)
	c.initialize(root, nil, nil)
	pid := c.cmd.Process.Pid
	if daemonOwnsStore(t, path, pid) {
		t.Fatal("the store opened while another process held its write lock: this test shows nothing")
	}
	// initialize was answered and the store is still waiting: release it.
	if err := lock.Rollback(); err != nil {
		t.Fatal(err)
	}
	var sessions json.RawMessage
	c.mustRequest("loopls/sessions", nil, &sessions) // answered once the open is done
	if !daemonOwnsStore(t, path, pid) {
		t.Errorf("the store did not open once the lock was released; stderr:\n%s", tail(c.stderr.String(), 2000))
	}
	if code := c.shutdownExit(); code != 0 {
		t.Errorf("exit code %d, want 0", code)
	}
}
