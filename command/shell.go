package command

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// The interpreter (mvdan.cc/sh) and its handlers: every program the line
// runs reaches exec, every file the shell itself opens, lists or tests
// reaches open, readDir, stat and access, and nothing else of the line
// reaches the system. It runs in the daemon where the kernel confines
// nothing (runInterp), and in the confined child (confined_shell.go).

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
	tmp, err := lineTempDir()
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	env, dropped := lineEnv(tmp, cfg.Policy.Env)
	// The programs start from this process: none may inherit what it
	// inherited.
	closeInheritedOnExec()
	c := newCommandRun(cfg, cmdline, env)
	c.unconfined = why
	c.dropped = dropped
	return c, c.runShell(ctx, file, env, tmp, out)
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

// ask asks the user about part, here or through the daemon.
func (c *commandRun) ask(ctx context.Context, part string, reasons []string) error {
	if c.gate != nil {
		return c.gate.ask(ctx, part, reasons)
	}
	_, err := c.decide(ctx, part, reasons)
	return err
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
