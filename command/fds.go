//go:build unix

package command

import (
	"os"
	"strconv"
	"syscall"
)

// closeListedOnExec marks every descriptor above 2 that dir (/proc/self/fd,
// /dev/fd) lists close-on-exec: closeInheritedOnExec where close_range is
// missing.
func closeListedOnExec(dir string) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		if fd, err := strconv.Atoi(e.Name()); err == nil && fd > 2 {
			syscall.CloseOnExec(fd)
		}
	}
}
