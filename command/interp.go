package command

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/loopls/loopls/confine"
)

// Errors of a command line that did not run to its end.
var (
	// ErrRefused reports a program the user refused, or that needed
	// approval with no one to ask: the command line stops there.
	ErrRefused = errors.New("not run: needs the user's approval")
	// ErrUnparsable reports a command line the shell cannot parse; nothing
	// of it runs.
	ErrUnparsable = errors.New("command line does not parse as a shell command")
	// errProtected reports a redirection that would write a protected path.
	errProtected = errors.New("writing this path needs the user's approval (programs run it or read it as configuration)")
	// errOutsideRoot reports a path the shell uses (a redirection, a glob,
	// a test) that leaves the workspace root.
	errOutsideRoot = errors.New("path is outside the workspace root")
)

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

// commandRun is one run_command execution inside the interpreter: the
// handlers below are the only way the command line reaches the system.
type commandRun struct {
	t        tree
	policy   Policy
	approver Approver
	cmdline  string
	base     map[string]string // the environment the line started with
	basePATH expand.Environ

	// gate, in the confined child, asks the daemon about each program
	// and each change edit mode confirms; nil in the daemon itself, where
	// they are judged and asked for here.
	gate gate
	// unconfined says why the kernel does not hold what the programs do
	// ("" when it does): then every program is asked for.
	unconfined string

	// readOnly are the paths the confined child holds read-only (absolute;
	// the daemon's side only), spec the child's confinement.
	readOnly []string
	spec     confine.Spec

	mu       sync.Mutex
	groups   []int    // process groups started, killed when the line ends
	refused  []string // what was refused, for the result
	removed  []string // protected paths a confined command created, removed
	approved []string // protected paths the user let a program write
	// delegated are the programs admitted to run in a child of their own
	// with a protected path writable, by token, each taken once.
	delegated map[uint64]delegation
	nextToken uint64
	files     fileBox // the standard files of the programs delegated

	seams seams // tests only: see Config.seams
}

// gate is the daemon as the confined child sees it.
type gate interface {
	// admit judges a program about to run and asks the user when needed.
	admit(ctx context.Context, dir string, env map[string]string, args []string) (execVerdict, error)
	// ask asks the user about part (a change in edit mode).
	ask(ctx context.Context, part string, reasons []string) error
	// run has the daemon run the program it admitted with token, with
	// hc's standard files, and returns how it ended.
	run(ctx context.Context, hc interp.HandlerContext, token uint64) error
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

// newCommandRun is one execution of cmdline under cfg, judged against env,
// the environment its programs start with.
func newCommandRun(cfg Config, cmdline string, env []string) *commandRun {
	c := &commandRun{
		t: treeAt(cfg.Root, cfg.Dir), policy: cfg.Policy, approver: cfg.Approver, seams: cfg.seams,
		cmdline: cmdline, base: make(map[string]string, len(env)),
	}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		c.base[k] = v
	}
	c.basePATH = expand.ListEnviron("PATH=" + c.base["PATH"])
	return c
}

// runInterp parses cmdline and runs it in the interpreter in the root, in
// this process, bounded by ctx; out receives stdout and stderr. It is the
// path where the kernel confines nothing (why says so): every program is
// asked for.
func runInterp(ctx context.Context, cfg Config, cmdline, why string, out io.Writer) (*commandRun, error) {
	file, err := parseLine(cmdline)
	if err != nil {
		return nil, err
	}
	// A temporary directory of its own: the interpreter makes its process
	// substitution FIFOs there, and what is left in it is released and
	// removed when the line ends.
	tmp, err := os.MkdirTemp("", "loopls-cmd-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	env := lineEnv(tmp)
	c := newCommandRun(cfg, cmdline, env)
	c.unconfined = why
	return c, c.runShell(ctx, file, env, tmp, out)
}

// parseLine parses a command line as bash.
func parseLine(cmdline string) (*syntax.File, error) {
	file, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmdline), "")
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrUnparsable, err)
	}
	return file, nil
}

// lineEnv is the environment a command line starts with: the daemon's,
// secrets removed, with TMPDIR at the line's own temporary directory.
func lineEnv(tmp string) []string {
	env := slices.DeleteFunc(Env(), func(kv string) bool { return strings.HasPrefix(kv, "TMPDIR=") })
	return append(env, "TMPDIR="+tmp)
}

