package command

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/loopls/loopls/confine"
)

// ConfineEnv is the environment variable that turns confinement off
// ("off"): every command is then asked, as where the kernel cannot
// confine.
const ConfineEnv = "LOOPLS_CONFINE"

// machineConfinement is what this machine enforces, found once by
// starting the confined child (confine.Probe).
var machineConfinement = sync.OnceValue(func() confine.Status {
	exe, err := os.Executable()
	if err != nil {
		return confine.Status{Level: confine.None, Why: "the daemon's own binary is not found: " + err.Error()}
	}
	return confine.Probe(exe)
})

// Confinement returns what the kernel enforces around the programs
// run_command starts on this machine (loopls doctor shows it).
func Confinement() confine.Status {
	if v := os.Getenv(ConfineEnv); v == "off" {
		return confine.Status{Level: confine.None, Why: ConfineEnv + "=off"}
	}
	return machineConfinement()
}

// systemPaths are what a confined command may read besides the workspace,
// and the Go toolchain's places.
type systemPaths struct {
	read       []string
	gomodcache string
	envModSet  bool // GOMODCACHE is already in the daemon's environment
}

// systemDirs are the system's directories a command may read and run
// programs from.
var systemDirs = []string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt", "/nix/store"}

// confinedSystem finds them once (findSystemPaths).
var confinedSystem = sync.OnceValue(findSystemPaths)

// findSystemPaths finds the system directories, each directory on PATH
// (not the home directory itself, nor /), GOROOT and Go's module cache
// (read only).
func findSystemPaths() systemPaths {
	var s systemPaths
	home, _ := os.UserHomeDir()
	add := func(p string) {
		if p == "" || !filepath.IsAbs(p) {
			return
		}
		p = filepath.Clean(p)
		if p == "/" || (home != "" && (p == home || strings.HasPrefix(home, p+"/"))) || slices.Contains(s.read, p) {
			return
		}
		if _, err := os.Stat(p); err == nil {
			s.read = append(s.read, p)
		}
	}
	for _, d := range systemDirs {
		add(d)
	}
	for _, d := range filepath.SplitList(os.Getenv("PATH")) {
		add(toolchainDir(home, d))
	}
	if goBin, err := exec.LookPath("go"); err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, goBin, "env", "-json", "GOROOT", "GOMODCACHE")
		// The go command forks a telemetry sidecar that outlives it and
		// writes into the user's config directory later (and may upload):
		// a process the daemon started would run on after the daemon.
		// GO_TELEMETRY_CHILD=2 is x/telemetry's mark for "started by the
		// sidecar, fork none"; go still records its own counters.
		cmd.Env = toolchainProbeEnv(os.Environ())
		// Outside any workspace: a go.mod there (the model may have
		// written it) could ask for another toolchain, which go would
		// fetch and run, unconfined, here in the daemon.
		cmd.Dir = "/"
		out, err := cmd.Output()
		var v struct{ GOROOT, GOMODCACHE string }
		if err == nil && json.Unmarshal(out, &v) == nil {
			add(v.GOROOT)
			add(v.GOMODCACHE)
			s.gomodcache = v.GOMODCACHE
		}
	}
	_, s.envModSet = os.LookupEnv("GOMODCACHE")
	return s
}

// toolchainProbeEnv is the environment the daemon's own go env runs with:
// environ with GOTOOLCHAIN=local (the go on PATH answers, never one it
// would download and run) and without GOFLAGS (a flag there, -modfile or
// -toolexec, names files or programs), and no telemetry sidecar.
func toolchainProbeEnv(environ []string) []string {
	env := slices.DeleteFunc(slices.Clone(environ), func(kv string) bool {
		return strings.HasPrefix(kv, "GOFLAGS=") || strings.HasPrefix(kv, "GOTOOLCHAIN=")
	})
	return append(env, "GOTOOLCHAIN=local", noTelemetrySidecar)
}

// noTelemetrySidecar keeps a go command from forking its telemetry child
// (golang.org/x/telemetry's GO_TELEMETRY_CHILD).
const noTelemetrySidecar = "GO_TELEMETRY_CHILD=2"

