package acp

import (
	"strings"
	"testing"

	sdk "github.com/coder/acp-go-sdk"
)

func TestMCPServersFromTheClient(t *testing.T) {
	in := []sdk.McpServer{
		{Stdio: &sdk.McpServerStdio{Name: "my server", Command: "npx", Args: []string{"-y", "x"}, Env: []sdk.EnvVariable{{Name: "A", Value: "1"}}}},
		{Http: &sdk.McpServerHttpInline{Name: "remote", Type: "http", Url: "https://mcp.example.com/mcp", Headers: []sdk.HttpHeader{{Name: "Authorization", Value: "Bearer t"}}}},
		{Sse: &sdk.McpServerSseInline{Name: "old", Type: "sse", Url: "https://x/sse"}},
		{Stdio: &sdk.McpServerStdio{Name: "my/server", Command: "other"}},
		{Http: &sdk.McpServerHttpInline{Name: "bad", Type: "http", Url: "file:///etc/passwd"}},
	}
	got, warnings := mcpServers(in)
	if s := got["my-server"]; s.Command != "npx" || len(s.Args) != 2 || s.Env["A"] != "1" {
		t.Errorf("my-server = %+v", s)
	}
	if r := got["remote"]; r.URL != "https://mcp.example.com/mcp" || r.Headers["Authorization"] != "Bearer t" {
		t.Errorf("remote = %+v", r)
	}
	if len(got) != 2 {
		t.Errorf("servers = %+v, want my-server and remote only", got)
	}
	joined := strings.Join(warnings, "\n")
	for _, want := range []string{`"old": the SSE transport is not supported`, `"my/server": another server has the name "my-server"`, `"bad"`} {
		if !strings.Contains(joined, want) {
			t.Errorf("warnings lack %q:\n%s", want, joined)
		}
	}
}
