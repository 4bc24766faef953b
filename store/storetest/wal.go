// Package storetest holds what tests of the store and of its users need to
// look at a store's files from outside.
package storetest

import (
	"encoding/binary"
	"errors"
	"io/fs"
	"os"
	"testing"
)

// WALCommits counts the commits in the WAL file of the database at path:
// the frames whose header records a database size (SQLite's file format,
// §4.1: a 32-byte header, then frames of a 24-byte header and one page), of
// the WAL's current salt. A missing or empty WAL holds none. Each is one
// synced write under synchronous=FULL, which is why tests count them.
func WALCommits(tb testing.TB, path string) int {
	tb.Helper()
	b, err := os.ReadFile(path + "-wal")
	if errors.Is(err, fs.ErrNotExist) || len(b) == 0 {
		return 0
	}
	if err != nil {
		tb.Fatal(err)
	}
	if len(b) < 32 {
		tb.Fatalf("WAL of %d bytes: shorter than its header", len(b))
	}
	pageSize := int(binary.BigEndian.Uint32(b[8:12]))
	salt := b[16:24]
	n := 0
	for off := 32; off+24+pageSize <= len(b); off += 24 + pageSize {
		h := b[off : off+24]
		if string(h[8:16]) != string(salt) {
			break // a frame left from before the WAL restarted
		}
		if binary.BigEndian.Uint32(h[4:8]) != 0 {
			n++
		}
	}
	return n
}
