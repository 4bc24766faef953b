package rpc

import (
	"sync"

	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/session"
	"github.com/loopls/loopls/store"
)

// The session store and manager open on the first request that needs them
// (a run, the session list, a resume), not at initialize: a daemon that only
// serves code actions, or idles in an editor that never runs anything, does
// not pay for SQLite (its code alone is ~2 MiB of resident pages, see
// docs/performance.md). openSessions is that open; closeSessions ends the
// chance of it for teardown.
type sessionsOpen struct {
	// mu is held for the whole open, so teardown waits for one in progress.
	mu   sync.Mutex
	done bool // opened, failed or closed: never again
}

// openSessions opens the store (unless Options.NoStore) and the session
// manager once, after initialize's open; a store that cannot be opened leaves
// sessions in memory, said once to the user.
func (s *Server) openSessions() {
	s.sessOpen.mu.Lock()
	defer s.sessOpen.mu.Unlock()
	if s.sessOpen.done {
		return
	}
	s.sessOpen.done = true
	s.mu.Lock()
	root, ws := s.root, s.ws
	s.mu.Unlock()
	log := s.log.With("root", root)
	var st *store.Store
	if !s.opts.NoStore {
		dir := s.opts.StateDir
		if dir == "" {
			dir = store.DefaultDir()
		}
		var err error
		// The server's context, not the request's: a cancelled first request
		// must not leave the daemon without its store.
		if st, err = store.Open(s.ctx, dir, root); err != nil {
			log.Warn("session store not opened; sessions live in memory only", "err", err)
			s.showMessage(2, "loopls: sessions will not be saved: "+err.Error())
			st = nil
		}
	}
	mgr, err := session.New(session.Config{
		Root:      root,
		Store:     st,
		Settings:  s.currentSettings,
		Resolve:   s.opts.Resolve,
		Logger:    log,
		OnNotice:  func(_ machine.RunID, n string) { s.showMessage(3, "loopls: "+n) },
		Workspace: ws,
		MCP:       s.mcp,
	})
	if err != nil {
		log.Error("no session manager", "err", err)
	}
	s.mu.Lock()
	s.store, s.mgr = st, mgr
	s.mu.Unlock()
	log.Debug("sessions ready", "store", st != nil)
}

// closeSessions makes sure no store or manager opens after it returns (one
// being opened is waited for): teardown closes what is there.
func (s *Server) closeSessions() {
	s.sessOpen.mu.Lock()
	s.sessOpen.done = true
	s.sessOpen.mu.Unlock()
}
