package command

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Judging: each program the interpreter is about to run, with its
// expanded arguments, directory and environment, is compared with the
// policy (policy.go, options.go) and the workspace (tree.go), and asked
// for when it is not allowed as it is. The decision (execVerdict) is all
// the rest of the line acts on.

// execution is one program the interpreter was about to run, as the exec
// handler saw it. Tests use the record as their oracle.
type execution struct {
	Args    []string
	Dir     string
	Reasons []string // why it was not allowed as is; empty when it was
	Asked   bool
	Ran     bool
	// Writable is the protected path the user let it write ("" none).
	Writable string
}

// execVerdict is what was decided about one program.
type execVerdict struct {
	Path     string   `json:"path,omitempty"` // the program to run
	Run      []string `json:"run,omitempty"`  // the arguments to run it with
	NotFound bool     `json:"notFound,omitempty"`
	// Skip: a test's stand-in took the place of starting it.
	Skip bool `json:"skip,omitempty"`
	// Token: the daemon runs the program itself, in a confined child of
	// its own where the git directory the user approved is writable; the
	// confined shell hands it the program's standard files and this token.
	Token uint64 `json:"token,omitempty"`
}

// shellManaged are variables the interpreter itself keeps current; the
// directory they describe is judged on its own.
var shellManaged = map[string]bool{"PWD": true, "OLDPWD": true, "SHLVL": true, "_": true}

// judge returns why args, about to run in dir with env, are not allowed as
// they are (nil: they may run), the program's path, and the arguments to
// run it with.
func (c *commandRun) judge(dir string, env expand.Environ, args []string) (reasons []string, path string, run []string, err error) {
	name := args[0]
	run = args
	if byPath(hostOS, name) {
		reasons = append(reasons, "it runs a program by path ("+name+")")
	}
	// env is nil for a command an editor's terminal runs with its own
	// environment: only the interpreter's PATH can be compared.
	if env != nil {
		path, err = interp.LookPathDir(dir, env, name)
		if err != nil {
			return nil, "", nil, err
		}
		if basePath, berr := interp.LookPathDir(c.t.dir, c.basePATH, name); !byPath(hostOS, name) && (berr != nil || basePath != path) {
			reasons = append(reasons, fmt.Sprintf("`%s` resolves to %s, not to the program loopls's PATH names", name, path))
		}
		if rel, inside := c.t.relInside(dir, path); inside && rel != "" {
			reasons = append(reasons, "the program is a file in the workspace ("+rel+")")
		}
	}
	if !c.policy.matches(args) {
		reasons = append(reasons, "it is not on the allowedCommands list")
	} else if c.unconfined != "" {
		reasons = append(reasons, "the kernel cannot confine commands here ("+c.unconfined+"), so every command is asked")
	}
	if env != nil {
		var changed []string
		for k, v := range exported(env) {
			if shellManaged[k] {
				continue
			}
			if old, ok := c.base[k]; !ok || old != v {
				changed = append(changed, k)
			}
		}
		if len(changed) > 0 {
			slices.Sort(changed)
			reasons = append(reasons, "its environment sets "+strings.Join(changed, ", "))
		}
	}
	if rel, inside := c.t.relInside(dir, dir); !inside || c.t.escapes(rel) {
		reasons = append(reasons, "it would run outside the workspace ("+dir+")")
	}
	if rule := argRules[filepath.Base(name)]; rule != nil {
		why, r := rule(args)
		if why != "" {
			reasons = append(reasons, why)
		}
		run = r
	}
	for _, a := range args[1:] {
		if why := c.pathArg(dir, a); why != "" {
			reasons = append(reasons, why)
		}
	}
	return reasons, path, run, nil
}

// pathArg returns why an argument that names a path is not allowed: it
// leaves the workspace (by name or through a symlink) or names a protected
// path. Both the argument and the value of --opt=value or -oVALUE count.
func (c *commandRun) pathArg(dir, arg string) string {
	cands := []string{arg}
	if _, v, ok := strings.Cut(arg, "="); ok {
		cands = append(cands, v)
	}
	if len(arg) > 2 && arg[0] == '-' && arg[1] != '-' {
		cands = append(cands, arg[2:])
		// Bundled short options carry their value after any letter:
		// "sort -mo/x", "cp -at/x", "sed -ni/x/*" (issue 23).
		cands = append(cands, bundleValues(arg)...)
	}
	for _, p := range cands {
		if strings.HasPrefix(p, "@") { // curl -d @file, -F name=@file
			cands = append(cands, p[1:])
		}
	}
	for _, p := range cands {
		if p == "" || harmlessFiles[p] {
			continue
		}
		if u := strings.ToLower(strings.TrimLeft(p, "'\" \t")); strings.HasPrefix(u, "file:") {
			return "an argument is a file: URL, which reads any path (" + p + ")"
		}
		if strings.HasPrefix(p, "~") {
			return "an argument names a path outside the workspace (" + p + ")"
		}
		rel, inside := c.t.relInside(dir, p)
		if !inside {
			if filepath.IsAbs(p) || hasDotDot(p) {
				return "an argument names a path outside the workspace (" + p + ")"
			}
			continue
		}
		if target, protected := c.t.protected(rel); protected {
			return "an argument names a protected path (" + target + ")"
		}
		if c.t.escapes(rel) {
			return "an argument names a path through a symlink out of the workspace (" + p + ")"
		}
	}
	return ""
}

