package command

import "context"

// Buffers are the editor's open documents whose text is not what the disk
// holds. With the layer on, a command line sees them (they are a layer
// under the line's own), and a line's change to one is put back into the
// buffer as an edit against the text the line saw, never written to disk
// under the user's unsaved typing (layer_buffers_linux.go).
type Buffers interface {
	// Dirty lists them.
	Dirty() []Buffer
	// Write replaces b's text (as the line saw it, at b's version) with
	// text. applied is false, with why in words, when the buffer changed
	// since or the editor refused; err only when it could not be asked.
	Write(ctx context.Context, b Buffer, text string) (applied bool, why string, err error)
}

// Buffer is one unsaved document.
type Buffer struct {
	// Path is slash-separated, relative to the root.
	Path    string
	URI     string
	Version int32
	Text    string
}
