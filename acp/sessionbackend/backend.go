// Package sessionbackend is the Backend of `loopls acp` over session.Manager:
// per workspace root it opens the same store, workspace and session manager
// as `loopls serve`, with the workspace's approvals and edits going through
// the ACP client's hooks.
package sessionbackend

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sync"

	"github.com/loopls/loopls/acp"
	"github.com/loopls/loopls/beneath"
	"github.com/loopls/loopls/config"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/mcp"
	"github.com/loopls/loopls/providers"
	"github.com/loopls/loopls/session"
	"github.com/loopls/loopls/store"
	"github.com/loopls/loopls/workspace"
)

// Options configure the backends that Opener opens.
type Options struct {
	// Settings returns the settings in force; required unless ForRoot is set.
	Settings func() config.Settings
	// ForRoot, when set, gives a workspace root's settings (its project
	// file is read through root) once, when the root opens; Settings is
	// then not used.
	ForRoot func(root *os.Root) config.Settings
	// StateDir holds the store's databases; "" is store.DefaultDir()
	// ($XDG_STATE_HOME/loopls).
	StateDir string
	// Resolve turns settings into models; nil is providers.Resolve.
	Resolve func(ctx context.Context, s config.Settings, override string) (providers.Resolved, error)
	// Logger receives diagnostics (stderr only); nil discards.
	Logger *slog.Logger
	// MCP gives runs the tools of MCP servers (the settings' and the
	// session's); nil offers none. It belongs to the caller.
	MCP *mcp.Hub
}

// Opener opens, per workspace root, the same machinery `loopls serve` uses:
// the root's store, a watched workspace whose approvals and edits go through
// the ACP client, and a session.Manager over both.
func Opener(o Options) acp.Opener {
	return func(ctx context.Context, root string, hooks acp.Hooks) (acp.Backend, error) {
		if o.Settings == nil && o.ForRoot == nil {
			return nil, errors.New("sessionbackend: Options.Settings or Options.ForRoot is required")
		}
		log := o.Logger
		if log == nil {
			log = slog.New(slog.DiscardHandler)
		}
		dir := o.StateDir
		if dir == "" {
			dir = store.DefaultDir()
		}
		b := &managerBackend{pending: make(map[machine.SessionID]bool), log: log}
		ok := false
		defer func() {
			if !ok {
				b.Close()
			}
		}()
		var err error
		if b.aliases, err = loadAliases(dir); err != nil {
			return nil, err
		}
		if b.store, err = store.Open(ctx, dir, root); err != nil {
			return nil, fmt.Errorf("open the session store for %s: %w", root, err)
		}
		if b.root, err = os.OpenRoot(root); err != nil {
			return nil, fmt.Errorf("open workspace %s: %w", root, err)
		}
		get := o.Settings
		if o.ForRoot != nil {
			rs := o.ForRoot(b.root)
			get = func() config.Settings { return rs }
		}
		if b.under, err = beneath.Open(root); err != nil {
			return nil, fmt.Errorf("open workspace %s: %w", root, err)
		}
		var ed workspace.Editor = workspace.NewDiskEditor(b.under)
		if hooks.Editor != nil {
			ed = hooks.Editor(ed)
		}
		b.ws, err = workspace.Open(ctx, root, workspace.Options{
			Editor: ed, Approver: hooks.Approver, Reader: hooks.Reader, Runner: hooks.Runner,
			Logger: log, Watch: true,
		})
		if err != nil {
			return nil, err
		}
		b.m, err = session.New(session.Config{Root: root, Store: b.store, Settings: get, Workspace: b.ws, Resolve: o.Resolve, Logger: log, MCP: o.MCP})
		if err != nil {
			return nil, err
		}
		ok = true
		return b, nil
	}
}

// managerBackend is an acp.Backend over session.Manager.
type managerBackend struct {
	m     *session.Manager
	store *store.Store
	ws    *workspace.Workspace
	root  *os.Root
	// under is the root the disk editor writes beneath (package beneath).
	under   *beneath.Root
	aliases *aliases
	log     *slog.Logger

	mu sync.Mutex
	// pending are sessions named by session/new that have not run yet; the
	// manager creates a session only when its first run starts.
	pending map[machine.SessionID]bool
}

func (b *managerBackend) NewSession(context.Context) (machine.SessionID, error) {
	id := session.NewSessionID()
	b.mu.Lock()
	b.pending[id] = true
	b.mu.Unlock()
	return id, nil
}

