// Package session is the one run and session manager behind every front end
// of loopls: the LSP daemon (loopls serve), the one-shot CLI (loopls run) and
// the ACP adapter (loopls acp).
//
// A session is committed history plus the audit trail of its runs. Runs of
// different sessions go concurrently; a session runs one run at a time. The
// model is resolved at the start of each run from the settings of that
// moment, never earlier, so a daemon starts without contacting any model.
package session

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/loopls/loopls/command"
	"github.com/loopls/loopls/config"
	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/mcp"
	"github.com/loopls/loopls/providers"
	"github.com/loopls/loopls/store"
	"github.com/loopls/loopls/workspace"
)

// Config is what a Manager works with. Root and Settings are required; the
// rest may be nil.
type Config struct {
	// Root is the workspace root the runs act on.
	Root string
	// Store persists sessions and runs; nil keeps them in memory only.
	Store *store.Store
	// Settings returns the settings in force; it is read at each run start.
	Settings func() config.Settings
	// Workspace gives the runs their tools; nil runs without tools.
	Workspace *workspace.Workspace
	// Resolve turns settings into models; nil means providers.Resolve.
	Resolve func(ctx context.Context, s config.Settings, override string) (providers.Resolved, error)
	// Logger receives the manager's logs; nil discards them.
	Logger *slog.Logger
	// System is the system prompt; "" means DefaultSystem.
	System string
	// OnNotice, if set, receives what model resolution wants the user to
	// know (for example which model was picked when none was configured),
	// and MCP servers that are not available.
	OnNotice func(run machine.RunID, notice string)
	// MCP gives runs the tools of the MCP servers in the settings and the
	// request; nil offers none. It belongs to the caller.
	MCP *mcp.Hub
	// GoCache, when set, is the Go build cache of the runs' confined
	// commands (command.Policy.GoCache); "" gives each workspace its own.
	GoCache string
	// LayerBase, when set, is where the runs' command layers are made
	// (command.Policy.LayerBase); "" is the user's cache directory.
	LayerBase string
}

// Request asks for one run.
type Request struct {
	// SessionID names the session to continue; "" starts a new one. A session
	// not in memory is loaded from the store.
	SessionID machine.SessionID
	// NewSessionID names the new session when SessionID is "", for a front
	// end that gave the session its id before its first run (ACP's
	// session/new), so the store knows it by that id from the run's claim
	// on; "" gets a fresh id. It must be an id no session has.
	NewSessionID machine.SessionID
	// Prompt is the user's message.
	Prompt string
	// Title names a session this run starts; "" names it by the prompt's
	// first line. A front end sets it when that line says too little, such
	// as a fix's default instruction, which every fix shares.
	Title string
	// Model overrides the configured model for this run ("" = settings).
	Model string
	// MaxTurns overrides the settings' turn cap for this run (0 = settings).
	MaxTurns int
	// Mode picks the tools the model gets and whether edits wait for the
	// user (ask, edit, auto; "" is auto).
	Mode workspace.Mode
	// Context is text the user attached; it follows the prompt in the user
	// message, each entry labelled with its path and lines. Start refuses
	// the run (ErrBadContext) when an entry cannot be read or is outside
	// the workspace.
	Context []ContextRef
	// Focus names files the run is about besides the attached context (the
	// file of a fix): the AGENTS.md nearest to each joins the system prompt.
	Focus []string
	// Fix, when set, makes the run a fix of these diagnostics: once it
	// completes, the workspace checks them with the editor
	// (Workspace.FixCheck), the verdict goes into the Run record, and a fix
	// still failing gets up to fixRetries more attempts with what remains.
	Fix *workspace.FixTarget
	// Observer sees this run's events; nil sees nothing.
	Observer engine.Observer
	// RunID names the run; "" gets a fresh id.
	RunID machine.RunID
	// MCPServers are servers this run's session brings (an ACP client's
	// session/new), besides those of the settings; a name in both is the
	// session's.
	MCPServers map[string]config.MCPServer
	// OnNotice, if set, receives this run's notices instead of
	// Config.OnNotice.
	OnNotice func(notice string)
}

