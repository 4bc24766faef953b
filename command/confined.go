package command

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sync"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"

	"github.com/loopls/loopls/confine"
)

// The confined child: the daemon runs its own binary with
// confine.Stage1Arg; package confine sets up namespaces, mounts and
// Landlock and then becomes the second stage, shellArg, which runs the
// interpreter. Every program the line runs is judged and asked for by the
// daemon (admit), over two pipes: the child reads on fd 3 (the spec, its
// job, then the daemon's replies) and writes its requests on fd 4.
const (
	shellArg = "__loopls_confined_shell"
	shellIn  = 3
	shellOut = 4
)

// ErrConfinement reports a confined child that could not be set up: the
// line did not run (it is never run unconfined instead).
var ErrConfinement = errors.New("the command's confinement could not be set up")

// shellJob is what the second stage runs.
type shellJob struct {
	Root          string   `json:"root"`
	Tmp           string   `json:"tmp"`
	Cmdline       string   `json:"cmdline"`
	Env           []string `json:"env"`
	ConfirmWrites bool     `json:"confirmWrites,omitempty"`
}

// shellMsg is one message of the child: a request (exec, ask) or the end
// of the line (done).
type shellMsg struct {
	ID      uint64            `json:"id"`
	Op      string            `json:"op"`
	Args    []string          `json:"args,omitempty"`
	Dir     string            `json:"dir,omitempty"`
	Env     map[string]string `json:"env,omitempty"`
	Part    string            `json:"part,omitempty"`
	Reasons []string          `json:"reasons,omitempty"`
	Code    int               `json:"code,omitempty"`
	Err     string            `json:"err,omitempty"`
	Token   uint64            `json:"token,omitempty"` // run: what the daemon admitted
}

// shellReply answers the request with the same ID.
type shellReply struct {
	ID      uint64      `json:"id"`
	Verdict execVerdict `json:"execVerdict"`
	Err     string      `json:"err,omitempty"`  // not allowed: the line stops
	Code    int         `json:"code,omitempty"` // run: the program's exit status
}

// runConfined runs cmdline in the confined child, bounded by ctx; out
// receives its stdout and stderr. Each program is judged and asked for
// here, as in-process; protected paths that a program created are removed
// afterwards and named in the returned *commandRun.
func runConfined(ctx context.Context, cfg Config, cmdline string, st confine.Status, out io.Writer) (*commandRun, error) {
	if _, err := parseLine(cmdline); err != nil {
		return nil, err
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrConfinement, err)
	}
	tmp, err := lineTempDir()
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	sys := confinedSystem()
	cache := sys.cacheOf(cfg)
	env, dropped := lineEnv(tmp, cfg.Policy.Env)
	env = append(env, sys.env(cache)...)
	c := newCommandRun(cfg, cmdline, env)
	c.dropped = dropped
	prelude := beforeLine(cfg.Scan, c.t)
	c.before = prelude.before
	spec := childSpec(exe, cfg.Dir, tmp, cache, sys, st, prelude.readOnly(c.t))
	bounds := lineBounds(spec.Namespaces)
	if cfg.seams.bounds != nil {
		bounds = *cfg.seams.bounds
	}
	if g, err := confine.NewGroup(bounds); err == nil {
		c.group = g
		defer g.Close()
	} else {
		spec.Bounds = bounds
	}
	var ll *lineLayer
	if tier, _ := LineTier(st); tier == TierLayer {
		if ll, err = newLineLayer(ctx, cfg); err != nil {
			return c, err
		}
		spec.Layer = ll.spec(cfg.Dir)
	}
	c.spec, c.readOnly = spec, spec.ReadOnly
	job := shellJob{Root: cfg.Dir, Tmp: tmp, Cmdline: cmdline, Env: env, ConfirmWrites: cfg.Policy.ConfirmWrites}
	err = c.runChild(ctx, spec, job, out)
	if c.group != nil {
		c.boundHit = c.group.Hit()
	}
	if ll != nil {
		// runChild returned after the child (the PID namespace's init,
		// whose end ends every process in it) was waited for.
		c.applyLayer(ctx, ll)
		return c, err
	}
	c.afterLine(prelude)
	return c, err
}

