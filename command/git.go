package command

import (
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/loopls/loopls/beneath"
)

// A git command that writes the git directory (commit, add, checkout, …)
// cannot run in the confined child as it is: the child holds every
// existing protected path read-only, .git among them. Writing a protected
// path needs a separate approval that names it, in every mode, never
// remembered and never answered by policy, as the file tools' does
// (workspace/protected.go). With it, that one program runs in a confined
// child of its own where only that git directory is writable
// (runWritable); every other protected path stays read-only, and git's
// hooks and fsmonitor stay off (gitHardening).

// gitReadOnly are git's sub-commands that never write the git directory
// (an index refresh that fails on a read-only directory is skipped by
// git). Any other sub-command, and any not known, counts as writing it.
var gitReadOnly = map[string]bool{
	"status": true, "log": true, "diff": true, "show": true, "blame": true, "annotate": true,
	"grep": true, "ls-files": true, "ls-tree": true, "ls-remote": true, "rev-parse": true,
	"rev-list": true, "cat-file": true, "describe": true, "shortlog": true, "show-ref": true,
	"version": true, "help": true, "check-ignore": true, "count-objects": true, "merge-base": true,
	"name-rev": true, "cherry": true, "whatchanged": true, "range-diff": true, "diff-files": true,
	"diff-index": true, "diff-tree": true, "format-patch": true, "archive": true,
}

// gitListing are sub-commands that only read when their first operand
// (or their lack of one) says they list or show.
var gitListing = map[string]func(rest []string) bool{
	"branch": func(rest []string) bool {
		return !slices.ContainsFunc(rest, func(a string) bool {
			return !slices.Contains([]string{"-a", "-r", "-v", "-vv", "-l", "--list", "--all", "--remotes", "--verbose", "--show-current", "--no-color", "--color"}, a)
		})
	},
	"tag":   func(rest []string) bool { return len(rest) == 0 || rest[0] == "-l" || rest[0] == "--list" },
	"stash": func(rest []string) bool { return len(rest) > 0 && (rest[0] == "list" || rest[0] == "show") },
	"remote": func(rest []string) bool {
		return len(rest) == 0 || slices.Contains([]string{"-v", "--verbose", "show", "get-url"}, rest[0])
	},
	"worktree": func(rest []string) bool { return len(rest) > 0 && rest[0] == "list" },
	"notes":    func(rest []string) bool { return len(rest) == 0 || rest[0] == "list" || rest[0] == "show" },
	"reflog":   func(rest []string) bool { return len(rest) == 0 || rest[0] == "show" },
	"config": func(rest []string) bool {
		return slices.ContainsFunc(rest, func(a string) bool {
			return a == "--get" || a == "--get-all" || a == "--get-regexp" || a == "--list" || a == "-l" || a == "get" || a == "list"
		}) || (len(rest) == 1 && !strings.HasPrefix(rest[0], "-"))
	},
}

// gitWrites reports whether args, a git command about to run (the
// arguments as they will execute, after the interpreter's expansion),
// may write the git directory. Unknown sub-commands fail closed: they do.
func gitWrites(args []string) bool {
	if len(args) == 0 || filepath.Base(args[0]) != "git" {
		return false
	}
	i := 1
	for ; i < len(args) && strings.HasPrefix(args[i], "-"); i++ {
		if a := args[i]; a == "-c" || a == "-C" || a == "--config-env" || a == "--git-dir" || a == "--work-tree" || a == "--namespace" {
			i++ // its value is the next argument
		}
	}
	if i == len(args) {
		return false // git --version, git -h
	}
	sub, rest := args[i], args[i+1:]
	if gitReadOnly[sub] {
		return false
	}
	if reads := gitListing[sub]; reads != nil {
		return !reads(rest)
	}
	return true
}

