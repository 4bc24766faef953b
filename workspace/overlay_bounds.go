package workspace

import (
	"errors"
	"fmt"
)

// MaxOpenBufferBytes bounds the text of one open document the daemon
// mirrors. A bigger buffer is not mirrored: tools read the file on disk.
const MaxOpenBufferBytes = 8 << 20

// MaxOpenBuffersBytes bounds the text of all open documents together.
const MaxOpenBuffersBytes = 64 << 20

// ErrBufferTooLarge reports an open document over MaxOpenBufferBytes, or
// one that would take the open documents over MaxOpenBuffersBytes.
var ErrBufferTooLarge = errors.New("open document too large")

// setLocked stores ov at abs if the bounds allow it; otherwise it drops
// any overlay at abs (tools then read the disk, never a stale buffer) and
// says which bound was hit. o.mu must be held.
func (o *overlays) setLocked(abs string, ov overlay) error {
	old := len(o.docs[abs].text)
	switch {
	case len(ov.text) > MaxOpenBufferBytes:
		o.deleteLocked(abs)
		return fmt.Errorf("%s is %d bytes, over the %d-byte limit for one open document (MaxOpenBufferBytes): loopls reads it from disk, without unsaved changes: %w",
			ov.uri, len(ov.text), MaxOpenBufferBytes, ErrBufferTooLarge)
	case o.bytes-old+len(ov.text) > MaxOpenBuffersBytes:
		o.deleteLocked(abs)
		return fmt.Errorf("%s would take the open documents over %d bytes (MaxOpenBuffersBytes): loopls reads it from disk, without unsaved changes; close some documents: %w",
			ov.uri, MaxOpenBuffersBytes, ErrBufferTooLarge)
	}
	o.bytes += len(ov.text) - old
	o.docs[abs] = ov
	return nil
}

// deleteLocked drops the overlay at abs. o.mu must be held.
func (o *overlays) deleteLocked(abs string) {
	if ov, ok := o.docs[abs]; ok {
		o.bytes -= len(ov.text)
		delete(o.docs, abs)
	}
}
