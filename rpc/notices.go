package rpc

import "sync"

// maxShownNotices bounds the notices remembered as shown; past it the
// memory starts again (a notice may then be shown once more).
const maxShownNotices = 64

// shownNotices is what the daemon has told the user through
// window/showMessage about the runs' set-up (which model was picked when
// none is configured, MCP tools left out). The same words come with every
// run; they are shown once per daemon, and again after the settings change
// (workspace/didChangeConfiguration), since the answer may then differ.
type shownNotices struct {
	mu   sync.Mutex
	seen map[string]struct{}
}

// first reports whether msg has not been shown since the last reset, and
// remembers it.
func (n *shownNotices) first(msg string) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	if _, ok := n.seen[msg]; ok {
		return false
	}
	if n.seen == nil || len(n.seen) >= maxShownNotices {
		n.seen = make(map[string]struct{})
	}
	n.seen[msg] = struct{}{}
	return true
}

// reset forgets every notice shown: the settings changed.
func (n *shownNotices) reset() {
	n.mu.Lock()
	n.seen = nil
	n.mu.Unlock()
}
