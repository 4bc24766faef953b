package workspace

import (
	"slices"
	"strings"
)

// CommandPolicy is what a run may do with run_command. It is passed per run
// (Workspace.Tools), so concurrent runs with different settings never see
// each other's.
type CommandPolicy struct {
	// AllowCommands offers run_command to the model even when no one can
	// be asked; what is not allowed is then refused.
	AllowCommands bool
	// Allowed are the commands (or command prefixes such as "go test")
	// that run without asking, subject to the argument rules.
	Allowed []string
	// ConfirmWrites is set in edit mode, where every change waits for the
	// user: a shell redirection that would write a workspace file asks
	// first, as edit_file and write_file do, whatever the program is.
	ConfirmWrites bool
}

// matches reports whether an entry of the allow list covers args: the
// entry's words are the first words of args.
func (p CommandPolicy) matches(args []string) bool {
	for _, entry := range p.Allowed {
		fields := strings.Fields(entry)
		if len(fields) == 0 || len(fields) > len(args) {
			continue
		}
		if slices.Equal(fields, args[:len(fields)]) {
			return true
		}
	}
	return false
}

// argRule looks at the arguments (args[0] is the program's name) of an
// allowed program and returns why it must still be asked for ("" when it
// may run), and the arguments to run it with (a rule may add safety flags).
type argRule func(args []string) (why string, run []string)

// argRules is the argument policy: one rule per program that can launch,
// or write, things named in its arguments. A program not in the table is
// judged by the allow list, the environment and its path arguments alone.
// To cover a new program, add a line here.
var argRules = map[string]argRule{
	// Programs that run another program given in their arguments.
	"sh": launcher, "bash": launcher, "dash": launcher, "zsh": launcher, "ksh": launcher,
	"fish": launcher, "busybox": launcher, "env": launcher, "xargs": launcher, "sudo": launcher,
	"doas": launcher, "su": launcher, "nohup": launcher, "nice": launcher, "ionice": launcher,
	"timeout": launcher, "time": launcher, "stdbuf": launcher, "setsid": launcher, "watch": launcher,
	"parallel": launcher, "chroot": launcher, "flock": launcher, "unbuffer": launcher,
	"script": launcher, "strace": launcher, "ltrace": launcher, "ssh": launcher, "exec": launcher,
	"eval": launcher, "command": launcher, "builtin": launcher, "nsenter": launcher, "unshare": launcher,
	"taskset": launcher, "chrt": launcher, "prlimit": launcher, "runuser": launcher, "pkexec": launcher,

	"find":  flagRule("runs or writes through its actions", "-exec", "-execdir", "-ok", "-okdir", "-delete", "-fprint", "-fprint0", "-fprintf", "-fls"),
	"sed":   sedRule,
	"awk":   awkRule,
	"gawk":  awkRule,
	"mawk":  awkRule,
	"nawk":  awkRule,
	"git":   gitRule,
	"tar":   tarRule,
	"go":    flagRule("runs a program it names", "-exec", "-toolexec"),
	"sort":  flagRule("runs a compression program", "--compress-program"),
	"zip":   flagRule("runs a program it names", "-TT", "--unzip-command"),
	"rsync": flagRule("runs a remote shell it names", "-e", "--rsh", "--rsync-path"),
	"make":  flagRule("evaluates or loads make code it is given", "--eval", "-E"),
	"npx":   launcher,
	// Programs that write files named inside their input, not in their
	// arguments (a patch or an archive can name .git/config).
	"patch": alwaysAsk("it writes the files its patch names"),
	"unzip": alwaysAsk("it writes the files its archive names"),
	"cpio":  alwaysAsk("it writes the files its archive names"),
	"7z":    alwaysAsk("it writes the files its archive names"),
	"less":  launcher, // ! and | run commands; v starts $VISUAL
	"vi":    launcher,
	"vim":   launcher,
	"ed":    launcher,
}

// launcher asks whenever the program has arguments: they name what it runs.
func launcher(args []string) (string, []string) {
	if len(args) > 1 {
		return "it runs the program or code given in its arguments", args
	}
	return "", args
}

// alwaysAsk asks whatever the arguments.
func alwaysAsk(why string) argRule {
	return func(args []string) (string, []string) { return why, args }
}

// hasFlag reports whether arg is flag, or flag=value, or (for a
// single-dash short flag like -I or -e) flag with its value attached.
func hasFlag(arg, flag string) bool {
	if arg == flag || strings.HasPrefix(arg, flag+"=") {
		return true
	}
	if len(flag) == 2 && flag[0] == '-' && flag[1] != '-' {
		return strings.HasPrefix(arg, flag)
	}
	return false
}