// runShell runs file in the interpreter in the root with env, its FIFOs
// in tmp, bounded by ctx.
func (c *commandRun) runShell(ctx context.Context, file *syntax.File, env []string, tmp string, out io.Writer) error {
	devnull, err := os.Open(os.DevNull)
	if err != nil {
		return err
	}
	defer devnull.Close()
	r, err := interp.New(
		interp.Env(expand.ListEnviron(env...)),
		interp.Dir(c.t.dir),
		interp.StdIO(devnull, out, out),
		interp.ExecHandlers(func(interp.ExecHandlerFunc) interp.ExecHandlerFunc { return c.exec }),
		interp.OpenHandler(c.open),
		interp.ReadDirHandler2(c.readDir),
		interp.StatHandler(c.stat),
		interp.AccessHandler(c.access),
	)
	if err != nil {
		return err
	}
	defer c.killAll()
	runCtx, cancel := context.WithCancel(ctx)
	// The interpreter opens its own process-substitution FIFOs with a
	// blocking open no context reaches ("cat < >(ls)" opens both ends for
	// reading): once the line's context is done, keep releasing them so
	// a timeout or a cancel always ends the line.
	ran := make(chan struct{})
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		select {
		case <-ran:
			return
		case <-runCtx.Done():
		}
		for {
			releaseFIFOs(tmp)
			select {
			case <-ran:
				return
			case <-time.After(fifoRetry):
			}
		}
	}()
	err = r.Run(runCtx, file)
	close(ran)
	<-watched
	cancel()
	joinBackground(r, tmp)
	return err
}

// joinBackground waits, with the line's context cancelled, for what the
// interpreter still runs in the background (jobs started with &, process
// substitutions), releasing the FIFOs a process substitution may wait on
// because its reader was refused; with the context cancelled they run
// nothing more. It gives up after backgroundJoin rather than hang.
func joinBackground(r *interp.Runner, tmp string) {
	wait, _ := syntax.NewParser().Parse(strings.NewReader("wait"), "")
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = r.Run(context.Background(), wait)
	}()
	deadline := time.After(backgroundJoin)
	for {
		releaseFIFOs(tmp)
		select {
		case <-done:
			return
		case <-deadline:
			return
		case <-time.After(fifoRetry):
		}
	}
}

// backgroundJoin bounds joinBackground.
const backgroundJoin = 2 * commandWaitDelay

// releaseFIFOs opens both ends of every FIFO left in dir, so the
// interpreter's goroutines waiting to open a process substitution whose
// reader never came (the reader was refused) return; with their context
// cancelled they run nothing.
func releaseFIFOs(dir string) {
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if e.Type()&fs.ModeNamedPipe == 0 {
			continue
		}
		p := filepath.Join(dir, e.Name())
		if f, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
			if g, err := os.OpenFile(p, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				g.Close()
			}
			f.Close()
		}
	}
}

