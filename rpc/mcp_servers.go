package rpc

import (
	"context"
	"encoding/json"

	"github.com/loopls/loopls/mcp"
)

// mcpServersResult is the answer of loopls/mcpServers.
type mcpServersResult struct {
	Servers []mcp.ServerStatus `json:"servers"`
}

// mcpServers lists the MCP servers: those runs have started, with their
// state, tools and last error, and those configured that no run has needed
// yet (state "idle"). It starts nothing.
func (s *Server) mcpServers(_ context.Context, _ *json.RawMessage) (any, error) {
	return mcpServersResult{Servers: s.mcp.Status(s.currentSettings().MCPServers)}, nil
}
