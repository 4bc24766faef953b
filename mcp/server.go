package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/loopls/loopls/config"
)

// State is where a server is in its life.
type State string

// The states a server reports.
const (
	// StateIdle: configured, not needed by a run yet.
	StateIdle State = "idle"
	// StateStarting: its process or connection is being set up.
	StateStarting State = "starting"
	// StateRunning: connected; its tools are offered.
	StateRunning State = "running"
	// StateRestarting: it died and will be started again after a backoff.
	StateRestarting State = "restarting"
	// StateFailed: it could not be started (or died too often); the next
	// run that needs it tries again once the backoff has passed.
	StateFailed State = "failed"
	// StateStopped: the hub closed.
	StateStopped State = "stopped"
)

// errClosed reports a hub that has been closed.
var errClosed = errors.New("MCP servers are shut down")

// server is one configured server and its current connection.
type server struct {
	hub    *Hub
	name   string
	cfg    config.MCPServer
	dir    string
	source string

	mu        sync.Mutex
	state     State
	conn      *conn
	tools     []remoteTool
	dropped   []string // why tools of the last list were not offered
	lastErr   string
	failures  int // consecutive failed starts or deaths
	starts    int // successful starts
	changes   int // notifications/tools/list_changed received
	retryAt   time.Time
	starting  chan struct{} // closed when the start in flight ends
	dying     chan struct{} // closed once a death just seen is recorded (failures, retryAt, lastErr)
	relisting bool
	dirty     bool // a list_changed came while a list was in flight
}

// conn is one live session with the server.
type conn struct {
	cs      *sdk.ClientSession
	proc    *process        // nil over HTTP
	cancels *cancelsOnClose // nil over HTTP
	since   time.Time
}

// remoteTool is one tool as the server described it, checked.
type remoteTool struct {
	Name        string
	Title       string
	Description string
	Schema      json.RawMessage
	ReadOnly    bool
}

