package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/loopls/loopls/acp"
	"github.com/loopls/loopls/acp/sessionbackend"
	"github.com/loopls/loopls/command"
	"github.com/loopls/loopls/config"
	"github.com/loopls/loopls/localmodels"
	"github.com/loopls/loopls/mcp"
	"github.com/loopls/loopls/providers"
	"github.com/loopls/loopls/redact"
	"github.com/loopls/loopls/workspace"
)

const acpUsage = `Usage: loopls acp [--model M] [--mode MODE] [--max-turns N] [--context-window N] [--allow-commands] [--set KEY=VALUE]

Serve the Agent Client Protocol (version 1, newline-delimited JSON-RPC) on
stdin/stdout, for editors that start agents: Zed, JetBrains, CodeCompanion,
avante, agent-shell. Logs go to stderr. Each session/prompt is one run of
loopls's engine on the session's cwd; sessions persist under
$XDG_STATE_HOME/loopls and come back with session/load.

Settings come, lowest first, from the user file
($XDG_CONFIG_HOME/loopls/config.json), the project file (.loopls.json at
the session's cwd), the environment (LOOPLS_MODEL, OLLAMA_HOST, …; API
keys from OPENAI_API_KEY, ANTHROPIC_API_KEY), then --set and these flags
(docs/config.md); the client switches model and mode (ask, edit, auto) per
session.

Flags:
`

// cmdACP serves ACP until the client closes stdin or a signal arrives.
func cmdACP(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("acp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	model := fs.String("model", "", "model for runs, as provider:name (default: $LOOPLS_MODEL, else the first tool-capable local model)")
	maxTurns := fs.Int("max-turns", 0, "turn cap per prompt (default 200)")
	contextWindow := fs.Int("context-window", 0, "context window in tokens (default: what the model reports)")
	allowCommands := fs.Bool("allow-commands", false, "offer run_command even when the client cannot be asked")
	var sets setFlags
	fs.Var(&sets, "set", setUsage)
	modeFlag := fs.String("mode", "", "a new session's mode: ask, edit or auto (default: the mode setting, else edit); the client switches it per session")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), acpUsage)
		fs.PrintDefaults()
	}
	for _, a := range args {
		if a == "-h" || a == "-help" || a == "--help" {
			// Asked-for help goes to stdout; stdout carries ACP only once serving.
			fs.SetOutput(stdout)
		}
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "loopls acp: unexpected argument %q\n", fs.Arg(0))
		fs.Usage()
		return 2
	}
	flagsOver := func(s *config.Settings) {
		if *model != "" {
			s.Model = *model
		}
		if *maxTurns > 0 {
			s.MaxTurns = *maxTurns
		}
		if *contextWindow > 0 {
			s.ContextWindow = *contextWindow
		}
		if *allowCommands {
			s.AllowCommands = true
		}
		if *modeFlag != "" {
			s.Mode = *modeFlag
		}
	}
	// The settings without a project file: the default model's label and
	// the model list. Each session's cwd adds its own project file.
	if _, err := workspace.ParseMode(*modeFlag); err != nil {
		fmt.Fprintf(stderr, "loopls acp: --mode: %v\n", err)
		return 2
	}
	settings, err := loadSettings("", sets, flagsOver, stderr, "acp")
	if err != nil {
		fmt.Fprintf(stderr, "loopls acp: %v\n", err)
		return 2
	}
	var mode acp.Mode
	if settings.Mode != "" {
		mode, _ = workspace.ParseMode(settings.Mode) // checked by config
	}
	log := slog.New(redact.NewHandler(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelInfo})))
	command.SweepLayers(log)
	forRoot := func(root *os.Root) config.Settings {
		s, problems := config.Standard(root).Load()
		for _, p := range problems {
			log.Warn("settings: " + p.Error())
		}
		for _, a := range sets {
			_ = s.Set(a) // checked above
		}
		flagsOver(&s)
		return s
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// The MCP servers (the client's, per session) live as long as this
	// process and stop, with their process groups, when it ends.
	hub := mcp.NewHub(mcp.Options{Logger: log, Version: releaseVersion()})
	defer hub.Close()
	err = acp.Serve(ctx, stdin, stdout, acp.Config{
		Open:    sessionbackend.Opener(sessionbackend.Options{ForRoot: forRoot, Logger: log, MCP: hub}),
		Model:   func() string { return settings.Model },
		Models:  func(ctx context.Context) ([]string, error) { return toolModels(ctx, settings.OllamaHost) },
		Mode:    mode,
		Version: releaseVersion(),
		Logger:  log,
		WarmUp:  func(ctx context.Context) error { return providers.Warm(ctx, settings) },
	})
	if err != nil {
		fmt.Fprintf(stderr, "loopls acp: %v\n", err)
		return 1
	}
	return 0
}

// toolModels lists the local models that can run a loop (call tools).
func toolModels(ctx context.Context, host string) ([]string, error) {
	infos, err := localmodels.ListOllama(ctx, host)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, m := range infos {
		if m.Tools {
			out = append(out, m.Model)
		}
	}
	return out, nil
}
