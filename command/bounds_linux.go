package command

import (
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/loopls/loopls/confine"
)

// lineProcs bounds the processes (threads count) of one line together.
const lineProcs = 4096

// lineBounds are the bounds of one line's programs together: lineProcs
// processes and three quarters of the machine's memory. Without a user
// namespace RLIMIT_NPROC counts every process of the user, so the tasks
// running now are added.
func lineBounds(namespaces bool) confine.Bounds {
	b := confine.Bounds{Procs: lineProcs, Memory: 1 << 30}
	var si unix.Sysinfo_t
	if unix.Sysinfo(&si) == nil {
		b.Memory = max(b.Memory, int64(si.Totalram)*int64(si.Unit)/4*3)
	}
	if !namespaces {
		if la, err := os.ReadFile("/proc/loadavg"); err == nil {
			// "0.00 0.01 0.05 1/523 4242": 523 tasks.
			if f := strings.Fields(string(la)); len(f) > 3 {
				if _, total, ok := strings.Cut(f[3], "/"); ok {
					n, _ := strconv.ParseInt(total, 10, 64)
					b.Procs += n
				}
			}
		}
	}
	return b
}
