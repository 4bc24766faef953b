// Command loopls is the agent-loop daemon editors start over stdio, and a
// one-shot runner for the terminal.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/loopls/loopls/redact"
)

const usage = `loopls — agent loops for editors, local-first on Ollama

Usage:
  loopls [serve] [--stdio]     serve the LSP-framed JSON-RPC protocol on stdin/stdout
  loopls run [flags] PROMPT    run one agent loop in a directory and print the answer
  loopls models [--json]       list the models the configured providers offer
  loopls bench [flags]         run the coding-task suite against models and grade them (docs/bench.md)
  loopls trace --mermaid FILE  draw a run's transitions (from run --trace) as a mermaid diagram
  loopls acp                   serve the Agent Client Protocol on stdin/stdout
  loopls mcp list              start the configured MCP servers and list their state and tools
  loopls doctor [--json]       say what the kernel enforces around run_command on this machine
  loopls version, --version    print the version

Run 'loopls COMMAND --help' for a command's flags. Settings: docs/config.md.
NO_COLOR and TERM=dumb are honoured.
`

func main() {
	// Children (run_command) must not read the daemon's keys from
	// /proc/PPID/environ. Best effort: see docs/security.md.
	_ = redact.HideEnviron()
	os.Exit(dispatch(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// dispatch picks the command; it returns the process exit code.
func dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && (args[0] == "--help" || args[0] == "-h" || args[0] == "-help") {
		fmt.Fprint(stdout, usage)
		return 0
	}
	// Nothing the process prints to stderr carries a secret.
	stderr = redact.NewWriter(stderr)
	if len(args) > 0 && (args[0] == "--version" || args[0] == "-version") {
		return cmdVersion(args[1:], stdout, stderr)
	}
	cmd := "serve"
	if len(args) > 0 && (args[0] == "" || args[0][0] != '-') {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve":
		return cmdServe(args, stdin, stdout, stderr)
	case "run":
		return cmdRun(args, stdin, stdout, stderr)
	case "models":
		return cmdModels(args, stdout, stderr)
	case "bench":
		return cmdBench(args, stdout, stderr)
	case "trace":
		return cmdTrace(args, stdout, stderr)
	case "acp":
		return cmdACP(args, stdin, stdout, stderr)
	case "mcp":
		return cmdMCP(args, stdout, stderr)
	case "doctor":
		return cmdDoctor(args, stdout, stderr)
	case "version":
		return cmdVersion(args, stdout, stderr)
	case "help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "loopls: unknown command %q\n\n%s", cmd, usage)
		return 2
	}
}