func (b *managerBackend) Start(ctx context.Context, req acp.RunRequest) (acp.RunHandle, error) {
	// acp.Mode is workspace.Mode: ask offers read-only tools; in edit mode
	// the ACP editor asks the client before each write.
	mode := req.Mode
	b.mu.Lock()
	fresh := b.pending[req.SessionID]
	b.mu.Unlock()
	// A fresh session is created under the id session/new gave the client,
	// so session/load finds it by that id as soon as the run's claim is
	// stored: a loopls killed at any later point leaves a session the next
	// one can load (and resume).
	sid, newID := b.aliases.get(req.SessionID), machine.SessionID("")
	if fresh {
		sid, newID = "", req.SessionID
	}
	h, err := b.m.Start(ctx, session.Request{
		SessionID: sid, NewSessionID: newID, RunID: req.RunID, Prompt: req.Prompt, Model: req.Model, Mode: mode, Observer: req.Observer,
		Context:    b.linkedContext(req.Links),
		MCPServers: req.MCPServers, OnNotice: req.Notice,
	})
	if err != nil {
		if errors.Is(err, session.ErrUnknownSession) {
			return nil, fmt.Errorf("%w: %v", acp.ErrUnknownSession, err)
		}
		return nil, err
	}
	if fresh {
		b.mu.Lock()
		delete(b.pending, req.SessionID)
		b.mu.Unlock()
	}
	return h, nil
}

// linkedContext attaches the linked files that can be read inside the
// workspace. A link elsewhere (outside the root, missing, binary) is not an
// error: ACP clients link what the user mentions, and the prompt still names
// it; only what the workspace's confinement lets through is attached.
func (b *managerBackend) linkedContext(links []string) []session.ContextRef {
	if b.ws == nil {
		return nil
	}
	var refs []session.ContextRef
	for _, u := range links {
		if len(refs) == session.MaxContextRefs {
			break
		}
		if _, _, _, err := b.ws.ReadDocument(u); err != nil {
			b.log.Debug("acp: linked file not attached", "uri", u, "err", err)
			continue
		}
		refs = append(refs, session.ContextRef{URI: u})
	}
	return refs
}

func (b *managerBackend) History(ctx context.Context, id machine.SessionID) ([]machine.Message, error) {
	b.mu.Lock()
	fresh := b.pending[id]
	b.mu.Unlock()
	if fresh {
		return nil, nil
	}
	rec, err := b.m.Session(ctx, b.aliases.get(id))
	if errors.Is(err, session.ErrUnknownSession) {
		return nil, fmt.Errorf("%w: %v", acp.ErrUnknownSession, err)
	}
	if err != nil {
		return nil, err
	}
	return rec.History, nil
}

func (b *managerBackend) Sessions(ctx context.Context) ([]acp.SessionSummary, error) {
	list, err := b.m.Sessions(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]acp.SessionSummary, 0, len(list))
	for _, s := range list {
		out = append(out, acp.SessionSummary{ID: b.aliases.acpID(s.ID), Title: s.Title, UpdatedAt: s.UpdatedAt})
	}
	return out, nil
}

func (b *managerBackend) Close() error {
	var errs []error
	if b.m != nil {
		errs = append(errs, b.m.Close())
	}
	if b.ws != nil {
		errs = append(errs, b.ws.Close())
	}
	if b.root != nil {
		errs = append(errs, b.root.Close())
	}
	if b.under != nil {
		errs = append(errs, b.under.Close())
	}
	if b.store != nil {
		errs = append(errs, b.store.Close())
	}
	return errors.Join(errs...)
}

var _ acp.Resumer = (*managerBackend)(nil)

// ResumableRun reads the store's mark of a resumable run, which holds only
// while the session has not run since the run stopped.
func (b *managerBackend) ResumableRun(ctx context.Context, id machine.SessionID) (machine.RunID, error) {
	b.mu.Lock()
	fresh := b.pending[id]
	b.mu.Unlock()
	if fresh {
		return "", nil
	}
	sid := b.aliases.get(id)
	list, err := b.m.Sessions(ctx)
	if err != nil {
		return "", err
	}
	for _, s := range list {
		if s.ID == sid {
			return s.ResumableRun, nil
		}
	}
	return "", nil
}

// Resume continues the run through session.Manager.Resume, the path
// loopls/resumeRun and `loopls run --resume` take.
func (b *managerBackend) Resume(ctx context.Context, req acp.ResumeRequest) (acp.RunHandle, []machine.Message, error) {
	h, err := b.m.Resume(ctx, session.ResumeRequest{RunID: req.RunID, Mode: req.Mode, Observer: req.Observer})
	if err != nil {
		return nil, nil, err
	}
	return h, h.Recorded(), nil
}
