package beneath

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strconv"
	"sync"
	"time"
)

// Dir is a directory beneath a root, open on its own descriptor and reached
// without following any link.
type Dir struct {
	r     *Root
	h     handle
	rel   string
	id    ID
	chain []ID // the root's and each component's identity, when walked
}

// Rel is the directory's slash path relative to the root ("." for the root).
func (d *Dir) Rel() string { return d.rel }

// ID is the directory's identity.
func (d *Dir) ID() ID { return d.id }

// Chain is the identity of the root and of every directory on the way to
// this one, as Walk saw them (nil for a Dir from OpenDir); pass it as an
// Expect to refuse, later, a path whose directories were replaced.
func (d *Dir) Chain() []ID { return d.chain }

// Close closes the directory's descriptor.
func (d *Dir) Close() error { return closeHandle(d.h) }

// Walk says how Root.Walk walks.
type Walk struct {
	// Create, when not zero, creates the missing directories with this
	// mode instead of failing.
	Create fs.FileMode
	// Expect, when not nil, is a Chain an earlier walk of the same path
	// returned: a directory on the way that is not the one it saw fails
	// with ErrChanged (a missing one with fs.ErrNotExist).
	Expect []ID
	// Visit, when set, is called with the root and each directory on the
	// way while its descriptor is held; an error it returns stops the walk.
	Visit func(d *Dir) error
}

// OpenDir opens the directory rel beneath the root, following no link: a
// component that is a link is ErrLink, one that is no directory ErrNotDir.
func (r *Root) OpenDir(rel string) (*Dir, error) {
	rel, err := Clean(rel)
	if err != nil {
		return nil, err
	}
	if h, id, ok := openBeneath(r.h, rel); ok {
		return &Dir{r: r, h: h, rel: rel, id: id}, nil
	}
	return r.Walk(rel, Walk{})
}

// Walk opens the directory rel beneath the root one component at a time,
// each in its parent's descriptor with no link followed, as w says.
func (r *Root) Walk(rel string, w Walk) (*Dir, error) {
	rel, err := Clean(rel)
	if err != nil {
		return nil, err
	}
	es := elems(rel)
	if w.Expect != nil && len(w.Expect) != len(es)+1 {
		return nil, &Error{Op: "open", Path: rel, Kind: ErrChanged, Err: errors.New("the path has another number of directories")}
	}
	h, id, err := dupHandle(r.h)
	if err != nil {
		return nil, &Error{Op: "open", Path: ".", Err: err}
	}
	d := &Dir{r: r, h: h, rel: ".", id: id, chain: []ID{id}}
	if err := d.judge(w, 0); err != nil {
		d.Close()
		return nil, err
	}
	for i, e := range es {
		next := path.Join(d.rel, e)
		r.step(StepOpen, next)
		nh, nid, err := openDirAt(d.h, e)
		if errors.Is(err, fs.ErrNotExist) && w.Create != 0 && w.Expect == nil {
			if err = mkdirAt(d.h, e, w.Create); err == nil || errors.Is(err, fs.ErrExist) {
				nh, nid, err = openDirAt(d.h, e)
			}
		}
		d.Close()
		if err != nil {
			return nil, withPath(err, "open", next)
		}
		d = &Dir{r: r, h: nh, rel: next, id: nid, chain: append(d.chain, nid)}
		if err := d.judge(w, i+1); err != nil {
			d.Close()
			return nil, err
		}
	}
	return d, nil
}

// judge checks the i-th directory of a walk against w.
func (d *Dir) judge(w Walk, i int) error {
	if w.Expect != nil && w.Expect[i] != d.id {
		return &Error{Op: "open", Path: d.rel, Kind: ErrChanged}
	}
	if w.Visit != nil {
		return w.Visit(d)
	}
	return nil
}

// child is the slash path of name in d.
func (d *Dir) child(name string) string { return path.Join(d.rel, name) }

