package acp

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/loopls/loopls/config"
	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/workspace"
)

// Config is what Serve needs beyond the streams.
type Config struct {
	// Open opens the backend of a workspace root; required.
	Open Opener
	// Model returns the configured model ("" = let loopls pick the first
	// tool-capable local model). Nil means "".
	Model func() string
	// Models lists models the user may switch to (session config option
	// "model"); nil or an error offers only the configured one.
	Models func(ctx context.Context) ([]string, error)
	// Mode is a new session's mode (the "mode" setting, loopls acp --mode);
	// "" is DefaultMode. The client switches it per session.
	Mode Mode
	// Version is reported in initialize's agentInfo.
	Version string
	// Logger receives diagnostics; it must write to stderr, never stdout.
	Logger *slog.Logger
	// WarmUp, when set, has the configured model loaded in the background
	// once the client has initialized, so that the first prompt does not
	// wait for the load (providers.Warm). Its error is only logged.
	WarmUp func(ctx context.Context) error
}

// Agent implements the agent side of ACP over a Backend per workspace root.
type Agent struct {
	cfg  Config
	log  *slog.Logger
	conn *sdk.AgentSideConnection

	mu       sync.Mutex
	caps     sdk.ClientCapabilities
	backends map[string]Backend
	sessions map[machine.SessionID]*session
	runs     map[machine.RunID]*session
	closing  bool // shutdown began: prompts still waiting for their turn start nothing
	prompts  sync.WaitGroup

	// The warm-up: started once, at initialize, bounded by Serve.
	warmCtx    context.Context
	warmCancel context.CancelFunc
	warmOnce   sync.Once
	warming    sync.WaitGroup
}

var (
	_ sdk.Agent       = (*Agent)(nil)
	_ sdk.AgentLoader = (*Agent)(nil)
)

// errNoRun means a tool asked for something on behalf of a run this
// connection does not know (it ended, or it was never ours).
var errNoRun = errors.New("the run belongs to no session of this connection")

func newAgent(cfg Config) *Agent {
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	return &Agent{cfg: cfg, log: log, backends: make(map[string]Backend),
		sessions: make(map[machine.SessionID]*session), runs: make(map[machine.RunID]*session)}
}

// Initialize answers with ACP version 1 and what loopls offers: session/load
// and embedded context in prompts. No model is contacted here.
func (a *Agent) Initialize(_ context.Context, p sdk.InitializeRequest) (sdk.InitializeResponse, error) {
	a.mu.Lock()
	a.caps = p.ClientCapabilities
	a.mu.Unlock()
	a.warmUp()
	version := a.cfg.Version
	if version == "" {
		version = "dev"
	}
	return sdk.InitializeResponse{
		ProtocolVersion: sdk.ProtocolVersionNumber,
		AgentCapabilities: sdk.AgentCapabilities{
			LoadSession:         true,
			McpCapabilities:     sdk.McpCapabilities{Http: true},
			PromptCapabilities:  sdk.PromptCapabilities{EmbeddedContext: true},
			SessionCapabilities: sdk.SessionCapabilities{List: &sdk.SessionListCapabilities{}},
		},
		AgentInfo:   &sdk.Implementation{Name: "loopls", Title: sdk.Ptr("loopls"), Version: version},
		AuthMethods: []sdk.AuthMethod{},
	}, nil
}

// warmUp starts the configured model's warm-up, once per connection, in
// the background: Serve's end cancels it and waits for it.
func (a *Agent) warmUp() {
	a.warmOnce.Do(func() {
		if a.cfg.WarmUp == nil || a.warmCtx == nil {
			return
		}
		a.warming.Add(1)
		go func() {
			defer a.warming.Done()
			if err := a.cfg.WarmUp(a.warmCtx); err != nil {
				a.log.Info("model warm-up", "loaded", false, "why", err.Error())
				return
			}
			a.log.Info("model warm-up", "loaded", true)
		}()
	})
}