// Manager runs agent loops for sessions. It is safe for concurrent use.
type Manager struct {
	cfg     Config
	resolve func(ctx context.Context, s config.Settings, override string) (providers.Resolved, error)
	log     *slog.Logger

	mu       sync.Mutex
	sessions map[machine.SessionID]*entry
	runs     map[machine.RunID]*Handle
	closed   bool
	wg       sync.WaitGroup

	// limiter paces model requests per provider across every session's
	// runs; its paces follow the rateLimit setting at each run start.
	limiter *engine.RateLimiter
}

// entry is one session the manager holds in memory.
type entry struct {
	id      machine.SessionID
	title   string
	updated time.Time
	busy    bool
	// history is the committed conversation; the run goroutine owns it while
	// busy, the manager's mutex guards it otherwise.
	history []machine.Message
	// version is the store's session version history was read at or last
	// written as; a claim that finds another version reloads the history
	// (another process ran the session meanwhile). -1 forces a reload.
	version int64
	// runs is the in-memory audit trail, used when there is no store.
	runs []engine.Run
	// transcripts are the runs' transcripts, used when there is no store.
	transcripts map[machine.RunID][]Entry
	// agent is reused while the resolved models, policy and system prompt
	// stay the same, so its breakers and token calibration carry over from
	// run to run.
	agent    *engine.Agent
	agentKey string
	relay    *relay
	cp       *checkpointer
}

// prepared is what Start worked out for a run before it goes on alone.
type prepared struct {
	prompt       string // the user message: the prompt and the context
	attached     []Attached
	instructions []instruction
}

// New returns a Manager. It contacts no model and does no I/O.
func New(cfg Config) (*Manager, error) {
	if cfg.Settings == nil {
		return nil, errors.New("session: Config.Settings is required")
	}
	m := &Manager{
		cfg:      cfg,
		resolve:  cfg.Resolve,
		log:      cfg.Logger,
		sessions: make(map[machine.SessionID]*entry),
		runs:     make(map[machine.RunID]*Handle),
		limiter:  engine.NewRateLimiter(0, 0),
	}
	if m.resolve == nil {
		m.resolve = providers.Resolve
	}
	if m.log == nil {
		m.log = slog.New(slog.DiscardHandler)
	}
	if cfg.Store != nil && cfg.Workspace != nil {
		cfg.Workspace.SetJournalStore(journalStore{cfg.Store})
	}
	return m, nil
}

// Start begins a run and returns at once; the run goes on in its own
// goroutine until it ends, ctx is cancelled, Handle.Cancel or Manager.Cancel
// is called, or the manager closes. It fails with ErrBusy when the session
// has a run in flight and ErrUnknownSession when SessionID names no session.
func (m *Manager) Start(ctx context.Context, r Request) (*Handle, error) {
	if strings.TrimSpace(r.Prompt) == "" {
		return nil, errors.New("session: the prompt is empty")
	}
	mode, err := workspace.ParseMode(string(r.Mode))
	if err != nil {
		return nil, fmt.Errorf("session: %w", err)
	}
	r.Mode = mode
	prep, err := m.prepare(r)
	if err != nil {
		return nil, err
	}
	if r.SessionID == "" && r.NewSessionID != "" && m.cfg.Store != nil {
		switch _, err := m.cfg.Store.Session(ctx, r.NewSessionID); {
		case err == nil:
			return nil, fmt.Errorf("session: new session id %s is taken", r.NewSessionID)
		case !errors.Is(err, store.ErrNotFound):
			return nil, fmt.Errorf("session: check new session id %s: %w", r.NewSessionID, err)
		}
	}
	var loaded *entry
	if r.SessionID != "" && !m.inMemory(r.SessionID) {
		e, err := m.load(ctx, r.SessionID)
		if err != nil {
			return nil, err
		}
		loaded = e
	}

	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return nil, ErrClosed
	}
	var e *entry
	if r.SessionID == "" {
		id := r.NewSessionID
		if id == "" {
			id = NewSessionID()
		} else if _, taken := m.sessions[id]; taken {
			return nil, fmt.Errorf("session: new session id %s is taken", id)
		}
		e = &entry{id: id, title: newTitle(r), relay: &relay{}}
		m.sessions[e.id] = e
	} else {
		e = m.sessions[r.SessionID]
		if e == nil {
			e = loaded
			m.sessions[e.id] = e
		}
	}
	if e.busy {
		return nil, fmt.Errorf("session %s: %w", e.id, ErrBusy)
	}
	runID := r.RunID
	if runID == "" {
		runID = engine.NewRunID()
	}
	if _, dup := m.runs[runID]; dup {
		return nil, fmt.Errorf("session: run id %s is already in flight", runID)
	}
	runCtx, cancel := context.WithCancel(ctx)
	h := &Handle{id: runID, session: e.id, cancel: cancel, done: make(chan struct{})}
	e.busy = true
	m.runs[runID] = h
	if m.cfg.Store != nil {
		// Claim the session in the store too: another process may be
		// running it, or may have run it since we read it.
		m.mu.Unlock()
		err := m.claim(ctx, e, runID, r, r.SessionID == "")
		m.mu.Lock()
		if err != nil {
			e.busy = false
			delete(m.runs, runID)
			if r.SessionID == "" {
				delete(m.sessions, e.id)
			}
			cancel()
			return nil, err
		}
	}
	m.wg.Add(1)
	go m.run(runCtx, e, h, r, prep, nil)
	return h, nil
}

