//go:build linux

package layer

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/loopls/loopls/beneath"
)

// Result is what Apply did, each list by path.
type Result struct {
	Applied []string
	// Conflicts are changes not applied because the workspace's entry
	// changed while the line ran (the user saved it, another program
	// wrote it): theirs is kept.
	Conflicts []Note
	// Dropped are protected paths the line wrote that were not allowed.
	Dropped []Note
	// Failed are changes that could not be applied.
	Failed []Note
	// Skipped are entries of the layer that are never applied.
	Skipped []Note
	// Moved counts the new trees moved in whole.
	Moved int
	// Done are the changes applied, for the journal (Apply's keep says
	// which texts are read for it).
	Done []Done
}

// Op is what an applied change did to one path.
type Op string

const (
	Created Op = "created"
	Changed Op = "changed"
	Deleted Op = "deleted"
	Moded   Op = "mode"
)

// Done is one path an applied layer changed: its texts before and after
// (nil when not read: not a regular file, or keep said no, then Size is
// the file's size) and its permission bits. For a symbolic link (Link)
// Before and After are its targets.
type Done struct {
	Path                  string
	Op                    Op
	Dir                   bool
	Link                  bool
	ModeBefore, ModeAfter fs.FileMode
	Before, After         []byte
	Size                  int64
}

// Keep says whether the journal keeps size bytes of text of rel: only
// then are they read for it. nil keeps none.
type Keep func(rel string, size int64) bool

// Note is one path and what happened to it, in words.
type Note struct {
	Path string
	Why  string
}

// Asker decides whether the changes at or under the protected path root
// (why says what it is) may be applied; it is asked once for each.
type Asker func(root, why string) bool

// ErrConflict marks a change not applied because its entry changed
// while the line ran.
var ErrConflict = errors.New("changed in the workspace while the command ran; the workspace's version is kept")

// ErrOverflow is why nothing of a line is applied after its watcher lost
// events.
var ErrOverflow = errors.New("the daemon's watcher lost events while the command ran (queue overflow); the workspace's version is kept")

// Apply applies ch (walked from l) to the workspace r, after the line has
// ended and nothing writes the layer. Every step goes through package
// beneath: from the root's descriptor, following no link. A file is
// written to a temporary name in its directory and renamed into place,
// then given the layer's mode and modification time on its descriptor.
// An entry of the workspace changed during the line is a conflict: it is
// neither overwritten nor removed. Two checks say so independently: the
// daemon's watcher (l.Seen) and the entry's change time (l.Start). After
// a watcher overflow (l.Seen.Overflow) every change is a conflict (named
// once for a new or cleared directory and what is under it). A change at
// or under a protected path is applied only if ask allows its root (nil
// refuses).
func Apply(ctx context.Context, l *Layer, r *beneath.Root, ch Changes, ask Asker, keep Keep) Result {
	a := &applier{ctx: ctx, l: l, r: r, j: newJudge(l.Upper, r), ask: ask, keep: keep, verdict: make(map[string]bool), dropped: make(map[string]bool)}
	for _, s := range ch.Skipped {
		a.res.Skipped = append(a.res.Skipped, Note(s))
	}
	if l.Seen != nil && l.Seen.Overflow {
		under := ""
		for _, c := range ch.List {
			if under != "" && strings.HasPrefix(c.Path, under+"/") {
				continue
			}
			under = ""
			if c.Kind == Mkdir || c.Kind == Clear {
				under = c.Path
			}
			a.res.Conflicts = append(a.res.Conflicts, Note{c.Path, ErrOverflow.Error()})
		}
		return a.res
	}
	list := append([]Change(nil), ch.List...)
	// A tree holding anything protected is never moved in whole.
	for i, c := range list {
		if root, _ := a.j.protected(c.Path); root == "" {
			continue
		}
		for k := i - 1; k >= 0; k-- {
			if list[k].Kind == Mkdir && strings.HasPrefix(c.Path, list[k].Path+"/") {
				list[k].Plain = false
			}
		}
	}
	var dirTimes []Change
	skipUnder := ""
	for _, c := range list {
		if skipUnder != "" && strings.HasPrefix(c.Path, skipUnder+"/") {
			a.created(c) // moved in with its tree
			continue
		}
		skipUnder = ""
		if root, ok := a.allowed(c); !ok {
			a.drop(root)
			continue
		}
		var err error
		switch c.Kind {
		case Delete:
			err = a.remove(c.Path, true)
		case Clear:
			err = a.remove(c.Path, false)
		case Mkdir:
			var moved bool
			moved, err = a.mkdir(c)
			if moved {
				skipUnder = c.Path
				a.res.Moved++
			} else if err == nil {
				dirTimes = append(dirTimes, c)
			}
			if err == nil {
				a.created(c)
			}
		case Write:
			err = a.write(c)
		case Link:
			err = a.link(c)
		case Meta:
			err = a.meta(c)
		}
		a.note(c.Path, err)
	}
	// A directory's time last: what went into it changed it.
	for i := len(dirTimes) - 1; i >= 0; i-- {
		c := dirTimes[i]
		if d, err := a.parent(c.Path); err == nil {
			_ = d.SetTimes(path.Base(c.Path), c.MTime, c.MTime)
			d.Close()
		}
	}
	return a.res
}