// OpenDir opens the directory name in d, following no link.
func (d *Dir) OpenDir(name string) (*Dir, error) {
	if err := checkName("open", name); err != nil {
		return nil, err
	}
	h, id, err := openDirAt(d.h, name)
	if err != nil {
		return nil, withPath(err, "open", d.child(name))
	}
	var chain []ID
	if d.chain != nil {
		chain = append(append([]ID(nil), d.chain...), id)
	}
	return &Dir{r: d.r, h: h, rel: d.child(name), id: id, chain: chain}, nil
}

// OpenFile opens name in d with flag (os.O_*) and, when it creates it,
// perm; it never follows a link in name's place (ErrLink).
func (d *Dir) OpenFile(name string, flag int, perm fs.FileMode) (*os.File, error) {
	if err := checkName("open", name); err != nil {
		return nil, err
	}
	f, err := openFileAt(d.h, name, d.child(name), flag, perm)
	if err != nil {
		return nil, withPath(err, "open", d.child(name))
	}
	return f, nil
}

// Lstat reports the entry name in d without following it.
func (d *Dir) Lstat(name string) (Entry, error) {
	if err := checkName("lstat", name); err != nil {
		return Entry{}, err
	}
	e, err := lstatAt(d.h, name)
	if err != nil {
		return Entry{}, withPath(err, "lstat", d.child(name))
	}
	return e, nil
}

// Names lists the names in d.
func (d *Dir) Names() ([]string, error) {
	names, err := readNames(d.h)
	if err != nil {
		return nil, withPath(err, "read", d.rel)
	}
	return names, nil
}

// Mkdir creates the directory name in d.
func (d *Dir) Mkdir(name string, perm fs.FileMode) error {
	if err := checkName("mkdir", name); err != nil {
		return err
	}
	if err := mkdirAt(d.h, name, perm); err != nil {
		return withPath(err, "mkdir", d.child(name))
	}
	return nil
}

// TempPrefix begins the name of WriteAtomic's temporary files:
//
//	.loopls-tmp-<name>-<pid>-<random>
//
// beside the file they replace (the pid lets a later write tell a killed
// process's orphan from a write in flight).
const TempPrefix = ".loopls-tmp-"

// TempName is a name for a temporary file of a write of name by this process.
func TempName(name string) string {
	var rnd [6]byte
	_, _ = rand.Read(rnd[:])
	return TempPrefix + name + "-" + strconv.Itoa(os.Getpid()) + "-" + hex.EncodeToString(rnd[:])
}

// writeChunk is how much WriteAtomic writes between checks of ctx.
const writeChunk = 1 << 20

// copyBufs are WriteAtomic's copy buffers, kept between writes.
var copyBufs = sync.Pool{New: func() any { b := make([]byte, 32<<10); return &b }}

// WriteAtomic replaces (or creates) name in d with what src holds: it
// writes a temporary file in d, syncs it, gives it the mode of the regular
// file it replaces (perm for a new one) and renames it over name in the
// same descriptor. A cancel or a crash leaves the old file or the new one.
// A link in name's place is replaced, not followed.
func (d *Dir) WriteAtomic(ctx context.Context, name string, src io.Reader, perm fs.FileMode) (err error) {
	if err := checkName("write", name); err != nil {
		return err
	}
	rel := d.child(name)
	if e, err := lstatAt(d.h, name); err == nil {
		if e.Mode.IsDir() {
			return &Error{Op: "write", Path: rel, Err: fmt.Errorf("is a directory")}
		}
		if e.Mode.IsRegular() {
			perm = e.Mode.Perm()
		}
	}
	tmp := TempName(name)
	f, err := openFileAt(d.h, tmp, rel, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return withPath(err, "write", rel)
	}
	renamed, closed := false, false
	defer func() {
		if !renamed {
			if !closed {
				f.Close()
			}
			_ = unlinkAt(d.h, tmp, false)
		}
	}()
	buf := copyBufs.Get().(*[]byte)
	defer copyBufs.Put(buf)
	for {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("write of %s cancelled: %w", rel, err)
		}
		// (the bare io.Writer keeps os.File's ReadFrom, which allocates a
		// buffer of its own, out of it)
		n, err := io.CopyBuffer(struct{ io.Writer }{f}, io.LimitReader(src, writeChunk), *buf)
		if errors.Is(err, io.EOF) || (err == nil && n < writeChunk) {
			break
		}
		if err != nil {
			return &Error{Op: "write", Path: rel, Err: err}
		}
	}
	// The umask may have narrowed perm at creation; the old file's mode wins.
	if err := f.Chmod(perm); err != nil {
		return &Error{Op: "chmod", Path: rel, Err: err}
	}
	if err := f.Sync(); err != nil {
		return &Error{Op: "sync", Path: rel, Err: err}
	}
	d.r.step(StepRename, rel)
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("write of %s cancelled: %w", rel, err)
	}
	// renameOpen closes f (on Unix first, then renames the name in the
	// same descriptor; on Windows it renames the handle written, which no
	// other handle can then stand in for, and closes it).
	closed = true
	if err := renameOpen(f, d.h, tmp, name); err != nil {
		return withPath(err, "rename", rel)
	}
	renamed = true
	return nil
}

