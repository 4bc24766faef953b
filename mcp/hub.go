package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/loopls/loopls/config"
	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/redact"
)

// Source says where a server's configuration came from.
const (
	SourceSettings = "settings" // the user's settings (user file, editor, flags)
	SourceSession  = "session"  // an ACP client's session/new or session/load
)

// Options configure a Hub.
type Options struct {
	// Logger receives warnings; nil discards.
	Logger *slog.Logger
	// Version is the client version sent in initialize.
	Version string
}

// Hub owns the MCP servers of a process. It is safe for concurrent use.
type Hub struct {
	ctx     context.Context
	cancel  context.CancelFunc
	wg      sync.WaitGroup
	log     *slog.Logger
	version string

	mu      sync.Mutex
	closed  bool
	servers map[string]*server // by key
}

// NewHub returns a Hub with no server started.
func NewHub(o Options) *Hub {
	ctx, cancel := context.WithCancel(context.Background())
	log := o.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	v := o.Version
	if v == "" {
		v = "dev"
	}
	return &Hub{ctx: ctx, cancel: cancel, log: log, version: v, servers: make(map[string]*server)}
}

// Want is what one run asks for: the servers of the settings and of its
// session, and the directory stdio servers run in.
type Want struct {
	Dir      string
	Settings map[string]config.MCPServer
	Session  map[string]config.MCPServer
}

// named is one wanted server.
type named struct {
	name, source string
	cfg          config.MCPServer
}

// list returns the wanted servers by name; a session's server replaces a
// settings server of the same name. Invalid entries are warnings.
func (w Want) list() (out []named, warnings []string) {
	byName := make(map[string]named)
	for name, cfg := range w.Settings {
		byName[name] = named{name, SourceSettings, cfg}
	}
	for name, cfg := range w.Session {
		byName[name] = named{name, SourceSession, cfg}
	}
	for _, n := range byName {
		if err := n.cfg.Validate(n.name); err != nil {
			warnings = append(warnings, err.Error())
			continue
		}
		out = append(out, n)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	if len(out) > maxServersPerRun {
		warnings = append(warnings, fmt.Sprintf("%d MCP servers configured; only the first %d (by name) are used", len(out), maxServersPerRun))
		out = out[:maxServersPerRun]
	}
	return out, warnings
}

// key identifies a server process: the same name, configuration and
// directory share one.
func key(n named, dir string) string {
	j, _ := json.Marshal(n.cfg)
	if !n.cfg.Stdio() {
		dir = ""
	}
	return n.name + "\x00" + dir + "\x00" + string(j)
}

// Tools returns the tools of the wanted servers, starting those not running
// (all at once, each bounded by the start timeout and ctx). A server that
// is not available is a warning with its error (and stderr tail); the
// others' tools are returned all the same. A settings server whose
// configuration changed replaces the old one, which is stopped.
func (h *Hub) Tools(ctx context.Context, w Want) ([]engine.Tool, []string) {
	wanted, warnings := w.list()
	if len(wanted) == 0 {
		return nil, warnings
	}
	servers, stale, err := h.serversFor(wanted, w.Dir)
	for _, s := range stale {
		s.stop()
	}
	if err != nil {
		return nil, append(warnings, err.Error())
	}
	errs := make([]error, len(servers))
	var wg sync.WaitGroup
	for i, s := range servers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = s.ensure(ctx)
		}()
	}
	wg.Wait()
	var tools []engine.Tool
	for i, s := range servers {
		if errs[i] != nil {
			if ctx.Err() == nil {
				warnings = append(warnings, redact.String(fmt.Sprintf("MCP server %q is not available; the run goes on without it: %v", s.name, errs[i])))
			}
			continue
		}
		s.mu.Lock()
		for _, def := range s.tools {
			tools = append(tools, newTool(s, def))
		}
		s.mu.Unlock()
	}
	return tools, warnings
}

// serversFor finds or creates the servers for wanted; stale are settings
// servers of the same names whose configuration has changed.
func (h *Hub) serversFor(wanted []named, dir string) (servers, stale []*server, err error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil, nil, errClosed
	}
	for _, n := range wanted {
		k := key(n, dir)
		s := h.servers[k]
		if s == nil {
			registerSecrets(n.cfg)
			s = &server{hub: h, name: n.name, cfg: n.cfg, dir: dir, source: n.source, state: StateIdle}
			h.servers[k] = s
			if n.source == SourceSettings {
				for ok, old := range h.servers {
					if old != s && old.source == SourceSettings && old.name == n.name && old.dir == s.dir {
						delete(h.servers, ok)
						stale = append(stale, old)
					}
				}
			}
		}
		servers = append(servers, s)
	}
	return servers, stale, nil
}