// prepare reads the attached context and the project instructions. The
// context is confined to the workspace; an entry that cannot be read
// refuses the run.
func (m *Manager) prepare(r Request) (prepared, error) {
	atts, err := readContext(m.cfg.Workspace, r.Context)
	if err != nil {
		return prepared{}, err
	}
	p := prepared{}
	p.prompt, p.attached = withContext(r.Prompt, atts)
	focus := slices.Clone(r.Focus)
	for _, a := range atts {
		focus = append(focus, a.Path)
	}
	if m.cfg.Workspace != nil {
		p.instructions = readInstructions(m.cfg.Workspace, focus, func(path string, err error) {
			m.log.Warn("project instructions left out", "path", path, "err", err)
		})
	}
	return p, nil
}

// claim records the run in flight in the store and brings e's history up to
// the stored one. The caller has marked e busy, so e is ours meanwhile.
func (m *Manager) claim(ctx context.Context, e *entry, runID machine.RunID, r Request, create bool) error {
	c, err := m.cfg.Store.ClaimSince(ctx, engine.Run{ID: runID, SessionID: e.id, Prompt: r.Prompt, Model: r.Model, Mode: string(r.Mode), StartedAt: time.Now()}, create, e.version)
	switch {
	case errors.Is(err, store.ErrBusy):
		return kinded{err, ErrBusy}
	case errors.Is(err, store.ErrNotFound):
		return fmt.Errorf("session %s: %w", e.id, ErrUnknownSession)
	case err != nil:
		return fmt.Errorf("session %s: %w", e.id, err)
	}
	if c.Version != e.version {
		e.history, e.version, e.title = c.History, c.Version, c.Title
		e.agent = nil // its machine holds the old history
	}
	if create && store.Title(r.Title) != "" {
		// The claim named the new session by its prompt.
		if err := m.cfg.Store.RenameSession(ctx, e.id, e.title); err != nil {
			m.log.Warn("session title not stored", "session", e.id, "err", err)
		}
	}
	return nil
}

// newTitle is the title of a session r starts: r.Title, else the prompt's
// first line.
func newTitle(r Request) string {
	if t := store.Title(r.Title); t != "" {
		return t
	}
	return store.Title(r.Prompt)
}

func (m *Manager) inMemory(id machine.SessionID) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	_, ok := m.sessions[id]
	return ok
}

