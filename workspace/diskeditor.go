package workspace

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
	"strings"
)

// DiskEditor writes edits to files under a root atomically: the new text goes
// to a temporary file beside the target, is synced, takes the target's
// permissions and is renamed over it, so a cancel or a crash leaves either
// the old file or the new one, never half of one. The temporary file a
// crash leaves is removed by the next write of the same file (tempfiles.go).
//
// It refuses an edit whose Old no longer matches the file on disk (someone
// changed it since it was read, or the editor holds unsaved changes the edit
// was computed against).
type DiskEditor struct {
	root *os.Root
	// beforeRename, when set (tests only), runs after the temporary file is
	// written and synced and before it is renamed into place.
	beforeRename func()
}

// NewDiskEditor returns a DiskEditor writing under root.
func NewDiskEditor(root *os.Root) *DiskEditor { return &DiskEditor{root: root} }

// writeChunk is how much is written between checks of ctx, so a cancel stops
// a large write promptly.
const writeChunk = 1 << 20

// tempPrefix marks loopls's temporary files; the index ignores them.
const tempPrefix = ".loopls-tmp-"

// Apply implements Editor.
func (d *DiskEditor) Apply(ctx context.Context, e FileEdit) (EditResult, error) {
	if err := ctx.Err(); err != nil {
		return EditResult{}, err
	}
	cur, _, err := readRegular(d.root, e.Path, -1, nil)
	switch {
	case err == nil:
		if !e.Exists {
			return EditResult{FailureReason: e.Path + " was created by someone else since it was checked; read it and edit it instead"}, nil
		}
		if string(cur) != e.Old {
			return EditResult{FailureReason: e.Path + " on disk differs from the text the edit was made against (changed since it was read, or unsaved changes in the editor); read it again"}, nil
		}
	case errors.Is(err, fs.ErrNotExist):
		if e.Exists {
			return EditResult{FailureReason: e.Path + " was deleted since it was read"}, nil
		}
	default:
		return EditResult{FailureReason: fmt.Sprintf("cannot read %s: %v", e.Path, err)}, nil
	}
	if e.Delete {
		if err := d.root.Remove(e.Path); err != nil {
			return EditResult{FailureReason: fmt.Sprintf("cannot delete %s: %v", e.Path, err)}, nil
		}
		return EditResult{Applied: true}, nil
	}
	if err := d.writeAtomic(ctx, e.Path, e.New); err != nil {
		if ctx.Err() != nil {
			return EditResult{}, err
		}
		return EditResult{FailureReason: err.Error()}, nil
	}
	return EditResult{Applied: true}, nil
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

// writeAtomic replaces name with text through a temporary file and rename.
func (d *DiskEditor) writeAtomic(ctx context.Context, name, text string) (err error) {
	perm := fs.FileMode(0o644)
	if fi, err := d.root.Stat(name); err == nil {
		perm = fi.Mode().Perm()
	}
	dir := path.Dir(name)
	if dir != "." {
		if err := d.root.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("cannot create directory %s: %w", dir, err)
		}
	}
	sweepOrphans(d.root, name)
	var rnd [6]byte
	_, _ = rand.Read(rnd[:])
	tmp := tempName(name, hex.EncodeToString(rnd[:]))
	f, err := d.root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", name, err)
	}
	renamed := false
	defer func() {
		if !renamed {
			f.Close()
			d.root.Remove(tmp)
		}
	}()
	r := strings.NewReader(text)
	for {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("write of %s cancelled: %w", name, err)
		}
		n, err := io.CopyN(f, r, writeChunk)
		if errors.Is(err, io.EOF) || (err == nil && n < writeChunk) {
			break
		}
		if err != nil {
			return fmt.Errorf("cannot write %s: %w", name, err)
		}
	}
	// The umask may have narrowed perm at creation; the old file's mode wins.
	if err := f.Chmod(perm); err != nil {
		return fmt.Errorf("cannot set permissions of %s: %w", name, err)
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("cannot sync %s: %w", name, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("cannot write %s: %w", name, err)
	}
	if d.beforeRename != nil {
		d.beforeRename()
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("write of %s cancelled: %w", name, err)
	}
	if err := d.root.Rename(tmp, name); err != nil {
		return fmt.Errorf("cannot replace %s: %w", name, err)
	}
	renamed = true
	return nil
}
