package confine

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sys/unix"
)

// limit sets b as the rlimits of this process, which the second stage
// and everything it starts inherit.
func (b Bounds) limit() error {
	if b.Procs > 0 {
		if err := setLimit(unix.RLIMIT_NPROC, uint64(b.Procs)); err != nil {
			return fmt.Errorf("RLIMIT_NPROC: %w", err)
		}
	}
	if b.Memory > 0 {
		if err := setLimit(unix.RLIMIT_DATA, uint64(b.Memory)); err != nil {
			return fmt.Errorf("RLIMIT_DATA: %w", err)
		}
	}
	return nil
}

// setLimit lowers the soft and hard limit of resource to at most v.
func setLimit(resource int, v uint64) error {
	var old unix.Rlimit
	if err := unix.Getrlimit(resource, &old); err != nil {
		return err
	}
	lim := unix.Rlimit{Cur: min(v, old.Max), Max: min(v, old.Max)}
	return unix.Setrlimit(resource, &lim)
}

// Group is a cgroup (one per hierarchy on cgroup v1) that bounds a tree
// of processes; Close removes it.
type Group struct {
	Kind string   // "cgroup v2" or "cgroup v1"
	dirs []string // the cgroup directories made, each with a cgroup.procs
}

// groupSeq names groups apart within one daemon.
var groupSeq atomic.Uint64

// NewGroup makes a cgroup bounded by b, where this process may: under its
// own cgroup v2 when that subtree is delegated to it (its
// cgroup.subtree_control enables pids), else under its cgroup v1 pids
// (and memory) hierarchies when it may write them. The error says why
// there is none; the caller then relies on the rlimits.
func NewGroup(b Bounds) (*Group, error) {
	name := fmt.Sprintf("loopls-%d-%d", os.Getpid(), groupSeq.Add(1))
	paths, err := ownCgroups()
	if err != nil {
		return nil, err
	}
	mounts, err := cgroupMounts()
	if err != nil {
		return nil, err
	}
	var parents []string
	for c, m := range mounts {
		if p, ok := paths[c]; ok {
			parents = append(parents, filepath.Join(m, p))
		}
	}
	sweep(parents)
	if p, ok := paths[""]; ok && mounts[""] != "" {
		parent := filepath.Join(mounts[""], p)
		if sub, err := os.ReadFile(filepath.Join(parent, "cgroup.subtree_control")); err == nil && strings.Contains(" "+string(sub)+" ", " pids ") {
			g := &Group{Kind: "cgroup v2"}
			dir := filepath.Join(parent, name)
			if err := os.Mkdir(dir, 0o755); err == nil {
				g.dirs = append(g.dirs, dir)
				err := writeLimit(dir, "pids.max", b.Procs)
				if err == nil && strings.Contains(" "+string(sub)+" ", " memory ") {
					err = writeLimit(dir, "memory.max", b.Memory)
				}
				if err == nil {
					return g, nil
				}
				g.Close()
				return nil, err
			}
		}
	}
	pids, ok := paths["pids"]
	if !ok || mounts["pids"] == "" {
		return nil, errors.New("no delegated cgroup v2 subtree and no cgroup v1 pids hierarchy")
	}
	g := &Group{Kind: "cgroup v1"}
	dir := filepath.Join(mounts["pids"], pids, name)
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil, fmt.Errorf("cgroup v1 pids: %w", err)
	}
	g.dirs = append(g.dirs, dir)
	if err := writeLimit(dir, "pids.max", b.Procs); err != nil {
		g.Close()
		return nil, err
	}
	if mem, ok := paths["memory"]; ok && mounts["memory"] != "" && b.Memory > 0 {
		dir := filepath.Join(mounts["memory"], mem, name)
		if err := os.Mkdir(dir, 0o755); err == nil {
			g.dirs = append(g.dirs, dir)
			if err := writeLimit(dir, "memory.limit_in_bytes", b.Memory); err != nil {
				g.Close()
				return nil, err
			}
		}
	}
	return g, nil
}

// writeLimit writes v (when set) to the control file name of dir.
func writeLimit(dir, name string, v int64) error {
	if v <= 0 {
		return nil
	}
	if err := os.WriteFile(filepath.Join(dir, name), []byte(strconv.FormatInt(v, 10)), 0); err != nil {
		return fmt.Errorf("cgroup %s: %w", name, err)
	}
	return nil
}

