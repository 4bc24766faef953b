package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/loopls/loopls/config"
	"github.com/loopls/loopls/mcp"
)

const mcpUsage = `Usage: loopls mcp list [--mcp-config FILE] [--json] [--root DIR]

Starts each configured MCP server, lists its state, its tools (as the model
sees them: mcp__<server>__<tool>) and its last error (with the tail of its
stderr), then stops them all. Servers come from --mcp-config, a JSON file
{"mcpServers": {"name": {"command", "args", "env"} | {"url", "headers"}},
"allowedTools": [...]} (see docs/mcp.md). Stdio servers run in DIR (default
the current directory).

Exit status: 0 when every server started, 1 otherwise, 2 usage.

Flags:
`

// maxMCPConfig bounds the --mcp-config file.
const maxMCPConfig = 1 << 20

// applyMCPConfig applies the mcpServers and allowedTools of file (if any)
// to s. The file is the user's own choice on the command line, so it may
// add servers (a project's .loopls.json may not).
func applyMCPConfig(s *config.Settings, file string) error {
	if file == "" {
		return nil
	}
	f, err := os.Open(file)
	if err != nil {
		return fmt.Errorf("--mcp-config: %w", err)
	}
	defer f.Close()
	raw, err := io.ReadAll(io.LimitReader(f, maxMCPConfig+1))
	if err != nil {
		return fmt.Errorf("--mcp-config: %w", err)
	}
	if len(raw) > maxMCPConfig {
		return fmt.Errorf("--mcp-config: %s is over %d bytes", file, maxMCPConfig)
	}
	var only struct {
		MCPServers   json.RawMessage `json:"mcpServers"`
		AllowedTools json.RawMessage `json:"allowedTools"`
	}
	if err := json.Unmarshal(raw, &only); err != nil {
		return fmt.Errorf("--mcp-config: %s is not a JSON object: %w", file, err)
	}
	part := map[string]json.RawMessage{}
	if only.MCPServers != nil {
		part["mcpServers"] = only.MCPServers
	}
	if only.AllowedTools != nil {
		part["allowedTools"] = only.AllowedTools
	}
	b, _ := json.Marshal(part)
	if err := s.Apply(b); err != nil {
		return fmt.Errorf("--mcp-config %s: %w", file, err)
	}
	return nil
}

// cmdMCP implements 'loopls mcp list'.
func cmdMCP(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "list" {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
			fmt.Fprint(stdout, mcpUsage)
			return 0
		}
		fmt.Fprint(stderr, "loopls mcp: want a subcommand: list\n\n"+mcpUsage)
		return exitUsage
	}
	fs := flag.NewFlagSet("mcp list", flag.ContinueOnError)
	file := fs.String("mcp-config", "", "read MCP servers from `FILE`")
	asJSON := fs.Bool("json", false, "print the servers as JSON (the loopls/mcpServers result)")
	root := fs.String("root", "", "directory stdio servers run in (default the current directory)")
	pos, code, ok := parseFlags(fs, args[1:], mcpUsage, stdout, stderr)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		fmt.Fprintf(stderr, "loopls mcp list: unexpected argument %q\n", pos[0])
		return exitUsage
	}
	// The user file and the environment, as run and acp read them (a project
	// file may not name servers).
	settings, _ := loadSettings("", nil, nil, stderr, "mcp list")
	if err := applyMCPConfig(&settings, *file); err != nil {
		fmt.Fprintf(stderr, "loopls mcp list: %v\n", err)
		return exitUsage
	}
	dir := *root
	if dir == "" {
		dir = "."
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		fmt.Fprintf(stderr, "loopls mcp list: --root: %v\n", err)
		return exitUsage
	}
	hub := mcp.NewHub(mcp.Options{Logger: slog.New(slog.DiscardHandler), Version: releaseVersion()})
	defer hub.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	hub.Tools(ctx, mcp.Want{Dir: dir, Settings: settings.MCPServers})
	servers := hub.Status(settings.MCPServers)
	code = 0
	for _, s := range servers {
		if s.State != mcp.StateRunning {
			code = exitFailed
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(map[string]any{"servers": servers})
		return code
	}
	if len(servers) == 0 {
		fmt.Fprintln(stdout, "no MCP servers configured (see --mcp-config and docs/mcp.md)")
		return 0
	}
	for _, s := range servers {
		where := s.Command
		if s.Transport == "http" {
			where = s.URL
		}
		fmt.Fprintf(stdout, "%s  %s  %s %s\n", s.Name, s.State, s.Transport, where)
		for _, t := range s.Tools {
			ro := ""
			if t.ReadOnly {
				ro = " (says read-only)"
			}
			fmt.Fprintf(stdout, "  %s%s\n", t.Name, ro)
		}
		for _, d := range s.Dropped {
			fmt.Fprintf(stdout, "  not offered: %s\n", d)
		}
		if s.LastError != "" {
			fmt.Fprintf(stdout, "  last error: %s\n", strings.ReplaceAll(s.LastError, "\n", "\n    "))
		}
	}
	return code
}