// ensure returns the running connection, starting the server if it is not
// running and its backoff has passed. It waits for a start in flight.
func (s *server) ensure(ctx context.Context) (*conn, error) {
	s.mu.Lock()
	for {
		switch {
		case s.state == StateRunning && s.conn != nil:
			c := s.conn
			s.mu.Unlock()
			return c, nil
		case s.state == StateStopped:
			s.mu.Unlock()
			return nil, errClosed
		case s.starting != nil || s.dying != nil:
			// A start in flight, or a death whose record (and so the
			// backoff) is being written: a call waits for it rather than
			// start the server again inside the backoff.
			ch := s.starting
			if ch == nil {
				ch = s.dying
			}
			s.mu.Unlock()
			select {
			case <-ch:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			s.mu.Lock()
			continue
		}
		if wait := time.Until(s.retryAt); wait > 0 && s.failures > 0 {
			err := fmt.Errorf("%s (next start in %s)", s.lastErr, wait.Round(100*time.Millisecond))
			s.mu.Unlock()
			return nil, err
		}
		s.beginStartLocked()
	}
}

// beginStartLocked starts the server in the background; s.mu is held.
func (s *server) beginStartLocked() {
	ch := make(chan struct{})
	s.starting = ch
	s.state = StateStarting
	s.hub.wg.Add(1)
	go s.start(ch)
}

func (s *server) start(done chan struct{}) {
	defer s.hub.wg.Done()
	ctx, cancel := context.WithTimeout(s.hub.ctx, startTimeout)
	c, err := s.connect(ctx)
	var tools []remoteTool
	var dropped []string
	if err == nil {
		tools, dropped, err = listTools(ctx, s.name, c.cs)
		if err != nil {
			err = fmt.Errorf("tools/list: %w", err)
			s.closeConn(c)
		}
	}
	cancel()

	s.mu.Lock()
	defer s.mu.Unlock()
	close(done)
	s.starting = nil
	if s.state == StateStopped {
		if err == nil {
			s.mu.Unlock()
			s.closeConn(c)
			s.mu.Lock()
		}
		return
	}
	if err != nil {
		s.failures++
		s.lastErr = "start failed: " + err.Error()
		s.state = StateFailed
		s.retryAt = time.Now().Add(backoff(s.failures))
		s.hub.log.Warn("MCP server did not start", "server", s.name, "err", s.lastErr)
		return
	}
	s.conn, s.tools, s.dropped = c, tools, dropped
	s.state = StateRunning
	s.starts++
	for _, d := range dropped {
		s.hub.log.Warn("MCP tool not offered", "server", s.name, "why", d)
	}
	s.hub.wg.Add(1)
	go s.watch(c)
	if s.dirty {
		s.dirty = false
		s.relistLocked(c)
	}
}

// connect starts the process (stdio) or opens the session (HTTP) and
// performs the MCP handshake.
func (s *server) connect(ctx context.Context) (*conn, error) {
	var (
		t       sdk.Transport
		proc    *process
		cancels *cancelsOnClose
		err     error
	)
	if s.cfg.Stdio() {
		if proc, err = startProcess(s.cfg, s.dir); err != nil {
			return nil, err
		}
		cancels = &cancelsOnClose{Transport: &sdk.IOTransport{Reader: proc.stdout, Writer: proc.stdin, MaxLineLength: maxFrame}}
		t = cancels
	} else {
		t = httpTransport(s.cfg)
	}
	client := sdk.NewClient(&sdk.Implementation{Name: "loopls", Version: s.hub.version}, &sdk.ClientOptions{
		// No roots, sampling or elicitation: loopls offers the server
		// nothing but tool calls.
		Capabilities:           &sdk.ClientCapabilities{},
		ToolListChangedHandler: func(_ context.Context, req *sdk.ToolListChangedRequest) { s.listChanged(req.Session) },
	})
	cs, err := client.Connect(ctx, t, nil)
	if err != nil {
		if proc != nil {
			proc.stop()
			return nil, errors.New(withStderr(err.Error(), proc.tail.String()))
		}
		return nil, err
	}
	return &conn{cs: cs, proc: proc, cancels: cancels, since: time.Now()}, nil
}

// closeConn ends a connection and, for stdio, the server's process group.
// A stdio server is first told that the calls it has not answered are
// cancelled (outstanding.go); a server that does not read its stdin holds
// that for cancelNotifyWait at most, and stopping it ends the write.
func (s *server) closeConn(c *conn) {
	told := make(chan struct{})
	if c.cancels != nil {
		go func() {
			defer close(told)
			c.cancels.cancelOutstanding(context.Background())
		}()
		t := time.NewTimer(cancelNotifyWait)
		select {
		case <-told:
		case <-t.C:
		}
		t.Stop()
	} else {
		close(told)
	}
	// The program ends first (stdin closed, then its tree), the session
	// after: on Windows, closing a pipe waits for a read pending on it, and
	// the session reads the program's stdout until the program ends. In the
	// other order Close hung for good on a server that waits for stdin's end.
	if c.proc != nil {
		c.proc.stop()
	}
	_ = c.cs.Close()
	<-told
}

// watch waits for the connection to end. An end loopls did not ask for is
// a death: the server is restarted after a backoff, up to eagerRestarts
// times in a row, and after that on a run's need.
func (s *server) watch(c *conn) {
	defer s.hub.wg.Done()
	_ = c.cs.Wait()
	s.mu.Lock()
	mine := s.conn == c
	dying := make(chan struct{})
	if mine {
		s.conn = nil
		s.tools = nil
		s.state = StateRestarting
		s.dying = dying
	}
	s.mu.Unlock()
	if !mine {
		return // closed by loopls
	}
	recorded := func() { // s.mu held
		if s.dying == dying {
			s.dying = nil
		}
		close(dying)
	}
	reason := "the connection closed"
	if c.proc != nil {
		// A stdio server's connection ends when its stdout does; give the
		// program a moment to be reaped so its exit status is known.
		c.proc.waitExit(stopGrace)
		s.closeConn(c)
		reason = c.proc.exitError()
	} else {
		s.closeConn(c)
	}

	s.mu.Lock()
	if s.state != StateRestarting {
		recorded()
		s.mu.Unlock()
		return
	}
	if time.Since(c.since) >= stableAfter {
		s.failures = 0
	}
	s.failures++
	s.lastErr = "died: " + reason
	wait := backoff(s.failures)
	s.retryAt = time.Now().Add(wait)
	s.hub.log.Warn("MCP server died", "server", s.name, "err", s.lastErr, "restart_in", wait)
	recorded()
	if s.failures > eagerRestarts {
		s.state = StateFailed
		s.mu.Unlock()
		return
	}
	s.mu.Unlock()

	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-t.C:
	case <-s.hub.ctx.Done():
		return
	}
	s.mu.Lock()
	if s.state == StateRestarting && s.starting == nil {
		s.beginStartLocked()
	}
	s.mu.Unlock()
}