// load reads a session's committed history from the store.
func (m *Manager) load(ctx context.Context, id machine.SessionID) (*entry, error) {
	if m.cfg.Store == nil {
		return nil, fmt.Errorf("session %s: %w", id, ErrUnknownSession)
	}
	rec, err := m.cfg.Store.Session(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fmt.Errorf("session %s: %w", id, ErrUnknownSession)
	}
	if err != nil {
		return nil, fmt.Errorf("load session %s: %w", id, err)
	}
	// version -1: the claim at run start reads the history again, atomically
	// with recording the run.
	return &entry{id: id, title: rec.Title, updated: rec.UpdatedAt, history: rec.History, version: -1, relay: &relay{}}, nil
}

// run performs one run; it owns e.history until it clears e.busy.
func (m *Manager) run(ctx context.Context, e *entry, h *Handle, r Request, p prepared, resumed *store.Resumed) {
	defer m.wg.Done()
	defer h.cancel()

	if so, ok := r.Observer.(StartObserver); ok {
		ins := make([]Instruction, 0, len(p.instructions))
		for _, in := range p.instructions {
			ins = append(ins, in.Instruction)
		}
		att := p.attached
		if att == nil {
			att = []Attached{}
		}
		so.OnRunStarted(Started{RunID: h.id, SessionID: e.id, Mode: r.Mode, Instructions: ins, Context: att})
	}
	rec := newRecorder(r.Prompt, p.attached)
	remove := e.relay.set(tee{rec, r.Observer})
	defer remove()
	end := &ending{build: func(cp engine.Checkpoint) (store.Ending, error) {
		// The recorder has seen every event the run's transcript holds:
		// run_ended is the run's last commit point.
		b, err := json.Marshal(rec.finish())
		if err == nil && len(b) > store.MaxTranscriptBytes {
			err = fmt.Errorf("transcript of %d bytes", len(b))
		}
		edits := cp.Run.Edits
		if len(edits) == 0 && m.cfg.Workspace != nil {
			edits = editsOf(m.cfg.Workspace.Journal(h.id))
		}
		return store.Ending{Transcript: b, Edits: edits}, err
	}}
	if m.cfg.Store != nil {
		cp := m.checkpointerOf(e)
		cp.expectEnding(h.id, end)
		defer cp.forgetEnding(h.id)
	}

	run, err := m.execute(ctx, e, h, r, p, resumed)
	// The record is completed here, once, for every front end: Handle.Wait
	// gives it out whole and nobody derives it again.
	if run.ID == "" {
		run.ID = h.id
	}
	if run.SessionID == "" {
		run.SessionID = e.id
	}
	run, err = run.Complete(err)
	transcript := rec.finish()
	if m.cfg.Store != nil && m.cfg.Workspace != nil {
		// Changes no checkpoint carried (the run ended without one since).
		if err := m.cfg.Store.FlushJournal(context.WithoutCancel(ctx), h.id); err != nil {
			m.log.Warn("journal not saved with the session", "run", h.id, "err", err)
		}
	}
	if m.cfg.Store != nil && !end.stored.Load() {
		// The run_ended commit did not carry it (refused, or the run never
		// reached run_ended): stored alone, as the run's record allows.
		m.saveTranscript(h.id, transcript, run.Edits)
	}

	m.mu.Lock()
	e.busy = false
	e.updated = time.Now()
	if m.cfg.Store == nil {
		e.runs = append(e.runs, run)
		if e.transcripts == nil {
			e.transcripts = make(map[machine.RunID][]Entry)
		}
		e.transcripts[h.id] = transcript
	}
	delete(m.runs, h.id)
	m.mu.Unlock()

	h.run, h.err = run, err
	close(h.done)
}

