package workspace

import (
	"io/fs"
	"os"
	"path"
	"strconv"
	"strings"
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

// tempName is the temporary file for a write of name by this process.
func tempName(name, random string) string {
	return path.Join(path.Dir(name), tempPrefix+path.Base(name)+"-"+strconv.Itoa(os.Getpid())+"-"+random)
}

// sweepOrphans removes the temporary files that writes of name by
// processes no longer running left beside it. It is best effort: a file it
// cannot judge or remove stays, and the write goes on.
func sweepOrphans(root *os.Root, name string) {
	dir := path.Dir(name)
	prefix := tempPrefix + path.Base(name) + "-"
	entries, err := fs.ReadDir(root.FS(), dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok || !e.Type().IsRegular() {
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
		_ = root.Remove(path.Join(dir, e.Name()))
	}
}