// ServerStatus is what loopls/mcpServers reports of one server.
type ServerStatus struct {
	Name      string       `json:"name"`
	Source    string       `json:"source"`
	Transport string       `json:"transport"` // "stdio" or "http"
	Command   string       `json:"command,omitempty"`
	URL       string       `json:"url,omitempty"`
	State     State        `json:"state"`
	Tools     []ToolStatus `json:"tools"`
	// Dropped says which tools the server listed but loopls does not offer.
	Dropped   []string `json:"dropped,omitempty"`
	LastError string   `json:"lastError,omitempty"`
	Restarts  int      `json:"restarts"`
	// ListChanges counts notifications/tools/list_changed received.
	ListChanges int `json:"listChanges"`
}

// ToolStatus is one offered tool.
type ToolStatus struct {
	Name        string `json:"name"` // as offered: mcp__<server>__<tool>
	Description string `json:"description,omitempty"`
	ReadOnly    bool   `json:"readOnlyHint,omitempty"`
}

// Status lists the known servers, plus configured ones no run has needed
// yet (idle), sorted by name.
func (h *Hub) Status(configured map[string]config.MCPServer) []ServerStatus {
	h.mu.Lock()
	servers := make([]*server, 0, len(h.servers))
	for _, s := range h.servers {
		servers = append(servers, s)
	}
	h.mu.Unlock()
	out := make([]ServerStatus, 0, len(servers)+len(configured))
	known := make(map[string]bool)
	for _, s := range servers {
		out = append(out, s.status())
		if s.source == SourceSettings && configured[s.name].Equal(s.cfg) {
			known[s.name] = true
		}
	}
	for name, cfg := range configured {
		if known[name] {
			continue
		}
		st := ServerStatus{Name: name, Source: SourceSettings, State: StateIdle, Tools: []ToolStatus{}}
		st.Transport, st.Command, st.URL = describe(cfg)
		if err := cfg.Validate(name); err != nil {
			st.State, st.LastError = StateFailed, err.Error()
		}
		out = append(out, st)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Name != out[j].Name {
			return out[i].Name < out[j].Name
		}
		return out[i].Source < out[j].Source
	})
	return out
}

// describe is how a server is shown: its command line or URL, scrubbed of
// the secrets loopls knows (headers and secret-named env values are
// registered when the server is first wanted).
func describe(cfg config.MCPServer) (transport, command, url string) {
	if cfg.Stdio() {
		return "stdio", redact.String(strings.Join(slices.Concat([]string{cfg.Command}, cfg.Args), " ")), ""
	}
	return "http", "", redact.String(cfg.URL)
}

// registerSecrets tells the process's redactor the secrets of a server's
// configuration: every header value (Authorization and the like) and the
// env values whose names say they are secrets, so no log line, status or
// error shows them.
func registerSecrets(cfg config.MCPServer) {
	var secrets []string
	for _, v := range cfg.Headers {
		if len(v) >= redact.MinSecretLen {
			secrets = append(secrets, v)
			if _, tok, ok := strings.Cut(v, " "); ok && len(tok) >= redact.MinSecretLen {
				secrets = append(secrets, tok) // "Bearer TOKEN": the token alone too
			}
		}
	}
	for k, v := range cfg.Env {
		if redact.IsSecretName(k) && len(v) >= redact.MinSecretLen {
			secrets = append(secrets, v)
		}
	}
	if len(secrets) > 0 {
		redact.Register(secrets...)
	}
}

func (s *server) status() ServerStatus {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := ServerStatus{Name: s.name, Source: s.source, State: s.state, Tools: []ToolStatus{},
		Dropped: slices.Clone(s.dropped), LastError: redact.String(s.lastErr), Restarts: max(s.starts-1, 0), ListChanges: s.changes}
	st.Transport, st.Command, st.URL = describe(s.cfg)
	for _, t := range s.tools {
		st.Tools = append(st.Tools, ToolStatus{Name: ToolName(s.name, t.Name), Description: cut(t.Description, 200), ReadOnly: t.ReadOnly})
	}
	return st
}

// Close stops every server (stdin closed, then SIGTERM and SIGKILL to its
// process group if it lingers) and waits for the hub's goroutines.
func (h *Hub) Close() error {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return nil
	}
	h.closed = true
	servers := make([]*server, 0, len(h.servers))
	for _, s := range h.servers {
		servers = append(servers, s)
	}
	h.mu.Unlock()
	h.cancel()
	var wg sync.WaitGroup
	for _, s := range servers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.stop()
		}()
	}
	wg.Wait()
	h.wg.Wait()
	return nil
}