// exported returns the variables hc's shell exports to programs.
func exported(env expand.Environ) map[string]string {
	m := make(map[string]string)
	for name, vr := range env.Each {
		if vr.Exported && vr.IsSet() {
			m[name] = vr.String()
		}
	}
	return m
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
	if strings.Contains(name, "/") {
		reasons = append(reasons, "it runs a program by path ("+name+")")
	}
	// env is nil for a command an editor's terminal runs with its own
	// environment: only the interpreter's PATH can be compared.
	if env != nil {
		path, err = interp.LookPathDir(dir, env, name)
		if err != nil {
			return nil, "", nil, err
		}
		if basePath, berr := interp.LookPathDir(c.t.dir, c.basePATH, name); !strings.Contains(name, "/") && (berr != nil || basePath != path) {
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

// exec is the interpreter's exec handler: every program the command line
// runs comes here, with its expanded arguments, before it starts.
func (c *commandRun) exec(ctx context.Context, args []string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	hc := interp.HandlerCtx(ctx)
	var v execVerdict
	var err error
	if c.gate != nil {
		v, err = c.gate.admit(ctx, hc.Dir, exported(hc.Env), args)
	} else {
		v, err = c.admit(ctx, hc.Dir, hc.Env, args)
	}
	switch {
	case err != nil:
		return err
	case v.NotFound:
		fmt.Fprintf(hc.Stderr, "%s: command not found\n", args[0])
		return interp.ExitStatus(127)
	case v.Skip:
		return nil
	case v.Token != 0 && c.gate != nil:
		return c.gate.run(ctx, hc, v.Token)
	}
	return c.start(ctx, hc, v.Path, v.Run)
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
	if writable != "" && slices.Contains(c.readOnly, c.t.abs(writable)) {
		// Held read-only in the confined child: the program runs in a
		// child of its own where only this path is writable.
		v.Token = c.delegate(delegation{path: path, args: run, dir: dir, env: exported(env), writable: writable})
	}
	return v, nil
}

// approveGitDir asks the user, by name, for the git directory that args (a
// git command that writes it, run in dir) would write, as a protected
// write: in every mode, never remembered, never answered by policy. It
// returns the protected path the program may then write (relative to the
// root), "" when there is none to ask for (the git directory cannot be
// told, or is outside the workspace: the kernel keeps it unwritable).
func (c *commandRun) approveGitDir(ctx context.Context, dir, part string, args []string) (writable string, asked bool, err error) {
	gitDir, ok := c.t.gitDirOf(dir)
	if made, isInit := gitInitDir(args); isInit {
		// git init DIR makes DIR/.git (DIR itself with --bare), not the
		// one it runs beside.
		rel, inside := c.t.relInside(dir, made)
		gitDir, ok = rel, inside && rel != ""
	}
	if !ok {
		return "", false, nil
	}
	target := gitDir
	for _, ro := range c.readOnly {
		// The read-only path that holds it (".git" for ".git/modules/x").
		if rel, inside := c.t.relInside(c.t.dir, ro); inside && (rel == gitDir || strings.HasPrefix(gitDir, rel+"/")) {
			target = rel
		}
	}
	why := "`" + gitSubcommand(args) + "` writes the git directory " + target + "/, a protected path: its hooks and config run programs when git or an editor uses the repository, so writing it could run code (see docs/security.md). Only this command gets it writable; git's hooks stay off"
	if c.approver == nil {
		return "", false, c.refuse(part, "it writes the protected path "+target+"/, which needs the user's approval, and no one can be asked here")
	}
	a, err := c.approver.Approve(ctx, Question{Line: c.cmdline, Part: part, Reasons: []string{why}, Protected: target + "/"})
	switch {
	case err != nil:
		return "", true, err
	case a.Refusal != "":
		return "", a.Asked, c.refuse(part, a.Refusal)
	}
	c.mu.Lock()
	c.approved = append(c.approved, target)
	c.mu.Unlock()
	return target, a.Asked, nil
}

// ask asks the user about part, here or through the daemon.
func (c *commandRun) ask(ctx context.Context, part string, reasons []string) error {
	if c.gate != nil {
		return c.gate.ask(ctx, part, reasons)
	}
	_, err := c.decide(ctx, part, reasons)
	return err
}

// start runs the program in its own process group, so a cancel or the end
// of the command line kills everything it started.
func (c *commandRun) start(ctx context.Context, hc interp.HandlerContext, path string, args []string) error {
	cmd := exec.CommandContext(ctx, path)
	cmd.Args = args
	var env []string
	for k, v := range exported(hc.Env) {
		env = append(env, k+"="+v)
	}
	if filepath.Base(args[0]) == "git" {
		env = append(env, "GIT_PAGER=cat", "GIT_TERMINAL_PROMPT=0")
	}
	cmd.Env = env
	cmd.Dir = hc.Dir
	cmd.Stdin, cmd.Stdout, cmd.Stderr = hc.Stdin, hc.Stdout, hc.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if c.gate != nil {
		// In the confined child: a program outlives it in no case (its PID
		// namespace, when it has one, ends them all anyway).
		dieWithParent(cmd.SysProcAttr)
	}
	cmd.Cancel = func() error { return killGroup(cmd) }
	cmd.WaitDelay = commandWaitDelay
	if err := cmd.Start(); err != nil {
		if errors.Is(err, syscall.ENOEXEC) {
			fmt.Fprintf(hc.Stderr, "%s: cannot execute: not a binary and no #! line\n", args[0])
			return interp.ExitStatus(126)
		}
		fmt.Fprintf(hc.Stderr, "%s: %v\n", args[0], err)
		return interp.ExitStatus(126)
	}
	c.mu.Lock()
	c.groups = append(c.groups, cmd.Process.Pid)
	c.mu.Unlock()
	err := cmd.Wait()
	var exitErr *exec.ExitError
	switch {
	case err == nil, errors.Is(err, exec.ErrWaitDelay):
		return nil
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.As(err, &exitErr):
		if st, ok := exitErr.Sys().(syscall.WaitStatus); ok && st.Signaled() {
			return interp.ExitStatus(128 + uint8(st.Signal()))
		}
		return interp.ExitStatus(uint8(exitErr.ExitCode()))
	}
	return err
}

// killAll kills what the command line's programs left running.
func (c *commandRun) killAll() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, pgid := range c.groups {
		_ = syscall.Kill(-pgid, syscall.SIGKILL)
	}
	c.groups = nil
}

// confine turns a path the shell uses into one relative to the root, or a
// *os.PathError the interpreter reports as a failed redirection, glob or
// test.
func (c *commandRun) confine(ctx context.Context, op, p string) (string, error) {
	hc := interp.HandlerCtx(ctx)
	rel, inside := c.t.relInside(hc.Dir, p)
	if !inside {
		return "", &os.PathError{Op: op, Path: p, Err: errOutsideRoot}
	}
	if rel == "" {
		rel = "."
	}
	return filepath.FromSlash(rel), nil
}

// open is the interpreter's open handler: every file the shell opens
// (redirections, source) is opened through the workspace's os.Root.
func (c *commandRun) open(ctx context.Context, p string, flag int, perm os.FileMode) (io.ReadWriteCloser, error) {
	hc := interp.HandlerCtx(ctx)
	switch p {
	case "/dev/null":
		return os.OpenFile(os.DevNull, flag, perm)
	case "/dev/stdout":
		return nopCloser{Writer: hc.Stdout}, nil
	case "/dev/stderr":
		return nopCloser{Writer: hc.Stderr}, nil
	case "/dev/stdin":
		return os.Open(os.DevNull)
	}
	rel, err := c.confine(ctx, "open", p)
	if err != nil {
		return nil, err
	}
	writes := flag&(os.O_WRONLY|os.O_RDWR|os.O_APPEND|os.O_CREATE|os.O_TRUNC) != 0
	if _, protected := c.t.protected(rel); protected && writes {
		return nil, &os.PathError{Op: "open", Path: p, Err: errProtected}
	}
	if writes && c.policy.ConfirmWrites {
		// Edit mode: a change the shell makes waits for the user like any
		// other; with no one to ask, or a refusal, the line stops here.
		name := filepath.ToSlash(rel)
		if err := c.ask(ctx, "> "+name, []string{"it writes " + name + ", and in edit mode every change waits for the user"}); err != nil {
			return nil, &os.PathError{Op: "open", Path: p, Err: err}
		}
	}
	// O_NONBLOCK keeps opening a FIFO from blocking where a cancel cannot
	// reach: a FIFO with no reader yet is retried until ctx is done.
	for {
		f, err := c.t.r.OpenFile(rel, flag|syscall.O_NONBLOCK, perm)
		if errors.Is(err, syscall.ENXIO) {
			select {
			case <-ctx.Done():
				return nil, &os.PathError{Op: "open", Path: p, Err: ctx.Err()}
			case <-time.After(fifoRetry):
				continue
			}
		}
		if err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				return nil, &os.PathError{Op: "open", Path: p, Err: pe.Err}
			}
			return nil, &os.PathError{Op: "open", Path: p, Err: err}
		}
		if fi, serr := f.Stat(); serr == nil && !fi.Mode().IsRegular() {
			f.Fd() // back to blocking mode for the programs that inherit it
		}
		return f, nil
	}
}

// fifoRetry is how often opening a FIFO for writing is retried while it
// has no reader.
const fifoRetry = 10 * time.Millisecond

type nopCloser struct{ io.Writer }

func (nopCloser) Read([]byte) (int, error) { return 0, io.EOF }
func (nopCloser) Close() error             { return nil }

func (c *commandRun) readDir(ctx context.Context, p string) ([]fs.DirEntry, error) {
	rel, err := c.confine(ctx, "readdir", p)
	if err != nil {
		return nil, err
	}
	f, err := c.t.r.Open(rel)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.ReadDir(-1)
}

func (c *commandRun) stat(ctx context.Context, p string, follow bool) (fs.FileInfo, error) {
	rel, err := c.confine(ctx, "stat", p)
	if err != nil {
		return nil, err
	}
	if follow {
		return c.t.r.Stat(rel)
	}
	return c.t.r.Lstat(rel)
}

func (c *commandRun) access(ctx context.Context, p string, mode interp.AccessMode) error {
	if _, err := c.stat(ctx, p, true); err != nil {
		return err
	}
	return interp.DefaultAccessHandler()(ctx, p, mode)
}
