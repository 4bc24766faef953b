package rpc

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"

	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/session"
	"github.com/loopls/loopls/store"
)

// The session store and manager open on the first request that needs them
// (a run, the session list, a resume), not at initialize: a daemon that only
// serves code actions, or idles in an editor that never runs anything, does
// not pay for SQLite (its code alone is ~2 MiB of resident pages, see
// docs/performance.md). sessions owns them: open is that open, close ends
// the chance of it for teardown and hands back what was opened.
type sessions struct {
	// mu is held for the whole open, so teardown waits for one in progress.
	mu   sync.Mutex
	done bool // opened, failed or closed: never again
	// opened is what the open made; nil before it.
	opened atomic.Pointer[openedSessions]
}

// openedSessions is what an open made: the store (nil without one) and the
// manager (nil when it could not be made).
type openedSessions struct {
	store *store.Store
	mgr   *session.Manager
}

// open runs mk once, the first time it is called before close.
func (ss *sessions) open(mk func() openedSessions) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.done {
		return
	}
	ss.done = true
	o := mk()
	ss.opened.Store(&o)
}

// now is what is open now: nothing before the open.
func (ss *sessions) now() openedSessions {
	if o := ss.opened.Load(); o != nil {
		return *o
	}
	return openedSessions{}
}

// manager is the session manager, once opened.
func (ss *sessions) manager() (*session.Manager, error) {
	if mgr := ss.now().mgr; mgr != nil {
		return mgr, nil
	}
	return nil, errors.New("the server has no session manager: initialize failed")
}

// cancel cancels one run, or all when id is empty; it reports whether any
// run was in flight. Before the open none can be.
func (ss *sessions) cancel(id machine.RunID) bool {
	mgr := ss.now().mgr
	switch {
	case mgr == nil:
		return false
	case id == "":
		return mgr.CancelAll() > 0
	}
	return mgr.Cancel(id)
}

// close makes sure nothing opens after it returns (an open in progress is
// waited for) and returns what is open, for teardown to close.
func (ss *sessions) close() openedSessions {
	ss.mu.Lock()
	ss.done = true
	ss.mu.Unlock()
	return ss.now()
}

// openSessions opens the store (unless Options.NoStore) and the session
// manager once, after initialize's open of the workspace (without one, the
// manager's runs get no tools); a store that cannot be opened leaves sessions
// in memory, said once to the user. It fails before initialize, or when ctx
// ends before the workspace's open.
func (s *Server) openSessions(ctx context.Context) error {
	if _, err := s.docs.await(ctx); err != nil && !errors.Is(err, errNoWorkspace) {
		return err
	}
	s.sess.open(s.makeSessions)
	return nil
}

// notice shows a run's set-up notice, once until the settings change.
func (s *Server) notice(_ machine.RunID, n string) {
	if s.notices.first(n) {
		s.showMessage(3, "loopls: "+n)
	}
}

func (s *Server) makeSessions() openedSessions {
	root, ws := s.docs.opened()
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
		OnNotice:  s.notice,
		Workspace: ws,
		MCP:       s.mcp,
	})
	if err != nil {
		log.Error("no session manager", "err", err)
		mgr = nil
	}
	log.Debug("sessions ready", "store", st != nil)
	return openedSessions{store: st, mgr: mgr}
}
