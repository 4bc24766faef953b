package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"time"

	"modernc.org/sqlite"
)

// ErrReadOnly is returned (wrapped) when the database file would open only
// read-only for longer than busyTimeout: the store writes, so a read-only
// connection is no connection.
var ErrReadOnly = errors.New("the database file opens only read-only (check its permissions and who holds it open)")

// SQLite opens a database file read-write and, when that fails for any
// reason while the file exists, opens it read-only instead and says nothing
// (os_win.c's winOpen, os_unix.c's unixOpen). On Windows the read-write open
// fails for a moment whenever another handle on the file denies writing or
// holds DELETE access: a second process removing the other name of the hard
// link createIfMissing makes (Remove opens the file with DELETE access), a
// virus scanner or indexer reading the new file. The connection then opens,
// reads, and fails at its first write with "attempt to write a readonly
// database" — half open. So every connection of the pool is checked once
// opened: a read-only one is closed and the open tried again, until
// busyTimeout, as a busy database is waited for.

// writableConnector opens the pool's connections and hands out only
// writable ones.
type writableConnector struct {
	driver.Connector
	path string
}

// readOnlyRefused, when set by a test, is called each time a read-only
// connection was closed and is about to be opened again.
var readOnlyRefused func()

func (c writableConnector) Connect(ctx context.Context) (driver.Conn, error) {
	deadline := time.Now().Add(busyTimeout)
	for wait := 5 * time.Millisecond; ; wait = min(2*wait, 200*time.Millisecond) {
		conn, err := c.Connector.Connect(ctx)
		if err != nil {
			return nil, err
		}
		ro, ok := conn.(interface{ IsReadOnly(string) (bool, error) })
		if !ok {
			conn.Close()
			return nil, fmt.Errorf("sqlite connection %T cannot say whether it is read-only", conn)
		}
		readOnly, err := ro.IsReadOnly("main")
		if err == nil && !readOnly {
			return conn, nil
		}
		conn.Close()
		if err != nil {
			return nil, err
		}
		if hook := readOnlyRefused; hook != nil {
			hook()
		}
		if time.Now().Add(wait).After(deadline) {
			return nil, fmt.Errorf("open %s: %w", c.path, ErrReadOnly)
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("open %s read-write: %w", c.path, ctx.Err())
		case <-time.After(wait):
		}
	}
}

// openWritable opens a pool on the database at path whose connections are
// all writable.
func openWritable(path string) (*sql.DB, error) {
	base, err := sqlite.NewConnector(dsn(path))
	if err != nil {
		return nil, err
	}
	return sql.OpenDB(writableConnector{Connector: base, path: path}), nil
}
