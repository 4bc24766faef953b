package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"text/tabwriter"

	"github.com/loopls/loopls/config"
	"github.com/loopls/loopls/providers"
)

const modelsUsage = `Usage: loopls models [--json]

Lists the models the configured providers offer, with their context window,
whether they can call tools (a model without tools cannot run an agent
loop), and the window a run would use and why (for Ollama, num_ctx: the
model's window, or less when the KV cache would not fit in free memory; the
contextWindow setting overrides it). The local Ollama (OLLAMA_HOST, default 127.0.0.1:11434) is always
asked; an OpenAI-compatible server when OPENAI_API_KEY or OPENAI_BASE_URL is
set; Anthropic when ANTHROPIC_API_KEY is set. Put a MODEL string in the
"model" setting, LOOPLS_MODEL or loopls run --model.

Exit status: 0 listed, 1 a provider could not be reached (what could be
listed is still printed), 2 usage.

Flags:
`

// cmdModels prints the models of the configured providers.
func cmdModels(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("models", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print a JSON array of {model, contextWindow, tools, window, windowReason}")
	host := fs.String("host", "", "the Ollama host (default: OLLAMA_HOST, else 127.0.0.1:11434)")
	pos, code, ok := parseFlags(fs, args, modelsUsage, stdout, stderr)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		fmt.Fprintf(stderr, "loopls models: unexpected argument %q\n\n", pos[0])
		printUsage(stderr, fs, modelsUsage)
		return 2
	}
	s, _ := loadSettings("", nil, func(s *config.Settings) {
		if *host != "" {
			s.OllamaHost = *host
		}
	}, stderr, "models")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	models, err := providers.List(ctx, s)
	if *asJSON {
		if models == nil {
			models = []providers.ModelInfo{}
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(models)
	} else if len(models) > 0 || err == nil {
		writeModelTable(stdout, models)
		if len(models) == 0 {
			fmt.Fprintln(stderr, "loopls models: no models yet: run `ollama pull qwen2.5-coder`")
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "loopls models: %v\n", err)
		return 1
	}
	return 0
}

// writeModelTable prints MODEL / CONTEXT / TOOLS / WINDOW, aligned; WINDOW
// is the window a run would use and why.
func writeModelTable(w io.Writer, models []providers.ModelInfo) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "MODEL\tCONTEXT\tTOOLS\tWINDOW")
	for _, m := range models {
		window := "-"
		if m.ContextWindow > 0 {
			window = strconv.Itoa(m.ContextWindow)
		}
		tools := "no"
		if m.Tools {
			tools = "yes"
		}
		uses := m.WindowReason
		switch {
		case uses == "" && m.Window > 0:
			uses = strconv.Itoa(m.Window)
		case uses == "":
			uses = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", m.Model, window, tools, uses)
	}
	_ = tw.Flush()
}
