//go:build unix

package command

import (
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"sync"
	"syscall"

	"mvdan.cc/sh/v3/interp"

	"github.com/loopls/loopls/confine"
)

// The unix-socket half of git delegation (git_delegation.go): the shell
// hands a program's standard files to the daemon with SCM_RIGHTS.

// receive reads the shell's messages of files (an 8-byte request ID and
// three descriptors each) from sock until it ends; files no request took
// are closed then.
func (b *fileBox) receive(sock *os.File) {
	defer func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		for id, ch := range b.files {
			select {
			case fs := <-ch:
				for _, f := range fs {
					f.Close()
				}
			default:
			}
			delete(b.files, id)
		}
	}()
	raw, err := sock.SyscallConn()
	if err != nil {
		return
	}
	for {
		buf := make([]byte, 8)
		oob := make([]byte, syscall.CmsgSpace(3*4))
		var n, oobn int
		var rerr error
		if err := raw.Read(func(fd uintptr) bool {
			n, oobn, _, _, rerr = syscall.Recvmsg(int(fd), buf, oob, 0)
			return rerr != syscall.EAGAIN
		}); err != nil || rerr != nil || n == 0 {
			return
		}
		var files []*os.File
		if msgs, err := syscall.ParseSocketControlMessage(oob[:oobn]); err == nil {
			for _, m := range msgs {
				fds, err := syscall.ParseUnixRights(&m)
				if err != nil {
					continue
				}
				for _, fd := range fds {
					syscall.CloseOnExec(fd)
					files = append(files, os.NewFile(uintptr(fd), "command-stdio"))
				}
			}
		}
		if n != 8 || len(files) != 3 {
			for _, f := range files {
				f.Close()
			}
			continue
		}
		select {
		case b.slot(binary.BigEndian.Uint64(buf)) <- files:
		default:
			for _, f := range files {
				f.Close()
			}
		}
	}
}

// run, in the shell's child, sends hc's standard files and a run request
// for token to the daemon and waits for the program's end.
func (g *pipeGate) run(ctx context.Context, hc interp.HandlerContext, token uint64) error {
	var files []*os.File
	var closers []io.Closer
	var copies sync.WaitGroup
	defer func() {
		for _, c := range closers {
			c.Close()
		}
		copies.Wait()
	}()
	// A standard file that is not a file (a command substitution's
	// buffer) goes through a pipe.
	in, ok := hc.Stdin.(*os.File)
	if !ok {
		r, w, err := os.Pipe()
		if err != nil {
			return err
		}
		closers = append(closers, r)
		go func() {
			if hc.Stdin != nil {
				_, _ = io.Copy(w, hc.Stdin)
			}
			w.Close()
		}()
		in = r
	}
	files = append(files, in)
	for _, out := range []io.Writer{hc.Stdout, hc.Stderr} {
		f, ok := out.(*os.File)
		if !ok {
			r, w, err := os.Pipe()
			if err != nil {
				return err
			}
			copies.Add(1)
			go func() {
				defer copies.Done()
				_, _ = io.Copy(out, r)
				r.Close()
			}()
			closers = append(closers, w)
			f = w
		}
		files = append(files, f)
	}
	g.mu.Lock()
	g.next++
	id := g.next
	g.mu.Unlock()
	var idb [8]byte
	binary.BigEndian.PutUint64(idb[:], id)
	fds := make([]int, len(files))
	for i, f := range files {
		fds[i] = int(f.Fd())
	}
	if err := syscall.Sendmsg(shellFiles, idb[:], syscall.UnixRights(fds...), nil, 0); err != nil {
		return fmt.Errorf("%w: handing the program's files to the daemon: %v", ErrRefused, err)
	}
	r, err := g.callID(ctx, id, shellMsg{Op: "run", Token: token})
	// Our ends of the pipes close (deferred) only after the program ended:
	// the copies then see their end.
	if err != nil {
		return err
	}
	if r.Code != 0 {
		return interp.ExitStatus(uint8(r.Code))
	}
	return nil
}

func init() {
	if len(os.Args) > 1 && os.Args[1] == execArg {
		os.Exit(confinedExec())
	}
}

// confinedExec is the second stage of a program's own child: it reads the
// program from fd 3 and becomes it.
func confinedExec() int {
	var job execJob
	if err := confine.ReadFrame(os.NewFile(shellIn, "from-daemon"), &job); err != nil {
		fmt.Fprintf(os.Stderr, "loopls: confined program: reading its job: %v\n", err)
		return 125
	}
	closeInheritedOnExec() // fd 3 and whatever the daemon inherited
	if err := os.Chdir(job.Dir); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", job.Args[0], err)
		return 126
	}
	err := syscall.Exec(job.Path, job.Args, job.Env)
	fmt.Fprintf(os.Stderr, "%s: %v\n", job.Args[0], err)
	return 126
}
