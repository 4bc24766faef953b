package session

import "errors"

// Errors Start and Session return. The daemon maps them to JSON-RPC codes:
// ErrBusy is -31004; ErrUnknownSession, ErrUnknownRun and ErrNotResumable
// are -31005.
var (
	// ErrBusy means the session already has a run in flight; runs of one
	// session are serial because they share its committed history.
	ErrBusy = errors.New("session is busy with another run: wait for it to end or cancel it")
	// ErrUnknownSession means no session has that id, in memory or in the store.
	ErrUnknownSession = errors.New("unknown session: omit the session id to start a new one")
	// ErrUnknownRun means no run has that id in the store.
	ErrUnknownRun = errors.New("unknown run")
	// ErrNotResumable means the run cannot be resumed; the error's text
	// says why (it ended otherwise, or its session has run since).
	ErrNotResumable = errors.New("the run cannot be resumed")
	// ErrClosed means the manager was closed.
	ErrClosed = errors.New("session manager is closed")
)

// kinded is one of this package's errors (kind) with the text of the
// store's, which says more: which run, which process, why.
type kinded struct{ err, kind error }

func (e kinded) Error() string        { return e.err.Error() }
func (e kinded) Unwrap() error        { return e.err }
func (e kinded) Is(target error) bool { return target == e.kind }