type applier struct {
	ctx     context.Context
	l       *Layer
	r       *beneath.Root
	j       *judge
	ask     Asker
	keep    Keep
	verdict map[string]bool // protected root → allowed
	dropped map[string]bool
	res     Result
}

// allowed judges the change's path (and where a link leads) and asks
// about its protected root once.
func (a *applier) allowed(c Change) (string, bool) {
	root, why := a.j.protected(c.Path)
	if root == "" && c.Kind == Link {
		if q, inside := linkTarget(c.Path, c.Target); inside {
			if to, w := a.j.protected(q); to != "" {
				root, why = c.Path, "a link to "+to+" ("+w+")"
			}
		}
	}
	if root == "" {
		return "", true
	}
	return root, a.decide(root, why)
}

func (a *applier) decide(root, why string) bool {
	ok, seen := a.verdict[root]
	if !seen {
		ok = a.ask != nil && a.ask(root, why)
		a.verdict[root] = ok
	}
	return ok
}

func (a *applier) drop(root string) {
	if a.dropped[root] {
		return
	}
	a.dropped[root] = true
	_, why := a.j.protected(root)
	if why == "" {
		why = "a protected path"
	}
	a.res.Dropped = append(a.res.Dropped, Note{root, why})
}

func (a *applier) note(p string, err error) {
	switch {
	case err == nil:
		a.res.Applied = append(a.res.Applied, p)
	case errors.Is(err, ErrConflict), errors.Is(err, beneath.ErrChanged):
		a.res.Conflicts = append(a.res.Conflicts, Note{p, err.Error()})
	default:
		a.res.Failed = append(a.res.Failed, Note{p, err.Error()})
	}
}

// changedDuringLine reports whether the workspace's p (st) changed while
// the line ran: the watcher saw it change (Layer.Seen), or its change
// time is at or after the line's start (Layer.Start).
func (a *applier) changedDuringLine(p string, st *syscall.Stat_t) bool {
	return a.l.Seen.Changed(p) || !time.Unix(st.Ctim.Unix()).Before(a.l.Start)
}

// parent opens the directory that holds p.
func (a *applier) parent(p string) (*beneath.Dir, error) { return a.r.OpenDir(path.Dir(p)) }

// remove removes the workspace's p and what is under it (p itself only
// when self), entry by entry in their directories' descriptors: an entry
// changed while the line ran stays (and so do the directories that hold
// it), and so does a protected one not allowed.
func (a *applier) remove(p string, self bool) error {
	d, err := a.parent(p)
	if err != nil {
		if absent(err) {
			return nil
		}
		return err
	}
	defer d.Close()
	kept, err := a.removeIn(d, path.Base(p), p, self)
	if err != nil {
		return err
	}
	if kept > 0 {
		return fmt.Errorf("%w (%d entries under it)", ErrConflict, kept)
	}
	return nil
}

