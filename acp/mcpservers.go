package acp

import (
	"fmt"
	"strings"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/loopls/loopls/config"
)

// mcpServers turns the MCP servers an ACP client sends in session/new and
// session/load into loopls's configuration. Names are made fit for tool
// names (mcp__<server>__<tool>): other characters become '-'. Servers loopls
// cannot run (SSE, or ACP-provided) and duplicate names are skipped, and
// each skip is a warning.
func mcpServers(in []sdk.McpServer) (map[string]config.MCPServer, []string) {
	out := make(map[string]config.MCPServer)
	var warnings []string
	for _, s := range in {
		var name string
		var cfg config.MCPServer
		switch {
		case s.Stdio != nil:
			name = s.Stdio.Name
			cfg = config.MCPServer{Command: s.Stdio.Command, Args: s.Stdio.Args}
			if len(s.Stdio.Env) > 0 {
				cfg.Env = make(map[string]string, len(s.Stdio.Env))
				for _, e := range s.Stdio.Env {
					cfg.Env[e.Name] = e.Value
				}
			}
		case s.Http != nil:
			name = s.Http.Name
			cfg = config.MCPServer{URL: s.Http.Url}
			if len(s.Http.Headers) > 0 {
				cfg.Headers = make(map[string]string, len(s.Http.Headers))
				for _, h := range s.Http.Headers {
					cfg.Headers[h.Name] = h.Value
				}
			}
		case s.Sse != nil:
			warnings = append(warnings, fmt.Sprintf("MCP server %q: the SSE transport is not supported (use streamable HTTP)", s.Sse.Name))
			continue
		default:
			warnings = append(warnings, "an MCP server of a transport loopls does not support was skipped")
			continue
		}
		key := mcpName(name)
		if _, dup := out[key]; dup {
			warnings = append(warnings, fmt.Sprintf("MCP server %q: another server has the name %q; skipped", name, key))
			continue
		}
		if err := cfg.Validate(key); err != nil {
			warnings = append(warnings, err.Error())
			continue
		}
		out[key] = cfg
	}
	return out, warnings
}

// mcpName makes a client's server name fit config.ValidMCPServerName.
func mcpName(name string) string {
	b := []byte(name)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			b[i] = '-'
		}
	}
	s := string(b)
	if len(s) > 32 {
		s = s[:32]
	}
	return strings.Trim(s, "_")
}
