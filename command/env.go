package command

import (
	"os"
	"slices"
	"strings"

	"github.com/loopls/loopls/redact"
)

// The environment a command's programs start with.

// lineEnv is the environment a command line starts with: the daemon's,
// secrets removed, with TMPDIR at the line's own temporary directory.
func lineEnv(tmp string) []string {
	env := slices.DeleteFunc(Env(), func(kv string) bool { return strings.HasPrefix(kv, "TMPDIR=") })
	return append(env, "TMPDIR="+tmp)
}

// isSecretEnv reports whether the variable name holds a secret (redact
// owns the list).
func isSecretEnv(name string) bool { return redact.IsSecretName(name) }

// Env is the environment a command the model runs starts with, wherever
// it runs: loopls's own less every secret, so a command (env, printenv, a
// script that logs its environment) cannot hand them to the model. A
// workspace Runner that runs a command elsewhere (an ACP editor's
// terminal) hands it this environment in place of its own.
func Env() []string { return redact.WithoutSecrets(os.Environ()) }