// removeIn removes name (the workspace's p) in d and returns how many
// entries it kept.
func (a *applier) removeIn(d *beneath.Dir, name, p string, self bool) (kept int, err error) {
	e, err := d.Lstat(name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return 0, nil
		}
		return 0, err
	}
	if root, why := a.j.protected(p); root != "" && !a.decide(root, why) {
		a.drop(root)
		return 1, nil
	}
	if self {
		st, err := statIn(d, name)
		if err != nil {
			return 0, err
		}
		if st != nil && a.changedDuringLine(p, st) {
			if !isDir(st) {
				a.res.Conflicts = append(a.res.Conflicts, Note{p, "changed in the workspace while the command ran; kept, not removed"})
				return 1, nil
			}
			// A directory whose listing changed: what is in it is
			// judged entry by entry below.
		}
	}
	if !e.Mode.IsDir() {
		done := Done{Path: p, Op: Deleted, ModeBefore: e.Mode.Perm()}
		if e.Mode&fs.ModeSymlink != 0 {
			if t, err := d.Readlink(name); err == nil {
				done.Link, done.Before = true, []byte(t)
			}
		}
		if e.Mode.IsRegular() {
			if st, err := statIn(d, name); err == nil && st != nil {
				done.Size = st.Size
				done.Before = a.read(p, st.Size, func() (*os.File, error) { return d.OpenFile(name, os.O_RDONLY, 0) })
			}
		}
		if err := d.Remove(name, e); err != nil {
			return 0, err
		}
		if e.Mode.IsRegular() || done.Link {
			a.res.Done = append(a.res.Done, done)
		}
		return 0, nil
	}
	sub, err := d.OpenDir(name)
	if err != nil {
		return 0, err
	}
	defer sub.Close()
	if sub.ID() != e.ID {
		return 1, nil
	}
	names, err := sub.Names()
	if err != nil {
		return 0, err
	}
	for _, n := range names {
		k, err := a.removeIn(sub, n, p+"/"+n, true)
		if err != nil {
			return kept, err
		}
		kept += k
	}
	if kept > 0 || !self {
		return kept, nil
	}
	if err := d.Remove(name, e); err != nil {
		return 0, err
	}
	a.res.Done = append(a.res.Done, Done{Path: p, Op: Deleted, Dir: true, ModeBefore: e.Mode.Perm()})
	return 0, nil
}

// conflict checks the workspace's entry c.Path (in d) before it is
// replaced: changed during the line, or gone although the line had it.
func (a *applier) conflict(d *beneath.Dir, c Change) error {
	st, err := statIn(d, path.Base(c.Path))
	if err != nil {
		return err
	}
	if st == nil {
		if c.Existed {
			return fmt.Errorf("%w: it was removed meanwhile and is not made again", ErrConflict)
		}
		if a.l.Seen.Changed(c.Path) {
			return fmt.Errorf("%w: it was removed meanwhile and is not made again", ErrConflict)
		}
		return nil
	}
	if a.changedDuringLine(c.Path, st) {
		return ErrConflict
	}
	return nil
}

// mkdir makes the directory c, or moves the layer's whole tree in when it
// is plain (moved says which).
func (a *applier) mkdir(c Change) (moved bool, err error) {
	d, err := a.parent(c.Path)
	if err != nil {
		return false, err
	}
	defer d.Close()
	name := path.Base(c.Path)
	if c.Plain {
		if up, err := os.Open(filepath.Join(a.l.Upper, filepath.FromSlash(path.Dir(c.Path)))); err == nil {
			err = d.MoveIn(up, name, name)
			up.Close()
			if err == nil {
				return true, nil
			}
		}
	}
	if err := d.Mkdir(name, c.Mode); err != nil {
		if e, lerr := d.Lstat(name); errors.Is(err, fs.ErrExist) && lerr == nil && e.Mode.IsDir() {
			return false, nil // made meanwhile: what the line puts in it goes in
		}
		if errors.Is(err, fs.ErrExist) {
			return false, fmt.Errorf("%w: something else is there now", ErrConflict)
		}
		return false, err
	}
	return false, a.setMeta(d, c)
}

// write writes the layer's file c into place.
func (a *applier) write(c Change) error {
	src, err := os.Open(filepath.Join(a.l.Upper, filepath.FromSlash(c.Path)))
	if err != nil {
		return err
	}
	defer src.Close()
	d, err := a.parent(c.Path)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := a.conflict(d, c); err != nil {
		return err
	}
	name := path.Base(c.Path)
	var before *Done
	if st, err := statIn(d, name); err == nil && st != nil && isReg(st) {
		before = &Done{Path: c.Path, Op: Changed, ModeBefore: fs.FileMode(st.Mode & 0o777), Size: st.Size}
		before.Before = a.read(c.Path, st.Size, func() (*os.File, error) { return d.OpenFile(name, os.O_RDONLY, 0) })
	}
	// A temporary file in the same directory's descriptor, given the
	// layer's mode and time on its own descriptor, then renamed into
	// place: the name never holds half a file. Not synced file by file
	// (a line's own writes never were; 10,000 fsyncs take seconds).
	tmp := beneath.TempName(name)
	f, err := d.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, c.Mode.Perm()|0o200)
	if err != nil {
		return err
	}
	_, err = io.Copy(f, src)
	if err == nil {
		err = f.Chmod(c.Mode.Perm())
	}
	if err == nil {
		err = beneath.SetFileTimes(f, c.MTime, c.MTime)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		// A save by the user since the check above is a conflict too.
		err = a.conflict(d, c)
	}
	if err == nil {
		err = d.Rename(tmp, name)
	}
	if err != nil {
		if e, lerr := d.Lstat(tmp); lerr == nil {
			_ = d.Remove(tmp, e)
		}
		return err
	}
	if before == nil {
		a.created(c)
		return nil
	}
	var size int64
	if fi, err := src.Stat(); err == nil {
		size = fi.Size()
	}
	before.ModeAfter, before.After = c.Mode, a.read(c.Path, size, a.upperFile(c.Path))
	if before.After == nil || before.Before == nil {
		before.Size = max(before.Size, size)
	}
	a.res.Done = append(a.res.Done, *before)
	return nil
}

