package rpc

import "fmt"

// lifecycle is where the connection is in the LSP lifecycle. It only moves
// forward, and only setState moves it, as net/http's conn does with its
// ConnState.
type lifecycle int

const (
	// stateNew: before initialize. Requests other than initialize get
	// ServerNotInitialized (-32002); notifications other than exit are
	// dropped.
	stateNew lifecycle = iota
	// stateInitializing: initialize was answered; the workspace opens in
	// the background from initialized (or the first request that needs
	// it) on. Requests are accepted and wait for the open (documents.await).
	stateInitializing
	// stateRunning: the open is done (a part that failed to open is
	// missing, and says so when asked for).
	stateRunning
	// stateShuttingDown: shutdown was received and every run cancelled.
	// Requests get InvalidRequest; only exit is accepted.
	stateShuttingDown
	// stateExited: exit was received, the editor went away or the stream
	// ended: the server tears down.
	stateExited
)

func (l lifecycle) String() string {
	switch l {
	case stateNew:
		return "new"
	case stateInitializing:
		return "initializing"
	case stateRunning:
		return "running"
	case stateShuttingDown:
		return "shutting down"
	case stateExited:
		return "exited"
	}
	return fmt.Sprintf("lifecycle(%d)", int(l))
}

// setState moves the connection to state to and returns the state it left.
// A move backwards or in place is refused (ok false, nothing changes): an
// open that finishes after shutdown leaves the server shutting down, a
// second initialize finds it initialized.
func (s *Server) setState(to lifecycle) (from lifecycle, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	from = s.state
	if to <= from {
		return from, false
	}
	s.state = to
	s.log.Debug("lifecycle", "from", from, "to", to)
	return from, true
}

// currentState is the connection's state.
func (s *Server) currentState() lifecycle {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state
}
