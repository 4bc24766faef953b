package workspace

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/loopls/loopls/beneath"
	"github.com/loopls/loopls/command"
	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/rootpath"
)

// Options configure a Workspace.
type Options struct {
	// Editor is where edits go; nil means a DiskEditor on the root (atomic
	// temp file + rename, permissions kept).
	Editor Editor
	// Approver is asked before run_command runs a part that is not on the
	// allow list; nil means the policy alone decides (deny).
	Approver Approver
	// Logger receives warnings (watch limits, unreadable files); nil discards.
	Logger *slog.Logger
	// ApproveTools names tools (besides run_command, which has its own
	// per-part policy) that ask the Approver before every call — the tools
	// "the settings mark" (SPEC §3.3). Without an Approver they are refused.
	ApproveTools []string
	// Watch keeps the file index current with fsnotify. Without it every
	// Files call walks the tree afresh, which suits one-shot runs.
	Watch bool
	// Reader, when set, is asked for a file's text before the disk by
	// read_file and by the read that edit_file and write_file do before an
	// edit (after open LSP documents, which still come first). grep, glob
	// and list_dir keep reading the disk and the index.
	Reader Reader
	// Runner, when set, runs run_command's approved commands (an editor's
	// terminal); nil, or a Runner that declines, runs them locally.
	Runner Runner
	// Diagnostics, when set, is the editor's diagnostics: the diagnostics
	// tool is offered and edits can be checked (RunOptions.CheckEdits).
	// nil (an editor that cannot answer, the command line, ACP) offers
	// neither and asks nothing.
	Diagnostics DiagnosticsSource
}

// Workspace is one root directory and everything the agent may do in it.
// It is safe for concurrent use.
type Workspace struct {
	root *os.Root
	// under is the same root for what the daemon writes: operations that
	// follow no link a command left (package beneath, target.go).
	under *beneath.Root
	// escapeErr is the error os.Root reports for a path that escapes it. It
	// is not exported by package os, so Open provokes it once and keeps it
	// to recognise escapes with errors.Is rather than by message.
	escapeErr error
	rootAbs   string // the root as given, absolute and clean
	rootReal  string // the root with symlinks resolved
	log       *slog.Logger
	editor    Editor
	approver  Approver
	reader    Reader
	runner    Runner
	// diagnostics is the editor's diagnostics, nil when it has none to give;
	// baselines are each run's edited files' problems before its edits.
	diagnostics DiagnosticsSource
	baselines   baselines
	// approveTools are the tool names that ask before every call.
	approveTools []string

	overlays *overlays
	index    *index
	journal  *journal
	// ign is the git-ignore check of the line being journaled (ignRun's;
	// journal_line.go), guarded by ignMu: an ignoreCheck is not safe for
	// concurrent use.
	ignMu  sync.Mutex
	ign    *ignoreCheck
	ignRun machine.RunID
	// protectedScan is what the last scan for protected paths around a
	// confined command saw (command.ProtectedScan).
	protectedScan command.ProtectedScan
	// lineWatch is the watcher the layered lines of run_command share,
	// started at the first one (command.Watch).
	lineWatch command.Watch

	mu sync.Mutex
	// The user's "always" answers, for the life of the workspace: exact
	// command parts (not names — allowing "rm -rf build" always must not
	// allow every rm).
	alwaysAllowed  map[string]bool
	alwaysRejected map[string]bool

	closeOnce sync.Once
	closeErr  error
}

// ErrNotDirectory reports a workspace root that is not a directory.
var ErrNotDirectory = errors.New("workspace root is not a directory")

// Open opens root as a workspace. With opts.Watch it builds the file index
// and keeps it current until Close.
func Open(ctx context.Context, root string, opts Options) (*Workspace, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("workspace root %q: %w", root, err)
	}
	resolved, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, fmt.Errorf("workspace root %q: %w", root, err)
	}
	fi, err := os.Stat(resolved)
	if err != nil {
		return nil, fmt.Errorf("workspace root %q: %w", root, err)
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("workspace root %q: %w", root, ErrNotDirectory)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	r, err := os.OpenRoot(resolved)
	if err != nil {
		return nil, fmt.Errorf("workspace root %q: %w", root, err)
	}
	under, err := beneath.Open(resolved)
	if err != nil {
		r.Close()
		return nil, fmt.Errorf("workspace root %q: %w", root, err)
	}
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	w := &Workspace{
		root:           r,
		under:          under,
		rootAbs:        abs,
		rootReal:       resolved,
		log:            log,
		editor:         opts.Editor,
		approver:       opts.Approver,
		reader:         opts.Reader,
		runner:         opts.Runner,
		diagnostics:    opts.Diagnostics,
		approveTools:   slices.Clone(opts.ApproveTools),
		overlays:       newOverlays(),
		journal:        newJournal(),
		alwaysAllowed:  make(map[string]bool),
		alwaysRejected: make(map[string]bool),
	}
	w.escapeErr = rootpath.EscapeErr(r)
	if w.editor == nil {
		w.editor = NewDiskEditor(under)
	}
	w.index = newIndex(r, resolved, log)
	if opts.Watch {
		if err := w.index.start(ctx); err != nil {
			r.Close()
			under.Close()
			return nil, fmt.Errorf("workspace root %q: index: %w", root, err)
		}
	}
	return w, nil
}

