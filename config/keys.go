package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Key is one setting: its name (the same in every source), what a value
// must be, whether a project file may set it, and how it lands in Settings.
//
// To add a setting, add a field to Settings and one entry to Keys. A new key
// is not settable from a project file until someone decides it is safe
// (Project: true): the repository is not trusted.
type Key struct {
	// Name is the JSON name in files, initializationOptions and
	// didChangeConfiguration (SPEC §3).
	Name string
	// Expect says what a value must be, for the message of a bad one:
	// "a whole number, 0 or more".
	Expect string
	// Env is the environment variable that sets it ("" derives
	// LOOPLS_<NAME IN SNAKE CASE>).
	Env string
	// Project reports whether .loopls.json, which comes with the
	// repository, may set it. Never true for what widens permissions or
	// sends traffic elsewhere: commands, approvals, hosts, URLs, keys,
	// servers, tools.
	Project bool
	// ProjectCheck, when set, further limits what a project file may set
	// (a project may name a local model, not a remote provider).
	ProjectCheck func(json.RawMessage) error
	// Set decodes v into s; an error says what was wrong with the value.
	Set func(s *Settings, v json.RawMessage) error
}

// EnvName is the environment variable of the key.
func (k Key) EnvName() string {
	if k.Env != "" {
		return k.Env
	}
	var b strings.Builder
	b.WriteString("LOOPLS_")
	for i, r := range k.Name {
		if r >= 'A' && r <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			b.WriteRune(r)
			continue
		}
		b.WriteString(strings.ToUpper(string(r)))
	}
	return b.String()
}

// Keys are every setting loopls reads, in the order they apply.
var Keys = []Key{
	{Name: "model", Expect: `a model string such as "ollama:qwen2.5-coder"`, Env: "LOOPLS_MODEL",
		Project: true, ProjectCheck: localModel,
		Set: field(func(s *Settings) *string { return &s.Model }, nil)},
	{Name: "fallbackModels", Expect: `a list of model strings`,
		Project: true, ProjectCheck: localModels,
		Set: field(func(s *Settings) *[]string { return &s.FallbackModels }, nil)},
	{Name: "maxTurns", Expect: "a whole number, 0 or more",
		Project: true,
		Set:     field(func(s *Settings) *int { return &s.MaxTurns }, atLeast(0))},
	{Name: "contextWindow", Expect: "a whole number of tokens, 0 or more (0 asks the provider)",
		Project: true,
		Set:     field(func(s *Settings) *int { return &s.ContextWindow }, atLeast(0))},
	{Name: "compactThreshold", Expect: "a whole number between 0 and 100",
		Project: true,
		Set:     field(func(s *Settings) *int { return &s.CompactThreshold }, between(0, 100))},
	{Name: "autoCompact", Expect: "true or false",
		Project: true,
		Set: func(s *Settings, v json.RawMessage) error {
			var b bool
			if err := json.Unmarshal(v, &b); err != nil {
				return err
			}
			s.AutoCompact = &b
			return nil
		}},
	{Name: "allowCommands", Expect: "true or false",
		Set: field(func(s *Settings) *bool { return &s.AllowCommands }, nil)},
	{Name: "allowedCommands", Expect: `a list of commands such as ["go test", "ls"]`,
		Set: field(func(s *Settings) *[]string { return &s.AllowedCommands }, nil)},
	// Not from a project file: keep and allow widen what a command sees,
	// and the repository's word on the user's environment is none.
	{Name: "commandEnvKeep", Expect: `a list of environment variable names such as ["NPM_TOKEN"]`,
		Set: field(func(s *Settings) *[]string { return &s.CommandEnvKeep }, nil)},
	{Name: "commandEnvDrop", Expect: `a list of environment variable names such as ["AWS_PROFILE"]`,
		Set: field(func(s *Settings) *[]string { return &s.CommandEnvDrop }, nil)},
	{Name: "commandEnvAllow", Expect: `a list of environment variable names such as ["HOME", "LANG"]`,
		Set: field(func(s *Settings) *[]string { return &s.CommandEnvAllow }, nil)},
	{Name: "ollamaHost", Expect: `a host such as "127.0.0.1:11434" or "http://host:port"`, Env: "OLLAMA_HOST",
		Set: field(func(s *Settings) *string { return &s.OllamaHost }, nil)},
	{Name: "approval", Expect: `"deny" or "allow"`,
		Set: field(func(s *Settings) *string { return &s.Approval }, oneOf("", "deny", "allow"))},
	// Not from a project file: "auto" would undo the user's "edit" or "ask".
	{Name: "mode", Expect: `"ask", "edit" or "auto"`,
		Set: field(func(s *Settings) *string { return &s.Mode }, oneOf("", "ask", "edit", "auto"))},
	// Not from a project file: a server is a program to run or a host to
	// send the workspace to; an allowed tool runs without asking.
	{Name: "mcpServers", Expect: "an object of servers, each {command, args, env} or {url, headers}",
		Set: func(s *Settings, v json.RawMessage) error {
			servers, err := parseMCPServers(v)
			if err != nil {
				return err
			}
			s.MCPServers = servers
			return nil
		}},
	{Name: "allowedTools", Expect: `a list of tool names such as ["mcp__server__tool"]`,
		Set: field(func(s *Settings) *[]string { return &s.AllowedTools }, nil)},
	{Name: "modelWaitNotice", Expect: "a whole number of seconds, 0 or more (0 = the default, 10)",
		Set: field(func(s *Settings) *int { return &s.ModelWaitNotice }, atLeast(0))},
	// From a project file too: both only narrow what a run does, or bound
	// how many turns a fix may spend, as maxTurns does.
	{Name: "diagnosticsAfterEdit", Expect: "true or false",
		Project: true,
		Set: func(s *Settings, v json.RawMessage) error {
			var b bool
			if err := json.Unmarshal(v, &b); err != nil {
				return err
			}
			s.DiagnosticsAfterEdit = &b
			return nil
		}},
	{Name: "fixRetries", Expect: "a whole number between 0 and 10",
		Project: true,
		Set: func(s *Settings, v json.RawMessage) error {
			var n int
			if err := json.Unmarshal(v, &n); err != nil {
				return err
			}
			if n < 0 || n > MaxFixRetries {
				return fmt.Errorf("%d is not between 0 and %d", n, MaxFixRetries)
			}
			s.FixRetries = &n
			return nil
		}},
	// Not from a project file: it is the user's pace and budget.
	{Name: "rateLimit", Expect: `an object of providers, each {"requestsPerMinute": N, "burst": N}`,
		Set: func(s *Settings, v json.RawMessage) error {
			rl, err := parseRateLimit(v)
			if err != nil {
				return err
			}
			s.RateLimit = rl
			return nil
		}},
}