// flagRule asks when any argument is one of flags.
func flagRule(why string, flags ...string) argRule {
	return func(args []string) (string, []string) {
		for _, a := range args[1:] {
			for _, f := range flags {
				if hasFlag(a, f) {
					return why + " (" + f + ")", args
				}
			}
		}
		return "", args
	}
}

// sedRule runs GNU sed in --sandbox mode, where its e, w and r commands
// (and s///e, s///w) are refused; a script read from a file is asked for
// as it is not shown to the user.
func sedRule(args []string) (string, []string) {
	for _, a := range args[1:] {
		if hasFlag(a, "-f") || hasFlag(a, "--file") {
			return "its script comes from a file", args
		}
		if a == "--" {
			break
		}
	}
	return "", append([]string{args[0], "--sandbox"}, args[1:]...)
}

// awkRule asks when the program text can run commands or open files:
// system(), pipes, output redirection, getline — or when it comes from a
// file. The check is on the text, so it also asks for harmless uses of
// ">" as a comparison; asking too often is the safe side.
func awkRule(args []string) (string, []string) {
	progSeen := false
	for i := 1; i < len(args); i++ {
		a := args[i]
		switch {
		case hasFlag(a, "-f") || strings.HasPrefix(a, "--file") || strings.HasPrefix(a, "--exec") || hasFlag(a, "-E"):
			return "its program comes from a file", args
		case a == "-v" || a == "-F":
			i++
			continue
		case strings.HasPrefix(a, "-v") || strings.HasPrefix(a, "-F"):
			continue
		case a == "--":
			continue
		case strings.HasPrefix(a, "-") && !progSeen:
			continue
		}
		if !progSeen {
			progSeen = true
			for _, bad := range []string{"system", "|", ">", "getline", "close", "fflush"} {
				if strings.Contains(a, bad) {
					return "its program can run commands or write files (" + bad + ")", args
				}
			}
		}
	}
	return "", args
}

// gitSubcommands are git's own commands. Anything else may be an alias,
// and an alias can be "!sh -c …".
var gitSubcommands = map[string]bool{
	"add": true, "am": true, "annotate": true, "apply": true, "archive": true, "bisect": true,
	"blame": true, "branch": true, "bundle": true, "cat-file": true, "check-ignore": true,
	"checkout": true, "cherry": true, "cherry-pick": true, "clean": true, "clone": true,
	"commit": true, "config": true, "count-objects": true, "describe": true, "diff": true,
	"diff-files": true, "diff-index": true, "diff-tree": true, "difftool": true, "fetch": true,
	"filter-branch": true, "format-patch": true, "fsck": true, "gc": true, "grep": true, "help": true,
	"init": true, "log": true, "ls-files": true, "ls-remote": true, "ls-tree": true, "merge": true,
	"merge-base": true, "mergetool": true, "mv": true, "name-rev": true, "notes": true, "pull": true,
	"push": true, "range-diff": true, "rebase": true, "reflog": true, "remote": true, "reset": true,
	"restore": true, "rev-list": true, "rev-parse": true, "revert": true, "rm": true, "shortlog": true,
	"show": true, "show-ref": true, "stash": true, "status": true, "submodule": true, "switch": true,
	"tag": true, "version": true, "whatchanged": true, "worktree": true,
}

// gitSubFlags are the options of git sub-commands that run a program
// they are given (paths they write to are confined like any argument).
var gitSubFlags = map[string][]string{
	"rebase":    {"--exec", "-x"},
	"difftool":  {"-x", "--extcmd", "--tool", "-t"},
	"grep":      {"-O", "--open-files-in-pager"},
	"clone":     {"-u", "--upload-pack", "--template", "--config", "-c"},
	"fetch":     {"--upload-pack"},
	"pull":      {"--upload-pack"},
	"ls-remote": {"--upload-pack"},
	"push":      {"--receive-pack", "--exec"},
	"archive":   {"--exec", "--remote"},
	"diff":      {"--ext-diff", "--textconv"},
	"log":       {"--ext-diff", "--textconv"},
	"show":      {"--ext-diff", "--textconv"},
	"init":      {"--template"},
	"am":        {"--exec"},
}

// gitHardening is added to every git command loopls runs: no hooks, no
// fsmonitor, no pager, so a .git/config or hook the repository came with
// (or that something wrote) runs nothing; and a git directory found as a
// bare repository (a directory with HEAD, objects and refs that is not
// named .git, where the command runs) is not used unless named, so its
// config (diff.external, filters) runs nothing either (issue 23).
var gitHardening = []string{"-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null", "-c", "core.pager=cat", "-c", "safe.bareRepository=explicit"}

