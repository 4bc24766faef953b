package rpc

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	"go.lsp.dev/uri"

	"github.com/loopls/loopls/config"
	"github.com/loopls/loopls/workspace"
)

// clientCaps are the client capabilities the daemon acts on.
type clientCaps struct {
	applyEdit        bool // workspace.applyEdit: edits go to the editor
	workDoneProgress bool // window.workDoneProgress: the server may create tokens
	showMessage      bool // window.showMessage: showMessageRequest can ask
	approvals        bool // experimental.loopls.approvals: loopls/approve can ask
	diagnostics      bool // experimental.loopls.diagnostics: loopls/diagnostics answers (diagnostics.go)
	// workspace.workspaceEdit.changeAnnotationSupport: edits annotated
	// needsConfirmation are shown to the user first (mode edit)
	changeAnnotations bool
}

// initializeParams is the part of InitializeParams the daemon reads. It is
// decoded leniently on purpose: a client's unusual capability must not make
// initialize fail.
type initializeParams struct {
	ProcessID        *int64  `json:"processId"`
	RootURI          *string `json:"rootUri"`
	RootPath         *string `json:"rootPath"`
	WorkspaceFolders []struct {
		URI string `json:"uri"`
	} `json:"workspaceFolders"`
	InitializationOptions json.RawMessage `json:"initializationOptions"`
	Capabilities          struct {
		Workspace struct {
			ApplyEdit     bool `json:"applyEdit"`
			WorkspaceEdit struct {
				ChangeAnnotationSupport json.RawMessage `json:"changeAnnotationSupport"`
			} `json:"workspaceEdit"`
		} `json:"workspace"`
		Window struct {
			WorkDoneProgress bool            `json:"workDoneProgress"`
			ShowMessage      json.RawMessage `json:"showMessage"`
		} `json:"window"`
		Experimental struct {
			Loopls struct {
				Approvals   bool            `json:"approvals"`
				Diagnostics json.RawMessage `json:"diagnostics"`
			} `json:"loopls"`
		} `json:"experimental"`
	} `json:"capabilities"`
	Trace string `json:"trace"`
}

// The workspace/executeCommand commands the daemon offers.
const (
	CommandRun    = "loopls.run"
	CommandFix    = "loopls.fix"
	CommandCancel = "loopls.cancel"
)

// Commands returns the commands the daemon offers, in a slice of the
// caller's own.
func Commands() []string { return []string{CommandRun, CommandFix, CommandCancel} }

// initialize answers at once: it opens the workspace, but contacts no model
// (models are resolved when a run starts) and opens no store (the first
// request that needs sessions does).
func (s *Server) initialize(ctx context.Context, params *json.RawMessage) (any, error) {
	var p initializeParams
	if err := decodeParams(params, &p); err != nil {
		return nil, err
	}
	root := rootOf(p)
	if s.opts.Root != "" {
		root = s.opts.Root
	}
	base, problems := s.baseSettings(root)
	if from, ok := s.setState(stateInitializing); !ok {
		msg := "initialize was already received"
		if from >= stateShuttingDown {
			msg = "the server is shutting down: only exit is accepted now"
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: msg}
	}
	caps := clientCaps{
		applyEdit:        p.Capabilities.Workspace.ApplyEdit,
		workDoneProgress: p.Capabilities.Window.WorkDoneProgress,
		showMessage:      len(p.Capabilities.Window.ShowMessage) > 0 && string(p.Capabilities.Window.ShowMessage) != "null",
		approvals:        p.Capabilities.Experimental.Loopls.Approvals,
		diagnostics:      diagnosticsCapable(p.Capabilities.Experimental.Loopls.Diagnostics),
		changeAnnotations: len(p.Capabilities.Workspace.WorkspaceEdit.ChangeAnnotationSupport) > 0 &&
			string(p.Capabilities.Workspace.WorkspaceEdit.ChangeAnnotationSupport) != "null",
	}
	settings, settingsErr := s.conf.initialize(caps, base, p.InitializationOptions, p.Trace)

	// Opening the workspace indexes the whole tree, which takes seconds in a
	// big repository; initialize answers at once and what needs the
	// workspace waits for it (documents.await). The open starts once the
	// answer is on its way: at initialized, which the client sends after
	// reading it, or at the first request that needs the workspace.
	// Started here, the index walk took the CPU the answer needed (0.6 ms
	// of ~5 on two cores).
	s.docs.prepare(func() (string, *workspace.Workspace, error) { return s.open(root) })
	for _, pr := range problems {
		s.showMessage(2, "loopls: settings: "+pr.Error())
	}
	if settingsErr != nil {
		s.showMessage(2, "loopls: initializationOptions: "+settingsErr.Error())
	}
	if p.ProcessID != nil && *p.ProcessID > 0 {
		go s.watchParent(int(*p.ProcessID))
	}
	s.log.Info("initialized", "root", root, "applyEdit", caps.applyEdit, "workDoneProgress", caps.workDoneProgress,
		"approvals", caps.approvals, "diagnostics", caps.diagnostics, "model", settings.Model)
	return initializeResult(s.version()), nil
}

