package rpc_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// inotifyWatches counts the inotify watches process pid holds, from
// /proc/PID/fdinfo (one "inotify wd:" line a watch).
func inotifyWatches(t *testing.T, pid int) int {
	t.Helper()
	fdDir := fmt.Sprintf("/proc/%d/fd", pid)
	entries, err := os.ReadDir(fdDir)
	if err != nil {
		t.Fatalf("list the daemon's descriptors: %v", err)
	}
	n := 0
	for _, e := range entries {
		target, err := os.Readlink(filepath.Join(fdDir, e.Name()))
		if err != nil || target != "anon_inode:inotify" {
			continue // closed meanwhile, or not an inotify descriptor
		}
		info, err := os.ReadFile(fmt.Sprintf("/proc/%d/fdinfo/%s", pid, e.Name()))
		if err != nil {
			continue // closed meanwhile
		}
		n += strings.Count(string(info), "inotify wd:")
	}
	return n
}

// The ordering guard for a quick exit: the kernel takes tens of
// milliseconds to drop a process's inotify watches (an SRCU grace period),
// so the daemon releases them while answering shutdown, where LSP has a
// server clean up, and exit has nothing slow left to do.
func TestShutdownReleasesFileWatches(t *testing.T) {
	f := newFixture(t)
	f.c.initialize(f.root, nil, nil)
	pid := f.c.cmd.Process.Pid
	// loopls/sessions is answered once initialize's background open is done.
	var sessions json.RawMessage
	f.c.mustRequest("loopls/sessions", nil, &sessions)
	if n := inotifyWatches(t, pid); n == 0 {
		t.Fatal("the daemon holds no inotify watch once open: nothing for this test to see released")
	}
	f.c.mustRequest("shutdown", nil, nil)
	if n := inotifyWatches(t, pid); n != 0 {
		t.Errorf("after shutdown was answered the daemon still holds %d inotify watches, want 0", n)
	}
	f.c.notify("exit", nil)
	if code := f.c.waitExit(); code != 0 {
		t.Errorf("exit code = %d, want 0", code)
	}
}