// gitRule asks for global options that redirect git to other config,
// programs or repositories, for aliases, for config writes and for the
// sub-commands and options that run a command they are given.
func gitRule(args []string) (string, []string) {
	i := 1
	for ; i < len(args) && strings.HasPrefix(args[i], "-"); i++ {
		a := args[i]
		for _, f := range []string{"-c", "--config-env", "--exec-path", "-C", "--git-dir", "--work-tree", "--namespace", "--super-prefix", "--list-cmds"} {
			if hasFlag(a, f) {
				return "it changes git's configuration, programs or repository (" + f + ")", args
			}
		}
	}
	run := append(append([]string{args[0]}, gitHardening...), args[1:]...)
	if i == len(args) {
		return "", run
	}
	sub, rest := args[i], args[i+1:]
	if !gitSubcommands[sub] {
		return "`git " + sub + "` is not one of git's own commands (it may be an alias that runs a program)", args
	}
	switch sub {
	case "config":
		for _, a := range rest {
			switch a {
			case "--get", "--get-all", "--get-regexp", "--list", "-l", "--show-origin", "--show-scope", "get", "list", "--name-only", "--null", "-z":
				continue
			}
			if strings.HasPrefix(a, "-") {
				return "`git config " + a + "` may write configuration", args
			}
		}
		// Without a read flag, two or more operands (name value) write.
		reading := slices.ContainsFunc(rest, func(a string) bool {
			return a == "--get" || a == "--get-all" || a == "--get-regexp" || a == "--list" || a == "-l" || a == "get" || a == "list"
		})
		if !reading && len(rest) != 1 {
			return "`git config` writes configuration", args
		}
	case "filter-branch", "mergetool":
		return "`git " + sub + "` runs commands it is given", args
	case "init", "clone", "worktree":
		return "`git " + sub + "` makes a git directory, a protected path", args
	case "bisect":
		if slices.Contains(rest, "run") {
			return "`git bisect run` runs a command", args
		}
	case "submodule":
		if slices.Contains(rest, "foreach") {
			return "`git submodule foreach` runs a command", args
		}
	}
	for _, a := range rest {
		for _, f := range gitSubFlags[sub] {
			if hasFlag(a, f) {
				return "`git " + sub + " " + f + "` runs a program it is given", args
			}
		}
	}
	return "", run
}

// tarRule asks for options that run programs and for extraction (an archive
// can hold a symlink out of the workspace and then a file through it).
func tarRule(args []string) (string, []string) {
	for i, a := range args[1:] {
		for _, f := range []string{"--to-command", "--use-compress-program", "-I", "--checkpoint-action", "--info-script", "-F", "--new-volume-script", "--rsh-command", "--rmt-command", "-x", "--extract", "--get"} {
			if hasFlag(a, f) {
				return "tar " + f + " runs a program or writes files from the archive", args
			}
		}
		// Old-style bundled options: "tar xzf a.tgz" (first argument only),
		// or -xzf.
		if (i == 0 && !strings.HasPrefix(a, "-") && strings.ContainsAny(a, "xFI")) ||
			(strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.ContainsAny(a[1:], "xFI")) {
			return "tar " + a + " runs a program or writes files from the archive", args
		}
	}
	return "", args
}

// secretEnvSuffixes and secretEnvNames decide which of loopls's environment
// variables never reach a command: provider keys and anything named like a
// credential.
var (
	secretEnvSuffixes = []string{"_API_KEY", "_APIKEY", "_TOKEN", "_SECRET", "_SECRET_KEY", "_PASSWORD", "_PASSWD", "_CREDENTIALS", "_ACCESS_KEY", "_PRIVATE_KEY", "_AUTH"}
	secretEnvNames    = map[string]bool{"LOOPLS_API_KEY": true, "SSH_AUTH_SOCK": true, "GPG_AGENT_INFO": true}
)

// isSecretEnv reports whether the variable name holds a secret.
func isSecretEnv(name string) bool {
	up := strings.ToUpper(name)
	if secretEnvNames[up] {
		return true
	}
	for _, s := range secretEnvSuffixes {
		if strings.HasSuffix(up, s) {
			return true
		}
	}
	return strings.Contains(up, "SECRET") || strings.Contains(up, "PASSWORD") || strings.Contains(up, "TOKEN")
}

// commandEnv is the environment commands start with: loopls's own, less
// every secret, so a command the model runs (env, printenv, a script that
// logs its environment) cannot hand them to the model.
func commandEnv(env []string) []string {
	out := make([]string, 0, len(env))
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if isSecretEnv(name) {
			continue
		}
		out = append(out, kv)
	}
	return out
}
