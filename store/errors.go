package store

import "errors"

// ErrNotFound is returned (wrapped) for a session the store does not hold.
var ErrNotFound = errors.New("not found")

// ErrClosed is returned (wrapped) by calls on a Store after Close.
var ErrClosed = errors.New("store closed")

// ErrBusy is returned (wrapped) when a session has a run in flight in
// another live loopls process: runs of one session are serial.
var ErrBusy = errors.New("wait for it to end or cancel it there")

// ErrConflict is returned (wrapped) when a run's checkpoint finds that its
// session was written by someone else since the run's last write: the
// write is refused rather than overwrite the other's history.
var ErrConflict = errors.New("the session was changed by another loopls process since this run began; this write was refused so nothing of it is lost")

// ErrNotResumable is returned (wrapped, with the reason) by ClaimResume for
// a run that cannot be resumed.
var ErrNotResumable = errors.New("not resumable")
