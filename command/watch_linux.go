//go:build linux

package command

import (
	"context"
	"errors"
	"sync"

	"github.com/loopls/loopls/layer"
)

// Watch is the daemon's watcher of one workspace for its layered lines
// (layer.Watcher): started before the first layered line mounts its
// layer, and kept until Close, so that a line pays nothing to set it up.
// The zero value is ready; the workspace holds one and closes it.
type Watch struct {
	mu     sync.Mutex
	w      *layer.Watcher
	closed bool
}

// watcher returns the workspace's watcher, started on first use.
func (w *Watch) watcher(ctx context.Context, dir, base string) (*layer.Watcher, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return nil, errors.New("the workspace's watcher was stopped")
	}
	if w.w == nil {
		lw, err := layer.Watch(context.WithoutCancel(ctx), dir, base, nil)
		if err != nil {
			return nil, err
		}
		w.w = lw
	}
	return w.w, nil
}

// Close stops the watcher (if it was started); later lines run without
// one. Closing releases the kernel's watches, which takes tens of
// milliseconds.
func (w *Watch) Close() error {
	w.mu.Lock()
	lw := w.w
	w.w, w.closed = nil, true
	w.mu.Unlock()
	if lw == nil {
		return nil
	}
	return lw.Close()
}
