package main

import (
	_ "embed"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/loopls/loopls/command"
	"github.com/loopls/loopls/config"
)

const doctorUsage = `Usage: loopls doctor [--json]

Says what the kernel enforces around every program run_command starts on
this machine: the confinement that is active (Landlock and its ABI, the
user, mount, PID and network namespaces; Seatbelt on macOS; or none), what
it guarantees, and what is left to approval. It finds out by starting the
confined child once, as run_command does. It says whether a line's writes
go to a layer of its own (LOOPLS_LAYER), and if not why, and what lines
get instead. It names the environment
variables run_command's programs do not get (secrets by name or by a URL
with a password; the commandEnv* settings of the user file and the
environment). See docs/security.md.

Exit status: 0 when commands are confined, 1 when they are not (every
command is then asked), 2 usage.

Flags:
`

// appArmorProfile is the AppArmor profile that lets loopls make the user
// namespace of its confined child where AppArmor restricts them (Ubuntu
// 23.10 and later); `loopls doctor --apparmor` prints it for this binary.
//
//go:embed apparmor/loopls
var appArmorProfile string

// appArmorRestricts reports whether AppArmor restricts unprivileged user
// namespaces on this machine.
func appArmorRestricts() bool {
	b, err := os.ReadFile("/proc/sys/kernel/apparmor_restrict_unprivileged_userns")
	return err == nil && strings.TrimSpace(string(b)) == "1"
}

// watchLimit is the kernel's limit on one user's file watches, which the
// layer's watcher spends one of per directory of a workspace.
func watchLimit() (int, bool) {
	b, err := os.ReadFile("/proc/sys/fs/inotify/max_user_watches")
	if err != nil {
		return 0, false
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(b)))
	return n, err == nil
}

func cmdDoctor(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("doctor", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, doctorUsage); fs.PrintDefaults() }
	asJSON := fs.Bool("json", false, "print the report as one JSON object")
	apparmor := fs.Bool("apparmor", false, "print the AppArmor profile that lets this binary make user namespaces (Ubuntu 23.10 and later), and exit")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	if *apparmor {
		exe, err := os.Executable()
		if err == nil {
			exe, err = filepath.EvalSymlinks(exe)
		}
		if err != nil {
			fmt.Fprintf(stderr, "loopls doctor: this binary's path: %v\n", err)
			return 1
		}
		fmt.Fprint(stdout, strings.ReplaceAll(appArmorProfile, "LOOPLS_BINARY", exe))
		return 0
	}
	st := command.Confinement()
	code := 0
	if !st.Confined() {
		code = 1
	}
	s, _ := config.Sources{UserFile: config.UserFile(), Getenv: os.Getenv}.Load()
	_, dropped := command.EnvPolicy{Keep: s.CommandEnvKeep, Drop: s.CommandEnvDrop, Allow: s.CommandEnvAllow}.Filter(os.Environ())
	if *asJSON {
		rep := st.Report()
		rep["envDropped"] = append([]string{}, dropped...)
		rep["appArmorRestrictsUserNamespaces"] = appArmorRestricts()
		tier, why := command.LineTier(st)
		rep["layerActive"] = tier == command.TierLayer
		rep["layerWhy"] = why
		rep["commandTier"] = tier.Name()
		if n, ok := watchLimit(); ok && tier == command.TierLayer {
			rep["layerWatchLimit"] = n
		}
		b, _ := json.Marshal(rep)
		fmt.Fprintf(stdout, "%s\n", b)
		return code
	}
	fmt.Fprintf(stdout, "command confinement: %s\n", st)
	if st.Level.Name() != "full" && appArmorRestricts() {
		fmt.Fprintln(stdout, "  AppArmor restricts unprivileged user namespaces here (kernel.apparmor_restrict_unprivileged_userns=1), so the confined child gets Landlock only.")
		fmt.Fprintln(stdout, "  The profile cmd/loopls/apparmor/loopls lets this binary make them: loopls doctor --apparmor | sudo tee /etc/apparmor.d/loopls && sudo apparmor_parser -r /etc/apparmor.d/loopls")
	}
	for _, g := range st.Guarantees() {
		fmt.Fprintf(stdout, "  - %s\n", g)
	}
	tier, why := command.LineTier(st)
	fmt.Fprintln(stdout, layerLine(tier, why, st.Confined()))
	if st.Confined() {
		fmt.Fprintln(stdout, "approval: programs on allowedCommands run without asking, subject to the argument rules; every other program is asked")
	} else {
		fmt.Fprintln(stdout, "approval: every program is asked, allow list or not, because nothing else holds it")
	}
	if n, ok := watchLimit(); ok && tier == command.TierLayer {
		fmt.Fprintf(stdout, "the layer's conflicts: the workspace's watcher (one watch per directory; fs.inotify.max_user_watches = %d for all of this user's programs) and change times; a directory past the limit is left to change times alone (see docs/security.md)\n", n)
	}
	if len(dropped) > 0 {
		fmt.Fprintf(stdout, "command environment: not passed to programs: %s (commandEnvKeep keeps a name)\n", strings.Join(dropped, ", "))
	} else {
		fmt.Fprintln(stdout, "command environment: every variable is passed; none looks like a secret")
	}
	fmt.Fprintln(stdout, "not confined: commands an ACP client runs in its own terminal (terminal/create), MCP servers, language servers; see docs/security.md")
	return code
}

// layerLine says whether the command's layer is active, and if not why
// and what a line gets instead (command.LineTier, the daemon's choice).
func layerLine(tier command.Tier, why string, confined bool) string {
	switch {
	case tier == command.TierLayer:
		return "command layer: active: a line writes a layer of its own, never the workspace; loopls applies it after the line (protected paths asked by name, files changed meanwhile kept); LOOPLS_LAYER=off turns it off"
	case tier == command.TierConfined:
		return "command layer: not active (" + why + "): lines write the workspace directly, confined, judged by the scans before and after them"
	case confined:
		return "command layer: not active (" + why + "), and LOOPLS_LAYER=on requires it: every program is asked"
	}
	return "command layer: not active (" + why + "): every program is asked"
}
