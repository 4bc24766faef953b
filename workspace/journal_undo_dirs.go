package workspace

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"syscall"

	"github.com/loopls/loopls/beneath"
)

// dirUndo is what undoing a run does to the directories its lines made,
// removed or re-moded: the removed ones are made again before the files
// that were in them come back (shallowest first), the made ones are
// removed once the files the run put in them are gone (deepest first), and
// only when empty: what someone else put in one since keeps it. One there
// before and after whose mode the run changed gets its mode back.
type dirUndo struct {
	remake []span // removed by the run: made again, with their modes
	remove []span // made by the run: removed if empty
	remode []span // there before and after, another mode: set back
	made   []span // made again by remakeDirs: their modes set last
}

// add sorts s, a directory's span, into u (a directory made and removed
// again needs nothing).
func (u *dirUndo) add(s *span) {
	switch {
	case s.first.Existed && s.last.Removed:
		u.remake = append(u.remake, *s)
	case !s.first.Existed && !s.last.Removed:
		u.remove = append(u.remove, *s)
	case s.first.Existed && s.first.ModeBefore != 0 && s.first.ModeBefore.Perm() != s.last.ModeAfter.Perm():
		u.remode = append(u.remode, *s)
	}
}

func (u *dirUndo) empty() bool { return len(u.remake)+len(u.remove)+len(u.remode) == 0 }

// pathDepth is how many directories deep p is.
func pathDepth(p string) int { return strings.Count(p, "/") }

// remakeDirs makes the run's removed directories again, shallowest first,
// each in its parent's descriptor reached from the root with no link
// followed; one that is there again (a directory) is left as it is. It
// returns what it could not make, in words.
func (w *Workspace) remakeDirs(u *dirUndo) []string {
	slices.SortStableFunc(u.remake, func(a, b span) int { return pathDepth(a.first.Path) - pathDepth(b.first.Path) })
	var failed []string
	for _, s := range u.remake {
		p := s.first.Path
		d, why, _ := w.undoParent(p)
		if d == nil {
			failed = append(failed, why)
			continue
		}
		name := path.Base(p)
		mode := s.first.ModeBefore.Perm()
		if mode == 0 {
			mode = 0o755
		}
		// Writable by its owner until the files are back (setDirModes).
		err := d.Mkdir(name, mode|0o700)
		switch e, lerr := d.Lstat(name); {
		case err == nil:
			u.made = append(u.made, s)
		case errors.Is(err, fs.ErrExist) && lerr == nil && e.Mode.IsDir():
			err = nil // there again: the files go in
		case errors.Is(err, fs.ErrExist):
			err = errors.New("something else is there now")
		}
		d.Close()
		if err != nil {
			failed = append(failed, fmt.Sprintf("%s (not made again: %v)", p, err))
		}
	}
	return failed
}

// setDirModes gives the directories remakeDirs made, and those whose mode
// the run changed (while it is still the run's), their modes from before
// the run, on each one's own descriptor opened with no link followed, once
// the files are back in them.
func (w *Workspace) setDirModes(u *dirUndo) []string {
	var failed []string
	for i, s := range append(append([]span(nil), u.made...), u.remode...) {
		p, mode := s.first.Path, s.first.ModeBefore.Perm()
		if mode == 0 {
			continue
		}
		remode := i >= len(u.made)
		err := func() error {
			d, err := w.under.Walk(path.Dir(p), beneath.Walk{})
			if err != nil {
				return err
			}
			defer d.Close()
			f, err := d.OpenFile(path.Base(p), os.O_RDONLY, 0)
			if err != nil {
				return err
			}
			defer f.Close()
			fi, err := f.Stat()
			if err != nil || !fi.IsDir() {
				return errors.New("it is no longer a directory")
			}
			if remode && fi.Mode().Perm() != s.last.ModeAfter.Perm() {
				return fmt.Errorf("its mode is %v now, not the run's %v", fi.Mode().Perm(), s.last.ModeAfter.Perm())
			}
			return f.Chmod(mode)
		}()
		if err != nil {
			failed = append(failed, fmt.Sprintf("mode of %s not set back to %v: %v", p, mode, err))
		}
	}
	return failed
}

// removeDirs removes the directories the run made, deepest first, each
// only if it is a directory and empty (rmdir in its parent's descriptor);
// it returns what stays, in words.
func (w *Workspace) removeDirs(u *dirUndo) []string {
	slices.SortStableFunc(u.remove, func(a, b span) int { return pathDepth(b.first.Path) - pathDepth(a.first.Path) })
	var kept []string
	for _, s := range u.remove {
		p := s.first.Path
		d, why, err := w.undoParent(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue // gone with its parent: nothing to remove
		}
		if d == nil {
			kept = append(kept, why)
			continue
		}
		name := path.Base(p)
		e, err := d.Lstat(name)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			err = nil
		case err == nil && !e.Mode.IsDir():
			err = errors.New("it is no longer a directory")
		case err == nil:
			err = d.Remove(name, e)
			if errors.Is(err, syscall.ENOTEMPTY) || errors.Is(err, syscall.EEXIST) {
				err = errors.New("not empty: something the run did not make is in it")
			}
		}
		d.Close()
		if err != nil {
			kept = append(kept, fmt.Sprintf("%s (left: %v)", p, err))
		}
	}
	return kept
}

// undoParent opens the directory p is in, for undo to act on p there:
// reached from the root with no link followed, and only while p is not a
// protected path. When it cannot, d is nil and why says so in words; err
// is the walk's error (nil when p is refused as protected).
func (w *Workspace) undoParent(p string) (d *beneath.Dir, why string, err error) {
	if why := w.protectedRefusal(p); why != "" {
		return nil, why, nil
	}
	d, err = w.under.Walk(path.Dir(p), beneath.Walk{})
	if err != nil {
		return nil, fmt.Sprintf("%s (%v)", p, err), err
	}
	return d, "", nil
}

// protectedRefusal says why undo must not make or remove p (""
// when it may): it is a protected path now.
func (w *Workspace) protectedRefusal(p string) string {
	if pp, ok := w.protectedPath(p); ok {
		return fmt.Sprintf("%s (%s is a protected path now; undo writes none: revert it by hand if you mean to)", p, pp)
	}
	return ""
}

// treeOf collects the spans of a run's directories and links that undo
// takes back (each of one kind throughout, its texts held), for the run
// review's Undo all, which otherwise undoes files only.
func treeOf(order []string, by map[string]*span) (du dirUndo, links []span) {
	for _, p := range order {
		s := by[p]
		switch {
		case s.first.Dir != s.last.Dir || s.first.Link != s.last.Link:
		case s.first.Dir:
			du.add(s)
		case s.first.Link && s.dropped() == "":
			links = append(links, *s)
		}
	}
	return du, links
}
