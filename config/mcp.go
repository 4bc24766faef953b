package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"regexp"
	"slices"
	"sync"
)

// MCPServer is one Model Context Protocol server the user configured, in the
// shape Claude Code and Zed use: a program to run over stdio (Command, Args,
// Env) or a streamable HTTP endpoint (URL, Headers).
type MCPServer struct {
	// Type is optional: "stdio" or "http" ("streamable-http" is accepted as
	// "http"); it must agree with the fields given.
	Type    string            `json:"type,omitempty"`
	Command string            `json:"command,omitempty"`
	Args    []string          `json:"args,omitempty"`
	Env     map[string]string `json:"env,omitempty"`
	URL     string            `json:"url,omitempty"`
	Headers map[string]string `json:"headers,omitempty"`
}

// Stdio reports whether the server is a program run over stdio.
func (s MCPServer) Stdio() bool { return s.Command != "" }

// Equal reports whether two configurations start the same server.
func (s MCPServer) Equal(o MCPServer) bool {
	return s.Command == o.Command && s.URL == o.URL && slices.Equal(s.Args, o.Args) &&
		maps.Equal(s.Env, o.Env) && maps.Equal(s.Headers, o.Headers)
}

// ErrBadMCPServer reports an mcpServers entry that cannot be started.
var ErrBadMCPServer = errors.New("invalid MCP server")

// mcpServerName is what a server may be called: its name becomes part of
// tool names (mcp__<server>__<tool>), which model APIs restrict to
// [A-Za-z0-9_-]{1,64}.
var mcpServerName = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[A-Za-z0-9-]([A-Za-z0-9_-]{0,30}[A-Za-z0-9-])?$`)
})

// ValidMCPServerName reports whether name may name an MCP server: 1 to 32
// letters, digits, '-' and '_', not starting or ending with '_' (so the
// "__" separators of tool names stay unambiguous).
func ValidMCPServerName(name string) bool { return mcpServerName().MatchString(name) }

// Validate checks one server entry.
func (s MCPServer) Validate(name string) error {
	if !ValidMCPServerName(name) {
		return fmt.Errorf("%w %q: a name is 1-32 letters, digits, '-' or '_' (not at either end)", ErrBadMCPServer, name)
	}
	switch {
	case s.Command != "" && s.URL != "":
		return fmt.Errorf("%w %q: give either command (stdio) or url (HTTP), not both", ErrBadMCPServer, name)
	case s.Command == "" && s.URL == "":
		return fmt.Errorf("%w %q: give command (stdio) or url (HTTP)", ErrBadMCPServer, name)
	}
	switch s.Type {
	case "":
	case "stdio":
		if s.Command == "" {
			return fmt.Errorf("%w %q: type stdio needs a command", ErrBadMCPServer, name)
		}
	case "http", "streamable-http", "streamableHttp":
		if s.URL == "" {
			return fmt.Errorf("%w %q: type %s needs a url", ErrBadMCPServer, name, s.Type)
		}
	default:
		return fmt.Errorf("%w %q: type %q is not supported (stdio or http)", ErrBadMCPServer, name, s.Type)
	}
	if s.URL != "" {
		u, err := url.Parse(s.URL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("%w %q: url must be an http:// or https:// URL", ErrBadMCPServer, name)
		}
		if len(s.Args) > 0 || len(s.Env) > 0 {
			return fmt.Errorf("%w %q: args and env belong to a command, not a url", ErrBadMCPServer, name)
		}
	}
	if s.Command != "" && len(s.Headers) > 0 {
		return fmt.Errorf("%w %q: headers belong to a url, not a command", ErrBadMCPServer, name)
	}
	return nil
}

// parseMCPServers decodes and validates an mcpServers object.
func parseMCPServers(raw json.RawMessage) (map[string]MCPServer, error) {
	var servers map[string]MCPServer
	// Unknown fields are ignored: Zed and Claude Code add their own
	// ("source", "enabled", "timeout").
	if err := json.Unmarshal(raw, &servers); err != nil {
		return nil, fmt.Errorf("must be an object of servers, each {command, args, env} or {url, headers}: %w", err)
	}
	for name, s := range servers {
		if err := s.Validate(name); err != nil {
			return nil, err
		}
	}
	return servers, nil
}
