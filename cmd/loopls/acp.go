package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/loopls/loopls/acp"
	"github.com/loopls/loopls/acp/sessionbackend"
	"github.com/loopls/loopls/config"
	"github.com/loopls/loopls/localmodels"
	"github.com/loopls/loopls/mcp"
	"github.com/loopls/loopls/redact"
)

const acpUsage = `Usage: loopls acp [--model M] [--max-turns N] [--context-window N] [--allow-commands]

Serve the Agent Client Protocol (version 1, newline-delimited JSON-RPC) on
stdin/stdout, for editors that start agents: Zed, JetBrains, CodeCompanion,
avante, agent-shell. Logs go to stderr. Each session/prompt is one run of
loopls's engine on the session's cwd; sessions persist under
$XDG_STATE_HOME/loopls and come back with session/load.

Settings come from the environment (LOOPLS_MODEL, OLLAMA_HOST,
OPENAI_API_KEY, OPENAI_BASE_URL, ANTHROPIC_API_KEY) and these flags; the
client switches model and mode (ask, edit, auto) per session.

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
	settings := config.FromEnv()
	if *model != "" {
		settings.Model = *model
	}
	if *maxTurns > 0 {
		settings.MaxTurns = *maxTurns
	}
	if *contextWindow > 0 {
		settings.ContextWindow = *contextWindow
	}
	if *allowCommands {
		settings.AllowCommands = true
	}
	log := slog.New(redact.NewHandler(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelInfo})))

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	get := func() config.Settings { return settings }
	// The MCP servers (the client's, per session) live as long as this
	// process and stop, with their process groups, when it ends.
	hub := mcp.NewHub(mcp.Options{Logger: log, Version: acpAgentVersion()})
	defer hub.Close()
	err := acp.Serve(ctx, stdin, stdout, acp.Config{
		Open:    sessionbackend.Opener(sessionbackend.Options{Settings: get, Logger: log, MCP: hub}),
		Model:   func() string { return settings.Model },
		Models:  func(ctx context.Context) ([]string, error) { return toolModels(ctx, settings.OllamaHost) },
		Version: acpAgentVersion(),
		Logger:  log,
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

// acpAgentVersion is the module version the binary was built from, for
// initialize's agentInfo.
func acpAgentVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "dev"
}