// Add moves the process pid into g. The caller adds the confined child
// before sending it its Spec, so nothing it starts is outside.
func (g *Group) Add(pid int) error {
	for _, d := range g.dirs {
		if err := os.WriteFile(filepath.Join(d, "cgroup.procs"), []byte(strconv.Itoa(pid)), 0); err != nil {
			return fmt.Errorf("join %s: %w", d, err)
		}
	}
	return nil
}

// Close removes g's cgroups; the processes in them have ended by then
// (the child's PID namespace, or its process group, ended with it), though
// the kernel may take a moment to let the last go: a cgroup it still
// holds is tried again a few times, and one left behind is removed by the
// next daemon's sweep (NewGroup).
func (g *Group) Close() {
	for _, d := range g.dirs {
		for try := 0; ; try++ {
			err := os.Remove(d)
			if err == nil || os.IsNotExist(err) || try == closeTries {
				break
			}
			time.Sleep(closeRetry)
		}
	}
}

// closeTries and closeRetry bound how long Close waits for a cgroup the
// kernel still holds.
const (
	closeTries = 20
	closeRetry = 5 * time.Millisecond
)

// Hit says which of g's bounds the processes reached ("" none): what
// the result tells the model and the user about a line that failed there.
func (g *Group) Hit() string {
	var hit []string
	for _, d := range g.dirs {
		if eventCount(filepath.Join(d, "pids.events"), "max") > 0 {
			hit = append(hit, "its processes reached the bound of processes (pids.max), so forks failed")
		}
		if eventCount(filepath.Join(d, "memory.events"), "oom_kill") > 0 || eventCount(filepath.Join(d, "memory.oom_control"), "oom_kill") > 0 {
			hit = append(hit, "a program was killed at the bound of memory")
		}
	}
	return strings.Join(hit, "; ")
}

// eventCount reads the count of key in a cgroup's flat keyed file (0 when
// there is none).
func eventCount(file, key string) int64 {
	b, err := os.ReadFile(file)
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, " "); ok && k == key {
			n, _ := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			return n
		}
	}
	return 0
}

// sweepOnce removes, once per daemon, the groups a daemon that is gone
// left (it was killed before its Close): empty cgroups named for a process
// that no longer exists.
var sweepOnce sync.Once

func sweep(parents []string) {
	sweepOnce.Do(func() {
		for _, parent := range parents {
			ents, _ := os.ReadDir(parent)
			for _, e := range ents {
				var pid, seq int
				if _, err := fmt.Sscanf(e.Name(), "loopls-%d-%d", &pid, &seq); err != nil || !e.IsDir() || pid == os.Getpid() {
					continue
				}
				// Old too: a daemon in another PID namespace may share the
				// hierarchy, and its new group is empty until it joins.
				fi, err := e.Info()
				if err != nil || time.Since(fi.ModTime()) < time.Minute {
					continue
				}
				if _, err := os.Stat(fmt.Sprintf("/proc/%d", pid)); os.IsNotExist(err) {
					_ = os.Remove(filepath.Join(parent, e.Name())) // fails unless empty
				}
			}
		}
	})
}

// ownCgroups reads /proc/self/cgroup: each controller (v1) and "" (v2)
// with this process's cgroup path.
func ownCgroups() (map[string]string, error) {
	f, err := os.Open("/proc/self/cgroup")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	paths := make(map[string]string)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		parts := strings.SplitN(sc.Text(), ":", 3)
		if len(parts) != 3 {
			continue
		}
		for _, c := range strings.Split(parts[1], ",") {
			paths[c] = parts[2]
		}
	}
	return paths, sc.Err()
}

// cgroupMounts reads /proc/self/mountinfo: where each cgroup v1
// controller's hierarchy and the cgroup v2 hierarchy ("") are mounted.
func cgroupMounts() (map[string]string, error) {
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	mounts := make(map[string]string)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		pre, post, ok := strings.Cut(sc.Text(), " - ")
		if !ok {
			continue
		}
		fields, after := strings.Fields(pre), strings.Fields(post)
		if len(fields) < 5 || len(after) < 3 || fields[3] != "/" {
			continue
		}
		switch after[0] {
		case "cgroup2":
			mounts[""] = fields[4]
		case "cgroup":
			for _, opt := range strings.Split(after[2], ",") {
				if opt == "pids" || opt == "memory" {
					mounts[opt] = fields[4]
				}
			}
		}
	}
	return mounts, sc.Err()
}