// Remove removes the entry name in d (a file, a link or an empty
// directory) after checking that it is seen, the entry the caller looked
// at: another in its place is ErrChanged and stays.
func (d *Dir) Remove(name string, seen Entry) error {
	if err := checkName("remove", name); err != nil {
		return err
	}
	rel := d.child(name)
	if err := removeSeen(d.h, name, seen, func() { d.r.step(StepRemove, rel) }); err != nil {
		return withPath(err, "remove", rel)
	}
	return nil
}

// RemoveAll removes the entry name in d and, for a directory, everything
// in it, each entry by unlinkat in its parent's descriptor. name itself,
// and every directory it descends into, must be the entry seen (device,
// inode, type; ErrChanged otherwise); it descends only into directories
// opened without following a link, so nothing outside d is touched
// whatever is swapped meanwhile. It stops at the first error.
func (d *Dir) RemoveAll(name string, seen Entry) error {
	return d.removeAll(name, seen, 0)
}

func (d *Dir) removeAll(name string, seen Entry, depth int) error {
	if err := checkName("remove", name); err != nil {
		return err
	}
	if !seen.Mode.IsDir() {
		return d.Remove(name, seen)
	}
	if depth > maxDepth {
		return &Error{Op: "remove", Path: d.child(name), Err: fmt.Errorf("more than %d directories deep", maxDepth)}
	}
	d.r.step(StepOpen, d.child(name))
	sub, err := d.OpenDir(name)
	if err != nil {
		return err
	}
	if sub.id != seen.ID {
		sub.Close()
		return &Error{Op: "remove", Path: sub.rel, Kind: ErrChanged}
	}
	names, err := sub.Names()
	if err == nil {
		for _, n := range names {
			var e Entry
			if e, err = sub.Lstat(n); err != nil {
				if errors.Is(err, fs.ErrNotExist) {
					err = nil
					continue
				}
				break
			}
			if !e.Mode.IsDir() {
				// Inside a directory held open, unlinkat of a name removes
				// that entry and nothing else, whatever it now is (one that
				// became a directory fails): no second look is needed.
				d.r.step(StepRemove, sub.child(n))
				if err = unlinkAt(sub.h, n, false); err != nil && !errors.Is(err, fs.ErrNotExist) {
					err = withPath(err, "remove", sub.child(n))
					break
				}
				err = nil
				continue
			}
			if err = sub.removeAll(n, e, depth+1); err != nil {
				break
			}
		}
	}
	sub.Close()
	if err != nil {
		return err
	}
	return d.Remove(name, seen)
}

// SetTimes sets the access and modification times of name in d, without
// following a link in its place.
func (d *Dir) SetTimes(name string, atime, mtime time.Time) error {
	if err := checkName("chtimes", name); err != nil {
		return err
	}
	if err := utimesAt(d.h, name, atime, mtime); err != nil {
		return withPath(err, "chtimes", d.child(name))
	}
	return nil
}

// SetFileTimes sets the access and modification times of the open file f
// on its descriptor.
func SetFileTimes(f *os.File, atime, mtime time.Time) error {
	if err := setFileTimes(f, atime, mtime); err != nil {
		return &os.PathError{Op: "chtimes", Path: f.Name(), Err: err}
	}
	return nil
}
