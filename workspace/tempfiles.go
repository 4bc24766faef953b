package workspace

import (
	"os"
	"strconv"
	"strings"

	"github.com/loopls/loopls/beneath"
)

// A temporary file of an atomic write is named
//
//	.loopls-tmp-<base>-<pid>-<random>
//
// beside the file it replaces. It lives only for one write, so one that
// outlives its write was left by a loopls that was killed between creating
// and renaming it. The pid in the name lets the next write of the same file
// tell those orphans (their process is gone) from another loopls's write in
// flight (its process is alive), and remove only the orphans: a crash never
// leaves the user's tree with files git shows as untracked for good.

// sweepOrphans removes, from dir, the temporary files that writes of name
// by processes no longer running left beside it. It is best effort: a file
// it cannot judge or remove stays, and the write goes on.
func sweepOrphans(dir *beneath.Dir, name string) {
	prefix := tempPrefix + name + "-"
	names, err := dir.Names()
	if err != nil {
		return
	}
	for _, n := range names {
		rest, ok := strings.CutPrefix(n, prefix)
		if !ok {
			continue
		}
		pidText, _, ok := strings.Cut(rest, "-")
		if !ok {
			continue
		}
		pid, err := strconv.Atoi(pidText)
		if err != nil || pid <= 0 || pid == os.Getpid() || !processGone(pid) {
			continue
		}
		if e, err := dir.Lstat(n); err == nil && e.Mode.IsRegular() {
			_ = dir.Remove(n, e)
		}
	}
}