// baseSettings are the settings below the editor's: the defaults, the user
// file, root's project file and the environment (docs/config.md), or
// Options.Settings when given. The project file is read through root's
// os.Root, so it cannot lead outside the workspace.
func (s *Server) baseSettings(root string) (config.Settings, []config.Problem) {
	if s.opts.Settings != nil {
		return *s.opts.Settings, nil
	}
	r, err := os.OpenRoot(root)
	if err != nil {
		r = nil // no workspace, no project file: open says why
	} else {
		defer r.Close()
	}
	src := config.Standard(r)
	if s.opts.UserFile != "" {
		src.UserFile = s.opts.UserFile
	}
	return src.Load()
}

// open opens the workspace and moves the server to stateRunning (unless
// shutdown came meanwhile); documents runs it once. A failure leaves the
// daemon serving: without a workspace runs get no tools. The store and the
// session manager open on first need (sessions_open.go).
func (s *Server) open(root string) (string, *workspace.Workspace, error) {
	log := s.log.With("root", root)
	wsOpts := workspace.Options{
		Approver: s,
		Logger:   log,
		Watch:    true,
	}
	caps := s.conf.caps()
	if caps.diagnostics {
		wsOpts.Diagnostics = s
	}
	switch {
	case caps.applyEdit && caps.changeAnnotations:
		wsOpts.Editor = workspace.NewReviewingLSPEditor(s.applyEdit)
	case caps.applyEdit:
		wsOpts.Editor = workspace.NewLSPEditor(s.applyEdit)
	}
	ws, err := workspace.Open(s.ctx, root, wsOpts)
	if err != nil {
		log.Warn("workspace not opened; runs get no tools", "err", err)
		s.showMessage(2, "loopls: cannot open the workspace "+root+": "+err.Error())
	} else {
		log.Debug("workspace ready")
	}
	s.setState(stateRunning)
	return root, ws, err
}

// initializeResult is the answer of SPEC §3.
func initializeResult(version string) map[string]any {
	return map[string]any{
		"capabilities": map[string]any{
			"positionEncoding": "utf-16",
			"textDocumentSync": map[string]any{
				"openClose": true,
				"change":    2, // incremental
				"save":      map[string]any{"includeText": false},
			},
			"codeActionProvider": map[string]any{
				"codeActionKinds": []string{"quickfix", "refactor.rewrite"},
			},
			"executeCommandProvider": map[string]any{"commands": Commands()},
			"experimental": map[string]any{
				// What the kernel enforces around run_command is not here:
				// finding it starts a confined child, which would double the
				// time to this answer. `loopls doctor` reports it, and the
				// first run_command finds it once (docs/security.md).
				"loopls": map[string]any{"run": true, "approvals": true},
			},
		},
		"serverInfo": map[string]any{"name": "loopls", "version": version},
	}
}

// rootOf picks the workspace root: the first workspace folder, else
// rootUri, else rootPath, else the current directory.
func rootOf(p initializeParams) string {
	candidates := []string{}
	if len(p.WorkspaceFolders) > 0 {
		candidates = append(candidates, p.WorkspaceFolders[0].URI)
	}
	if p.RootURI != nil {
		candidates = append(candidates, *p.RootURI)
	}
	for _, c := range candidates {
		if dir, ok := uriToPath(c); ok {
			return dir
		}
	}
	if p.RootPath != nil && *p.RootPath != "" {
		return filepath.Clean(*p.RootPath)
	}
	dir, err := os.Getwd()
	if err != nil {
		return "."
	}
	return dir
}

