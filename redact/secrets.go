package redact

import (
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// secretSuffixes name the environment variables whose values are secrets.
var secretSuffixes = []string{"_API_KEY", "_APIKEY", "_TOKEN", "_SECRET", "_PASSWORD", "_ACCESS_KEY", "_PASSWD", "_CREDENTIALS"}

// IsSecretName reports whether an environment variable or setting named
// name holds a secret.
func IsSecretName(name string) bool {
	up := strings.ToUpper(name)
	for _, suf := range secretSuffixes {
		if strings.HasSuffix(up, suf) {
			return true
		}
	}
	return false
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
