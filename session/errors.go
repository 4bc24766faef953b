package session

import "errors"

// Errors Start and Session return. The daemon maps them to JSON-RPC codes:
// ErrBusy is -31004, ErrUnknownSession is -31005.
var (
	// ErrBusy means the session already has a run in flight; runs of one
	// session are serial because they share its committed history.
	ErrBusy = errors.New("session is busy with another run: wait for it to end or cancel it")
	// ErrUnknownSession means no session has that id, in memory or in the store.
	ErrUnknownSession = errors.New("unknown session: omit the session id to start a new one")
	// ErrClosed means the manager was closed.
	ErrClosed = errors.New("session manager is closed")
)

// busyElsewhere is ErrBusy for a session whose run is in flight in another
// process; its text is the store's, which names the run and the process.
type busyElsewhere struct{ err error }

func (e busyElsewhere) Error() string        { return e.err.Error() }
func (e busyElsewhere) Unwrap() error        { return e.err }
func (e busyElsewhere) Is(target error) bool { return target == ErrBusy }
