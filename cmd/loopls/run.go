package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/loopls/loopls/config"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/mcp"
	"github.com/loopls/loopls/redact"
	"github.com/loopls/loopls/session"
	"github.com/loopls/loopls/store"
	"github.com/loopls/loopls/workspace"
)

const runUsage = `Usage: loopls run [flags] PROMPT
       loopls run [flags] --resume RUN_ID

Runs one agent loop in a directory against the configured model and prints
the answer on stdout. Live transitions and a progress line (state, turn,
tokens, elapsed time) go to stderr. Ctrl-C cancels the run cleanly; files
are written atomically, so nothing is left half-written.

Settings come, lowest first, from the user file
($XDG_CONFIG_HOME/loopls/config.json), the project file (.loopls.json at
--root), the environment (LOOPLS_MODEL, OLLAMA_HOST, LOOPLS_MAX_TURNS, …),
then --set and the flags (docs/config.md). With no model set, the first
tool-capable model of the local Ollama is used. The run is recorded
in the workspace's session store ($XDG_STATE_HOME/loopls). PROMPT may be
several words; "-" reads it from stdin. --resume continues a run that a
killed loopls left resumable (loopls/session shows "resumable": true),
from its last checkpoint, under the same run id.

Exit status: 0 completed, 3 max turns exceeded, 4 context exceeded,
130 cancelled, 1 any other failure, 2 usage.

Flags:
`

// Exit codes of loopls run (SPEC §7).
const (
	exitCompleted       = 0
	exitFailed          = 1
	exitUsage           = 2
	exitMaxTurns        = 3
	exitContextExceeded = 4
	exitCancelled       = 130
)

// exitCode maps a run's outcome to the process exit code.
func exitCode(o machine.OutcomeName) int {
	switch o {
	case machine.OutcomeCompleted:
		return exitCompleted
	case machine.OutcomeMaxTurnsExceeded:
		return exitMaxTurns
	case machine.OutcomeContextExceeded:
		return exitContextExceeded
	case machine.OutcomeCancelled:
		return exitCancelled
	default:
		return exitFailed
	}
}

// runFlags are the parsed arguments of loopls run.
type runFlags struct {
	model         string
	maxTurns      int
	root          string
	json          bool
	trace         string
	session       string
	cont          bool
	allowCommands bool
	mcpConfig     string
	sets          setFlags
	mode          string
	context       contextFlags
	resume        string
	prompt        string
}

