package workspace

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"sync"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// ErrNotOpen reports a document the editor has not opened.
var ErrNotOpen = errors.New("document is not open")

// overlay is one open document: an immutable value, replaced on change, so a
// reader holding one never sees half an edit.
type overlay struct {
	uri     string
	version int32
	text    string
}

// overlays are the documents the editor has open, keyed by absolute file
// path so a tool's relative path finds the buffer an editor opened by URI.
type overlays struct {
	mu    sync.RWMutex
	docs  map[string]overlay
	bytes int // the text of all docs, bounded by MaxOpenBuffersBytes
}

func newOverlays() *overlays { return &overlays{docs: make(map[string]overlay)} }

func (o *overlays) get(abs string) (overlay, bool) {
	o.mu.RLock()
	defer o.mu.RUnlock()
	ov, ok := o.docs[abs]
	return ov, ok
}

// overlayFor returns the open buffer of rel (a path relative to the root
// as Rel returns it) only when rel resolves inside the root through
// os.Root: a buffer whose path is, or goes through, a symlink out of the
// root is neither read, grepped nor edited. A buffer of a file that does
// not exist on disk yet is returned.
func (w *Workspace) overlayFor(rel string) (overlay, bool) {
	ov, ok := w.overlays.get(w.abs(rel))
	if !ok {
		return overlay{}, false
	}
	if _, err := w.root.Stat(rel); err != nil {
		if _, lerr := w.root.Lstat(rel); !errors.Is(lerr, fs.ErrNotExist) || w.isEscape(lerr) {
			return overlay{}, false
		}
	}
	return ov, true
}

// replaceText sets the text of the overlay at abs, if there is one, keeping
// its version.
func (o *overlays) replaceText(abs, text string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if ov, ok := o.docs[abs]; ok {
		ov.text = text
		_ = o.setLocked(abs, ov) // too large: dropped, tools read the disk
	}
}

// uriPath returns the absolute file path a file:// URI names.
func uriPath(u string) (string, error) {
	parsed, err := uri.Parse(u)
	if err != nil {
		return "", fmt.Errorf("document URI %q: %w", u, err)
	}
	if parsed.Scheme() != "file" {
		return "", fmt.Errorf("document URI %q: only file:// URIs name workspace files: %w", u, ErrInvalidPath)
	}
	return filepath.Clean(parsed.FsPath()), nil
}

// docKey maps the path of a document URI to the key overlays are stored
// under: a path inside the root, as the editor spelled it (through a
// symlink to the root, or on Windows in another case: URIs carry "c%3A"
// where the root is C:\), is keyed under the resolved root, as the tools
// spell it when they look it up.
func (w *Workspace) docKey(u string) (string, error) {
	abs, err := uriPath(u)
	if err != nil {
		return "", err
	}
	for _, root := range []string{w.rootReal, w.rootAbs} {
		if rel, ok := within(root, filepath.ToSlash(abs)); ok {
			return w.abs(rel), nil
		}
	}
	return abs, nil
}

// DidOpen records a document the editor opened (textDocument/didOpen).
func (w *Workspace) DidOpen(u string, version int32, text string) error {
	abs, err := w.docKey(u)
	if err != nil {
		return err
	}
	w.overlays.mu.Lock()
	defer w.overlays.mu.Unlock()
	return w.overlays.setLocked(abs, overlay{uri: u, version: version, text: text})
}

// DidChange applies the editor's changes in order (textDocument/didChange).
// Ranges are in UTF-16 code units. On error the overlay is left as it was.
func (w *Workspace) DidChange(u string, version int32, changes []protocol.TextDocumentContentChangeEvent) error {
	abs, err := w.docKey(u)
	if err != nil {
		return err
	}
	w.overlays.mu.Lock()
	defer w.overlays.mu.Unlock()
	ov, ok := w.overlays.docs[abs]
	if !ok {
		return fmt.Errorf("didChange for %s: %w", u, ErrNotOpen)
	}
	text := ov.text
	for i, ch := range changes {
		switch c := ch.(type) {
		case *protocol.TextDocumentContentChangeWholeDocument:
			text = c.Text
		case *protocol.TextDocumentContentChangePartial:
			start, end, err := rangeOffsets(text, c.Range)
			if err != nil {
				return fmt.Errorf("didChange for %s, change %d: %w", u, i, err)
			}
			if len(text)-(end-start)+len(c.Text) > MaxOpenBufferBytes {
				// Checked before building the text, so a hostile change
				// cannot make the daemon allocate it.
				w.overlays.deleteLocked(abs)
				return fmt.Errorf("didChange for %s would make it over %d bytes (MaxOpenBufferBytes): loopls reads it from disk now: %w", u, MaxOpenBufferBytes, ErrBufferTooLarge)
			}
			text = text[:start] + c.Text + text[end:]
		default:
			return fmt.Errorf("didChange for %s, change %d: unknown change type %T: %w", u, i, ch, ErrInvalidPath)
		}
	}
	return w.overlays.setLocked(abs, overlay{uri: ov.uri, version: version, text: text})
}

