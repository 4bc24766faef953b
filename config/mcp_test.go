package config

import (
	"errors"
	"strings"
	"testing"
)

func TestMCPServersSetting(t *testing.T) {
	s := Default()
	err := s.Apply([]byte(`{"loopls": {
		"mcpServers": {
			"everything": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-everything"], "env": {"A": "1"}, "source": "custom"},
			"remote": {"type": "http", "url": "https://mcp.example.com/mcp", "headers": {"Authorization": "Bearer x"}}
		},
		"allowedTools": ["mcp__everything__echo"]}}`))
	if err != nil {
		t.Fatal(err)
	}
	if e := s.MCPServers["everything"]; e.Command != "npx" || len(e.Args) != 2 || e.Env["A"] != "1" || !e.Stdio() {
		t.Fatalf("everything = %+v", e)
	}
	if r := s.MCPServers["remote"]; r.URL != "https://mcp.example.com/mcp" || r.Headers["Authorization"] != "Bearer x" || r.Stdio() {
		t.Fatalf("remote = %+v", r)
	}
	if len(s.AllowedTools) != 1 || s.AllowedTools[0] != "mcp__everything__echo" {
		t.Fatalf("allowedTools = %v", s.AllowedTools)
	}
}

func TestMCPServersRejectsWhatCannotStart(t *testing.T) {
	for _, tc := range []struct{ name, raw, want string }{
		{"both", `{"a": {"command": "x", "url": "http://h/"}}`, "not both"},
		{"neither", `{"a": {"args": ["x"]}}`, "give command"},
		{"bad name", `{"a b": {"command": "x"}}`, "a name is"},
		{"separator", `{"a__": {"command": "x"}}`, "a name is"},
		{"file url", `{"a": {"url": "file:///etc/passwd"}}`, "http:// or https://"},
		{"sse", `{"a": {"type": "sse", "url": "http://h/"}}`, "not supported"},
		{"headers on a command", `{"a": {"command": "x", "headers": {"A": "b"}}}`, "headers belong"},
		{"not an object", `["x"]`, "expected an object of servers"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := Default()
			err := s.Apply([]byte(`{"mcpServers": ` + tc.raw + `}`))
			var fe *FieldError
			if !errors.As(err, &fe) || fe.Field != "mcpServers" || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want a mcpServers error with %q", err, tc.want)
			}
			if s.MCPServers != nil {
				t.Fatalf("settings changed: %+v", s.MCPServers)
			}
		})
	}
}
