package command

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/loopls/loopls/redact"
)

// The environment a command's programs start with: the daemon's, less
// every secret (by name, redact.IsSecretName, or by a URL with a password
// in the value), less or plus what the user said (EnvPolicy), with TMPDIR
// at the line's own temporary directory. The result names what was
// dropped; loopls doctor too.

// EnvPolicy is the user's word on that environment (the settings
// commandEnvKeep, commandEnvDrop, commandEnvAllow; no project file sets
// them).
type EnvPolicy struct {
	// Keep are names passed even when a secret pattern drops them.
	Keep []string
	// Drop are names never passed.
	Drop []string
	// Allow, when set, are the only names passed (PATH always is); a
	// secret among them still needs Keep.
	Allow []string
}

// Filter returns environ ("NAME=value") as programs start with it under
// p, and the names it left out, sorted.
func (p EnvPolicy) Filter(environ []string) (env, dropped []string) {
	for _, kv := range environ {
		name, val, _ := strings.Cut(kv, "=")
		pass := true
		switch {
		case slices.Contains(p.Keep, name):
		case slices.Contains(p.Drop, name):
			pass = false
		case len(p.Allow) > 0 && name != "PATH" && !slices.Contains(p.Allow, name):
			pass = false
		case redact.IsSecretName(name) || redact.HasURLCredentials(val):
			pass = false
		}
		if pass {
			env = append(env, kv)
		} else {
			dropped = append(dropped, name)
		}
	}
	slices.Sort(dropped)
	return env, slices.Compact(dropped)
}

// lineEnv is the environment a command line of policy p starts with, with
// TMPDIR at the line's own temporary directory, and the names dropped.
func lineEnv(tmp string, p EnvPolicy) (env, dropped []string) {
	env, dropped = p.Filter(os.Environ())
	env = slices.DeleteFunc(env, func(kv string) bool { return strings.HasPrefix(kv, "TMPDIR=") })
	return append(env, "TMPDIR="+tmp), dropped
}

// isSecretEnv reports whether the variable name holds a secret (redact
// owns the list).
func isSecretEnv(name string) bool { return redact.IsSecretName(name) }

// Env is the environment a command the model runs starts with, wherever
// it runs: loopls's own less every secret, so a command (env, printenv, a
// script that logs its environment) cannot hand them to the model. A
// workspace Runner that runs a command elsewhere (an ACP editor's
// terminal) hands it this environment in place of its own.
func Env() []string {
	env, _ := EnvPolicy{}.Filter(os.Environ())
	return env
}

// envReport is what a command's result says of the names dropped ("" none).
func envReport(dropped []string) string {
	if len(dropped) == 0 {
		return ""
	}
	return "\n[not in the command's environment (secrets, or as the settings say): " + strings.Join(dropped, ", ") + "]"
}

// lineTempDir makes a line's private temporary directory, its TMPDIR:
// under the daemon's own, unless that lies where the host keeps its
// sockets (/run, /var/run: XDG_RUNTIME_DIR), which the child masks; then
// under the user's cache directory.
func lineTempDir() (string, error) {
	base := os.TempDir()
	for _, sockets := range []string{"/run", "/var/run"} {
		if base == sockets || strings.HasPrefix(base, sockets+"/") {
			dir, err := os.UserCacheDir()
			if err != nil {
				return "", err
			}
			base = filepath.Join(dir, "loopls", "tmp")
			if err := os.MkdirAll(base, 0o700); err != nil {
				return "", err
			}
			break
		}
	}
	return os.MkdirTemp(base, "loopls-cmd-")
}
