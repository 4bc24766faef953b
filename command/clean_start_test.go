package command

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// inheritedPipe is a pipe whose write end this process holds as if it had
// inherited it (not close-on-exec), as a daemon started by an editor or a
// terminal may; it returns that descriptor's number and a read of what
// reached the pipe once every writer is gone.
func inheritedPipe(t *testing.T) (int, func() string) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	fd, err := unix.Dup(int(w.Fd()))
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	t.Cleanup(func() { r.Close() })
	closed := false
	t.Cleanup(func() {
		if !closed {
			unix.Close(fd)
		}
	})
	return fd, func() string {
		unix.Close(fd)
		closed = true
		b := make([]byte, 256)
		n, _ := r.Read(b)
		return string(b[:max(n, 0)])
	}
}

// TestInheritedDescriptorsReachNoProgram: a descriptor the daemon inherited
// (above 2, not close-on-exec) reaches no program a line starts, through
// the real confined child and where nothing is confined (issue 31).
func TestInheritedDescriptorsReachNoProgram(t *testing.T) {
	for _, confined := range []bool{true, false} {
		t.Run(map[bool]string{true: "confined", false: "unconfined"}[confined], func(t *testing.T) {
			if !confined {
				t.Setenv(ConfineEnv, "off")
			}
			fd, got := inheritedPipe(t)
			dir := newTree(t, map[string]string{"a.txt": "a\n"})
			cfg := openCfg(t, dir, Policy{AllowCommands: true}, &recordingApprover{allow: true})
			n := strconv.Itoa(fd)
			res := call(t, cfg, "sh -c 'echo LEAKED >&"+n+"'; ls /proc/self/fd/"+n)
			if out := got(); strings.Contains(out, "LEAKED") {
				t.Errorf("a program wrote to the daemon's inherited descriptor %d:\n%s", fd, res.Output)
			}
			if strings.HasSuffix(strings.TrimSpace(res.Output), "[exit code 0]") {
				t.Errorf("descriptor %d was open in the program:\n%s", fd, res.Output)
			}
		})
	}
}