// setMeta gives c.Path (in d) c's mode and time, on its own descriptor.
func (a *applier) setMeta(d *beneath.Dir, c Change) error {
	f, err := d.OpenFile(path.Base(c.Path), os.O_RDONLY, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := f.Chmod(c.Mode.Perm()); err != nil {
		return err
	}
	return beneath.SetFileTimes(f, c.MTime, c.MTime)
}

// link makes the layer's link c (replacing the workspace's link there).
func (a *applier) link(c Change) error {
	d, err := a.parent(c.Path)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := a.conflict(d, c); err != nil {
		return err
	}
	name := path.Base(c.Path)
	done := Done{Path: c.Path, Op: Created, Link: true, After: []byte(c.Target)}
	if e, err := d.Lstat(name); err == nil {
		if e.Mode&fs.ModeSymlink == 0 {
			return fmt.Errorf("%w: something else is there now", ErrConflict)
		}
		old, err := d.Readlink(name)
		if err != nil {
			return err
		}
		done.Op, done.Before = Changed, []byte(old)
		if err := d.Remove(name, e); err != nil {
			return err
		}
	}
	if err := d.Symlink(c.Target, name); err != nil {
		return err
	}
	a.res.Done = append(a.res.Done, done)
	return nil
}

// meta gives the workspace's c.Path the layer's mode and time.
func (a *applier) meta(c Change) error {
	d, err := a.parent(c.Path)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := a.conflict(d, c); err != nil {
		return err
	}
	name := path.Base(c.Path)
	st, err := statIn(d, name)
	if err != nil || st == nil {
		return fmt.Errorf("%w: removed meanwhile", ErrConflict)
	}
	if err := a.setMeta(d, c); err != nil {
		return err
	}
	switch before := fs.FileMode(st.Mode & 0o777); {
	case before == c.Mode.Perm():
	case isReg(st):
		a.res.Done = append(a.res.Done, Done{Path: c.Path, Op: Moded, ModeBefore: before, ModeAfter: c.Mode, Size: st.Size,
			After: a.read(c.Path, st.Size, func() (*os.File, error) { return d.OpenFile(name, os.O_RDONLY, 0) })})
	case isDir(st):
		a.res.Done = append(a.res.Done, Done{Path: c.Path, Op: Moded, Dir: true, ModeBefore: before, ModeAfter: c.Mode})
	}
	return nil
}

// read reads size bytes of f's text for the journal, if it keeps them.
func (a *applier) read(rel string, size int64, open func() (*os.File, error)) []byte {
	if a.keep == nil || !a.keep(rel, size) {
		return nil
	}
	f, err := open()
	if err != nil {
		return nil
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, size+1))
	if err != nil || int64(len(b)) != size {
		return nil
	}
	return b
}

// upperFile opens the layer's file rel.
func (a *applier) upperFile(rel string) func() (*os.File, error) {
	return func() (*os.File, error) { return os.Open(filepath.Join(a.l.Upper, filepath.FromSlash(rel))) }
}

// created records c, applied, as new: a directory, a link with its
// target, or a file with its text as it now is in the workspace.
func (a *applier) created(c Change) {
	switch c.Kind {
	case Link:
		a.res.Done = append(a.res.Done, Done{Path: c.Path, Op: Created, Link: true, After: []byte(c.Target)})
	case Mkdir:
		a.res.Done = append(a.res.Done, Done{Path: c.Path, Op: Created, Dir: true, ModeAfter: c.Mode})
	case Write:
		done := Done{Path: c.Path, Op: Created, ModeAfter: c.Mode}
		if d, err := a.parent(c.Path); err == nil {
			name := path.Base(c.Path)
			if st, err := statIn(d, name); err == nil && st != nil && isReg(st) {
				done.Size = st.Size
				done.After = a.read(c.Path, st.Size, func() (*os.File, error) { return d.OpenFile(name, os.O_RDONLY, 0) })
			}
			d.Close()
		}
		a.res.Done = append(a.res.Done, done)
	}
}