// homeSecrets are directories of the home directory a toolchain on PATH
// never brings with it: only the PATH directory itself is readable there.
var homeSecrets = map[string]bool{
	".local": true, ".config": true, ".ssh": true, ".gnupg": true, ".aws": true, ".azure": true,
	".kube": true, ".docker": true, ".password-store": true, ".netrc": true, ".git-credentials": true,
}

// toolchainDir is what a PATH directory makes readable: for one inside a
// hidden directory of the home directory (~/.pyenv/shims, ~/.cargo/bin,
// ~/.nvm/…/bin) that whole directory, since its programs run what lies
// beside them; otherwise the directory itself.
func toolchainDir(home, dir string) string {
	if home == "" || !strings.HasPrefix(dir, home+"/") {
		return dir
	}
	first, _, _ := strings.Cut(strings.TrimPrefix(dir, home+"/"), "/")
	if !strings.HasPrefix(first, ".") || homeSecrets[first] {
		return dir
	}
	return filepath.Join(home, first)
}

// goCache is the build cache confined commands of root use: one of their
// own per workspace, never the user's (a confined program could otherwise
// plant an object a later unconfined build links).
func (s systemPaths) goCache(root string) string {
	dir, err := os.UserCacheDir()
	if err != nil || s.gomodcache == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(root))
	return filepath.Join(dir, "loopls", "confined-go-build", hex.EncodeToString(sum[:8]))
}

// cacheOf is the build cache of cfg's confined commands: the policy's
// shared one (a bench's tasks share one), else the workspace's own.
func (s systemPaths) cacheOf(cfg Config) string {
	if c := cfg.Policy.GoCache; c != "" && filepath.IsAbs(c) && s.gomodcache != "" {
		return filepath.Clean(c)
	}
	return s.goCache(cfg.Dir)
}

// env is what confined commands get added to their environment, given
// their build cache (cacheOf).
func (s systemPaths) env(cache string) []string {
	// The user's git configuration is not readable inside; say so to git
	// rather than have it warn on every command.
	env := []string{"GIT_CONFIG_GLOBAL=/dev/null"}
	if c := cache; c != "" {
		env = append(env, "GOCACHE="+c)
		if !s.envModSet {
			env = append(env, "GOMODCACHE="+s.gomodcache)
		}
	}
	return env
}

// write are the directories, besides the workspace and the private
// temporary directory, confined commands may write, given their build
// cache (cacheOf).
func (s systemPaths) write(cache string) []string {
	c := cache
	if c == "" || os.MkdirAll(c, 0o700) != nil {
		return nil
	}
	return []string{c}
}

// childSpec is the confinement of the child that runs a line of the
// workspace dir (real path) with its private temporary directory tmp:
// what it reads and writes, its namespaces where the kernel has them, and
// readOnly, the protected paths present, held read-only where a mount
// namespace or Seatbelt can.
func childSpec(exe, dir, tmp, cache string, sys systemPaths, st confine.Status, readOnly []string) confine.Spec {
	spec := confine.Spec{
		Exe:        exe,
		Stage2:     shellArg,
		Write:      append([]string{dir, tmp}, sys.write(cache)...),
		Read:       sys.read,
		Namespaces: st.Level == confine.Full,
	}
	if spec.Namespaces || st.Level == confine.Seatbelt {
		spec.ReadOnly = readOnly
	}
	if home := hiddenHome(); home != "" && spec.Namespaces {
		spec.Hide = []string{home}
	}
	return spec
}

// hiddenHome is the home directory, which the child sees empty but for
// what it needs bound back (an agent's socket there, ~/.gnupg/S.gpg-agent
// where there is no /run/user, is then out of reach); "" when it cannot be
// hidden: not absolute, the root, or holding a system directory.
func hiddenHome() string {
	home, err := os.UserHomeDir()
	if err != nil || !filepath.IsAbs(home) {
		return ""
	}
	home = filepath.Clean(home)
	for _, d := range append([]string{"/"}, systemDirs...) {
		if d == home || strings.HasPrefix(d, home+"/") {
			return ""
		}
	}
	return home
}

// join puts the process pid in the line's cgroup, when it has one.
func (c *commandRun) join(pid int) error {
	if c.group == nil {
		return nil
	}
	return c.group.Add(pid)
}
