package command

import (
	"fmt"
	"os"
	"path"
	"slices"
	"sync"
	"time"

	"github.com/loopls/loopls/rootpath"
)

// Every confined line is bracketed by two scans of the workspace for the
// protected paths present: before, to hold them read-only; after, to
// remove those the line created. A workspace with its dependencies
// installed has tens of thousands of files, so a scan reads again only the
// directories whose listing changed since the last one: a name added,
// removed or renamed in a directory changes its ctime (which no program
// can set back, unlike mtime), and what is protected depends on names
// alone (rootpath.Names, rootpath.IsGitDirListing). Every known directory
// is still looked at (one lstat), so no change is missed; only unchanged
// listings are not read.

// racyWindow: a directory whose ctime is this close to the start of the
// scan that saw it may change again within the same timestamp (the kernel
// stamps with a clock coarser than the scan's), so the next scan reads it
// whatever its stamp says ("racy git", as git handles its index).
const racyWindow = time.Second

// ProtectedScan keeps what the last scan of one workspace saw. It is safe
// for concurrent use; the zero value has seen nothing yet (its first scan
// reads every directory). A Workspace keeps one for all its lines.
type ProtectedScan struct {
	mu   sync.Mutex
	root string                // the workspace it saw
	dirs map[string]scannedDir // by slash path relative to the root ("." itself)
	// clock is time.Now; this package's tests move it to make a tree
	// they just made count as old.
	clock func() time.Time
}

// scannedDir is one directory as a scan saw it.
type scannedDir struct {
	stamp dirStamp
	racy  bool
	// subdirs are its child directories the scan walks into (a git
	// directory among them says so itself, and is not walked further);
	// protected are its children protected by name, not walked into.
	subdirs   []string
	protected []string
	// protectedIDs are the protected children's identities as the scan
	// saw them, by index of protected: the removal after a line removes
	// only the entry that is still the one seen.
	protectedIDs []fileID
	gitDir       bool // it is itself a git directory by its contents
}

// fileID is a file's identity on its device.
type fileID struct{ dev, ino uint64 }

// dirStamp is what changes when a directory's listing changes.
type dirStamp struct {
	dev, ino     uint64
	ctime, mtime int64 // nanoseconds
}

// present lists the protected paths that exist in t (slash paths relative
// to the root, sorted): every entry rootpath.Names names and every
// directory that is a git directory by its contents, wherever it is, the
// root itself aside. It does not descend into them, nor follow symlinks.
// A directory it cannot read is skipped: unreadable here, it is
// unwritable by the same user's programs too.
func (s *ProtectedScan) present(t tree) ([]string, error) {
	found, _, err := s.presentSeen(t)
	return found, err
}

// presentSeen is present, with the identity the scan saw of each path
// found and of its parent directory (keyed by their slash paths).
func (s *ProtectedScan) presentSeen(t tree) ([]string, map[string]fileID, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.root != t.dir {
		s.root, s.dirs = t.dir, nil
	}
	now := time.Now
	if s.clock != nil {
		now = s.clock
	}
	w := &scanWalk{t: t, old: s.dirs, now: make(map[string]scannedDir, len(s.dirs)), start: now()}
	if err := w.visit("."); err != nil {
		s.dirs = nil
		return nil, nil, err
	}
	s.dirs = w.now
	var found []string
	seen := make(map[string]fileID)
	for rel, d := range w.now {
		for i, name := range d.protected {
			found = append(found, path.Join(rel, name))
			seen[path.Join(rel, name)] = d.protectedIDs[i]
			seen[rel] = d.stamp.id()
		}
		for _, name := range d.subdirs {
			if child := path.Join(rel, name); w.now[child].gitDir {
				found = append(found, child)
				seen[child] = w.now[child].stamp.id()
				seen[rel] = d.stamp.id()
			}
		}
	}
	slices.Sort(found)
	return found, seen, nil
}

func (s dirStamp) id() fileID { return fileID{dev: s.dev, ino: s.ino} }

type scanWalk struct {
	t     tree
	old   map[string]scannedDir
	now   map[string]scannedDir
	start time.Time
}

// visit looks at the directory rel and what is under it; a git directory
// by its contents is recorded as one and not walked further.
func (w *scanWalk) visit(rel string) error {
	p := w.t.abs(rel)
	fi, err := os.Lstat(p)
	if err != nil || !fi.IsDir() {
		if rel == "." {
			if err == nil {
				err = fmt.Errorf("%s is not a directory", p)
			}
			return err
		}
		return nil
	}
	d, ok := w.old[rel]
	if !ok || d.racy || d.stamp != stampOf(fi) {
		if d, err = w.read(rel); err != nil {
			if rel == "." {
				return err
			}
			return nil
		}
	}
	w.now[rel] = d
	if d.gitDir {
		return nil
	}
	for _, name := range d.subdirs {
		if err := w.visit(path.Join(rel, name)); err != nil {
			return err
		}
	}
	return nil
}

// read reads the directory rel afresh: its stamp first (so a change made
// while it is read shows next time), then its listing.
func (w *scanWalk) read(rel string) (scannedDir, error) {
	f, err := openDirNoFollow(w.t.abs(rel))
	if err != nil {
		return scannedDir{}, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return scannedDir{}, err
	}
	ents, err := f.ReadDir(-1)
	if err != nil {
		return scannedDir{}, err
	}
	d := scannedDir{stamp: stampOf(fi), racy: !changeTime(fi).Before(w.start.Add(-racyWindow))}
	names := make([]string, len(ents))
	for i, e := range ents {
		names[i] = e.Name()
	}
	if rel != "." && rootpath.IsGitDirListing(names) {
		d.gitDir = true
		return d, nil
	}
	for _, e := range ents {
		child := path.Join(rel, e.Name())
		switch {
		case isProtectedName(child):
			var id fileID
			if fi, err := e.Info(); err == nil {
				id = stampOf(fi).id()
			}
			d.protected = append(d.protected, e.Name())
			d.protectedIDs = append(d.protectedIDs, id)
		case e.IsDir():
			d.subdirs = append(d.subdirs, e.Name())
		}
	}
	return d, nil
}

func isProtectedName(rel string) bool {
	_, p := rootpath.Names(rel)
	return p
}

// protectedPresent is t's protected paths by a scan of its own (the line
// scans through cfg's ProtectedScan, see runConfined).
func (t tree) protectedPresent() ([]string, error) {
	var s ProtectedScan
	return s.present(t)
}
