package redact

import (
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// secretSuffixes and secretNames name the environment variables whose
// values are secrets, or hand a credential to whoever holds them (an agent
// socket). This is the one list: the redactor, the environment of commands
// (workspace), of MCP servers and of ACP terminals all ask IsSecretName.
var (
	secretSuffixes = []string{"_API_KEY", "_APIKEY", "_TOKEN", "_SECRET", "_SECRET_KEY", "_PASSWORD", "_ACCESS_KEY", "_PASSWD",
		"_CREDENTIALS", "_PRIVATE_KEY", "_AUTH"}
	secretNames = map[string]bool{"LOOPLS_API_KEY": true, "SSH_AUTH_SOCK": true, "GPG_AGENT_INFO": true}
	// secretWords anywhere in a name mark it too (GH_TOKEN_X, MYSECRET).
	secretWords = []string{"SECRET", "PASSWORD", "TOKEN"}
)

// IsSecretName reports whether an environment variable or setting named
// name holds a secret.
func IsSecretName(name string) bool {
	up := strings.ToUpper(name)
	if secretNames[up] {
		return true
	}
	for _, suf := range secretSuffixes {
		if strings.HasSuffix(up, suf) {
			return true
		}
	}
	for _, w := range secretWords {
		if strings.Contains(up, w) {
			return true
		}
	}
	return false
}

// WithoutSecrets returns environ ("NAME=value" entries) less every secret
// variable: the environment a program loopls starts for the model gets.
func WithoutSecrets(environ []string) []string {
	out := make([]string, 0, len(environ))
	for _, kv := range environ {
		name, _, _ := strings.Cut(kv, "=")
		if !IsSecretName(name) {
			out = append(out, kv)
		}
	}
	return out
}

// FromEnv returns the values of environ's secret variables ("NAME=value").
func FromEnv(environ []string) []string {
	var out []string
	for _, kv := range environ {
		name, val, ok := strings.Cut(kv, "=")
		if ok && len(val) >= MinSecretLen && IsSecretName(name) {
			out = append(out, val)
		}
	}
	return out
}

// The process's redactor: built from the environment on first use, grown
// by Register.
var (
	procOnce sync.Once
	procMu   sync.Mutex // serialises Register
	proc     atomic.Pointer[Redactor]
)

// Default returns the process's redactor: it knows the secret values of
// the environment the process started with and every value Register added.
func Default() *Redactor {
	procOnce.Do(func() {
		if proc.Load() == nil {
			proc.Store(New(FromEnv(os.Environ())...))
		}
	})
	return proc.Load()
}

// Register adds secret values the daemon learned elsewhere (a secret
// setting, a header from the configuration) to the process's redactor.
func Register(values ...string) {
	procMu.Lock()
	defer procMu.Unlock()
	cur := Default()
	for _, v := range values {
		if len(v) >= MinSecretLen && !slices.Contains(cur.values, v) {
			proc.Store(cur.With(values...))
			return
		}
	}
}

// String scrubs s with the process's redactor.
func String(s string) string { return Default().String(s) }
