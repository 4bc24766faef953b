package workspace

import (
	"context"
	"errors"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/fsnotify/fsnotify"
)

// debounce is how long the watcher gathers a burst of events (a checkout, a
// build writing many files) before updating the index once.
const debounce = 20 * time.Millisecond

// addWatchHook, when set (tests only), replaces fsnotify's Add so a test
// can run the kernel out of watches without touching the machine's limits.
var addWatchHook func(w *fsnotify.Watcher, name string) error

// start builds the index and keeps it current with fsnotify until close.
func (ix *index) start(ctx context.Context) error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	ix.mu.Lock()
	ix.watcher = w
	ix.watching = true
	ix.stop = make(chan struct{})
	ix.done = make(chan struct{})
	ix.scanLocked(".")
	ix.mu.Unlock()
	go ix.loop()
	return nil
}

// scanLocked (re)indexes the subtree dir, adding watches; ix.mu is held.
func (ix *index) scanLocked(dir string) {
	if dir != "." {
		ix.dirs[dir] = struct{}{}
	}
	walkTree(ix.fsys, dir, ix.ignores, ix.watchLocked, func(rel string, isDir bool) {
		if isDir {
			ix.dirs[rel] = struct{}{}
		} else {
			ix.set[rel] = struct{}{}
		}
	}, ix.log)
	ix.dirs["."] = struct{}{}
}

// watchLocked adds a watch on dir. When the kernel's watch limit is
// reached the index stops watching and files() falls back to walking the
// tree, with one warning saying how to raise the limit.
func (ix *index) watchLocked(dir string) {
	if ix.watcher == nil || ix.degraded {
		return
	}
	add := ix.watcher.Add
	if addWatchHook != nil {
		add = func(name string) error { return addWatchHook(ix.watcher, name) }
	}
	err := add(filepath.Join(ix.rootPath, filepath.FromSlash(dir)))
	if err == nil {
		return
	}
	if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EMFILE) {
		ix.degraded = true
		ix.log.Warn("workspace index: out of file watches; falling back to rescanning the tree on every listing (raise fs.inotify.max_user_watches to fix)",
			"root", ix.rootPath, "dir", dir, "err", err)
		return
	}
	ix.log.Debug("workspace index: cannot watch directory", "dir", dir, "err", err)
}

// loop gathers events into debounced batches and applies them.
func (ix *index) loop() {
	defer close(ix.done)
	pending := make(map[string]struct{})
	var timer *time.Timer
	var fire <-chan time.Time
	for {
		select {
		case <-ix.stop:
			if timer != nil {
				timer.Stop()
			}
			return
		case ev, ok := <-ix.watcher.Events:
			if !ok {
				return
			}
			rel, ok := within(filepath.ToSlash(ix.rootPath), filepath.ToSlash(ev.Name))
			if !ok || rel == "." {
				continue
			}
			pending[rel] = struct{}{}
			if timer == nil {
				timer = time.NewTimer(debounce)
				fire = timer.C
			}
		case err, ok := <-ix.watcher.Errors:
			if !ok {
				return
			}
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				// Events were lost: only a full rescan is right.
				ix.log.Warn("workspace index: file events overflowed; rescanning", "root", ix.rootPath)
				pending["."] = struct{}{}
				if timer == nil {
					timer = time.NewTimer(debounce)
					fire = timer.C
				}
				continue
			}
			ix.log.Warn("workspace index: watcher error", "err", err)
		case <-fire:
			timer, fire = nil, nil
			batch := make([]string, 0, len(pending))
			for p := range pending {
				batch = append(batch, p)
			}
			clear(pending)
			ix.apply(batch)
		}
	}
}

// apply brings the index in line with the disk for every path in batch.
// Paths that are gone are dropped first: a directory renamed inside the
// root keeps its kernel watches (they follow the inode), so removing the
// old name's watches after indexing the new name would drop the new ones.
// Then shallow paths before deep ones, so a new directory is indexed whole
// before its children's own events are looked at.
func (ix *index) apply(batch []string) {
	slices.SortFunc(batch, func(a, b string) int {
		if d := depth(a) - depth(b); d != 0 {
			return d
		}
		return strings.Compare(a, b)
	})
	ix.mu.Lock()
	defer ix.mu.Unlock()
	var present []string
	for _, rel := range batch {
		if rel == "." {
			present = append(present, rel)
			continue
		}
		if _, err := ix.root.Lstat(rel); err != nil {
			for _, d := range ix.removeUnderLocked(rel) {
				_ = ix.watcher.Remove(filepath.Join(ix.rootPath, filepath.FromSlash(d)))
			}
			if path.Base(rel) == ".gitignore" {
				present = append(present, rel) // its rules must go too
			}
			continue
		}
		present = append(present, rel)
	}
	for _, rel := range present {
		ix.applyOneLocked(rel)
	}
	ix.notifyLocked()
}

func depth(rel string) int {
	if rel == "." {
		return 0
	}
	n := 1
	for i := 0; i < len(rel); i++ {
		if rel[i] == '/' {
			n++
		}
	}
	return n
}

func (ix *index) applyOneLocked(rel string) {
	if rel == "." {
		ix.rescanLocked(".")
		return
	}
	parent := path.Dir(rel)
	if path.Base(rel) == ".gitignore" {
		// New rules change what is listed below parent: index it again.
		if _, ok := ix.dirs[parent]; ok {
			ix.rescanLocked(parent)
		}
		return
	}
	fi, err := ix.root.Lstat(rel)
	if err != nil {
		// Gone (deleted, or renamed away: the new name has its own event).
		for _, d := range ix.removeUnderLocked(rel) {
			_ = ix.watcher.Remove(filepath.Join(ix.rootPath, filepath.FromSlash(d)))
		}
		return
	}
	if _, ok := ix.dirs[parent]; !ok {
		return // under an ignored or unindexed directory
	}
	if ix.ignores.ignored(rel, fi.IsDir()) {
		ix.removeUnderLocked(rel)
		return
	}
	if fi.IsDir() {
		ix.rescanLocked(rel)
		return
	}
	ix.set[rel] = struct{}{}
}

// rescanLocked drops what the index holds under dir and walks it again.
func (ix *index) rescanLocked(dir string) {
	ix.removeUnderLocked(dir)
	ix.scanLocked(dir)
}

// close stops the watcher and waits for its goroutine; files() then walks
// the tree. Closing the inotify descriptor is the slow part: the kernel
// waits out an SRCU grace period for its watches (8–40 ms measured on the
// shared VM), which is why a daemon releases them at shutdown
// (Workspace.StopWatching). Later calls return the first one's result.
func (ix *index) close() error {
	ix.closeOnce.Do(func() {
		ix.mu.Lock()
		w := ix.watcher
		ix.watching = false
		ix.mu.Unlock()
		if w == nil {
			return
		}
		close(ix.stop)
		<-ix.done
		ix.closeErr = w.Close()
	})
	return ix.closeErr
}
