package command

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"syscall"

	"github.com/loopls/loopls/confine"
)

// Git delegation. A git program that writes the git directory (git.go
// says which) is asked for by naming that directory (approveGitDir). With
// the user's yes it does not run in the confined shell's child, whose
// mount namespace holds that directory read-only for every program of the
// line. The daemon runs it in a confined child of its own, the same
// confinement less that one read-only path, with the program's standard
// files, which the shell hands over on a unix socket (fd shellFiles): so
// only that program, and what it starts, can write the directory.

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

// Arguments and descriptors of the child that runs one such program.
const (
	execArg    = "__loopls_confined_exec"
	shellFiles = 5 // in the shell's child: the socket its standard files go over
)

// delegation is one program the daemon admitted to run with writable
// writable, taken by its token.
type delegation struct {
	path     string
	args     []string
	dir      string
	env      map[string]string
	writable string
}

// delegate keeps d for the shell's run request and returns its token.
func (c *commandRun) delegate(d delegation) uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.delegated == nil {
		c.delegated = make(map[uint64]delegation)
	}
	c.nextToken++
	c.delegated[c.nextToken] = d
	return c.nextToken
}

// take returns the delegation of token, once.
func (c *commandRun) take(token uint64) (delegation, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	d, ok := c.delegated[token]
	delete(c.delegated, token)
	return d, ok
}

// execJob is what the program's child runs.
type execJob struct {
	Path string   `json:"path"`
	Args []string `json:"args"`
	Env  []string `json:"env"`
	Dir  string   `json:"dir"`
}

// runWritable runs the program of token in a confined child of its own
// with files as its standard input, output and error, bounded by ctx, and
// returns its exit status.
func (c *commandRun) runWritable(ctx context.Context, token uint64, files []*os.File) (int, error) {
	d, ok := c.take(token)
	if !ok || len(files) != 3 {
		return 0, fmt.Errorf("%w: no such program was admitted", ErrRefused)
	}
	if err := c.gitStarts(d); err != nil {
		return 0, err
	}
	defer c.gitEnded(d)
	spec := c.spec
	spec.Stage2 = execArg
	// Git with its directory writable works on the disk, not in the
	// line's layer (which another mount must not share): it sees what is
	// saved, and what it writes is there at once.
	spec.Layer = nil
	spec.ReadOnly = slices.DeleteFunc(slices.Clone(spec.ReadOnly), func(p string) bool { return p == c.t.abs(d.writable) })
	env := make([]string, 0, len(d.env)+2)
	for k, v := range d.env {
		env = append(env, k+"="+v)
	}
	slices.Sort(env)
	env = gitEnv(env)
	toChildR, toChild, err := os.Pipe()
	if err != nil {
		return 0, err
	}
	defer toChild.Close()
	cmd := confine.Command(spec)
	cmd.Env = env
	cmd.Dir = d.dir
	cmd.Stdin, cmd.Stdout, cmd.Stderr = files[0], files[1], files[2]
	if gitWrites(d.args) {
		cmd.Stdin = nil // /dev/null: the git directory is writable, so git alone
	}
	cmd.ExtraFiles = []*os.File{toChildR}
	err = cmd.Start()
	toChildR.Close()
	if err != nil {
		return 0, fmt.Errorf("%w: %v", ErrConfinement, err)
	}
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	if err := c.join(cmd.Process.Pid); err != nil {
		_ = cmd.Process.Kill()
		<-waited
		return 0, fmt.Errorf("%w: %v", ErrConfinement, err)
	}
	if err := confine.WriteFrame(toChild, spec); err == nil {
		_ = confine.WriteFrame(toChild, execJob{Path: d.path, Args: d.args, Env: env, Dir: d.dir})
	}
	var werr error
	select {
	case werr = <-waited:
	case <-ctx.Done():
		_ = cmd.Process.Kill() // its PID namespace ends everything it started
		<-waited
		return 0, ctx.Err()
	}
	var exitErr *exec.ExitError
	if errors.As(werr, &exitErr) {
		if st, ok := exitErr.Sys().(syscall.WaitStatus); ok && st.Signaled() {
			return 128 + int(st.Signal()), nil
		}
		return exitErr.ExitCode(), nil
	}
	return 0, werr
}

// fileBox holds the standard files the shell sent for each run request,
// by the request's ID, until the request takes them.
type fileBox struct {
	mu    sync.Mutex
	files map[uint64]chan []*os.File
}

func (b *fileBox) slot(id uint64) chan []*os.File {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.files == nil {
		b.files = make(map[uint64]chan []*os.File)
	}
	ch := b.files[id]
	if ch == nil {
		ch = make(chan []*os.File, 1)
		b.files[id] = ch
	}
	return ch
}

// take waits for the files of id, bounded by ctx.
func (b *fileBox) take(ctx context.Context, id uint64) ([]*os.File, error) {
	ch := b.slot(id)
	defer func() {
		b.mu.Lock()
		delete(b.files, id)
		b.mu.Unlock()
	}()
	select {
	case f := <-ch:
		return f, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