// Authenticate has nothing to do: local models need no login, and remote
// providers take their keys from the environment.
func (a *Agent) Authenticate(context.Context, sdk.AuthenticateRequest) (sdk.AuthenticateResponse, error) {
	return sdk.AuthenticateResponse{}, nil
}

// NewSession opens the workspace at cwd and starts an empty session there.
func (a *Agent) NewSession(ctx context.Context, p sdk.NewSessionRequest) (sdk.NewSessionResponse, error) {
	root, b, err := a.backend(ctx, p.Cwd)
	if err != nil {
		return sdk.NewSessionResponse{}, err
	}
	id, err := b.NewSession(ctx)
	if err != nil {
		return sdk.NewSessionResponse{}, fmt.Errorf("new session in %s: %w", root, err)
	}
	s := newSession(id, root, b, "", a.cfg.Mode)
	s.mcp, s.mcpSkipped = a.sessionMCP(p.McpServers)
	a.mu.Lock()
	a.sessions[id] = s
	a.mu.Unlock()
	mode, model := s.snapshot()
	return sdk.NewSessionResponse{
		SessionId:     sdk.SessionId(id),
		Modes:         modeState(mode),
		ConfigOptions: a.configOptions(ctx, mode, model),
	}, nil
}

// LoadSession finds a persisted session and replays its committed history
// as session/update notifications before answering, as ACP requires. When
// the session's last run was interrupted (a killed loopls) and can still be
// resumed, that run then goes on (resumeAfterLoad).
func (a *Agent) LoadSession(ctx context.Context, p sdk.LoadSessionRequest) (sdk.LoadSessionResponse, error) {
	root, b, err := a.backend(ctx, p.Cwd)
	if err != nil {
		return sdk.LoadSessionResponse{}, err
	}
	id := machine.SessionID(p.SessionId)
	history, err := b.History(ctx, id)
	if err != nil {
		if errors.Is(err, ErrUnknownSession) {
			return sdk.LoadSessionResponse{}, unknownSession(p.SessionId)
		}
		return sdk.LoadSessionResponse{}, fmt.Errorf("load session %s: %w", id, err)
	}
	a.mu.Lock()
	s, ok := a.sessions[id]
	if !ok || s.root != root {
		s = newSession(id, root, b, "", a.cfg.Mode)
		a.sessions[id] = s
	}
	a.mu.Unlock()
	s.setMCP(a.sessionMCP(p.McpServers))
	for _, u := range replayUpdates(root, history) {
		if err := a.conn.SessionUpdate(ctx, sdk.SessionNotification{SessionId: p.SessionId, Update: u}); err != nil {
			return sdk.LoadSessionResponse{}, fmt.Errorf("replay session %s: %w", id, err)
		}
	}
	if s.current() == nil {
		a.resumeAfterLoad(ctx, s, p.SessionId, len(history))
	}
	mode, model := s.snapshot()
	return sdk.LoadSessionResponse{Modes: modeState(mode), ConfigOptions: a.configOptions(ctx, mode, model)}, nil
}

// sessionMCP converts the client's MCP servers, logging what it skips; the
// skips are also told to the user at the session's next prompt.
func (a *Agent) sessionMCP(in []sdk.McpServer) (map[string]config.MCPServer, []string) {
	servers, warnings := mcpServers(in)
	for _, w := range warnings {
		a.log.Warn("acp: MCP server skipped", "why", w)
	}
	return servers, warnings
}

