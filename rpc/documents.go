package rpc

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/loopls/loopls/workspace"
)

// documents is the workspace the editor's documents live in: its root and
// the opened workspace (the index, the overlays of unsaved text, the undo
// journal). Opening it indexes the whole tree, which takes seconds in a big
// repository, so initialize only prepares the open; it starts at
// initialized or at the first request that needs it, and what needs the
// workspace waits for it. Whether it is open yet is documents' own phase,
// not a nil pointer its users test. It guards itself.
type documents struct {
	mu    sync.Mutex
	phase docPhase
	open  func() (string, *workspace.Workspace, error) // set by prepare, run once by start
	root  string
	ws    *workspace.Workspace // set when the open succeeded
	err   error                // why the open failed (docsFailed)
	done  chan struct{}        // closed when the phase leaves docsOpening for good, or at close
}

// docPhase is where the open is. It only moves forward.
type docPhase int

const (
	docsIdle    docPhase = iota // before initialize prepared the open
	docsPending                 // prepared, not started
	docsOpening                 // the open runs
	docsOpen                    // the workspace is open
	docsFailed                  // the open failed: runs get no tools
	docsClosed                  // teardown: no open will start, or the one that ran is closed
)

// errNoWorkspace is the answer of what needs the workspace when it could
// not be opened or the daemon is tearing down.
var errNoWorkspace = errors.New("the server has no workspace")

// errNotInitialized is await's answer before initialize.
var errNotInitialized = errors.New("the server is not initialized")

func newDocuments() *documents { return &documents{done: make(chan struct{})} }

// prepare sets the open that start will run: initialize's, once.
func (d *documents) prepare(open func() (string, *workspace.Workspace, error)) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.phase == docsIdle {
		d.open, d.phase = open, docsPending
	}
}

// start starts the prepared open in the background; it does nothing before
// prepare, or once started or closed. It returns the phase it found.
func (d *documents) start() docPhase {
	d.mu.Lock()
	defer d.mu.Unlock()
	found := d.phase
	if found == docsPending {
		d.phase = docsOpening
		go d.run(d.open)
	}
	return found
}

func (d *documents) run(open func() (string, *workspace.Workspace, error)) {
	root, ws, err := open()
	d.mu.Lock()
	d.root = root
	if err != nil {
		d.phase, d.err = docsFailed, err
	} else {
		d.phase, d.ws = docsOpen, ws
	}
	d.mu.Unlock()
	close(d.done)
}

// await waits for the open, starting it if it was only prepared, and
// returns the workspace. It fails with errNotInitialized before initialize
// prepared the open, with ctx's error when ctx ends first, and with
// errNoWorkspace when the open failed or the daemon tears down.
func (d *documents) await(ctx context.Context) (*workspace.Workspace, error) {
	if d.start() == docsIdle {
		return nil, errNotInitialized
	}
	select {
	case <-d.done:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return d.current()
}

// current is the workspace if it is open now, without waiting.
func (d *documents) current() (*workspace.Workspace, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	switch d.phase {
	case docsOpen:
		return d.ws, nil
	case docsFailed:
		return nil, fmt.Errorf("%w: %v", errNoWorkspace, d.err)
	case docsClosed:
		return nil, fmt.Errorf("%w: the server is shutting down", errNoWorkspace)
	}
	return nil, fmt.Errorf("%w yet: it is %s", errNoWorkspace, d.phase)
}

// opened are the root and the workspace once the open ran (ws nil if it
// failed), for what is made from them (the session manager).
func (d *documents) opened() (root string, ws *workspace.Workspace) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.root, d.ws
}

// close makes sure no open starts after it returns, waits for one under
// way, and hands back the workspace it opened (nil if none), for teardown
// to close. await fails from now on.
func (d *documents) close() *workspace.Workspace {
	d.mu.Lock()
	switch d.phase {
	case docsIdle, docsPending:
		d.phase = docsClosed
		d.mu.Unlock()
		close(d.done)
		return nil
	case docsClosed:
		d.mu.Unlock()
		return nil
	}
	d.mu.Unlock()
	<-d.done
	d.mu.Lock()
	defer d.mu.Unlock()
	d.phase = docsClosed
	return d.ws
}

func (p docPhase) String() string {
	switch p {
	case docsIdle:
		return "not prepared"
	case docsPending:
		return "not started"
	case docsOpening:
		return "opening"
	case docsOpen:
		return "open"
	case docsFailed:
		return "failed"
	case docsClosed:
		return "closed"
	}
	return fmt.Sprintf("docPhase(%d)", int(p))
}
