//go:build linux

package layer

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/fsnotify/fsnotify"
	"golang.org/x/sys/unix"
)

// maxSeen bounds what a watcher keeps of the paths changed during the
// lines holding a mark: past it, the lines are treated as after an
// overflow (every path a conflict).
const maxSeen = 1 << 16

// addWatchHook, set by tests only, replaces adding a watch, so that a
// test can run out of watches without touching the machine's limit.
var addWatchHook func(fsw *fsnotify.Watcher, name string) error

// Watcher is the daemon's watcher of one workspace: it sees every path
// changed there (by the user, the editor, another program) so that a
// line's layer is not applied over what changed while the line ran. One
// goroutine takes fsnotify's events; every directory is watched, and a
// directory that appears is watched and walked at once (what was made in
// it before its watch counts as changed). A kernel queue overflow, lost
// events, is remembered: the lines that held a mark then treat every path
// as changed. A directory whose watch could not be added (the kernel's
// fs.inotify.max_user_watches ran out) is named by Unwatched; changes
// there are found by change time alone (Layer.Start).
type Watcher struct {
	root    string // the workspace's real path
	syncDir string // the daemon's own directory, watched too (Sync)
	fsw     *fsnotify.Watcher
	log     *slog.Logger
	cancel  context.CancelFunc
	done    chan struct{}
	hold    chan chan struct{}

	mu        sync.Mutex
	seq       uint64            // events taken so far
	marks     int               // lines holding a mark
	changed   map[string]uint64 // path → seq of its last change, while marks > 0
	overflow  uint64            // seq of the last overflow
	dirs      map[string]bool   // watched directories
	unwatched map[string]error  // directories whose watch could not be added
	syncs     map[string]*syncWait
	nsync     int
	// syncing, set by tests, runs once Sync has made its file.
	syncing   func()
	closeOnce sync.Once
	closeErr  error
}

