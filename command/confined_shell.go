package command

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/loopls/loopls/confine"
	"mvdan.cc/sh/v3/interp"
)

// The confined shell's side of the child (its second stage, shellArg): it
// runs the line in the interpreter and reaches the daemon over its pipes
// (confined.go holds the daemon's side and the messages).

func init() {
	if len(os.Args) > 1 && os.Args[1] == shellArg {
		os.Exit(confinedShell())
	}
}

// confinedShell is the child's second stage: it reads its job and runs
// the line in the interpreter, asking the daemon before every program.
func confinedShell() int {
	in, out := os.NewFile(shellIn, "from-daemon"), os.NewFile(shellOut, "to-daemon")
	var job shellJob
	if err := confine.ReadFrame(in, &job); err != nil {
		fmt.Fprintf(os.Stderr, "loopls: confined shell: reading its job: %v\n", err)
		return 125
	}
	// The programs the line starts must not inherit the pipes to the
	// daemon (they would read its answers or send it requests).
	// Nor any other descriptor the daemon inherited and passed on.
	closeInheritedOnExec()
	hardenShell()
	ctx := context.Background()
	r, err := os.OpenRoot(job.Root)
	if err != nil {
		fmt.Fprintf(os.Stderr, "loopls: confined shell: %v\n", err)
		return 125
	}
	defer r.Close()
	g := &pipeGate{out: out, waiting: make(map[uint64]chan shellReply)}
	go g.read(in)
	c := &commandRun{t: treeAt(r, job.Root), policy: Policy{ConfirmWrites: job.ConfirmWrites}, gate: g, cmdline: job.Cmdline}
	file, err := parseLine(job.Cmdline)
	if err == nil {
		err = c.runShell(ctx, file, job.Env, job.Tmp, os.Stdout)
	}
	done := shellMsg{Op: "done"}
	if status, isStatus := interp.IsExitStatus(err); isStatus {
		done.Code = int(status)
	} else if err != nil {
		done.Err = err.Error()
		done.Code = 1
	}
	g.send(done)
	return done.Code
}

// pipeGate is the daemon, reached over the child's pipes.
type pipeGate struct {
	wmu     sync.Mutex
	out     io.Writer
	mu      sync.Mutex
	next    uint64
	waiting map[uint64]chan shellReply
	closed  bool
}

func (g *pipeGate) send(m shellMsg) error {
	g.wmu.Lock()
	defer g.wmu.Unlock()
	return confine.WriteFrame(g.out, m)
}

// read hands each reply to the request waiting for it; when the daemon's
// pipe ends, every waiting request is refused.
func (g *pipeGate) read(in io.Reader) {
	for {
		var r shellReply
		if err := confine.ReadFrame(in, &r); err != nil {
			g.mu.Lock()
			g.closed = true
			for id, ch := range g.waiting {
				close(ch)
				delete(g.waiting, id)
			}
			g.mu.Unlock()
			return
		}
		g.mu.Lock()
		ch := g.waiting[r.ID]
		delete(g.waiting, r.ID)
		g.mu.Unlock()
		if ch != nil {
			ch <- r
		}
	}
}

func (g *pipeGate) call(ctx context.Context, m shellMsg) (shellReply, error) {
	g.mu.Lock()
	g.next++
	id := g.next
	g.mu.Unlock()
	return g.callID(ctx, id, m)
}

// callID sends m as request id and waits for its reply.
func (g *pipeGate) callID(ctx context.Context, id uint64, m shellMsg) (shellReply, error) {
	ch := make(chan shellReply, 1)
	g.mu.Lock()
	if g.closed {
		g.mu.Unlock()
		return shellReply{}, fmt.Errorf("%w: the daemon is gone", ErrRefused)
	}
	m.ID = id
	g.waiting[m.ID] = ch
	g.mu.Unlock()
	if err := g.send(m); err != nil {
		return shellReply{}, fmt.Errorf("%w: %v", ErrRefused, err)
	}
	select {
	case r, ok := <-ch:
		if !ok {
			return shellReply{}, fmt.Errorf("%w: the daemon is gone", ErrRefused)
		}
		if r.Err != "" {
			return r, fmt.Errorf("%w: %s", ErrRefused, strings.TrimPrefix(r.Err, ErrRefused.Error()+": "))
		}
		return r, nil
	case <-ctx.Done():
		return shellReply{}, ctx.Err()
	}
}

func (g *pipeGate) admit(ctx context.Context, dir string, env map[string]string, args []string) (execVerdict, error) {
	r, err := g.call(ctx, shellMsg{Op: "exec", Args: args, Dir: dir, Env: env})
	return r.Verdict, err
}

func (g *pipeGate) ask(ctx context.Context, part string, reasons []string) error {
	_, err := g.call(ctx, shellMsg{Op: "ask", Part: part, Reasons: reasons})
	return err
}