func hasDotDot(p string) bool {
	return slices.Contains(strings.Split(filepath.ToSlash(p), "/"), "..")
}

// harmlessFiles are paths outside the root any command may name.
var harmlessFiles = map[string]bool{"/dev/null": true, "/dev/stdout": true, "/dev/stderr": true, "/dev/stdin": true, "-": true}

// partText is how a program about to run is shown to the user: its
// arguments quoted as a shell would need them.
func partText(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		s, err := syntax.Quote(a, syntax.LangBash)
		if err != nil {
			s = fmt.Sprintf("%q", a)
		}
		q[i] = s
	}
	return strings.Join(q, " ")
}

// decide asks the user about part when reasons say it is not allowed as
// is; nil means it may run.
func (c *commandRun) decide(ctx context.Context, part string, reasons []string) (asked bool, err error) {
	if len(reasons) == 0 {
		return false, nil
	}
	if c.approver == nil {
		return false, c.refuse(part, "it needs the user's approval ("+strings.Join(reasons, "; ")+") and no one can be asked here")
	}
	a, err := c.approver.Approve(ctx, Question{Line: c.cmdline, Part: part, Reasons: reasons})
	switch {
	case err != nil:
		return true, err
	case a.Refusal != "":
		return a.Asked, c.refuse(part, a.Refusal)
	}
	return a.Asked, nil
}

func (c *commandRun) refuse(part, why string) error {
	c.mu.Lock()
	c.refused = append(c.refused, "`"+part+"`: "+why)
	c.mu.Unlock()
	return fmt.Errorf("%w: `%s`: %s", ErrRefused, part, why)
}

func (c *commandRun) record(e execution) {
	if c.seams.record != nil {
		c.seams.record(e)
	}
}

// admit judges args, about to run in dir with env, and asks the user when
// they are not allowed as they are; an error means they must not run and
// the line stops.
func (c *commandRun) admit(ctx context.Context, dir string, env expand.Environ, args []string) (execVerdict, error) {
	reasons, path, run, err := c.judge(dir, env, args)
	if err != nil {
		return execVerdict{NotFound: true}, nil
	}
	part := partText(args)
	if dir != c.t.dir {
		part = "(in " + dir + ") " + part
	}
	if vars := exported(env); len(reasons) > 0 {
		var sets []string
		for k, v := range vars {
			if old, ok := c.base[k]; !shellManaged[k] && (!ok || old != v) {
				sets = append(sets, k+"="+partText([]string{v}))
			}
		}
		slices.Sort(sets)
		if len(sets) > 0 {
			part = strings.Join(sets, " ") + " " + part
		}
	}
	changed := make(map[string]string)
	for k, v := range exported(env) {
		if old, ok := c.base[k]; !shellManaged[k] && (!ok || old != v) {
			changed[k] = v
		}
	}
	if why := gitRunsProgram(changed, args); why != "" {
		c.record(execution{Args: args, Dir: dir, Reasons: append(reasons, why)})
		return execVerdict{}, c.refuse(part, why)
	}
	if why := batchFileRefusal(hostOS, path); why != "" {
		c.record(execution{Args: args, Dir: dir, Reasons: append(reasons, why)})
		return execVerdict{}, c.refuse(part, why)
	}
	asked, err := c.decide(ctx, part, reasons)
	var writable string
	if err == nil && gitWrites(run) {
		var gitAsked bool
		writable, gitAsked, err = c.approveGitDir(ctx, dir, part, args)
		asked = asked || gitAsked
	}
	if err != nil {
		c.record(execution{Args: args, Dir: dir, Reasons: reasons, Asked: asked})
		return execVerdict{}, err
	}
	c.record(execution{Args: args, Dir: dir, Reasons: reasons, Asked: asked, Ran: true, Writable: writable})
	if c.seams.start != nil {
		return execVerdict{Skip: true}, c.seams.start(ctx, run)
	}
	v := execVerdict{Path: path, Run: run}
	if writable != "" && c.spec.Exe != "" {
		// In the confined child, whether it holds the path read-only, the
		// line writes a layer, or git is about to make it: the program
		// runs in a child of its own where only this path is writable, on
		// the disk, and the daemon sees it start and end (git_alone.go), so
		// no other program of the line writes what the user allowed this one.
		v.Token = c.delegate(delegation{path: path, args: run, dir: dir, env: exported(env), writable: writable})
	}
	return v, nil
}
