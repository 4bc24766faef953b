//go:build linux || darwin

package confine

import (
	"fmt"
	"os"
	"runtime"

	"golang.org/x/sys/unix"
)

// Stage1Arg is the first argument of the confined child: the caller runs
// its own binary with it (Command), and this package's init takes over.
const Stage1Arg = "__loopls_confine"

// The child reads its Spec from fd 3 and leaves the rest of that stream,
// and fd 4, to the second stage.
const (
	specFD = 3
)

func init() {
	if len(os.Args) > 1 && os.Args[1] == Stage1Arg {
		os.Exit(stage1())
	}
}

// fdReader reads a file descriptor without an *os.File, whose finalizer
// could close it before the second stage inherits it.
type fdReader int

func (r fdReader) Read(p []byte) (int, error) {
	for {
		n, err := unix.Read(int(r), p)
		if err == unix.EINTR {
			continue
		}
		if n == 0 && err == nil {
			return 0, os.ErrClosed
		}
		if err != nil {
			return 0, err
		}
		return n, nil
	}
}

// stage1 applies the Spec it is sent, then becomes the second stage; with
// no second stage (a probe) it reports success by its exit status.
func stage1() int {
	runtime.LockOSThread() // the restrictions are put on this thread, which then execs
	var s Spec
	if err := ReadFrame(fdReader(specFD), &s); err != nil {
		fmt.Fprintf(os.Stderr, "loopls: confinement: reading the spec: %v\n", err)
		return 125
	}
	if err := apply(s); err != nil {
		fmt.Fprintf(os.Stderr, "loopls: confinement could not be set up: %v\n", err)
		return 125
	}
	if s.Stage2 == "" {
		return 0
	}
	err := unix.Exec(s.Exe, []string{os.Args[0], s.Stage2}, os.Environ())
	fmt.Fprintf(os.Stderr, "loopls: confinement: exec %s: %v\n", s.Exe, err)
	return 125
}
