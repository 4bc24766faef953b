package redact

import (
	"os"
	"regexp"
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
	secretSuffixes = []string{"_PAT"}
	secretNames    = map[string]bool{"SSH_AUTH_SOCK": true, "GPG_AGENT_INFO": true}
	// secretWords anywhere in a name mark it too (API_KEY, GH_TOKEN_X,
	// MYSQL_PWD, SENTRY_DSN, XAUTHORITY), as Codex's default
	// shell_environment_policy drops them.
	secretWords = []string{"KEY", "SECRET", "TOKEN", "PASSWORD", "PASSWD", "PWD", "DSN", "CREDENTIAL", "AUTH"}
	// shellNames are the shell's own variables a word above would mark:
	// the working directories, no secret.
	shellNames = map[string]bool{"PWD": true, "OLDPWD": true}
)

// urlCredentials matches a URL that carries a password (scheme://user:pass@).
var urlCredentials = regexp.MustCompile(`[A-Za-z][A-Za-z0-9+.-]*://[^/@\s:]*:[^/@\s]*@`)

// HasURLCredentials reports whether value holds a URL with a user and a
// password (DATABASE_URL=postgres://app:pw@db/x): such a variable is a
// secret whatever its name.
func HasURLCredentials(value string) bool { return urlCredentials.MatchString(value) }

// IsSecretName reports whether an environment variable or setting named
// name holds a secret.
func IsSecretName(name string) bool {
	up := strings.ToUpper(name)
	if shellNames[up] {
		return false
	}
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
		name, val, _ := strings.Cut(kv, "=")
		if !IsSecretName(name) && !HasURLCredentials(val) {
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
		if ok && len(val) >= MinSecretLen && (IsSecretName(name) || HasURLCredentials(val)) {
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
