package mcp

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"

	"github.com/loopls/loopls/config"
	"github.com/loopls/loopls/internal/proctree"
	"github.com/loopls/loopls/redact"
)

// withheld reports whether a variable of loopls's own environment is kept
// from a server: the secrets (the model keys loopls reads, anything named
// like *_API_KEY, *_TOKEN, *_SECRET, …). A server that needs one names it in
// its env.
func withheld(name string) bool { return redact.IsSecretName(name) }

// process is a stdio server's program, in a process tree of its own (a
// process group; a Job object on Windows) so the children it starts (npx
// starts node) stop with it.
type process struct {
	cmd  *exec.Cmd
	tree *proctree.Tree
	// stdin and stdout are loopls's ends of the server's pipes.
	stdin  *os.File
	stdout *os.File
	stderr *os.File
	tail   *tail

	exited     chan struct{} // closed when the program has exited
	waitErr    error         // set before exited closes
	stderrDone chan struct{} // closed when the stderr reader returns
}

// startProcess starts cfg's command in dir.
func startProcess(cfg config.MCPServer, dir string) (p *process, err error) {
	cmd := exec.Command(cfg.Command, cfg.Args...)
	cmd.Dir = dir
	env := slices.DeleteFunc(os.Environ(), func(kv string) bool {
		name, _, _ := strings.Cut(kv, "=")
		return withheld(name)
	})
	for k, v := range cfg.Env {
		env = append(env, k+"="+v)
	}
	cmd.Env = env
	tree := proctree.New()
	tree.Prepare(cmd)

	var files []*os.File
	defer func() {
		if err != nil {
			for _, f := range files {
				f.Close()
			}
		}
	}()
	pipe := func() (r, w *os.File, err error) {
		r, w, err = os.Pipe()
		if err == nil {
			files = append(files, r, w)
		}
		return r, w, err
	}
	inR, inW, err := pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := pipe()
	if err != nil {
		return nil, err
	}
	errR, errW, err := pipe()
	if err != nil {
		return nil, err
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", cfg.Command, err)
	}
	if err := tree.Started(cmd); err != nil {
		_ = cmd.Wait()
		return nil, fmt.Errorf("start %s: %w", cfg.Command, err)
	}
	// The child has its ends; loopls keeps only its own.
	inR.Close()
	outW.Close()
	errW.Close()
	p = &process{cmd: cmd, tree: tree, stdin: inW, stdout: outR, stderr: errR, tail: &tail{},
		exited: make(chan struct{}), stderrDone: make(chan struct{})}
	go func() {
		defer close(p.stderrDone)
		_, _ = io.Copy(p.tail, errR)
	}()
	go func() {
		p.waitErr = cmd.Wait()
		close(p.exited)
	}()
	return p, nil
}

// stop ends the program: its stdin is closed (the MCP way to ask a stdio
// server to exit), then its tree is asked to end (SIGTERM) and killed if it
// lingers. It returns once the program has exited and every pipe is closed.
func (p *process) stop() {
	p.stdin.Close()
	if !p.waitExit(stopGrace) {
		_ = p.tree.Terminate()
		if !p.waitExit(stopGrace) {
			_ = p.tree.Kill()
			<-p.exited
		}
	}
	p.reap()
}

// reap kills what is left of the tree (children that outlived the server)
// and closes loopls's ends of the pipes, which ends the stderr reader even
// when a process outside the tree still holds the pipe.
func (p *process) reap() {
	_ = p.tree.Kill()
	_ = p.tree.Close()
	p.stdin.Close()
	p.stdout.Close()
	select {
	case <-p.stderrDone:
	case <-time.After(stopGrace):
	}
	p.stderr.Close()
	<-p.stderrDone
}

func (p *process) waitExit(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-p.exited:
		return true
	case <-t.C:
		return false
	}
}

// exitError describes how the program ended, with its stderr tail.
func (p *process) exitError() string {
	msg := "exited"
	if p.waitErr != nil {
		msg = p.waitErr.Error()
	}
	return withStderr(msg, p.tail.String())
}

// withStderr appends a server's stderr tail to msg.
func withStderr(msg, stderr string) string {
	stderr = strings.TrimSpace(stderr)
	if stderr == "" {
		return msg
	}
	return msg + "; stderr: " + stderr
}
