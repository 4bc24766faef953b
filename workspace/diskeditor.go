package workspace

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
	"syscall"

	"github.com/loopls/loopls/beneath"
)

// DiskEditor writes edits to files under a root atomically: the new text goes
// to a temporary file beside the target, is synced, takes the target's
// permissions and is renamed over it, so a cancel or a crash leaves either
// the old file or the new one, never half of one. The temporary file a
// crash leaves is removed by the next write of the same file (tempfiles.go).
//
// It follows no link a command may have left: the directory of the edit's
// Target (the path its check judged, free of links) is opened one
// component at a time from the root's descriptor without following any
// (package beneath), judged again there (a git directory by its contents
// that was not approved is refused), and the file is compared, written and
// renamed in that one descriptor. A component that became a link, or a
// directory other than the one Dirs names, fails the edit with the reason.
//
// It refuses an edit whose Old no longer matches the file on disk (someone
// changed it since it was read, or the editor holds unsaved changes the edit
// was computed against).
type DiskEditor struct {
	root *beneath.Root
}

// NewDiskEditor returns a DiskEditor writing under root.
func NewDiskEditor(root *beneath.Root) *DiskEditor { return &DiskEditor{root: root} }

// tempPrefix marks loopls's temporary files; the index ignores them.
const tempPrefix = beneath.TempPrefix

// Check implements TargetChecker: whether e's target is still what its
// check judged (checkTarget). The error says why in words.
func (d *DiskEditor) Check(e FileEdit) error {
	if err := checkTarget(d.root, e); err != nil {
		return &targetChanged{why: targetReason(e, err), err: err}
	}
	return nil
}

// targetChanged is Check's error: the reason in words, the kind beneath.
type targetChanged struct {
	why string
	err error
}

func (e *targetChanged) Error() string { return e.why }
func (e *targetChanged) Unwrap() error { return e.err }

// Apply implements Editor.
func (d *DiskEditor) Apply(ctx context.Context, e FileEdit) (EditResult, error) {
	if err := ctx.Err(); err != nil {
		return EditResult{}, err
	}
	target := e.target()
	dirRel, base := path.Split(target)
	walk := beneath.Walk{Expect: e.Dirs, Visit: gitDirGuard(target, e.Approved)}
	if e.Dirs == nil && !e.Exists {
		walk.Create = 0o755
	}
	dir, err := d.root.Walk(dirOf(dirRel), walk)
	if err != nil {
		if e.Exists && errors.Is(err, fs.ErrNotExist) {
			return EditResult{FailureReason: e.Path + " was deleted since it was read"}, nil
		}
		return EditResult{FailureReason: targetReason(e, err)}, nil
	}
	defer dir.Close()
	cur, err := readIn(dir, base)
	switch {
	case err == nil:
		if !e.Exists {
			return EditResult{FailureReason: e.Path + " was created by someone else since it was checked; read it and edit it instead"}, nil
		}
		if cur != e.Old {
			return EditResult{FailureReason: e.Path + " on disk differs from the text the edit was made against (changed since it was read, or unsaved changes in the editor); read it again"}, nil
		}
	case errors.Is(err, fs.ErrNotExist):
		if e.Exists {
			return EditResult{FailureReason: e.Path + " was deleted since it was read"}, nil
		}
	default:
		return EditResult{FailureReason: targetReason(e, err)}, nil
	}
	if e.Delete {
		ent, err := dir.Lstat(base)
		if err == nil {
			err = dir.Remove(base, ent)
		}
		if err != nil {
			return EditResult{FailureReason: fmt.Sprintf("cannot delete %s: %v", e.Path, err)}, nil
		}
		return EditResult{Applied: true, dirs: dir.Chain()}, nil
	}
	sweepOrphans(dir, base)
	if err := dir.WriteAtomic(ctx, base, strings.NewReader(e.New), 0o644); err != nil {
		if ctx.Err() != nil {
			return EditResult{}, err
		}
		return EditResult{FailureReason: targetReason(e, err)}, nil
	}
	return EditResult{Applied: true, dirs: dir.Chain()}, nil
}

// ApplyAll implements BatchEditor: each edit in turn, stopping at the first
// that does not apply (disk has no transaction across files).
func (d *DiskEditor) ApplyAll(ctx context.Context, _ string, edits []FileEdit) (EditResult, error) {
	for _, e := range edits {
		res, err := d.Apply(ctx, e)
		if err != nil || !res.Applied {
			return res, err
		}
	}
	return EditResult{Applied: true}, nil
}

// readIn reads the regular file name in dir, following no link in its
// place. O_NONBLOCK keeps the open from blocking on a FIFO.
func readIn(dir *beneath.Dir, name string) (string, error) {
	f, err := dir.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return "", err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return "", err
	}
	if !fi.Mode().IsRegular() {
		return "", fmt.Errorf("%s (%s): %w", path.Join(dir.Rel(), name), fi.Mode().Type(), ErrNotRegular)
	}
	b, err := io.ReadAll(f)
	return string(b), err
}