func parseRunFlags(args []string, stdin io.Reader, stdout, stderr io.Writer) (runFlags, int, bool) {
	var f runFlags
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.StringVar(&f.model, "model", "", "model to use, e.g. ollama:qwen2.5-coder:7b, openai:gpt-4.1-mini, anthropic:claude-sonnet-4-5 (default $LOOPLS_MODEL)")
	fs.IntVar(&f.maxTurns, "max-turns", 0, "stop after this many model turns (default from settings: 200)")
	fs.StringVar(&f.root, "root", "", "workspace directory the tools act on (default the current directory)")
	fs.BoolVar(&f.json, "json", false, "stream JSON lines on stdout instead of the answer: each transition, delta and tool call as it happens, in the shapes of the loopls/transition, loopls/delta and loopls/toolCall notifications, with \"type\"; the last line is the Run record (\"type\":\"run\")")
	fs.StringVar(&f.trace, "trace", "", "write the run's transitions to `FILE` as JSON lines (see loopls trace)")
	fs.StringVar(&f.session, "session", "", "continue the session with this `ID` (its committed history is the context)")
	fs.BoolVar(&f.cont, "continue", false, "continue this workspace's most recent session")
	fs.BoolVar(&f.allowCommands, "allow-commands", false, "offer run_command to the model (commands run without asking)")
	fs.StringVar(&f.mcpConfig, "mcp-config", "", "read MCP servers from `FILE`: {\"mcpServers\": {...}, \"allowedTools\": [...]} (docs/mcp.md)")
	fs.Var(&f.sets, "set", setUsage)
	fs.StringVar(&f.mode, "mode", "", "ask (read-only tools), edit (edits need a yes; none can be given here, so they are refused) or auto (default: the mode setting, else auto)")
	fs.Var(&f.context, "context", "attach `FILE[:L1-L2]` to the prompt, labelled with its path and lines (repeatable; inside --root)")
	fs.StringVar(&f.resume, "resume", "", "resume the interrupted run `RUN_ID` from its last checkpoint (no PROMPT)")
	pos, code, ok := parseFlags(fs, args, runUsage, stdout, stderr)
	if !ok {
		return f, code, false
	}
	if f.maxTurns < 0 {
		fmt.Fprintf(stderr, "loopls run: --max-turns must be 0 or more, got %d\n", f.maxTurns)
		return f, exitUsage, false
	}
	f.prompt = strings.TrimSpace(strings.Join(pos, " "))
	if f.prompt == "-" {
		b, err := io.ReadAll(stdin)
		if err != nil {
			fmt.Fprintf(stderr, "loopls run: read the prompt from stdin: %v\n", err)
			return f, exitFailed, false
		}
		f.prompt = strings.TrimSpace(string(b))
	}
	if _, err := workspace.ParseMode(f.mode); err != nil {
		fmt.Fprintf(stderr, "loopls run: --mode: %v\n", err)
		return f, exitUsage, false
	}
	if f.cont && f.session != "" {
		fmt.Fprintln(stderr, "loopls run: --continue and --session both name a session: pass one")
		return f, exitUsage, false
	}
	if f.resume != "" {
		if f.prompt != "" || f.cont || f.session != "" || f.model != "" {
			fmt.Fprintln(stderr, "loopls run: --resume continues a run with its own prompt, session and model: pass no PROMPT, --session, --continue or --model")
			return f, exitUsage, false
		}
		return f, 0, true
	}
	if f.prompt == "" {
		fmt.Fprint(stderr, "loopls run: missing PROMPT, e.g. loopls run \"explain this repository\"\n\n")
		printUsage(stderr, fs, runUsage)
		return f, exitUsage, false
	}
	return f, 0, true
}