// gitDirOf returns the git directory a git command run in dir (absolute,
// inside the root) uses, as a slash path relative to the root: the
// nearest .git at or above dir, or the directory a .git file's "gitdir:"
// names when that is inside the root; dir/.git when there is none (git
// init makes it there). dir's links inside the root are resolved first
// (package beneath), and each .git is looked at in its directory's
// descriptor without following, so the git directory named to the user is
// the one git will find, not one a link's name suggests. ok is false when
// it cannot be told, or lies outside the root (the kernel keeps that
// unwritable anyway).
func (t tree) gitDirOf(dir string) (rel string, ok bool) {
	start, inside := t.relInside(dir, dir)
	if !inside {
		return "", false
	}
	root := t.under
	if root == nil {
		r, err := beneath.Open(t.dir)
		if err != nil {
			return "", false
		}
		defer r.Close()
		root = r
	}
	real, err := root.Resolve(path.Clean("/" + start)[1:])
	if err != nil {
		return "", false
	}
	for cur := real; ; cur = path.Dir(cur) {
		if cur == "/" || cur == "" {
			cur = "."
		}
		if d, err := root.OpenDir(cur); err == nil {
			e, err := d.Lstat(".git")
			d.Close()
			if err == nil {
				cand := path.Join(cur, ".git")
				switch {
				case e.Mode.IsDir():
					return cand, true
				case e.Mode.IsRegular():
					return t.gitDirPointer(cand)
				}
				return "", false // a symlink or a device: not told
			}
		}
		if cur == "." {
			break
		}
	}
	return path.Join(real, ".git"), true
}

// gitDirPointer follows a .git file ("gitdir: <path>", a worktree's or a
// submodule's) to the git directory it names, inside the root.
func (t tree) gitDirPointer(rel string) (string, bool) {
	b, err := t.r.ReadFile(filepath.FromSlash(rel))
	if err != nil || len(b) > 4096 {
		return "", false
	}
	target, found := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir:")
	if !found {
		return "", false
	}
	target = strings.TrimSpace(target)
	if !filepath.IsAbs(target) {
		target = filepath.Join(t.abs(path.Dir(rel)), target)
	}
	real, err := filepath.EvalSymlinks(target)
	if err != nil {
		return "", false
	}
	got, inside := t.relInside(t.dir, real)
	if !inside || got == "" {
		return "", false
	}
	return got, true
}

// gitSubcommand names the git command args runs ("git commit"), for the
// question.
func gitSubcommand(args []string) string {
	for i := 1; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") {
			return "git " + a
		}
		if a == "-c" || a == "-C" || a == "--config-env" || a == "--git-dir" || a == "--work-tree" || a == "--namespace" {
			i++
		}
	}
	return "git"
}

// gitInitDir returns the git directory "git init [--bare] [DIR]" makes
// (relative to where it runs), and whether args are such a command.
func gitInitDir(args []string) (string, bool) {
	if gitSubcommand(args) != "git init" {
		return "", false
	}
	bare, target := false, "."
	seen := false
	for _, a := range args[1:] {
		switch {
		case !seen:
			seen = a == "init"
		case a == "--bare":
			bare = true
		case !strings.HasPrefix(a, "-"):
			target = a
		}
	}
	if bare {
		return target, true
	}
	return path.Join(target, ".git"), true
}

// Git with the git directory writable is git alone: the programs git
// itself runs (an editor, a pager, an external diff, a credential helper,
// an ssh command) are pinned or unset, its stdin is /dev/null unless the
// sub-command only reads, and a line that would name another program for
// git to run, by the environment or by -c/--config-env, is refused with
// that program named.

// gitPinnedEnv are set for every git program a line runs; they come after
// the line's own variables, so they win.
var gitPinnedEnv = []string{
	"GIT_EDITOR=true", "GIT_SEQUENCE_EDITOR=true", "GIT_PAGER=cat", "PAGER=cat",
	"GIT_TERMINAL_PROMPT=0", "GIT_ASKPASS=true", "SSH_ASKPASS=true",
	// A git that only reads writes nothing then (no index refresh), so
	// it leaves a git directory as the last git that wrote it did.
	"GIT_OPTIONAL_LOCKS=0",
}

