//go:build windows

package store

import (
	"errors"
	"testing"

	"golang.org/x/sys/windows"
)

// holdDenyingWrite opens the file at path as a virus scanner or a second
// process removing a hard link's other name does: a handle that lets others
// read but not write. It is closed at cleanup if the test has not.
func holdDenyingWrite(t *testing.T, path string) (release func()) {
	t.Helper()
	p, err := windows.UTF16PtrFromString(path)
	if err != nil {
		t.Fatal(err)
	}
	h, err := windows.CreateFile(p, windows.GENERIC_READ, windows.FILE_SHARE_READ, nil, windows.OPEN_EXISTING, windows.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		t.Fatalf("hold %s: %v", path, err)
	}
	closed := false
	release = func() {
		if !closed {
			closed = true
			windows.CloseHandle(h)
		}
	}
	t.Cleanup(release)
	return release
}

// While another handle denies writing, SQLite opens the database read-only
// and says nothing: that Store read, then failed its first write with
// "attempt to write a readonly database" (TestTwoProcessesOpenOneStoreAtOnce,
// once in a hundred rounds under Wine). Open now refuses the read-only
// connection and opens again once the handle is gone.
func TestOpenWaitsOutAHandleThatDeniesWriting(t *testing.T) {
	ctx := testCtx(t)
	dir, root := t.TempDir(), t.TempDir()
	first := openTest(t, dir, root)
	path := first.Path()
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	release := holdDenyingWrite(t, path)

	refused := make(chan struct{}, 1)
	readOnlyRefused = func() {
		select {
		case refused <- struct{}{}:
		default:
		}
	}
	t.Cleanup(func() { readOnlyRefused = nil })
	type result struct {
		s   *Store
		err error
	}
	opened := make(chan result, 1)
	go func() {
		s, err := Open(ctx, dir, root)
		opened <- result{s, err}
	}()
	var r result
	select {
	case <-refused: // the read-only connection was seen and closed
		release()
		r = <-opened
	case r = <-opened:
		// Open returned while the handle still denies writing: it may
		// only have done so read-only.
	case <-ctx.Done():
		t.Fatal("Open neither returned nor refused a read-only connection")
	}
	if r.err != nil {
		t.Fatalf("Open: %v", r.err)
	}
	defer r.s.Close()
	if err := r.s.Checkpoint(ctx, started("s", "r", "chat", nil)); err != nil {
		t.Fatalf("Checkpoint after Open: %v (the Store opened half: read-only)", err)
	}
}

// A database file that stays read-only for longer than busyTimeout (here:
// another handle denies writing throughout) is refused with ErrReadOnly,
// never opened half.
func TestOpenRefusesADatabaseThatStaysReadOnly(t *testing.T) {
	ctx := testCtx(t)
	dir, root := t.TempDir(), t.TempDir()
	first := openTest(t, dir, root)
	path := first.Path()
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	holdDenyingWrite(t, path)
	refusals := 0
	readOnlyRefused = func() { refusals++ }
	t.Cleanup(func() { readOnlyRefused = nil })
	s, err := Open(ctx, dir, root)
	if err == nil {
		s.Close()
		t.Fatal("Open succeeded while another handle denies writing")
	}
	if !errors.Is(err, ErrReadOnly) {
		t.Fatalf("Open: %v, want ErrReadOnly", err)
	}
	if refusals < 2 {
		t.Errorf("%d read-only connections refused, want it tried again before giving up", refusals)
	}
}
