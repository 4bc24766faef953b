package store

import "errors"

// ErrNotFound is returned (wrapped) for a session the store does not hold.
var ErrNotFound = errors.New("not found")

// ErrClosed is returned (wrapped) by calls on a Store after Close.
var ErrClosed = errors.New("store closed")
