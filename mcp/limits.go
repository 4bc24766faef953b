package mcp

import (
	"sync"
	"time"
)

// Bounds on what a server may hand loopls. A server is a program the user
// chose, but its answers still reach the model and the daemon's memory.
const (
	// maxFrame is the largest JSON-RPC message read from a server.
	maxFrame = 4 << 20
	// maxTools is how many tools of one server are offered; the rest are
	// dropped with a warning.
	maxTools = 128
	// maxToolPages bounds the tools/list pages read from one server.
	maxToolPages = 16
	// maxSchema is the largest input schema (as JSON) a tool may have.
	maxSchema = 16 << 10
	// maxDescription is where a tool's description is cut.
	maxDescription = 2 << 10
	// maxOutput is where a tool result's text is cut before the engine's
	// own output limit applies.
	maxOutput = 256 << 10
	// maxStderr is how much of a server's stderr is kept (its tail).
	maxStderr = 4 << 10
	// maxToolName is the longest tool name model APIs accept.
	maxToolName = 64
	// maxServersPerRun bounds how many servers one run may use.
	maxServersPerRun = 32
)

// Timing of starts and restarts (variables so tests can shorten them).
var (
	// startTimeout bounds a server's start: process, initialize, tools/list.
	startTimeout = 30 * time.Second
	// firstBackoff and maxBackoff bound the wait before a restart.
	firstBackoff = 500 * time.Millisecond
	maxBackoff   = 30 * time.Second
	// eagerRestarts is how many times in a row a server that died is
	// restarted without waiting for a run to need it.
	eagerRestarts = 5
	// stableAfter is how long a connection must live for its restart count
	// to start again from the first backoff.
	stableAfter = time.Minute
	// stopGrace is how long a stopping server gets after its stdin closes,
	// and again after SIGTERM, before its group is killed.
	stopGrace = 2 * time.Second
	// cancelNotifyWait bounds how long closing a stdio connection waits to
	// tell the server its unanswered calls are cancelled (a server that does
	// not read its stdin can hold the write).
	cancelNotifyWait = time.Second
)

// backoff is the wait before restart attempt n (1-based).
func backoff(n int) time.Duration {
	d := firstBackoff
	for i := 1; i < n && d < maxBackoff; i++ {
		d *= 2
	}
	return min(d, maxBackoff)
}

// tail keeps the last maxStderr bytes written to it.
type tail struct {
	mu  sync.Mutex
	buf []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := len(p)
	if len(p) >= maxStderr {
		p = p[len(p)-maxStderr:]
		t.buf = t.buf[:0]
	}
	if over := len(t.buf) + len(p) - maxStderr; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	t.buf = append(t.buf, p...)
	return n, nil
}

// String returns the kept tail.
func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