// execute resolves the model, prepares the session's agent and runs it.
func (m *Manager) execute(ctx context.Context, e *entry, h *Handle, r Request, p prepared, resumed *store.Resumed) (engine.Run, error) {
	started := time.Now()
	s := m.cfg.Settings()
	m.limiter.SetProviderRates(providerRates(s.RateLimit))
	res, err := m.resolve(ctx, s, r.Model)
	if err != nil {
		return m.failEarly(ctx, e, h, r, started, err)
	}
	if res.Notice != "" {
		m.log.Info("model", "run", h.id, "notice", res.Notice)
		if m.cfg.OnNotice != nil {
			m.cfg.OnNotice(h.id, res.Notice)
		}
	}

	var tools []engine.Tool
	if ws := m.cfg.Workspace; ws != nil {
		// r.Mode decides the tools: tools from any other source must honour
		// it too — in ask mode (r.Mode.ReadOnly()) only tools known to
		// change nothing.
		tools = ws.ToolsWith(r.Mode, command.Policy{AllowCommands: s.AllowCommands, Allowed: s.AllowedCommands,
			Env: command.EnvPolicy{Keep: s.CommandEnvKeep, Drop: s.CommandEnvDrop, Allow: s.CommandEnvAllow}, GoCache: m.cfg.GoCache, LayerBase: m.cfg.LayerBase},
			workspace.RunOptions{CheckEdits: s.DiagnosticsAfterEditOn(), Fix: r.Fix != nil})
	}
	tools = append(tools, m.mcpTools(ctx, h.id, s, r)...)
	if tools == nil {
		tools = []engine.Tool{}
	}

	policy := machine.DefaultPolicy()
	if s.MaxTurns > 0 {
		policy.MaxTurns = s.MaxTurns
	}
	policy.ContextWindow = res.ContextWindow
	policy.CompactThreshold = s.CompactThreshold
	policy.AutoCompact = s.AutoCompactOn()

	system := m.cfg.System
	if system == "" {
		system = DefaultSystem
	}
	agent := m.agentFor(e, s, res, policy, systemWith(system, p.instructions))
	m.log.Debug("run start", "run", h.id, "session", e.id, "model", res.Primary.Name(), "mode", r.Mode, "resumed", resumed != nil)
	var run engine.Run
	if resumed != nil {
		run, err = agent.Resume(ctx, engine.ResumeInput{
			Run: resumed.Run, Machine: resumed.Machine, Seq: resumed.Seq,
			Rerunnable: m.readOnlyTools(), MaxTurns: r.MaxTurns, Tools: tools,
		})
	} else {
		in := engine.RunInput{ID: h.id, Prompt: p.prompt, MaxTurns: r.MaxTurns, Tools: tools}
		if ws := m.cfg.Workspace; ws != nil && r.Fix != nil {
			in.Check, in.Retries = ws.FixCheck(h.id, *r.Fix), s.FixRetriesOf()
		}
		run, err = agent.Run(ctx, in)
	}
	e.history = agent.History()
	run, err = m.settle(e, h.id, run, err)
	if len(run.Edits) == 0 && m.cfg.Workspace != nil {
		run.Edits = editsOf(m.cfg.Workspace.Journal(h.id))
	}
	m.log.Debug("run end", "run", h.id, "session", e.id, "outcome", run.Outcome)
	return run, err
}

// mcpTools returns the MCP servers' tools for a run. They act outside the
// workspace, so they are not offered in read-only mode, and each call needs
// the user's approval unless the settings' allowedTools names it; where no
// one can be asked, only the allowed ones are offered. A server that is not
// available is a notice; the run goes on without it.
func (m *Manager) mcpTools(ctx context.Context, run machine.RunID, s config.Settings, r Request) []engine.Tool {
	if m.cfg.MCP == nil || r.Mode.ReadOnly() || (len(s.MCPServers) == 0 && len(r.MCPServers) == 0) {
		return nil
	}
	found, warnings := m.cfg.MCP.Tools(ctx, mcp.Want{Dir: m.cfg.Root, Settings: s.MCPServers, Session: r.MCPServers})
	ws := m.cfg.Workspace
	canAsk := ws != nil && ws.CanAsk()
	var tools []engine.Tool
	var unasked []string
	for _, t := range found {
		name := t.Spec().Name
		switch {
		case slices.Contains(s.AllowedTools, name):
			tools = append(tools, t)
		case canAsk:
			tools = append(tools, ws.RequireApproval(t))
		default:
			unasked = append(unasked, name)
		}
	}
	if len(unasked) > 0 {
		warnings = append(warnings, fmt.Sprintf("%d MCP tools are not offered: no one can approve them here and allowedTools does not name them (%s)",
			len(unasked), strings.Join(unasked[:min(len(unasked), 5)], ", ")))
	}
	for _, w := range warnings {
		m.log.Warn("mcp", "run", run, "warning", w)
		switch {
		case r.OnNotice != nil:
			r.OnNotice(w)
		case m.cfg.OnNotice != nil:
			m.cfg.OnNotice(run, w)
		}
	}
	return tools
}