// Prompt runs the prompt as one run and answers with its stop reason once
// every update of the run has been sent.
func (a *Agent) Prompt(ctx context.Context, p sdk.PromptRequest) (sdk.PromptResponse, error) {
	s, err := a.session(p.SessionId)
	if err != nil {
		return sdk.PromptResponse{}, err
	}
	text, err := promptText(p.Prompt)
	if err != nil {
		return sdk.PromptResponse{}, sdk.NewInvalidParams(map[string]any{"error": err.Error()})
	}
	a.prompts.Add(1)
	defer a.prompts.Done()

	select {
	case s.turn <- struct{}{}:
	case <-ctx.Done():
		return sdk.PromptResponse{StopReason: sdk.StopReasonCancelled}, nil
	}
	defer func() { <-s.turn }()
	a.mu.Lock()
	closing := a.closing
	a.mu.Unlock()
	if closing {
		return sdk.PromptResponse{StopReason: sdk.StopReasonCancelled}, nil
	}

	mode, model := s.snapshot()
	runID := engine.NewRunID()
	out := newOutbox(a.conn, p.SessionId, a.log)
	obs := newRunObserver(out, s.root)
	r := &activeRun{out: out, obs: obs}
	s.setActive(r)
	a.mu.Lock()
	a.runs[runID] = s
	a.mu.Unlock()
	defer func() {
		a.mu.Lock()
		delete(a.runs, runID)
		a.mu.Unlock()
		s.setActive(nil)
	}()
	// The run outlives a cancelled request context: a cancel reaches it as
	// Cancel, so it ends Cancelled and records itself like any other ending.
	h, err := s.backend.Start(context.WithoutCancel(ctx), RunRequest{
		SessionID: s.id, RunID: runID, Prompt: text, Model: model, Mode: mode, Links: promptLinks(p.Prompt), Observer: obs,
		MCPServers: s.mcpServers(out),
		Notice:     func(n string) { out.chunk(engine.LaneText, "loopls: "+n+"\n\n") },
	})
	if err != nil {
		out.close()
		return sdk.PromptResponse{}, &sdk.RequestError{Code: CodeRunFailed, Message: "could not start the run: " + err.Error()}
	}
	r.setHandle(h)
	// The prompt's context ends when the client cancels the turn: the SDK
	// cancels it for session/cancel before it calls Cancel, and for a
	// $/cancel_request or a closed connection. Each is the client's cancel,
	// so the run is stopped as Cancel stops it, and a permission request the
	// client is answering with "cancelled" is awaited, not withdrawn.
	stop := context.AfterFunc(ctx, func() { r.stop(true) })
	run, _ := h.Wait()
	stop()

	run.SessionID = s.id // the client knows the session by its ACP id
	end := endingOf(run)
	if end.stop == sdk.StopReasonCancelled {
		obs.closeOpen(engine.ToolCancelled, "")
	} else {
		obs.closeOpen(engine.ToolFailed, "")
	}
	if end.note != "" {
		if obs.streamedText() {
			end.note = "\n\n" + end.note // set it off from the answer so far
		}
		out.chunk(engine.LaneText, end.note)
	}
	out.close()
	if end.err != nil {
		return sdk.PromptResponse{}, end.err
	}
	return sdk.PromptResponse{StopReason: end.stop, Meta: map[string]any{
		"loopls": map[string]any{"runId": run.ID, "outcome": run.Outcome, "turns": run.Turns, "usage": run.Usage},
	}}, nil
}

// Cancel stops the session's run. The pending prompt then answers
// stopReason "cancelled" after the run's last updates.
func (a *Agent) Cancel(_ context.Context, p sdk.CancelNotification) error {
	a.mu.Lock()
	s := a.sessions[machine.SessionID(p.SessionId)]
	a.mu.Unlock()
	if s != nil {
		s.cancelByClient()
	}
	return nil
}

// SetSessionMode switches between ask, edit and auto for the next runs.
func (a *Agent) SetSessionMode(ctx context.Context, p sdk.SetSessionModeRequest) (sdk.SetSessionModeResponse, error) {
	s, err := a.session(p.SessionId)
	if err != nil {
		return sdk.SetSessionModeResponse{}, err
	}
	m, err := ParseMode(string(p.ModeId))
	if err != nil {
		return sdk.SetSessionModeResponse{}, sdk.NewInvalidParams(map[string]any{"modeId": p.ModeId, "error": err.Error()})
	}
	s.mu.Lock()
	s.mode = m
	s.mu.Unlock()
	// Clients that show the config options learn of the change too.
	mode, model := s.snapshot()
	a.notify(ctx, p.SessionId, sdk.SessionUpdate{ConfigOptionUpdate: &sdk.SessionConfigOptionUpdate{ConfigOptions: a.configOptions(ctx, mode, model)}})
	return sdk.SetSessionModeResponse{}, nil
}