// Watch starts watching the workspace at root (its real path), with a
// private directory under base ("" for the user's cache directory) for
// Sync. It returns once every directory of the workspace is watched; the
// watcher runs until ctx ends or Close.
func Watch(ctx context.Context, root, base string, log *slog.Logger) (*Watcher, error) {
	if base == "" {
		base = defaultBase()
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if err := os.MkdirAll(base, 0o700); err != nil {
		return nil, err
	}
	syncDir, err := os.MkdirTemp(base, "watch-")
	if err != nil {
		return nil, err
	}
	fsw, err := fsnotify.NewWatcher()
	if err != nil {
		os.RemoveAll(syncDir)
		return nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	w := &Watcher{
		root: filepath.Clean(root), syncDir: syncDir, fsw: fsw, log: log, cancel: cancel,
		done: make(chan struct{}), hold: make(chan chan struct{}),
		changed: map[string]uint64{}, dirs: map[string]bool{}, unwatched: map[string]error{},
		syncs: map[string]*syncWait{},
	}
	if err := fsw.Add(syncDir); err != nil {
		cancel()
		fsw.Close()
		os.RemoveAll(syncDir)
		return nil, err
	}
	w.mu.Lock()
	w.addTree(".", false)
	w.mu.Unlock()
	go w.loop(ctx)
	return w, nil
}

// Close stops the watcher, waits for its goroutine and releases its
// watches (the kernel's release is the slow part: tens of milliseconds).
func (w *Watcher) Close() error {
	w.closeOnce.Do(func() {
		w.cancel()
		<-w.done
		w.closeErr = errors.Join(w.fsw.Close(), os.RemoveAll(w.syncDir))
	})
	return w.closeErr
}

// Unwatched lists the directories whose watch could not be added, with
// why (fs.inotify.max_user_watches reached, most often), sorted.
func (w *Watcher) Unwatched() []Note {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := make([]Note, 0, len(w.unwatched))
	for d, err := range w.unwatched {
		out = append(out, Note{d, err.Error()})
	}
	slices.SortFunc(out, func(a, b Note) int { return strings.Compare(a.Path, b.Path) })
	return out
}

// Hold stops the watcher taking events until release is called; the
// kernel queues them meanwhile, and drops them past its queue's size
// (fs.inotify.max_queued_events) with an overflow. Tests use it to cause
// a real overflow.
func (w *Watcher) Hold() (release func()) {
	r := make(chan struct{})
	select {
	case w.hold <- r:
		return sync.OnceFunc(func() { close(r) })
	case <-w.done:
		return func() {}
	}
}

// syncWait is one Sync's wait for its file's report: got says whether it
// came (an overflow ends the wait without it).
type syncWait struct {
	ch  chan struct{}
	got bool
}

// Sync returns once the watcher has taken every event of a change made
// before it was called: it makes a file in its own directory, which the
// same kernel queue reports after them, and waits for that report.
func (w *Watcher) Sync(ctx context.Context) error {
	for {
		w.mu.Lock()
		w.nsync++
		name := "s" + strconv.Itoa(w.nsync)
		sw := &syncWait{ch: make(chan struct{})}
		w.syncs[name] = sw
		w.mu.Unlock()
		p := filepath.Join(w.syncDir, name)
		fd, err := unix.Open(p, unix.O_CREAT|unix.O_EXCL|unix.O_WRONLY|unix.O_CLOEXEC, 0o600)
		if errors.Is(err, unix.ENOENT) {
			// Its directory was removed (a cache cleaned): made and
			// watched again.
			if err = os.Mkdir(w.syncDir, 0o700); err == nil || errors.Is(err, fs.ErrExist) {
				if err = w.fsw.Add(w.syncDir); err == nil {
					fd, err = unix.Open(p, unix.O_CREAT|unix.O_EXCL|unix.O_WRONLY|unix.O_CLOEXEC, 0o600)
				}
			}
		}
		if err == nil {
			unix.Close(fd)
			if w.syncing != nil {
				w.syncing()
			}
		}
		var lost bool
		if err == nil {
			select {
			case <-sw.ch:
			case <-ctx.Done():
				err = ctx.Err()
			case <-w.done:
				err = errors.New("the workspace's watcher has stopped")
			}
			w.mu.Lock()
			// Its report may have been lost in an overflow: again.
			lost = !sw.got
			w.mu.Unlock()
		}
		w.mu.Lock()
		delete(w.syncs, name)
		w.mu.Unlock()
		_ = unix.Unlink(p)
		if err != nil || !lost {
			return err
		}
	}
}

// Mark is a line's start: what the watcher takes after it changed during
// the line. Release it once the line's layer is applied.
type Mark struct {
	w    *Watcher
	seq  uint64
	once sync.Once
}

// Mark syncs and marks the start of a line.
func (w *Watcher) Mark(ctx context.Context) (*Mark, error) {
	if err := w.Sync(ctx); err != nil {
		return nil, err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.marks++
	return &Mark{w: w, seq: w.seq}, nil
}

// Release ends the mark; with no mark left the watcher forgets the paths
// it saw change.
func (m *Mark) Release() {
	m.once.Do(func() {
		w := m.w
		w.mu.Lock()
		defer w.mu.Unlock()
		w.marks--
		if w.marks == 0 {
			clear(w.changed)
		}
	})
}

// Seen is what the watcher saw change since a mark, taken once (after a
// Sync) when the line's layer is about to be applied: the daemon's own
// writes that follow are not in it.
type Seen struct {
	// Overflow: events were lost since the mark (or too many to keep);
	// every path counts as changed.
	Overflow bool
	paths    map[string]bool
}

// Seen syncs and returns what changed since the mark.
func (m *Mark) Seen(ctx context.Context) (*Seen, error) {
	w := m.w
	if err := w.Sync(ctx); err != nil {
		return nil, err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	s := &Seen{Overflow: w.overflow > m.seq, paths: map[string]bool{}}
	for p, at := range w.changed {
		if at > m.seq {
			s.paths[p] = true
		}
	}
	return s, nil
}

// Changed reports whether the watcher saw rel (slash-separated, relative
// to the workspace) change since the mark. nil saw nothing.
func (s *Seen) Changed(rel string) bool {
	if s == nil {
		return false
	}
	return s.Overflow || s.paths[rel]
}

// loop takes fsnotify's events until ctx ends.
func (w *Watcher) loop(ctx context.Context) {
	defer close(w.done)
	for {
		select {
		case <-ctx.Done():
			return
		case r := <-w.hold:
			select {
			case <-r:
			case <-ctx.Done():
				return
			}
		case ev, ok := <-w.fsw.Events:
			if !ok {
				return
			}
			w.event(ev)
		case err, ok := <-w.fsw.Errors:
			if !ok {
				return
			}
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				w.log.Warn("workspace watcher: events overflowed; the lines running count every path as changed", "root", w.root)
				w.mu.Lock()
				w.seq++
				w.overflow = w.seq
				// The waits whose report may be lost end; they sync again.
				for name, sw := range w.syncs {
					close(sw.ch)
					delete(w.syncs, name)
				}
				// Directories made meanwhile have no watch yet.
				w.addTree(".", false)
				w.mu.Unlock()
				continue
			}
			w.log.Warn("workspace watcher", "err", err)
		}
	}
}

// event takes one event.
func (w *Watcher) event(ev fsnotify.Event) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if dir, name := filepath.Split(ev.Name); filepath.Clean(dir) == w.syncDir {
		if sw := w.syncs[name]; sw != nil && ev.Has(fsnotify.Create) {
			sw.got = true
			close(sw.ch)
			delete(w.syncs, name)
		}
		return
	}
	rel, ok := w.rel(ev.Name)
	if !ok || w.isBase(ev.Name) {
		return
	}
	w.seq++
	w.saw(rel)
	if (ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename)) && w.dirs[rel] {
		// A directory gone or moved away: its watches (and those under
		// it, whose names fsnotify would keep) go; moved back in, it is
		// watched again by the name it then has.
		for d := range w.dirs {
			if d == rel || strings.HasPrefix(d, rel+"/") {
				delete(w.dirs, d)
				_ = w.fsw.Remove(filepath.Join(w.root, filepath.FromSlash(d)))
			}
		}
	}
	if ev.Has(fsnotify.Create) {
		if fi, err := os.Lstat(ev.Name); err == nil && fi.IsDir() {
			w.addTree(rel, true)
		}
	}
}

// isBase reports whether p is under the daemon's directory of layers
// (which a workspace may hold: the home directory): the lines' own upper
// directories are written there.
func (w *Watcher) isBase(p string) bool {
	base := filepath.Dir(w.syncDir)
	return p == base || strings.HasPrefix(p, base+string(filepath.Separator))
}

// saw records that rel changed now, while a line holds a mark.
func (w *Watcher) saw(rel string) {
	if w.marks == 0 {
		return
	}
	if len(w.changed) >= maxSeen {
		w.overflow = w.seq
		return
	}
	w.changed[rel] = w.seq
}

// rel is the workspace-relative name of an event's path.
func (w *Watcher) rel(name string) (string, bool) {
	if name == w.root {
		return ".", true
	}
	r, ok := strings.CutPrefix(name, w.root+string(filepath.Separator))
	return filepath.ToSlash(r), ok && r != ""
}

// addTree watches the directory rel and every directory under it not yet
// watched; with fresh (a directory that just appeared), each entry found
// counts as changed. w.mu is held.
func (w *Watcher) addTree(rel string, fresh bool) {
	top := filepath.Join(w.root, filepath.FromSlash(rel))
	_ = filepath.WalkDir(top, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		r, _ := w.rel(p)
		if fresh && r != rel {
			w.saw(r)
		}
		if !d.IsDir() {
			return nil
		}
		if w.dirs[r] {
			return nil
		}
		add := w.fsw.Add
		if addWatchHook != nil {
			add = func(name string) error { return addWatchHook(w.fsw, name) }
		}
		if err := add(p); err != nil {
			if errors.Is(err, syscall.ENOENT) {
				return fs.SkipDir
			}
			if _, known := w.unwatched[r]; !known {
				if errors.Is(err, syscall.ENOSPC) {
					err = fmt.Errorf("out of file watches (fs.inotify.max_user_watches): %w", err)
				}
				w.log.Warn("workspace watcher: a directory is not watched; conflicts under it are found by change time alone", "dir", r, "err", err)
			}
			w.unwatched[r] = err
			return fs.SkipDir
		}
		delete(w.unwatched, r)
		w.dirs[r] = true
		return nil
	})
}