// DidClose drops the overlay (textDocument/didClose): reads see the disk again.
func (w *Workspace) DidClose(u string) error {
	abs, err := w.docKey(u)
	if err != nil {
		return err
	}
	w.overlays.mu.Lock()
	defer w.overlays.mu.Unlock()
	if _, ok := w.overlays.docs[abs]; !ok {
		return fmt.Errorf("didClose for %s: %w", u, ErrNotOpen)
	}
	w.overlays.deleteLocked(abs)
	return nil
}

// ReadOverlayOrDisk returns the text of path (relative to the root, or
// absolute inside it): the editor's buffer when the document is open (with
// its version and open = true), else the file on disk.
func (w *Workspace) ReadOverlayOrDisk(path string) (text string, version int32, open bool, err error) {
	rel, err := w.Rel(path)
	if err != nil {
		return "", 0, false, err
	}
	if ov, ok := w.overlayFor(rel); ok {
		return ov.text, ov.version, true, nil
	}
	b, _, err := readRegular(w.root, rel, -1, nil)
	if err != nil {
		return "", 0, false, w.fsError(path, err)
	}
	return string(b), 0, false, nil
}

// RangeText returns the text r covers in the document u (overlay or disk).
func (w *Workspace) RangeText(u string, r protocol.Range) (string, error) {
	abs, err := w.docKey(u)
	if err != nil {
		return "", err
	}
	text, _, _, err := w.ReadOverlayOrDisk(abs)
	if err != nil {
		return "", err
	}
	start, end, err := rangeOffsets(text, r)
	if err != nil {
		return "", fmt.Errorf("range of %s: %w", u, err)
	}
	return text[start:end], nil
}

// uriFor returns the URI of rel: the open document's when there is one (the
// editor matches edits by the URI it sent), else a file:// URI of its path.
func (w *Workspace) uriFor(rel string) (u string, version int32, open bool) {
	if ov, ok := w.overlayFor(rel); ok {
		return ov.uri, ov.version, true
	}
	return string(uri.File(w.abs(rel))), 0, false
}

// fsError turns an error from the root into one that names the path and
// keeps the kind: escapes through symlinks become ErrOutsideRoot.
func (w *Workspace) fsError(p string, err error) error {
	if w.escapeErr != nil && errors.Is(err, w.escapeErr) {
		return &PathError{Path: p, Err: ErrOutsideRoot, Why: "it resolves (through a symlink) to a place outside the workspace root"}
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", p, pe.Err)
	}
	return fmt.Errorf("%s: %w", p, err)
}

// RelDocument is Rel for a document named by a file:// URI or a path.
func (w *Workspace) RelDocument(ref string) (string, error) {
	p := ref
	if strings.Contains(ref, "://") {
		var err error
		if p, err = w.docKey(ref); err != nil {
			return "", err
		}
	}
	return w.Rel(p)
}

// MaxDocumentBytes bounds a document ReadDocument reads from disk.
const MaxDocumentBytes = 8 << 20

// ReadDocument returns the text of the document ref names — a file:// URI,
// or a path relative to the root or absolute inside it — confined like every
// tool path: the editor's buffer when it is open (open = true), else the
// file on disk through the root. It refuses paths outside the root (also
// through symlinks), files that are not regular, binary files, and files
// larger than MaxDocumentBytes. rel is the path relative to the root.
func (w *Workspace) ReadDocument(ref string) (rel, text string, open bool, err error) {
	if rel, err = w.RelDocument(ref); err != nil {
		return "", "", false, err
	}
	if ov, ok := w.overlays.get(w.abs(rel)); ok {
		return rel, ov.text, true, nil
	}
	b, size, err := readRegular(w.root, rel, MaxDocumentBytes, nil)
	if err != nil {
		return "", "", false, w.fsError(rel, err)
	}
	if size > MaxDocumentBytes {
		return "", "", false, fmt.Errorf("%s is %d bytes, more than the %d loopls reads: %w", rel, size, MaxDocumentBytes, ErrInvalidPath)
	}
	if isBinary(b) {
		return "", "", false, fmt.Errorf("%s is a binary file: %w", rel, ErrInvalidPath)
	}
	return rel, string(b), false, nil
}
