package command

import (
	"bytes"
	"context"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"time"

	"github.com/loopls/loopls/beneath"
	"github.com/loopls/loopls/layer"
	"github.com/loopls/loopls/rootpath"
)

// bom is the UTF-8 byte order mark, which LSP text never holds.
var bom = []byte{0xEF, 0xBB, 0xBF}

// stagedBuffer is an unsaved buffer as the line's layer holds it.
type stagedBuffer struct {
	Buffer
	bom  bool        // the file on disk starts with a BOM: restored in the layer
	mode fs.FileMode // the file on disk's (a lost +x breaks ./run.sh)
}

// stageBuffers writes the dirty buffers into dir (the layer's Above), each
// with the disk file's mode and BOM, and returns them by path. A buffer at
// a protected path is left out: the line sees the disk there, and what it
// writes there is judged like any other protected write.
func stageBuffers(bufs Buffers, r *beneath.Root, dir string) map[string]stagedBuffer {
	staged := map[string]stagedBuffer{}
	if bufs == nil {
		return staged
	}
	for _, b := range bufs.Dirty() {
		rel, err := beneath.Clean(b.Path)
		if err != nil || rel == "." {
			continue
		}
		if _, p := rootpath.Names(rel); p {
			continue
		}
		sb := stagedBuffer{Buffer: b, mode: 0o644}
		sb.Path = rel
		if d, err := r.OpenDir(path.Dir(rel)); err == nil {
			if f, err := d.OpenFile(path.Base(rel), os.O_RDONLY, 0); err == nil {
				if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
					sb.mode = fi.Mode().Perm()
					head := make([]byte, 3)
					n, _ := io.ReadFull(f, head)
					sb.bom = bytes.Equal(head[:n], bom)
				}
				f.Close()
			}
			d.Close()
		}
		text := []byte(b.Text)
		if sb.bom && !bytes.HasPrefix(text, bom) {
			text = append(append([]byte(nil), bom...), text...)
		}
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := mkdirLike(r, dir, path.Dir(rel)); err != nil {
			continue
		}
		if err := os.WriteFile(p, text, sb.mode); err != nil || os.Chmod(p, sb.mode) != nil {
			continue
		}
		now := time.Now()
		_ = os.Chtimes(p, now, now)
		staged[rel] = sb
	}
	return staged
}

// mkdirLike makes the directories of rel under dir, each with the mode of
// the workspace's directory of the same name (the uppermost layer's
// directory is the one the line sees), 0755 where the workspace has none.
func mkdirLike(r *beneath.Root, dir, rel string) error {
	if rel == "." {
		return nil
	}
	if err := mkdirLike(r, dir, path.Dir(rel)); err != nil {
		return err
	}
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if _, err := os.Lstat(p); err == nil {
		return nil
	}
	mode := fs.FileMode(0o755)
	if d, err := r.OpenDir(path.Dir(rel)); err == nil {
		if e, err := d.Lstat(path.Base(rel)); err == nil && e.Mode.IsDir() {
			mode = e.Mode.Perm()
		}
		d.Close()
	}
	if err := os.Mkdir(p, 0o700); err != nil {
		return err
	}
	return os.Chmod(p, mode)
}

// toBuffers takes the changes to staged buffers out of list: a change of
// content goes to the buffer as an edit against the text the line saw; a
// change of mode alone goes to the disk; a buffer changed since is a
// conflict, named in c.layerNotes.
func (c *commandRun) toBuffers(ctx context.Context, bufs Buffers, upper string, list []layer.Change, staged map[string]stagedBuffer) []layer.Change {
	if len(staged) == 0 {
		return list
	}
	out := list[:0:0]
	for _, ch := range list {
		sb, ok := staged[ch.Path]
		if !ok || (ch.Kind != layer.Write && ch.Kind != layer.Meta) {
			out = append(out, ch)
			continue
		}
		b, err := os.ReadFile(filepath.Join(upper, filepath.FromSlash(ch.Path)))
		if err != nil {
			c.layerNotes = append(c.layerNotes, "not applied to the unsaved buffer of "+ch.Path+": "+err.Error())
			continue
		}
		if sb.bom {
			b = bytes.TrimPrefix(b, bom)
		}
		if string(b) == sb.Text {
			if ch.Mode != sb.mode {
				ch.Kind = layer.Meta
				out = append(out, ch)
			}
			continue
		}
		applied, why, err := bufs.Write(ctx, sb.Buffer, string(b))
		switch {
		case err != nil:
			c.layerNotes = append(c.layerNotes, "not applied to the unsaved buffer of "+ch.Path+": "+err.Error())
		case !applied:
			c.layerNotes = append(c.layerNotes, "not applied to the unsaved buffer of "+ch.Path+", which changed while the command ran or was refused ("+why+"); read it again before changing it")
		}
		if ch.Mode != sb.mode {
			ch.Kind = layer.Meta
			out = append(out, ch)
		}
	}
	return out
}
