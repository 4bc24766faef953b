// Package config holds loopls's settings and where they come from. The same
// keys (keys.go) are read, lowest to highest, from the built-in defaults, the
// user file, the project file, the environment, the editor's settings or the
// command line's flags; a run's own parameters come last (docs/config.md).
package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
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
	// CommandEnvKeep, CommandEnvDrop and CommandEnvAllow are the user's
	// word on the environment run_command's programs start with: names
	// kept though a secret pattern drops them, names dropped, and (opt-in)
	// the only names passed. No project file sets them.
	CommandEnvKeep  []string `json:"commandEnvKeep,omitempty"`
	CommandEnvDrop  []string `json:"commandEnvDrop,omitempty"`
	CommandEnvAllow []string `json:"commandEnvAllow,omitempty"`
	OllamaHost      string   `json:"ollamaHost,omitempty"`
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
	// ModelWaitNotice is how many seconds a model call may stay silent
	// before the user is told what the run waits for (once per call); 0
	// takes the default (engine.DefaultModelWaitNotice, 10 s).
	ModelWaitNotice int `json:"modelWaitNotice,omitempty"`
	// DiagnosticsAfterEdit has every edit's result list the errors the
	// edit added, when the editor can report diagnostics (default true).
	DiagnosticsAfterEdit *bool `json:"diagnosticsAfterEdit,omitempty"`
	// FixRetries is how many more times a fix run that is still failing is
	// given the problems that remain (default DefaultFixRetries).
	FixRetries *int `json:"fixRetries,omitempty"`
}

// DefaultFixRetries is fixRetries when no source sets it.
const DefaultFixRetries = 2

// MaxFixRetries bounds fixRetries.
const MaxFixRetries = 10

// DiagnosticsAfterEditOn reports the effective diagnosticsAfterEdit.
func (s Settings) DiagnosticsAfterEditOn() bool {
	return s.DiagnosticsAfterEdit == nil || *s.DiagnosticsAfterEdit
}

// FixRetriesOf reports the effective fixRetries.
func (s Settings) FixRetriesOf() int {
	if s.FixRetries == nil {
		return DefaultFixRetries
	}
	return *s.FixRetries
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

// FromEnv returns Default with the environment applied, and no file: what
// tools that must not read files use. API keys are read by the adapters
// themselves and never stored here, so they cannot reach a log or the store.
// A variable with a bad value is skipped.
func FromEnv() Settings {
	s, _ := Sources{Getenv: osGetenv}.Load()
	return s
}

// FieldError names the setting that was wrong.
type FieldError struct {
	Field string
	Err   error
}

func (e *FieldError) Error() string { return fmt.Sprintf("setting %q: %v", e.Field, e.Err) }
func (e *FieldError) Unwrap() error { return e.Err }

// Apply merges raw into s: what an editor sends (initializationOptions,
// workspace/didChangeConfiguration) and the layer of command-line flags.
// raw is {"loopls": {...}} or the bare object; fields it does not mention,
// null ones and unknown ones keep their value (editors send whole sections,
// and null for what the user left unset). On error s is unchanged: a change
// applies whole or not at all.
func (s *Settings) Apply(raw json.RawMessage) error {
	obj, err := settingsObject(raw)
	if err != nil {
		return &FieldError{Field: "loopls", Err: err}
	}
	next := *s
	for _, k := range Keys {
		v, ok := obj[k.Name]
		if !ok || isNull(v) {
			continue
		}
		if err := setKey(&next, k, v); err != nil {
			return &FieldError{Field: k.Name, Err: err}
		}
	}
	*s = next
	return nil
}

// settingsObject reads raw as a JSON object, unwrapping {"loopls": {...}};
// empty input and null are the empty object.
func settingsObject(raw json.RawMessage) (map[string]json.RawMessage, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || isNull(raw) {
		return nil, nil
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		return nil, fmt.Errorf("settings must be a JSON object")
	}
	if inner, ok := obj["loopls"]; ok {
		obj = nil
		if err := json.Unmarshal(inner, &obj); err != nil {
			return nil, fmt.Errorf(`"loopls" must be a JSON object`)
		}
	}
	return obj, nil
}

func isNull(v json.RawMessage) bool { return bytes.Equal(bytes.TrimSpace(v), []byte("null")) }

// ValueError is a value a key does not take: it says what was expected.
type ValueError struct {
	Expect string
	Got    string // the value as written, shortened
	Reason string // why a well-typed value is refused, "" for a wrong type
}

func (e *ValueError) Error() string {
	msg := "expected " + e.Expect + ", got " + e.Got
	if e.Reason != "" {
		msg += " (" + e.Reason + ")"
	}
	return msg
}

// setKey applies v to s through k, turning a failure into a ValueError.
func setKey(s *Settings, k Key, v json.RawMessage) error {
	next := *s
	if err := k.Set(&next, v); err != nil {
		ve := &ValueError{Expect: k.Expect, Got: shorten(v)}
		// A key's own account of what is wrong is kept; a bare decoding
		// error or a plain range check says no more than Expect.
		switch err.(type) {
		case *json.UnmarshalTypeError, *json.SyntaxError:
		default:
			if !errors.Is(err, errBadValue) {
				ve.Reason = err.Error()
			}
		}
		return ve
	}
	*s = next
	return nil
}

// shorten renders a JSON value for a message, at most 40 bytes of it.
func shorten(v json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, v) != nil {
		b.Reset()
		b.Write(bytes.TrimSpace(v))
	}
	const max = 40
	if b.Len() > max {
		return string(b.Bytes()[:max]) + "…"
	}
	return b.String()
}

// AutoCompactOn reports the effective autoCompact value (default true).
func (s Settings) AutoCompactOn() bool { return s.AutoCompact == nil || *s.AutoCompact }