// gitProgramEnv are variables that name a program git runs, or the
// configuration that does; gitUnsetEnv, those of them git gets unset.
var (
	gitProgramEnv = map[string]bool{
		"GIT_EDITOR": true, "GIT_SEQUENCE_EDITOR": true, "EDITOR": true, "VISUAL": true, "GIT_PAGER": true, "PAGER": true,
		"GIT_EXTERNAL_DIFF": true, "GIT_SSH": true, "GIT_SSH_COMMAND": true, "GIT_ASKPASS": true, "SSH_ASKPASS": true,
		"GIT_PROXY_COMMAND": true, "GIT_EXEC_PATH": true, "GIT_CONFIG_PARAMETERS": true, "GIT_CONFIG_COUNT": true,
		"GIT_CONFIG": true, "GIT_CONFIG_GLOBAL": true, "GIT_CONFIG_SYSTEM": true, "GIT_TEMPLATE_DIR": true, "LESSOPEN": true,
	}
	gitUnsetEnv = []string{"GIT_EXTERNAL_DIFF", "GIT_SSH", "GIT_SSH_COMMAND", "GIT_PROXY_COMMAND", "GIT_EXEC_PATH",
		"GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_TEMPLATE_DIR", "LESSOPEN"}
)

// isGitProgramEnv reports whether name names a program git runs.
func isGitProgramEnv(name string) bool {
	return gitProgramEnv[name] || strings.HasPrefix(name, "GIT_CONFIG_KEY_") || strings.HasPrefix(name, "GIT_CONFIG_VALUE_")
}

// gitEnv is env ("NAME=value") as a git program gets it: the variables
// that name programs unset, the editors and pagers pinned.
func gitEnv(env []string) []string {
	env = slices.DeleteFunc(slices.Clone(env), func(kv string) bool {
		name, _, _ := strings.Cut(kv, "=")
		return slices.Contains(gitUnsetEnv, name) || strings.HasPrefix(name, "GIT_CONFIG_KEY_") || strings.HasPrefix(name, "GIT_CONFIG_VALUE_")
	})
	return append(env, gitPinnedEnv...)
}

// gitProgramKey reports whether the configuration key (any case) makes
// git run a program, or read configuration or hooks that do.
func gitProgramKey(key string) bool {
	k := strings.ToLower(key)
	first, _, _ := strings.Cut(k, ".")
	last := k[strings.LastIndex(k, ".")+1:]
	switch first {
	case "alias", "include", "includeif", "pager", "mergetool", "difftool", "credential", "filter", "gpg", "browser", "man", "instaweb", "sendemail":
		return true
	}
	switch last {
	case "editor", "pager", "sshcommand", "gitproxy", "askpass", "fsmonitor", "hookspath", "external", "command", "textconv",
		"clean", "smudge", "process", "driver", "cmd", "helper", "program", "uploadpack", "receivepack", "packobjectshook",
		"browser", "templatedir", "alternaterefscommand", "difffilter", "update", "allow", "path", "worktree":
		return true
	}
	return false
}

// gitRunsProgram returns why args, a git program about to run with the
// variables changed on the line (name → value), must not run: it would
// have git run a program the line names ("" when it would not).
func gitRunsProgram(changed map[string]string, args []string) string {
	if len(args) == 0 || filepath.Base(args[0]) != "git" {
		return ""
	}
	var names []string
	for name := range changed {
		if isGitProgramEnv(name) {
			names = append(names, name)
		}
	}
	if len(names) > 0 {
		slices.Sort(names)
		return fmt.Sprintf("it sets %s, which would have git run `%s`; loopls pins git's editor, pager and helpers", strings.Join(names, ", "), changed[names[0]])
	}
	for i := 1; i < len(args) && strings.HasPrefix(args[i], "-"); i++ {
		a := args[i]
		var kv string
		switch {
		case a == "-c" || a == "--config-env":
			if i+1 < len(args) {
				kv = args[i+1]
			}
			i++
		case strings.HasPrefix(a, "-c") && len(a) > 2:
			kv = a[2:]
		case strings.HasPrefix(a, "--config-env="):
			kv = strings.TrimPrefix(a, "--config-env=")
		case a == "-C" || a == "--git-dir" || a == "--work-tree" || a == "--namespace":
			i++
			continue
		default:
			continue
		}
		key, val, _ := strings.Cut(kv, "=")
		if gitProgramKey(key) {
			opt := a + " " + kv
			if a != "-c" && a != "--config-env" {
				opt = a
			}
			if strings.HasPrefix(a, "--config-env") {
				val = "the value of $" + val
			}
			return fmt.Sprintf("`%s` would have git run `%s`; loopls pins git's editor, pager and helpers", opt, val)
		}
	}
	return ""
}