// agentFor returns the session's agent, built anew when the models, the
// policy or the system prompt changed since the last run.
func (m *Manager) agentFor(e *entry, s config.Settings, res providers.Resolved, p machine.Policy, system string) *engine.Agent {
	names := []string{res.Primary.Name()}
	for _, f := range res.Fallbacks {
		names = append(names, f.Name())
	}
	wait := time.Duration(s.ModelWaitNotice) * time.Second // 0: the engine's default
	key := fmt.Sprintf("%q %q %+v %v %x", names, s.OllamaHost, p, wait, sha256.Sum256([]byte(system)))
	if e.agent != nil && e.agentKey == key {
		return e.agent
	}
	observers := []engine.Observer{e.relay}
	if m.cfg.Store != nil {
		observers = append([]engine.Observer{m.checkpointerOf(e)}, observers...)
	}
	e.agent = engine.NewAgent(engine.AgentConfig{
		Model:       res.Primary,
		Fallbacks:   res.Fallbacks,
		System:      system,
		Policy:      p,
		Observers:   observers,
		Logger:      m.cfg.Logger,
		RateLimiter: m.limiter,
		// The silent-model notice is the engine's (OnModelWait); each front
		// end shows it its own way.
		ModelWaitNotice: wait,
	}, e.id, slices.Clone(e.history))
	e.agentKey = key
	return e.agent
}

// failEarly records a run that ended before its machine started: the model
// could not be resolved, or the run was cancelled while resolving. The
// engine ends it (Agent.EndNotStarted), with the session's observers, so
// the editor and the store see the same walk as for any other run.
func (m *Manager) failEarly(ctx context.Context, e *entry, h *Handle, r Request, started time.Time, cause error) (engine.Run, error) {
	observers := []engine.Observer{e.relay}
	if m.cfg.Store != nil {
		observers = append([]engine.Observer{m.checkpointerOf(e)}, observers...)
	}
	agent := engine.NewAgent(engine.AgentConfig{Observers: observers, Logger: m.log}, e.id, e.history)
	run, err := agent.EndNotStarted(ctx, engine.NotStarted{ID: h.id, Prompt: r.Prompt, Model: r.Model, StartedAt: started, Cause: cause})
	run, err = m.settle(e, h.id, run, err)
	m.log.Warn("run could not start", "run", h.id, "err", cause)
	return run, err
}

// readOnlyTools names the tools that change nothing, which a resumed run
// may run again when they were in flight as its daemon died.
func (m *Manager) readOnlyTools() []string {
	if m.cfg.Workspace == nil {
		return nil
	}
	var names []string
	for _, t := range m.cfg.Workspace.Tools(workspace.ModeReadOnly, command.Policy{}) {
		names = append(names, t.Spec().Name)
	}
	return names
}

// checkpointerOf returns the checkpointer of e's runs.
func (m *Manager) checkpointerOf(e *entry) *checkpointer {
	if e.cp == nil {
		e.cp = &checkpointer{store: m.cfg.Store, log: m.log}
	}
	return e.cp
}

// settle learns from the checkpointer what the run's writes left in the
// store. A run whose checkpoint was refused (another process wrote the
// session meanwhile) did not keep its turn, so it must not report
// completed; and the session's history is read again before its next run.
func (m *Manager) settle(e *entry, id machine.RunID, run engine.Run, err error) (engine.Run, error) {
	if m.cfg.Store == nil {
		return run, err
	}
	version, werr := m.checkpointerOf(e).take(id)
	if version > 0 {
		e.version = version
	}
	if !errors.Is(werr, store.ErrConflict) && !errors.Is(werr, store.ErrBusy) {
		// Another failure (a full disk) was logged; the history stays in
		// memory and the session's next checkpoint writes it whole.
		return run, err
	}
	e.version = -1
	if run.Outcome == machine.OutcomeCompleted {
		lerr := machine.Internal("the run completed but its turn could not be saved: " + werr.Error())
		run.Outcome, run.Error, run.Output = machine.OutcomeFailed, lerr, ""
		return run, lerr
	}
	return run, err
}

