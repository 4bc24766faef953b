package workspace

import (
	"bytes"
	"context"
	"path/filepath"

	"github.com/loopls/loopls/command"
)

// commandBuffers are the editor's unsaved buffers as a command line's
// layer takes them (command.Buffers): an open document whose text is not
// the file's on disk (a BOM aside, which LSP text never holds) is read by
// the line in place of the file, and the line's change to it comes back
// as a versioned workspace/applyEdit against the text the line saw.
type commandBuffers struct{ w *Workspace }

// commandBuffers is nil unless edits go to an editor over LSP: only that
// editor has buffers the disk may lag behind (an ACP client lists none).
func (w *Workspace) commandBuffers() command.Buffers {
	if _, ok := w.editor.(*lspEditor); !ok {
		return nil
	}
	return commandBuffers{w: w}
}

// Dirty implements command.Buffers.
func (b commandBuffers) Dirty() []command.Buffer {
	b.w.overlays.mu.RLock()
	docs := make(map[string]overlay, len(b.w.overlays.docs))
	for abs, ov := range b.w.overlays.docs {
		docs[abs] = ov
	}
	b.w.overlays.mu.RUnlock()
	var out []command.Buffer
	for abs, ov := range docs {
		rel, err := filepath.Rel(b.w.rootReal, abs)
		if err != nil || !filepath.IsLocal(rel) {
			continue
		}
		rel = filepath.ToSlash(rel)
		if _, inside := b.w.overlayFor(rel); !inside {
			continue
		}
		if disk, err := b.w.root.ReadFile(filepath.FromSlash(rel)); err == nil && string(bytes.TrimPrefix(disk, []byte("\ufeff"))) == ov.text {
			continue
		}
		out = append(out, command.Buffer{Path: rel, URI: ov.uri, Version: ov.version, Text: ov.text})
	}
	return out
}

// Write implements command.Buffers: one versioned edit, which the editor
// refuses if the buffer is no longer at that version.
func (b commandBuffers) Write(ctx context.Context, buf command.Buffer, text string) (bool, string, error) {
	res, err := b.w.editor.Apply(ctx, FileEdit{
		Path: buf.Path, URI: buf.URI, Old: buf.Text, New: text, Version: buf.Version, Exists: true,
		Label: "loopls: run_command changed " + buf.Path,
	})
	if err != nil {
		return false, "", err
	}
	return res.Applied, res.FailureReason, nil
}