// runChild starts the child, answers its requests until it ends, and
// returns how the line ended: nil, an interp exit status, the line's
// error, or ctx's.
func (c *commandRun) runChild(ctx context.Context, spec confine.Spec, job shellJob, out io.Writer) error {
	toChildR, toChild, err := os.Pipe()
	if err != nil {
		return err
	}
	fromChild, fromChildW, err := os.Pipe()
	if err != nil {
		toChildR.Close()
		toChild.Close()
		return err
	}
	defer fromChild.Close()
	// The socket the shell hands a program's standard files over, when
	// the daemon runs that program itself (runWritable).
	pair, err := filesSocketpair()
	if err != nil {
		toChildR.Close()
		toChild.Close()
		fromChildW.Close()
		return err
	}
	filesSock, filesChild := os.NewFile(uintptr(pair[0]), "files"), os.NewFile(uintptr(pair[1]), "files-child")
	defer filesSock.Close()
	cmd := confine.Command(spec)
	cmd.Env = job.Env
	cmd.Dir = job.Root
	cmd.Stdout, cmd.Stderr = out, out
	cmd.ExtraFiles = []*os.File{toChildR, fromChildW, filesChild}
	cmd.WaitDelay = commandWaitDelay
	err = cmd.Start()
	toChildR.Close()
	fromChildW.Close()
	filesChild.Close()
	if err != nil {
		toChild.Close()
		return fmt.Errorf("%w: %v", ErrConfinement, err)
	}
	received := make(chan struct{})
	go func() {
		defer close(received)
		c.files.receive(filesSock)
	}()
	// Everything the child starts is in its PID namespace (or, without
	// one, dies with it): killing it ends the line's whole tree.
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	// In the line's cgroup before it reads its spec: it starts nothing
	// before that.
	joinErr := c.join(cmd.Process.Pid)
	if joinErr != nil {
		_ = cmd.Process.Kill()
	} else if err := confine.WriteFrame(toChild, spec); err == nil {
		_ = confine.WriteFrame(toChild, job)
	}
	served := make(chan *shellMsg, 1)
	serveCtx, stopServing := context.WithCancel(ctx)
	go func() { served <- c.serve(serveCtx, fromChild, toChild) }()
	var werr error
	select {
	case werr = <-waited:
	case <-ctx.Done():
		_ = cmd.Process.Kill()
		werr = <-waited
	}
	// The child's end of the pipe closed with it (no program it starts
	// inherits it), so serve reads what the child sent last, its "done",
	// and then the pipe's end. Closing our end first could lose that
	// message to a serve goroutine not yet scheduled: under load a refused
	// line was reported as a confinement failure. The bound is for a child
	// that died in the middle of a request still being asked.
	var done *shellMsg
	select {
	case done = <-served:
	case <-time.After(commandWaitDelay):
		stopServing()
		fromChild.Close()
		done = <-served
	}
	stopServing()
	toChild.Close()
	<-received // the child's end of the socket is gone with it
	switch {
	case joinErr != nil:
		return fmt.Errorf("%w: %v", ErrConfinement, joinErr)
	case ctx.Err() != nil:
		return ctx.Err()
	case done == nil:
		return fmt.Errorf("%w (%v)", ErrConfinement, werr)
	case done.Err != "":
		return errors.New(done.Err)
	case done.Code != 0:
		return interp.ExitStatus(uint8(done.Code))
	}
	return nil
}

// serve answers the child's requests, each in its own goroutine (a
// pipeline asks for its programs at once), until the child says it is done
// or its pipe ends; it returns the done message, nil if none came.
func (c *commandRun) serve(ctx context.Context, from io.Reader, to io.Writer) *shellMsg {
	var wmu sync.Mutex
	var wg sync.WaitGroup
	defer wg.Wait()
	reply := func(r shellReply) {
		wmu.Lock()
		defer wmu.Unlock()
		_ = confine.WriteFrame(to, r)
	}
	for {
		var m shellMsg
		if err := confine.ReadFrame(from, &m); err != nil {
			return nil
		}
		switch m.Op {
		case "done":
			return &m
		case "exec":
			wg.Add(1)
			go func() {
				defer wg.Done()
				if len(m.Args) == 0 {
					reply(shellReply{ID: m.ID, Err: "empty command"})
					return
				}
				kv := make([]string, 0, len(m.Env))
				for k, v := range m.Env {
					kv = append(kv, k+"="+v)
				}
				slices.Sort(kv)
				v, err := c.admit(ctx, m.Dir, expand.ListEnviron(kv...), m.Args)
				r := shellReply{ID: m.ID, Verdict: v}
				if err != nil {
					r.Err = err.Error()
				}
				reply(r)
			}()
		case "run":
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := shellReply{ID: m.ID}
				files, err := c.files.take(ctx, m.ID)
				if err == nil {
					r.Code, err = c.runWritable(ctx, m.Token, files)
					for _, f := range files {
						f.Close()
					}
				}
				if err != nil {
					r.Err = err.Error()
				}
				reply(r)
			}()
		case "ask":
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := shellReply{ID: m.ID}
				if _, err := c.decide(ctx, m.Part, m.Reasons); err != nil {
					r.Err = err.Error()
				}
				reply(r)
			}()
		default:
			return nil
		}
	}
}