// StopWatching stops keeping the file index current and releases its
// file system watches (and those of run_command's watcher: later lines
// find conflicts by change time alone), waiting until the kernel has dropped them; Files then
// walks the tree. A daemon calls it at LSP shutdown, so that the kernel's
// slow release of inotify watches happens there and exit is quick. Close
// does it too; either may come first.
func (w *Workspace) StopWatching() error {
	return errors.Join(w.index.close(), w.lineWatch.Close())
}

// Close stops the index watcher and releases the root.
func (w *Workspace) Close() error {
	w.closeOnce.Do(func() {
		w.closeErr = errors.Join(w.index.close(), w.lineWatch.Close(), w.root.Close(), w.under.Close())
	})
	return w.closeErr
}

// Root returns the workspace root as an absolute path (symlinks resolved).
func (w *Workspace) Root() string { return w.rootReal }

// Files returns the indexed files: slash-separated paths relative to the
// root, sorted, without .git/ and .gitignored paths.
func (w *Workspace) Files() []string { return slices.Clone(w.index.files()) }

// Tools returns the tools offered in mode to one run, with that run's
// command policy: read_file, list_dir, glob and
// grep always; edit_file and write_file unless the mode is read-only;
// run_command only when commands are allowed or an Approver can be asked.
//
// In ModeEdit every edit must be confirmed by the user before it lands:
// when the Editor confirms edits itself (ConfirmingEditor: an LSP editor's
// review of a needsConfirmation edit, an ACP client's permission request) each FileEdit goes
// to it with Confirm set; otherwise edit_file and write_file ask the
// Approver before every call, and are refused when no one can be asked.
func (w *Workspace) Tools(mode Mode, policy command.Policy) []engine.Tool {
	return w.ToolsWith(mode, policy, RunOptions{CheckEdits: true})
}

// RunOptions are what one run's tools follow besides the mode and the
// command policy, read from the settings at the run's start.
type RunOptions struct {
	// CheckEdits: when the editor can report diagnostics, every edit's
	// result also lists the errors the edit added to the file (the
	// diagnosticsAfterEdit setting).
	CheckEdits bool
	// Fix: the run is a fix whose end is checked (FixCheck); each file's
	// diagnostics are taken before the run's first edit of it, even when
	// CheckEdits is off, so the check knows what the run added.
	Fix bool
}

// ToolsWith is Tools with the run's options. The diagnostics tool is offered
// (in every mode: it changes nothing) when the editor can report
// diagnostics.
func (w *Workspace) ToolsWith(mode Mode, policy command.Policy, opts RunOptions) []engine.Tool {
	policy.Allowed = slices.Clone(policy.Allowed)
	tools := []engine.Tool{
		&readFileTool{w: w},
		&listDirTool{w: w},
		&globTool{w: w},
		&grepTool{w: w},
	}
	if w.diagnostics != nil {
		tools = append(tools, &diagnosticsTool{w: w})
	}
	check := editChecks{report: opts.CheckEdits && w.diagnostics != nil, baseline: opts.Fix && w.diagnostics != nil}
	if !mode.ReadOnly() {
		confirm := mode.Confirms()
		editorConfirms := confirm && editorConfirms(w.editor)
		edit, write := engine.Tool(&editFileTool{w: w, confirm: editorConfirms, check: check}), engine.Tool(&writeFileTool{w: w, confirm: editorConfirms, check: check})
		if confirm && !editorConfirms {
			edit, write = &approvedTool{Tool: edit, w: w}, &approvedTool{Tool: write, w: w}
		}
		tools = append(tools, edit, write)
		if policy.AllowCommands || canAsk(w.approver) {
			policy.ConfirmWrites = confirm
			tools = append(tools, &runCommandTool{w: w, policy: policy})
		}
	}
	for i, t := range tools {
		if _, asks := t.(*approvedTool); asks {
			continue
		}
		if name := t.Spec().Name; name != ToolRunCommand && slices.Contains(w.approveTools, name) {
			tools[i] = &approvedTool{Tool: t, w: w}
		}
	}
	return tools
}