// editsOf lists the files a run's journal names, once each, in order, each
// with the tool call that first changed it.
func editsOf(entries []workspace.JournalEntry) []engine.Edit {
	edits := []engine.Edit{}
	seen := make(map[string]bool)
	for _, j := range entries {
		if seen[j.Path] {
			continue
		}
		seen[j.Path] = true
		edits = append(edits, engine.Edit{Path: j.Path, ToolID: j.CallID})
	}
	return edits
}

// Cancel cancels the run with that id; it reports whether one was in flight.
func (m *Manager) Cancel(run machine.RunID) bool {
	m.mu.Lock()
	h := m.runs[run]
	m.mu.Unlock()
	if h == nil {
		return false
	}
	h.Cancel()
	return true
}

// CancelAll cancels every run in flight and returns how many there were.
func (m *Manager) CancelAll() int {
	m.mu.Lock()
	hs := make([]*Handle, 0, len(m.runs))
	for _, h := range m.runs {
		hs = append(hs, h)
	}
	m.mu.Unlock()
	for _, h := range hs {
		h.Cancel()
	}
	return len(hs)
}

// Running lists the runs in flight.
func (m *Manager) Running() []machine.RunID {
	m.mu.Lock()
	defer m.mu.Unlock()
	ids := make([]machine.RunID, 0, len(m.runs))
	for id := range m.runs {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// Sessions lists the sessions, most recently updated first.
func (m *Manager) Sessions(ctx context.Context) ([]store.SessionSummary, error) {
	if m.cfg.Store != nil {
		return m.cfg.Store.Sessions(ctx)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]store.SessionSummary, 0, len(m.sessions))
	for _, e := range m.sessions {
		out = append(out, store.SessionSummary{ID: e.id, Title: e.title, Runs: len(e.runs), UpdatedAt: e.updated})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].UpdatedAt.After(out[j].UpdatedAt) })
	return out, nil
}

// Session returns one session's committed history and runs. An unknown id
// is ErrUnknownSession.
func (m *Manager) Session(ctx context.Context, id machine.SessionID) (store.SessionRecord, error) {
	if m.cfg.Store != nil {
		rec, err := m.cfg.Store.Session(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			return store.SessionRecord{}, fmt.Errorf("session %s: %w", id, ErrUnknownSession)
		}
		return rec, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	e := m.sessions[id]
	if e == nil {
		return store.SessionRecord{}, fmt.Errorf("session %s: %w", id, ErrUnknownSession)
	}
	return store.SessionRecord{ID: e.id, Title: e.title, History: slices.Clone(e.history),
		Runs: slices.Clone(e.runs), UpdatedAt: e.updated}, nil
}

// Close cancels every run and waits for them to end. It does not close the
// Store or the Workspace, which belong to the caller.
func (m *Manager) Close() error {
	m.mu.Lock()
	m.closed = true
	m.mu.Unlock()
	m.CancelAll()
	m.wg.Wait()
	return nil
}

// NewSessionID returns a fresh random session id, "ses_" and 16 hex
// digits: the one generator, used for a run without a session and by a
// front end that names a session before its first run (ACP's session/new).
func NewSessionID() machine.SessionID {
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms (it panics instead)
	return machine.SessionID("ses_" + hex.EncodeToString(b[:]))
}

// providerRates converts the rateLimit setting to the engine's paces.
func providerRates(limits map[string]config.RateLimit) map[string]engine.ProviderRate {
	rates := make(map[string]engine.ProviderRate, len(limits))
	for p, l := range limits {
		rates[p] = engine.ProviderRate{PerMinute: l.RequestsPerMinute, Burst: l.Burst}
	}
	return rates
}