// keyNamed returns the key called name.
func keyNamed(name string) (Key, bool) {
	for _, k := range Keys {
		if k.Name == name {
			return k, true
		}
	}
	return Key{}, false
}

// field decodes a value of type T into the field get returns, after check.
func field[T any](get func(*Settings) *T, check func(T) error) func(*Settings, json.RawMessage) error {
	return func(s *Settings, v json.RawMessage) error {
		var t T
		if err := json.Unmarshal(v, &t); err != nil {
			return err
		}
		if check != nil {
			if err := check(t); err != nil {
				return err
			}
		}
		*get(s) = t
		return nil
	}
}

func atLeast(lo int) func(int) error {
	return func(n int) error {
		if n < lo {
			return errBadValue
		}
		return nil
	}
}

func between(lo, hi int) func(int) error {
	return func(n int) error {
		if n < lo || n > hi {
			return errBadValue
		}
		return nil
	}
}

func oneOf(allowed ...string) func(string) error {
	return func(v string) error {
		for _, a := range allowed {
			if v == a {
				return nil
			}
		}
		return errBadValue
	}
}

// errBadValue: a value of the right type outside what the key takes; the
// key's Expect says what it takes.
var errBadValue = errors.New("value out of range")

// errRemoteModel: a project file named a model of a remote provider.
var errRemoteModel = errors.New("a project file may name only Ollama models: a remote provider would send the workspace to another host")

// remoteProviders are the model-string prefixes that leave the machine's
// Ollama (providers.ParseModel; config cannot import providers).
var remoteProviders = []string{"openai", "anthropic"}

func isRemote(model string) bool {
	prefix, _, ok := strings.Cut(strings.TrimSpace(model), ":")
	if !ok {
		return false
	}
	for _, p := range remoteProviders {
		if strings.EqualFold(prefix, p) {
			return true
		}
	}
	return false
}

func localModel(v json.RawMessage) error {
	var m string
	if json.Unmarshal(v, &m) == nil && isRemote(m) {
		return errRemoteModel
	}
	return nil
}

func localModels(v json.RawMessage) error {
	var ms []string
	if json.Unmarshal(v, &ms) == nil {
		for _, m := range ms {
			if isRemote(m) {
				return errRemoteModel
			}
		}
	}
	return nil
}
