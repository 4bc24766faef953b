package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/loopls/loopls/command"
	"github.com/loopls/loopls/redact"
	"github.com/loopls/loopls/rpc"
)

const serveUsage = `Usage: loopls [serve] [--stdio] [--log-level LEVEL]

Serve the loopls protocol (JSON-RPC 2.0 with LSP framing) on stdin/stdout:
what an editor starts. stdout carries only framed messages; logs go to stderr.

Settings come from the editor (initializationOptions and
workspace/didChangeConfiguration) over these environment variables:
LOOPLS_MODEL, OLLAMA_HOST, OPENAI_API_KEY, OPENAI_BASE_URL, ANTHROPIC_API_KEY.
Sessions are kept under $XDG_STATE_HOME/loopls.

Flags:
`

// cmdServe serves the daemon protocol on stdin/stdout.
func cmdServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Bool("stdio", true, "serve on stdin/stdout (the default and only transport)")
	level := fs.String("log-level", envOr("LOOPLS_LOG", "info"), "stderr log level: debug, info, warn or error (env LOOPLS_LOG)")
	fs.Usage = func() {
		fmt.Fprint(stderr, serveUsage)
		fs.PrintDefaults()
	}
	for _, a := range args {
		if a == "--help" || a == "-h" || a == "-help" {
			fmt.Fprint(stdout, serveUsage)
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return 0
		}
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "loopls serve: unexpected argument %q\n", fs.Arg(0))
		fs.Usage()
		return 2
	}
	var lvl slog.Level
	if err := lvl.UnmarshalText([]byte(*level)); err != nil {
		fmt.Fprintf(stderr, "loopls serve: --log-level %q: use debug, info, warn or error\n", *level)
		return 2
	}
	log := slog.New(redact.NewHandler(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: lvl})))
	slog.SetDefault(log)
	command.SweepLayers(log)

	// SIGTERM/SIGINT end the daemon like a lost connection: runs are
	// cancelled and recorded before it exits.
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	return rpc.Serve(ctx, stdin, stdout, rpc.Options{Logger: log, Version: releaseVersion()})
}

func envOr(name, def string) string {
	if v := strings.TrimSpace(os.Getenv(name)); v != "" {
		return v
	}
	return def
}
