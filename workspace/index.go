package workspace

import (
	"io/fs"
	"log/slog"
	"os"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/fsnotify/fsnotify"
)

// index is the set of files in the workspace, without .git/ and
// .gitignored paths. With a watcher it is kept current (watch.go); without
// one every files call walks the tree afresh.
type index struct {
	root     *os.Root
	fsys     fs.FS
	rootPath string
	log      *slog.Logger

	mu       sync.RWMutex
	set      map[string]struct{} // files
	dirs     map[string]struct{} // indexed (not ignored) directories, "." included
	ignores  ignoreSet
	sorted   []string // cache of files(); nil when set changed
	watching bool
	degraded bool // watches ran out: files() rescans
	updated  chan struct{}

	watcher   *fsnotify.Watcher
	stop      chan struct{}
	done      chan struct{}
	closeOnce sync.Once
	closeErr  error
}

func newIndex(root *os.Root, rootPath string, log *slog.Logger) *index {
	return &index{
		root:     root,
		fsys:     root.FS(),
		rootPath: rootPath,
		log:      log,
		set:      make(map[string]struct{}),
		dirs:     make(map[string]struct{}),
		ignores:  make(ignoreSet),
		updated:  make(chan struct{}),
	}
}

// files returns the indexed files, sorted. The slice is shared: callers
// must not modify it.
func (ix *index) files() []string {
	ix.mu.RLock()
	if ix.watching && !ix.degraded {
		if s := ix.sorted; s != nil {
			ix.mu.RUnlock()
			return s
		}
		ix.mu.RUnlock()
		ix.mu.Lock()
		defer ix.mu.Unlock()
		if ix.sorted == nil {
			ix.sorted = sortedKeys(ix.set)
		}
		return ix.sorted
	}
	ix.mu.RUnlock()
	// Unwatched: a fresh walk, so a one-shot run sees what is on disk now.
	set := make(map[string]struct{})
	ign := make(ignoreSet)
	walkTree(ix.fsys, ".", ign, nil, func(rel string, isDir bool) {
		if !isDir {
			set[rel] = struct{}{}
		}
	}, ix.log)
	return sortedKeys(set)
}

// changed returns a channel closed the next time the index changes. Tests
// and waiters take it before checking, so no change is missed.
func (ix *index) changed() <-chan struct{} {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	return ix.updated
}

// notifyLocked wakes everyone waiting on changed; ix.mu is held.
func (ix *index) notifyLocked() {
	ix.sorted = nil
	close(ix.updated)
	ix.updated = make(chan struct{})
}

func sortedKeys(m map[string]struct{}) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// walkTree walks dir (relative, slash-separated) depth first. In each
// directory it first calls onDir (where watches are added, before the
// entries are read, so nothing created meanwhile is missed), then loads its
// .gitignore into ign, then visits the entries that are not ignored.
// Symlinks are visited as files and not followed.
func walkTree(fsys fs.FS, dir string, ign ignoreSet, onDir func(string), visit func(rel string, isDir bool), log *slog.Logger) {
	if onDir != nil {
		onDir(dir)
	}
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		log.Debug("workspace index: cannot read directory", "dir", dir, "err", err)
		return
	}
	loadIgnore(fsys, dir, ign)
	for _, e := range entries {
		rel := e.Name()
		if dir != "." {
			rel = dir + "/" + rel
		}
		isDir := e.IsDir()
		if e.Type()&(fs.ModeNamedPipe|fs.ModeSocket|fs.ModeDevice|fs.ModeCharDevice|fs.ModeIrregular) != 0 {
			continue // not text anyone edits; reading a FIFO would block
		}
		if ign.ignored(rel, isDir) {
			continue
		}
		visit(rel, isDir)
		if isDir {
			walkTree(fsys, rel, ign, onDir, visit, log)
		}
	}
}

// loadIgnore reads dir's .gitignore into ign (or drops dir's rules when it
// has none); for the root also the exclude files (gitexclude.go).
func loadIgnore(fsys fs.FS, dir string, ign ignoreSet) {
	if dir == "." {
		ign[excludesKey] = loadExcludes(fsys)
	}
	data, err := fs.ReadFile(fsys, path.Join(dir, ".gitignore"))
	if err != nil {
		delete(ign, dir)
		return
	}
	ign[dir] = parseGitignore(string(data))
}

// removeUnderLocked drops rel and everything below it; ix.mu is held.
// It returns the directories dropped, so their watches can be removed.
func (ix *index) removeUnderLocked(rel string) []string {
	var dirs []string
	delete(ix.set, rel)
	prefix := rel + "/"
	if rel == "." {
		prefix = ""
	}
	for f := range ix.set {
		if strings.HasPrefix(f, prefix) {
			delete(ix.set, f)
		}
	}
	for d := range ix.dirs {
		if d == rel || strings.HasPrefix(d, prefix) {
			delete(ix.dirs, d)
			dirs = append(dirs, d)
		}
	}
	for d := range ix.ignores {
		if d == rel || strings.HasPrefix(d, prefix) {
			delete(ix.ignores, d)
		}
	}
	return dirs
}