// uriToPath turns a file:// URI into a path of this system: on Windows a
// drive (file:///c%3A/src → c:\src) or a UNC share (file://server/share →
// \\server\share), as VS Code writes them.
func uriToPath(u string) (string, bool) { return uriToPathFor(u, hostPlatform) }

var hostPlatform = map[bool]uri.Platform{true: uri.PlatformWindows, false: uri.PlatformPOSIX}[runtime.GOOS == "windows"]

func uriToPathFor(u string, platform uri.Platform) (string, bool) {
	if !strings.HasPrefix(strings.ToLower(u), "file://") {
		return "", false
	}
	parsed, err := uri.Parse(u)
	if err != nil || parsed.Scheme() != "file" || parsed.Path() == "" {
		return "", false
	}
	return uri.FsPathFor(parsed, platform, true), true
}

// initialized starts the workspace's open: the client has the answer to
// initialize.
func (s *Server) initialized(*json.RawMessage) { s.docs.start() }

// shutdown cancels every run; the server then only waits for exit.
func (s *Server) shutdown(context.Context, *json.RawMessage) (any, error) {
	s.setState(stateShuttingDown)
	s.sess.cancel("")
	// Shutdown is where LSP has a server clean up; exit only ends it. The
	// kernel takes 8-40 ms to drop inotify watches, so they go now, while
	// the editor waits for this answer, not after exit.
	if ws, err := s.docs.current(); err == nil {
		if err := ws.StopWatching(); err != nil {
			s.log.Warn("releasing the file watches", "err", err)
		}
	}
	return nil, nil
}

// exitNotification ends the server: code 0 after shutdown, 1 without.
func (s *Server) exitNotification(*json.RawMessage) {
	if from, _ := s.setState(stateExited); from == stateShuttingDown {
		s.mu.Lock()
		s.exitCode = 0
		s.mu.Unlock()
	}
	// The reply to shutdown is queued; write it (and anything else queued)
	// before teardown closes the connection under it.
	s.out.flush(closeWait)
	s.exitOnce.Do(func() { close(s.exited) })
}

// setTrace records the trace level the client asked for.
func (s *Server) setTrace(params *json.RawMessage) {
	var p struct {
		Value string `json:"value"`
	}
	if decodeParams(params, &p) == nil {
		s.conf.setTrace(p.Value)
	}
}

// parentPoll is how often the editor process is checked.
const parentPoll = 500 * time.Millisecond

// watchParent ends the server when the editor process dies (LSP: "if the
// parent process is not alive then the server should exit").
func (s *Server) watchParent(pid int) {
	t := time.NewTicker(parentPoll)
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-t.C:
		}
		if processGone(pid) {
			s.log.Warn("the editor process is gone; exiting", "pid", pid)
			s.exitOnce.Do(func() { close(s.exited) })
			return
		}
	}
}

// teardown stops everything the server started and waits for it.
func (s *Server) teardown() {
	s.setState(stateExited)
	// The open may still be indexing: let it finish, then close it all; no
	// workspace, store or manager opens from now on.
	ws := s.docs.close()
	opened := s.sess.close()
	if opened.mgr != nil {
		opened.mgr.Close() // cancels every run and waits for them
	}
	s.stop() // cancels every request context, and jsonrpc2's read loop
	s.requestWG.Wait()
	s.runWG.Wait()
	s.mcp.Close() // every MCP server, with its process group
	// Drain before closing: the reply to shutdown (and a run's last
	// notifications) may still be queued when exit arrives right behind it.
	// The drain is bounded, so an editor that stopped reading cannot hold us.
	s.out.close()
	s.conn.Close()
	if ws != nil {
		if err := ws.Close(); err != nil {
			s.log.Warn("closing the workspace", "err", err)
		}
	}
	if opened.store != nil {
		if err := opened.store.Close(); err != nil {
			s.log.Warn("closing the store", "err", err)
		}
	}
}

// version is what initialize reports as serverInfo.version.
func (s *Server) version() string {
	if s.opts.Version == "" {
		return "dev"
	}
	return s.opts.Version
}
