package command

import (
	"slices"
	"strings"
)

// Policy is what a run may do with run_command. It is passed per run
// (workspace's Tools), so concurrent runs with different settings never
// see each other's.
type Policy struct {
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
	// Env is what the user said of the environment programs start with.
	Env EnvPolicy
	// GoCache, an absolute path, is the Go build cache confined commands
	// use instead of the workspace's own (one per workspace path, under the
	// user's cache directory): loopls bench shares one across its tasks'
	// temporary copies and removes it afterwards.
	GoCache string
	// LayerBase, an absolute path, is the directory the lines' layers are
	// made under instead of the user's cache directory: loopls bench puts
	// them under a directory of its own and removes it afterwards.
	LayerBase string
}

// matches reports whether an entry of the allow list covers args: the
// entry's words are the first words of args.
func (p Policy) matches(args []string) bool {
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

	"find":  optionRule(optSpec{noBundle: true}, "runs, writes or follows symlinks through its options", "-exec", "-execdir", "-ok", "-okdir", "-delete", "-fprint", "-fprint0", "-fprintf", "-fls", "-L", "-follow"),
	"sed":   sedRule,
	"awk":   awkRule,
	"gawk":  awkRule,
	"mawk":  awkRule,
	"nawk":  awkRule,
	"git":   gitRule,
	"tar":   tarRule,
	"go":    goRule,
	"sort":  optionRule(sortSpec, "runs a compression program or reads the file names it is given from a file", "--compress-program", "--files0-from"),
	"zip":   zipRule,
	"rsync": optionRule(optSpec{}, "runs a remote shell it names, or copies what symlinks point to", "-e", "--rsh", "--rsync-path", "-L", "--copy-links", "--copy-unsafe-links", "-k", "--copy-dirlinks", "-K", "--keep-dirlinks"),
	"make":  optionRule(optSpec{}, "evaluates or loads make code it is given", "--eval", "-E"),
	"rg":    optionRule(rgSpec, "runs a program on the files it searches, or follows symlinks out of the workspace", "--pre", "--hostname-bin", "-L", "--follow"),
	"grep":  optionRule(grepSpec, "follows symlinks out of the workspace", "-R", "--dereference-recursive"),
	"egrep": optionRule(grepSpec, "follows symlinks out of the workspace", "-R", "--dereference-recursive"),
	"fgrep": optionRule(grepSpec, "follows symlinks out of the workspace", "-R", "--dereference-recursive"),
	"cp":    optionRule(cpSpec, "copies what symlinks point to, which may be outside the workspace", "-L", "-H", "--dereference"),
	"ln":    lnRule,
	"curl":  curlRule,
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

// Option letters that take a value, from each program's getopt string
// (GNU coreutils, sed, grep, tar; ripgrep's and gawk's manuals).
var (
	sortSpec = optSpec{known: true, withArg: "kotTSy"}
	sedSpec  = optSpec{known: true, withArg: "efl", optArg: "i"}
	grepSpec = optSpec{known: true, withArg: "efmABCdD"}
	rgSpec   = optSpec{known: true, withArg: "efgmrtTjABCEMd"}
	cpSpec   = optSpec{known: true, withArg: "tS"}
	lnSpec   = optSpec{known: true, withArg: "tS"}
	tarSpec  = optSpec{known: true, withArg: "fbCFgIKLNTVX"}
	// awkSpec is gawk's getopt string with mawk's -W: both read "-W exec"
	// or "-f" as a program from a file.
	awkSpec = optSpec{known: true, withArg: "eEfFiIlvW", optArg: "dDLopZ"}
)

// sedRule runs GNU sed in --sandbox mode, where its e, w and r commands
// (and s///e, s///w) are refused; a script read from a file is asked for
// as it is not shown to the user.
func sedRule(args []string) (string, []string) {
	if f := findOption(sedSpec.options(args), "-f", "--file"); f != "" {
		return "its script comes from a file (" + f + ")", args
	}
	return "", append([]string{args[0], "--sandbox"}, args[1:]...)
}

// awkDanger are what makes an awk program run commands or open files:
// system(), pipes, output redirection, getline, and gawk's indirect calls
// (@f() with f = "system"). The check is on the text, so it also asks for
// harmless uses of ">" as a comparison; asking too often is the safe side.
var awkDanger = []string{"system", "|", ">", "getline", "close", "fflush", "@"}

// awkRule reads awk's options as awk does (-W takes a word: "-W interactive"
// is not the program), asks for a program from a file, an extension or a
// -W option, and checks the program text, wherever it is given.
func awkRule(args []string) (string, []string) {
	opts := awkSpec.options(args)
	if f := findOption(opts, "-f", "--file", "-E", "--exec", "-i", "--include", "-l", "--load", "-W", "--", "--dump-variables", "-d", "--profile", "-p", "--pretty-print", "-o", "--debug", "-D"); f != "" && f != "--" {
		return "its program comes from a file or an extension, or an option changes how it runs (" + f + ")", args
	}
	var texts []string
	for _, o := range opts {
		if o.is("-e") || o.is("--source") {
			texts = append(texts, o.value)
		}
	}
	if len(texts) == 0 {
		// The first operand is the program.
		for i := 1; i < len(args); i++ {
			a := args[i]
			if a == "--" {
				if i+1 < len(args) {
					texts = append(texts, args[i+1])
				}
				break
			}
			if strings.HasPrefix(a, "-") && len(a) > 1 {
				if !strings.HasPrefix(a, "--") && len(a) == 2 && strings.Contains(awkSpec.withArg, a[1:]) {
					i++ // its value is the next argument
				}
				continue
			}
			texts = append(texts, a)
			break
		}
	}
	for _, t := range texts {
		for _, bad := range awkDanger {
			if strings.Contains(t, bad) {
				return "its program can run commands or write files (" + bad + ")", args
			}
		}
	}
	return "", args
}

// goRule asks for what makes go run a program it is given (-exec,
// -toolexec, -vettool), write its environment file outside the workspace
// (go env -w), install a program outside it (go install, go get) or run
// the commands of //go:generate lines. Go's flag package reads -x and --x
// alike and does not abbreviate.
func goRule(args []string) (string, []string) {
	spec := optSpec{noBundle: true}
	for _, o := range spec.options(args) {
		name := "-" + strings.TrimLeft(o.name, "-")
		switch name {
		case "-exec", "-toolexec", "-vettool", "-overlay":
			return "it runs a program it names, or reads files it names (" + name + ")", args
		}
	}
	var sub string
	var rest []string
	for i, a := range args[1:] {
		if !strings.HasPrefix(a, "-") {
			sub, rest = a, args[i+2:]
			break
		}
	}
	switch sub {
	case "env":
		for _, a := range rest {
			if t := "-" + strings.TrimLeft(a, "-"); t == "-w" || t == "-u" || strings.HasPrefix(t, "-w=") || strings.HasPrefix(t, "-u=") {
				return "`go env -w` writes go's environment file, outside the workspace", args
			}
		}
	case "install", "get":
		return "`go " + sub + "` installs a program or modules outside the workspace", args
	case "generate":
		return "`go generate` runs the commands in //go:generate lines", args
	}
	return "", args
}

// zipRule asks for options that run a program and for recursion without
// -y: zip follows symlinks, so "zip -r - ." would store what a link out of
// the workspace points to.
func zipRule(args []string) (string, []string) {
	spec := optSpec{}
	opts := spec.options(args)
	for _, a := range args[1:] {
		if a == "-TT" || strings.HasPrefix(a, "-TT=") || strings.HasPrefix(a, "--unzip-command") {
			return "it runs a program it names (" + a + ")", args
		}
	}
	if findOption(opts, "--unzip-command") != "" {
		return "it runs a program it names (--unzip-command)", args
	}
	if findOption(opts, "-r", "-R", "--recurse-paths", "--recurse-patterns") != "" && findOption(opts, "-y", "--symlinks") == "" {
		return "zip follows symlinks when it recurses (add -y to store them as links)", args
	}
	return "", args
}

// lnRule: a symbolic link's target is resolved from the directory the link
// is in, not from where ln runs, so "cd sub && ln -s .. ../up" makes a link
// out of the workspace from a target that looks inside. Any target that
// climbs (..) is asked for; absolute ones are refused as paths outside.
func lnRule(args []string) (string, []string) {
	opts := lnSpec.options(args)
	if findOption(opts, "-s", "--symbolic") == "" {
		return "", args
	}
	for _, a := range args[1:] {
		if !strings.HasPrefix(a, "-") && hasDotDot(a) {
			return "a symbolic link's target is resolved from the link's directory, and " + a + " climbs out of it", args
		}
	}
	return "", args
}

// curlRule asks for URLs that are not http or https (file:// reads any
// path; curl's globbing can hide a scheme: "{file,http}://"), a config
// file, which can hold any option, and an OpenSSL engine (a library).
func curlRule(args []string) (string, []string) {
	if f := findOption(optSpec{}.options(args), "-K", "--config", "--engine"); f != "" {
		return "it reads its options from a file or loads a library (" + f + ")", args
	}
	for _, a := range args[1:] {
		low := strings.ToLower(a)
		if strings.Contains(low, "file:") {
			return "a file: URL reads any path (" + a + ")", args
		}
		if scheme, _, ok := strings.Cut(low, "://"); ok && scheme != "http" && scheme != "https" && !strings.HasPrefix(low, "-") {
			return "only http and https URLs run without asking (" + a + ")", args
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
var gitHardening = []string{"-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null", "-c", "core.pager=cat",
	"-c", "core.editor=true", "-c", "sequence.editor=true", "-c", "safe.bareRepository=explicit"}

// gitRule asks for global options that redirect git to other config,
// programs or repositories, for aliases, for config writes and for the
// sub-commands and options that run a command they are given. What runs
// is always hardened (gitHardening, after the line's own global options,
// so that it wins over them), asked for or not.
func gitRule(args []string) (string, []string) {
	i := 1
	var why string
	for ; i < len(args) && strings.HasPrefix(args[i], "-"); i++ {
		a := args[i]
		for _, f := range []string{"-c", "--config-env", "--exec-path", "-C", "--git-dir", "--work-tree", "--namespace", "--super-prefix", "--list-cmds"} {
			if why == "" && (hasFlag(a, f) || (strings.HasPrefix(f, "--") && (option{name: strings.SplitN(a, "=", 2)[0]}).is(f))) {
				why = "it changes git's configuration, programs or repository (" + f + ")"
			}
		}
		if a == "-c" || a == "-C" || a == "--config-env" || a == "--git-dir" || a == "--work-tree" || a == "--namespace" {
			i++ // its value is the next argument
		}
	}
	i = min(i, len(args))
	run := slices.Concat(args[:i], gitHardening, args[i:])
	if why != "" || i == len(args) {
		return why, run
	}
	sub, rest := args[i], args[i+1:]
	if !gitSubcommands[sub] {
		return "`git " + sub + "` is not one of git's own commands (it may be an alias that runs a program)", run
	}
	switch sub {
	case "config":
		for _, a := range rest {
			switch a {
			case "--get", "--get-all", "--get-regexp", "--list", "-l", "--show-origin", "--show-scope", "get", "list", "--name-only", "--null", "-z":
				continue
			}
			if strings.HasPrefix(a, "-") {
				return "`git config " + a + "` may write configuration", run
			}
		}
		// Without a read flag, two or more operands (name value) write.
		reading := slices.ContainsFunc(rest, func(a string) bool {
			return a == "--get" || a == "--get-all" || a == "--get-regexp" || a == "--list" || a == "-l" || a == "get" || a == "list"
		})
		if !reading && len(rest) != 1 {
			return "`git config` writes configuration", run
		}
	case "filter-branch", "mergetool":
		return "`git " + sub + "` runs commands it is given", run
	case "init", "clone", "worktree":
		return "`git " + sub + "` makes a git directory, a protected path", run
	case "bisect":
		if slices.Contains(rest, "run") {
			return "`git bisect run` runs a command", run
		}
	case "submodule":
		if slices.Contains(rest, "foreach") {
			return "`git submodule foreach` runs a command", run
		}
	}
	// git's parse-options bundles short options and takes any unambiguous
	// prefix of a long one: "git grep -nO", "git fetch --upload-p=".
	if f := findOption(optSpec{}.options(append([]string{sub}, rest...)), gitSubFlags[sub]...); f != "" {
		return "`git " + sub + " " + f + "` runs a program it is given", run
	}
	return "", run
}

// tarRule asks for options that run programs, extraction (an archive can
// hold a symlink out of the workspace and then a file through it),
// following symlinks when archiving (-h), and file lists read from a file.
// Options are read as tar reads them: bundled, by long-option prefix, and
// in the old style where the first argument is a bundle without a dash.
func tarRule(args []string) (string, []string) {
	danger := []string{"--to-command", "--use-compress-program", "-I", "--checkpoint-action", "--info-script", "-F", "--new-volume-script",
		"--rsh-command", "--rmt-command", "-x", "--extract", "--get", "-h", "--dereference", "-T", "--files-from"}
	norm := args
	if len(args) > 1 && !strings.HasPrefix(args[1], "-") {
		// Old style: "tar xzf a.tgz" is "tar -x -z -f a.tgz".
		norm = append([]string{args[0], "-" + args[1]}, args[2:]...)
		for _, r := range args[1] {
			if strings.ContainsRune("xFIhT", r) {
				return "tar " + args[1] + " runs a program, writes files from the archive or reads through symlinks", args
			}
		}
	}
	if f := findOption(tarSpec.options(norm), danger...); f != "" {
		return "tar " + f + " runs a program, writes files from the archive or reads through symlinks", args
	}
	return "", args
}
