// Package config holds loopls's settings: what the editor sends in
// initializationOptions and workspace/didChangeConfiguration, what the command
// line takes, and the environment variables that override neither.
package config

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
)

// Settings are the user's choices for runs. The JSON names are the protocol's
// (SPEC §3).
type Settings struct {
	Model            string   `json:"model,omitempty"`
	FallbackModels   []string `json:"fallbackModels,omitempty"`
	MaxTurns         int      `json:"maxTurns,omitempty"`
	ContextWindow    int      `json:"contextWindow,omitempty"`
	CompactThreshold int      `json:"compactThreshold,omitempty"`
	AutoCompact      *bool    `json:"autoCompact,omitempty"`
	AllowCommands    bool     `json:"allowCommands,omitempty"`
	AllowedCommands  []string `json:"allowedCommands,omitempty"`
	OllamaHost       string   `json:"ollamaHost,omitempty"`
	// Approval is what to answer when the editor can be asked nothing:
	// "deny" (default) refuses commands and writes that need approval.
	Approval string `json:"approval,omitempty"`
	// Mode is the runs' mode when a run names none: "ask" (read-only
	// tools), "edit" (each edit waits for the user), "auto" (default).
	Mode string `json:"mode,omitempty"`
	// MCPServers are the Model Context Protocol servers whose tools runs
	// are offered (docs/mcp.md). A project file may not set it.
	MCPServers map[string]MCPServer `json:"mcpServers,omitempty"`
	// AllowedTools are tool names (mcp__<server>__<tool>) that run
	// without asking the user.
	AllowedTools []string `json:"allowedTools,omitempty"`
	// RateLimit paces model requests per provider ("ollama", "openai",
	// "anthropic"); a provider not named is not paced. Concurrent runs on one
	// provider share its pace.
	RateLimit map[string]RateLimit `json:"rateLimit,omitempty"`
}

// RateLimit is one provider's pace: RequestsPerMinute on average, in bursts
// of at most Burst (default 1). 0 requests per minute means no limit.
type RateLimit struct {
	RequestsPerMinute int `json:"requestsPerMinute"`
	Burst             int `json:"burst,omitempty"`
}

// rateLimitProviders are the providers a rateLimit may name.
var rateLimitProviders = []string{"ollama", "openai", "anthropic"}

func parseRateLimit(v json.RawMessage) (map[string]RateLimit, error) {
	var m map[string]RateLimit
	dec := json.NewDecoder(bytes.NewReader(v))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return nil, err
	}
	for p, l := range m {
		if !slices.Contains(rateLimitProviders, p) {
			return nil, fmt.Errorf("unknown provider %q (one of %v)", p, rateLimitProviders)
		}
		if l.RequestsPerMinute < 0 || l.Burst < 0 {
			return nil, fmt.Errorf("%s: requestsPerMinute and burst must be 0 or more", p)
		}
	}
	return m, nil
}

// Defaults of SPEC §3.
const (
	DefaultMaxTurns         = 200
	DefaultCompactThreshold = 80
)

// Default returns the settings before anything is applied.
func Default() Settings {
	t := true
	return Settings{MaxTurns: DefaultMaxTurns, CompactThreshold: DefaultCompactThreshold, AutoCompact: &t}
}

// FromEnv returns Default with the environment applied: LOOPLS_MODEL and
// OLLAMA_HOST. API keys are read by the adapters themselves and never stored
// here, so they cannot reach a log or the store.
func FromEnv() Settings {
	s := Default()
	if m := os.Getenv("LOOPLS_MODEL"); m != "" {
		s.Model = m
	}
	if h := os.Getenv("OLLAMA_HOST"); h != "" {
		s.OllamaHost = h
	}
	return s
}

// FieldError names the setting that was wrong.
type FieldError struct {
	Field string
	Err   error
}

func (e *FieldError) Error() string { return fmt.Sprintf("setting %q: %v", e.Field, e.Err) }
func (e *FieldError) Unwrap() error { return e.Err }

// Apply merges raw into s. raw is {"loopls": {...}} or the bare object; fields
// it does not mention keep their value. On error s is unchanged.
func (s *Settings) Apply(raw json.RawMessage) error {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return nil
	}
	var wrapper map[string]json.RawMessage
	if err := json.Unmarshal(raw, &wrapper); err != nil {
		return &FieldError{Field: "loopls", Err: fmt.Errorf("settings must be a JSON object: %w", err)}
	}
	if inner, ok := wrapper["loopls"]; ok {
		if err := json.Unmarshal(inner, &wrapper); err != nil {
			return &FieldError{Field: "loopls", Err: fmt.Errorf("must be a JSON object: %w", err)}
		}
	}
	next := *s
	for name, v := range wrapper {
		if bytes.Equal(bytes.TrimSpace(v), []byte("null")) {
			continue // editors send null for a setting the user left unset
		}
		var err error
		switch name {
		case "model":
			err = json.Unmarshal(v, &next.Model)
		case "fallbackModels":
			err = json.Unmarshal(v, &next.FallbackModels)
		case "maxTurns":
			err = json.Unmarshal(v, &next.MaxTurns)
			if err == nil && next.MaxTurns < 0 {
				err = fmt.Errorf("must be 0 or more")
			}
		case "contextWindow":
			err = json.Unmarshal(v, &next.ContextWindow)
			if err == nil && next.ContextWindow < 0 {
				err = fmt.Errorf("must be 0 or more")
			}
		case "compactThreshold":
			err = json.Unmarshal(v, &next.CompactThreshold)
			if err == nil && (next.CompactThreshold < 0 || next.CompactThreshold > 100) {
				err = fmt.Errorf("must be between 0 and 100")
			}
		case "autoCompact":
			var b bool
			err = json.Unmarshal(v, &b)
			next.AutoCompact = &b
		case "allowCommands":
			err = json.Unmarshal(v, &next.AllowCommands)
		case "allowedCommands":
			err = json.Unmarshal(v, &next.AllowedCommands)
		case "ollamaHost":
			err = json.Unmarshal(v, &next.OllamaHost)
		case "approval":
			err = json.Unmarshal(v, &next.Approval)
		case "mode":
			err = json.Unmarshal(v, &next.Mode)
			if err == nil && next.Mode != "" && next.Mode != "ask" && next.Mode != "edit" && next.Mode != "auto" {
				err = fmt.Errorf("must be \"ask\", \"edit\" or \"auto\", not %q", next.Mode)
			}
		case "mcpServers":
			next.MCPServers, err = parseMCPServers(v)
		case "allowedTools":
			err = json.Unmarshal(v, &next.AllowedTools)
		case "rateLimit":
			next.RateLimit, err = parseRateLimit(v)
		default:
			continue // unknown settings are ignored, as editors send whole sections
		}
		if err != nil {
			return &FieldError{Field: name, Err: err}
		}
	}
	*s = next
	return nil
}

// AutoCompactOn reports the effective autoCompact value (default true).
func (s Settings) AutoCompactOn() bool { return s.AutoCompact == nil || *s.AutoCompact }