// notify sends one update outside a run; a client that cannot take it is
// logged, not failed, since the request it follows has succeeded.
func (a *Agent) notify(ctx context.Context, sid sdk.SessionId, u sdk.SessionUpdate) {
	if err := a.conn.SessionUpdate(ctx, sdk.SessionNotification{SessionId: sid, Update: u}); err != nil {
		a.log.Debug("acp: update not sent", "session", sid, "err", err)
	}
}

// SetSessionConfigOption sets the "model" or the "mode" of a session.
func (a *Agent) SetSessionConfigOption(ctx context.Context, p sdk.SetSessionConfigOptionRequest) (sdk.SetSessionConfigOptionResponse, error) {
	v := p.ValueId
	if v == nil {
		return sdk.SetSessionConfigOptionResponse{}, sdk.NewInvalidParams(map[string]any{"error": "configId: loopls's options (model, mode) take a value id, not a boolean"})
	}
	s, err := a.session(v.SessionId)
	if err != nil {
		return sdk.SetSessionConfigOptionResponse{}, err
	}
	switch v.ConfigId {
	case configModel:
		s.mu.Lock()
		s.model = modelFromValue(string(v.Value))
		s.mu.Unlock()
	case configMode:
		m, err := ParseMode(string(v.Value))
		if err != nil {
			return sdk.SetSessionConfigOptionResponse{}, sdk.NewInvalidParams(map[string]any{"value": v.Value, "error": err.Error()})
		}
		s.mu.Lock()
		s.mode = m
		s.mu.Unlock()
		// Clients that show only the modes learn of the change too.
		a.notify(ctx, v.SessionId, sdk.SessionUpdate{CurrentModeUpdate: &sdk.SessionCurrentModeUpdate{CurrentModeId: sdk.SessionModeId(m)}})
	default:
		return sdk.SetSessionConfigOptionResponse{}, sdk.NewInvalidParams(map[string]any{"configId": v.ConfigId, "error": fmt.Sprintf("unknown config option %q: loopls offers %q and %q", v.ConfigId, configModel, configMode)})
	}
	mode, model := s.snapshot()
	return sdk.SetSessionConfigOptionResponse{ConfigOptions: a.configOptions(ctx, mode, model)}, nil
}

// CloseSession cancels the session's run and forgets it in this connection;
// its history stays in the store for a later session/load.
func (a *Agent) CloseSession(_ context.Context, p sdk.CloseSessionRequest) (sdk.CloseSessionResponse, error) {
	a.mu.Lock()
	s := a.sessions[machine.SessionID(p.SessionId)]
	delete(a.sessions, machine.SessionID(p.SessionId))
	a.mu.Unlock()
	if s == nil {
		return sdk.CloseSessionResponse{}, unknownSession(p.SessionId)
	}
	s.cancel()
	return sdk.CloseSessionResponse{}, nil
}

// ListSessions lists the stored sessions of the workspace at cwd (or of
// every workspace this connection opened, without cwd), so the editor can
// offer earlier threads for session/load. All come in one page.
func (a *Agent) ListSessions(ctx context.Context, p sdk.ListSessionsRequest) (sdk.ListSessionsResponse, error) {
	roots := map[string]Backend{}
	if p.Cwd != nil {
		root, b, err := a.backend(ctx, *p.Cwd)
		if err != nil {
			return sdk.ListSessionsResponse{}, err
		}
		roots[root] = b
	} else {
		a.mu.Lock()
		for root, b := range a.backends {
			roots[root] = b
		}
		a.mu.Unlock()
	}
	out := []sdk.SessionInfo{}
	for root, b := range roots {
		list, err := b.Sessions(ctx)
		if err != nil {
			return sdk.ListSessionsResponse{}, fmt.Errorf("list sessions of %s: %w", root, err)
		}
		for _, s := range list {
			info := sdk.SessionInfo{SessionId: sdk.SessionId(s.ID), Cwd: root}
			if s.Title != "" {
				info.Title = sdk.Ptr(s.Title)
			}
			if !s.UpdatedAt.IsZero() {
				info.UpdatedAt = sdk.Ptr(s.UpdatedAt.UTC().Format(time.RFC3339))
			}
			out = append(out, info)
		}
	}
	return sdk.ListSessionsResponse{Sessions: out}, nil
}