// cmdRun implements 'loopls run': one headless run through the same session
// manager the daemon uses, recorded in the same store.
func cmdRun(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	f, code, ok := parseRunFlags(args, stdin, stdout, stderr)
	if !ok {
		return code
	}
	// Errors only: what a run's failure means is printed by the view, once.
	log := slog.New(redact.NewHandler(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelError})))
	// The answer and --json events are scrubbed too (each write is whole:
	// streamed text is scrubbed across deltas by the engine).
	stdout = redact.NewWriter(stdout)
	ctx := context.Background()

	root := f.root
	if root == "" {
		root = "."
	}
	root, err := filepath.Abs(root)
	if err != nil {
		fmt.Fprintf(stderr, "loopls run: --root: %v\n", err)
		return exitUsage
	}
	settings, err := loadSettings(root, f.sets, func(s *config.Settings) {
		if f.allowCommands {
			s.AllowCommands = true
		}
	}, stderr, "run")
	if err != nil {
		fmt.Fprintf(stderr, "loopls run: %v\n", err)
		return exitUsage
	}
	if err := applyMCPConfig(&settings, f.mcpConfig); err != nil {
		fmt.Fprintf(stderr, "loopls run: %v\n", err)
		return exitUsage
	}
	// The MCP servers a run needs start with it and stop, with their
	// process groups, when loopls run ends (after the manager's runs).
	hub := mcp.NewHub(mcp.Options{Logger: log, Version: releaseVersion()})
	defer hub.Close()

	// The store opens (SQLite, its synced commits) while the workspace
	// opens: neither needs the other, and both come before the first
	// model request. Only for a root that exists: a bad --root must leave
	// no trace in the state directory.
	type opened struct {
		st  *store.Store
		err error
	}
	var stOpened chan opened
	openStore := func() {
		stOpened = make(chan opened, 1)
		go func() {
			st, err := store.Open(ctx, store.DefaultDir(), root)
			stOpened <- opened{st, err}
		}()
	}
	if fi, err := os.Stat(root); err == nil && fi.IsDir() {
		openStore()
	}
	ws, err := workspace.Open(ctx, root, workspace.Options{Logger: log})
	if err != nil {
		if stOpened != nil {
			if o := <-stOpened; o.st != nil {
				o.st.Close()
			}
		}
		fmt.Fprintf(stderr, "loopls run: %v (pass an existing directory with --root)\n", err)
		return exitFailed
	}
	if stOpened == nil {
		openStore()
	}
	defer ws.Close()

	// A run that cannot be recorded is still worth running: say so and go on.
	o := <-stOpened
	st, err := o.st, o.err
	if err != nil {
		fmt.Fprintf(stderr, "loopls run: warning: this run will not be recorded: %v\n", err)
		st = nil
	} else {
		defer st.Close()
	}

	var traceW io.WriteCloser
	if f.trace != "" {
		tf, err := os.Create(f.trace)
		if err != nil {
			fmt.Fprintf(stderr, "loopls run: --trace: %v\n", err)
			return exitFailed
		}
		// A trace line is one write: scrub each before it reaches the file.
		traceW = redact.NewWriter(tf)
		defer tf.Close()
	}

	view := newRunView(stdout, stderr, f.json, traceW)
	if f.cont {
		id, err := latestSession(ctx, st)
		if err != nil {
			fmt.Fprintf(stderr, "loopls run: --continue: %v\n", err)
			return exitFailed
		}
		if id == "" {
			view.notice("no session to continue in this workspace: starting a new one")
		}
		f.session = string(id)
	}
	cfg := session.Config{
		Root:      root,
		Settings:  func() config.Settings { return settings },
		Workspace: ws,
		Logger:    log,
		OnNotice:  func(_ machine.RunID, notice string) { view.notice(notice) },
		MCP:       hub,
	}
	if st != nil {
		cfg.Store = st
	}
	mgr, err := session.New(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "loopls run: %v\n", err)
		return exitFailed
	}
	defer mgr.Close()

	// Signals are caught before the run starts so a Ctrl-C at any moment
	// cancels the machine instead of killing the process mid-write.
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)

	mode := f.mode // a run's own mode, else the mode setting
	if mode == "" {
		mode = settings.Mode
	}
	var h *session.Handle
	if f.resume != "" {
		if st == nil {
			fmt.Fprintln(stderr, "loopls run: --resume: the session store could not be opened (see the warning above)")
			return exitFailed
		}
		h, err = mgr.Resume(ctx, session.ResumeRequest{RunID: machine.RunID(f.resume), MaxTurns: f.maxTurns, Mode: workspace.Mode(mode), Observer: view})
	} else {
		h, err = mgr.Start(ctx, session.Request{
			SessionID: machine.SessionID(f.session),
			Prompt:    f.prompt,
			Model:     f.model,
			MaxTurns:  f.maxTurns,
			Mode:      workspace.Mode(mode),
			Context:   f.context,
			Observer:  view,
		})
	}
	if err != nil {
		fmt.Fprintf(stderr, "loopls run: %v\n", err)
		if errors.Is(err, session.ErrUnknownSession) || errors.Is(err, session.ErrBadContext) || errors.Is(err, session.ErrUnknownRun) {
			return exitUsage
		}
		return exitFailed
	}
	view.setSession(h.SessionID())
	view.begin()

	cancelled := false
	for {
		select {
		case <-h.Done():
			run, _ := h.Wait()
			return view.finish(run)
		case <-sigs:
			if cancelled {
				// A second Ctrl-C does not wait for the run to wind down,
				// not even for the deferred closes. The store's WAL stays
				// consistent, and the next open records the run as stopped.
				view.stop()
				fmt.Fprintln(stderr, "loopls run: interrupted again: exiting without waiting")
				os.Exit(exitCancelled)
			}
			cancelled = true
			view.notice("cancelling… (Ctrl-C again to exit at once)")
			h.Cancel()
		}
	}
}

// latestSession is the most recently updated session of the store, "" when
// there is none.
func latestSession(ctx context.Context, st *store.Store) (machine.SessionID, error) {
	if st == nil {
		return "", errors.New("the session store could not be opened (see the warning above)")
	}
	list, err := st.Sessions(ctx)
	if err != nil || len(list) == 0 {
		return "", err
	}
	return list[0].ID, nil
}
