package acp

import (
	"sync"

	"github.com/loopls/loopls/config"
	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// session is one ACP session of this connection: a loopls session (same id,
// so session/load finds it after a restart) plus the choices the client made.
type session struct {
	id      machine.SessionID
	root    string
	backend Backend

	// turn admits one prompt at a time; ACP clients send the next prompt
	// only after the last answered, and a second one waits for the first.
	turn chan struct{}

	// mcp are the MCP servers the client gave session/new or session/load;
	// mcpSkipped says which it gave that loopls cannot run, until the next
	// prompt tells the user.
	mcp        map[string]config.MCPServer
	mcpSkipped []string

	mu     sync.Mutex
	mode   Mode
	model  string // "" = the configured model
	active *activeRun
}

// activeRun is the run a session's prompt is waiting on. Its outbox exists
// from the start; its handle once Start has returned.
type activeRun struct {
	out *sessionOutbox
	obs *runObserver

	mu        sync.Mutex
	handle    RunHandle
	cancelled bool
	// byClient: the cancel was the client's session/cancel, after which ACP
	// has the client answer its pending permission requests itself.
	byClient bool
}

// setHandle records the started run, cancelling it at once if a cancel came
// while it was starting.
func (r *activeRun) setHandle(h RunHandle) {
	r.mu.Lock()
	r.handle = h
	cancelled := r.cancelled
	r.mu.Unlock()
	if cancelled {
		h.Cancel()
	}
}

func (r *activeRun) cancel() { r.stop(false) }

// cancelledByClient reports whether session/cancel stopped the run.
func (r *activeRun) cancelledByClient() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.byClient
}

func (r *activeRun) stop(byClient bool) {
	r.mu.Lock()
	r.cancelled = true
	r.byClient = r.byClient || byClient
	h := r.handle
	r.mu.Unlock()
	if h != nil {
		h.Cancel()
	}
}

// newSession starts a session in mode ("" is DefaultMode).
func newSession(id machine.SessionID, root string, b Backend, model string, mode Mode) *session {
	if mode == "" {
		mode = DefaultMode
	}
	return &session{id: id, root: root, backend: b, turn: make(chan struct{}, 1), mode: mode, model: model}
}

func (s *session) snapshot() (Mode, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.mode, s.model
}

func (s *session) setActive(r *activeRun) {
	s.mu.Lock()
	s.active = r
	s.mu.Unlock()
}

func (s *session) current() *activeRun {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.active
}

// cancel stops the session's run, if one is in flight.
func (s *session) cancel() bool {
	if r := s.current(); r != nil {
		r.cancel()
		return true
	}
	return false
}

// cancelByClient stops the session's run for the client's session/cancel.
func (s *session) cancelByClient() {
	if r := s.current(); r != nil {
		r.stop(true)
	}
}

// setMCP replaces the session's MCP servers (session/load brings them anew).
func (s *session) setMCP(m map[string]config.MCPServer, skipped []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.mcp, s.mcpSkipped = m, skipped
}

// mcpServers returns the session's servers for a run, telling the user on
// out, once, which of the client's servers were skipped.
func (s *session) mcpServers(out *sessionOutbox) map[string]config.MCPServer {
	s.mu.Lock()
	skipped := s.mcpSkipped
	s.mcpSkipped = nil
	m := s.mcp
	s.mu.Unlock()
	for _, w := range skipped {
		out.chunk(engine.LaneText, "loopls: "+w+"\n\n")
	}
	return m
}