// listChanged handles notifications/tools/list_changed: the list is read
// again in the background (one read at a time; changes during a read cause
// one more).
func (s *server) listChanged(cs *sdk.ClientSession) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.changes++
	if s.conn == nil || s.conn.cs != cs {
		s.dirty = true // still starting: read again once it runs
		return
	}
	s.relistLocked(s.conn)
}

func (s *server) relistLocked(c *conn) {
	if s.relisting {
		s.dirty = true
		return
	}
	s.relisting = true
	s.hub.wg.Add(1)
	go func() {
		defer s.hub.wg.Done()
		for {
			ctx, cancel := context.WithTimeout(s.hub.ctx, startTimeout)
			tools, dropped, err := listTools(ctx, s.name, c.cs)
			cancel()
			s.mu.Lock()
			if s.conn == c {
				if err != nil {
					s.lastErr = "tools/list after list_changed: " + err.Error()
				} else {
					s.tools, s.dropped = tools, dropped
				}
			}
			if !s.dirty || s.conn != c {
				s.relisting = false
				s.mu.Unlock()
				return
			}
			s.dirty = false
			s.mu.Unlock()
		}
	}()
}

// stop ends the server for good (the hub is closing).
func (s *server) stop() {
	s.mu.Lock()
	s.state = StateStopped
	c := s.conn
	s.conn, s.tools = nil, nil
	s.mu.Unlock()
	if c != nil {
		s.closeConn(c)
	}
}

// toolName is what a tool of a server may be called: the characters model
// APIs accept in a function name.
var toolName = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// listTools reads the server's tools, keeping those that are safe to offer:
// a valid name that fits mcp__<server>__<tool> in maxToolName characters,
// an object schema of at most maxSchema bytes, at most maxTools of them.
// dropped says, briefly, why others were left out.
func listTools(ctx context.Context, serverName string, cs *sdk.ClientSession) (tools []remoteTool, dropped []string, err error) {
	params := &sdk.ListToolsParams{}
	seen := make(map[string]bool)
	for page := 0; page < maxToolPages; page++ {
		res, err := cs.ListTools(ctx, params)
		if err != nil {
			return nil, nil, err
		}
		for _, t := range res.Tools {
			if t == nil {
				continue
			}
			if len(tools) >= maxTools {
				return tools, append(dropped, fmt.Sprintf("the server has more than %d tools; the rest are not offered", maxTools)), nil
			}
			rt, why := checkTool(serverName, t)
			if why != "" {
				if len(dropped) < 16 {
					dropped = append(dropped, why)
				}
				continue
			}
			if seen[rt.Name] {
				continue
			}
			seen[rt.Name] = true
			tools = append(tools, rt)
		}
		if res.NextCursor == "" {
			return tools, dropped, nil
		}
		params.Cursor = res.NextCursor
	}
	return tools, append(dropped, fmt.Sprintf("tools/list has more than %d pages; the rest are not read", maxToolPages)), nil
}

// checkTool turns a server's tool description into one loopls offers, or
// says why it will not.
func checkTool(serverName string, t *sdk.Tool) (remoteTool, string) {
	if !toolName.MatchString(t.Name) || len(ToolName(serverName, t.Name)) > maxToolName {
		return remoteTool{}, fmt.Sprintf("tool %s: its name is not letters, digits, '_' or '-' that fit %s in %d characters",
			quoteCut(t.Name), ToolName(serverName, "<tool>"), maxToolName)
	}
	schema, err := json.Marshal(t.InputSchema)
	if err != nil || len(schema) > maxSchema {
		return remoteTool{}, fmt.Sprintf("tool %s: its input schema is over %d bytes or not JSON", t.Name, maxSchema)
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(schema, &obj) != nil || obj == nil {
		return remoteTool{}, fmt.Sprintf("tool %s: its input schema is not a JSON object", t.Name)
	}
	rt := remoteTool{Name: t.Name, Title: cut(t.Title, 200), Description: cut(t.Description, maxDescription), Schema: schema}
	if t.Annotations != nil {
		rt.ReadOnly = t.Annotations.ReadOnlyHint
		if rt.Title == "" {
			rt.Title = cut(t.Annotations.Title, 200)
		}
	}
	return rt, ""
}