// ResumeSession is not offered (no sessionCapabilities.resume); session/load
// restores a session.
func (a *Agent) ResumeSession(context.Context, sdk.ResumeSessionRequest) (sdk.ResumeSessionResponse, error) {
	return sdk.ResumeSessionResponse{}, sdk.NewMethodNotFound(sdk.AgentMethodSessionResume)
}

// session finds a session of this connection.
func (a *Agent) session(id sdk.SessionId) (*session, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	s := a.sessions[machine.SessionID(id)]
	if s == nil {
		return nil, unknownSession(id)
	}
	return s, nil
}

func unknownSession(id sdk.SessionId) *sdk.RequestError {
	return &sdk.RequestError{Code: -32602, Message: fmt.Sprintf("unknown session %q: call session/new, or session/load for a session of an earlier run", id),
		Data: map[string]any{"sessionId": id}}
}

// backend returns the backend of the workspace at cwd, opening it once.
func (a *Agent) backend(ctx context.Context, cwd string) (string, Backend, error) {
	if !filepath.IsAbs(cwd) {
		return "", nil, sdk.NewInvalidParams(map[string]any{"cwd": cwd, "error": "cwd must be an absolute path to the workspace directory"})
	}
	root := filepath.Clean(cwd)
	if st, err := os.Stat(root); err != nil || !st.IsDir() {
		return "", nil, sdk.NewInvalidParams(map[string]any{"cwd": cwd, "error": "cwd is not a directory: open a folder first"})
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if b, ok := a.backends[root]; ok {
		return root, b, nil
	}
	// The workspace names files under the root with symlinks resolved;
	// the client knows them under cwd as it sent it.
	real, err := filepath.EvalSymlinks(root)
	if err != nil {
		return "", nil, fmt.Errorf("open workspace %s: %w", root, err)
	}
	paths := clientPaths{root: root, real: real}
	b, err := a.cfg.Open(ctx, root, Hooks{
		Approver: approver{a},
		Editor:   func(disk workspace.Editor) workspace.Editor { return newEditor(a, root, disk) },
		Reader:   clientReader{a: a, paths: paths},
		Runner:   terminalRunner{a: a, paths: paths},
	})
	if err != nil {
		return "", nil, fmt.Errorf("open workspace %s: %w", root, err)
	}
	a.backends[root] = b
	return root, b, nil
}

func (a *Agent) defaultModel() string {
	if a.cfg.Model == nil {
		return ""
	}
	return a.cfg.Model()
}

// shutdown cancels every run, waits for the prompts to answer, and closes
// the backends.
func (a *Agent) shutdown() {
	a.mu.Lock()
	a.closing = true
	for _, s := range a.sessions {
		s.cancel()
	}
	a.mu.Unlock()
	a.prompts.Wait()
	a.mu.Lock()
	defer a.mu.Unlock()
	for root, b := range a.backends {
		if err := b.Close(); err != nil {
			a.log.Warn("acp: closing workspace", "root", root, "err", err)
		}
	}
	a.backends = map[string]Backend{}
}

// sessionOfRun finds the session a run of this connection belongs to.
func (a *Agent) sessionOfRun(id machine.RunID) *session {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.runs[id]
}

// clientWrites reports whether the client offered fs/write_text_file.
func (a *Agent) clientWrites() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.caps.Fs.WriteTextFile
}

// clientReads reports whether the client offered fs/read_text_file.
func (a *Agent) clientReads() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.caps.Fs.ReadTextFile
}

// clientTerminals reports whether the client offered terminal/*.
func (a *Agent) clientTerminals() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.caps.Terminal
}
