package rpc

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/loopls/loopls/workspace"
)

// waitBound guards the tests below against a hang; it is not a speed.
const waitBound = time.Minute

// Before initialize there is nothing to wait for: await says so at once.
func TestDocumentsBeforeInitialize(t *testing.T) {
	d := newDocuments()
	if _, err := d.await(context.Background()); !errors.Is(err, errNotInitialized) {
		t.Fatalf("await before prepare: %v, want errNotInitialized", err)
	}
	if _, err := d.current(); !errors.Is(err, errNoWorkspace) {
		t.Fatalf("current before prepare: %v, want errNoWorkspace", err)
	}
	if ws := d.close(); ws != nil {
		t.Fatal("close of what never opened handed back a workspace")
	}
	d.prepare(func() (string, *workspace.Workspace, error) {
		t.Error("opened after close")
		return "", nil, nil
	})
	if _, err := d.await(context.Background()); !errors.Is(err, errNoWorkspace) {
		t.Fatalf("await after close: %v, want errNoWorkspace", err)
	}
}

// The open runs once, however many wait for it, and only when one does (or
// start is called): initialize only prepares it.
func TestDocumentsOpenOnceOnDemand(t *testing.T) {
	root := t.TempDir()
	var opens atomic.Int32
	d := newDocuments()
	d.prepare(func() (string, *workspace.Workspace, error) {
		opens.Add(1)
		ws, err := workspace.Open(context.Background(), root, workspace.Options{})
		return root, ws, err
	})
	if n := opens.Load(); n != 0 {
		t.Fatalf("prepare opened %d times", n)
	}
	if _, err := d.current(); !errors.Is(err, errNoWorkspace) {
		t.Fatalf("current before the open: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitBound)
	defer cancel()
	var wg sync.WaitGroup
	got := make([]*workspace.Workspace, 8)
	for i := range got {
		wg.Go(func() {
			ws, err := d.await(ctx)
			if err != nil {
				t.Errorf("await: %v", err)
			}
			got[i] = ws
		})
	}
	wg.Wait()
	if n := opens.Load(); n != 1 {
		t.Fatalf("opened %d times, want once", n)
	}
	for _, ws := range got[1:] {
		if ws == nil || ws != got[0] {
			t.Fatal("the waiters got different workspaces")
		}
	}
	if r, ws := d.opened(); r != root || ws != got[0] {
		t.Fatalf("opened() = %q, %p", r, ws)
	}
	ws := d.close()
	if ws != got[0] {
		t.Fatal("close did not hand back the open workspace")
	}
	if err := ws.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := d.await(ctx); !errors.Is(err, errNoWorkspace) {
		t.Fatalf("await after close: %v, want errNoWorkspace", err)
	}
}

// A failed open is a state with its reason, not a nil workspace.
func TestDocumentsFailedOpen(t *testing.T) {
	why := errors.New("no such directory")
	d := newDocuments()
	d.prepare(func() (string, *workspace.Workspace, error) { return "/nowhere", nil, why })
	_, err := d.await(context.Background())
	if !errors.Is(err, errNoWorkspace) {
		t.Fatalf("await: %v, want errNoWorkspace", err)
	}
	if want := why.Error(); !strings.Contains(err.Error(), want) {
		t.Fatalf("await: %q does not say %q", err, want)
	}
	if ws := d.close(); ws != nil {
		t.Fatal("close handed back a workspace that failed to open")
	}
}

// A prepared open that never started never will after close, and close
// waits for one under way before it hands it back.
func TestDocumentsCloseWaitsForTheOpen(t *testing.T) {
	d := newDocuments()
	d.prepare(func() (string, *workspace.Workspace, error) {
		t.Error("a prepared open started after close")
		return "", nil, nil
	})
	d.close()
	d.start()
	if _, err := d.await(context.Background()); !errors.Is(err, errNoWorkspace) {
		t.Fatalf("await after close: %v", err)
	}

	root := t.TempDir()
	entered, release := make(chan struct{}), make(chan struct{})
	var opened *workspace.Workspace
	d = newDocuments()
	d.prepare(func() (string, *workspace.Workspace, error) {
		close(entered)
		<-release
		ws, err := workspace.Open(context.Background(), root, workspace.Options{})
		opened = ws
		return root, ws, err
	})
	d.start()
	<-entered
	closed := make(chan *workspace.Workspace)
	go func() { closed <- d.close() }()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := d.await(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("await with an ended context during the open: %v", err)
	}
	close(release)
	select {
	case ws := <-closed:
		if ws == nil || ws != opened {
			t.Fatal("close did not hand back the workspace opened under it")
		}
		if err := ws.Close(); err != nil {
			t.Fatal(err)
		}
	case <-time.After(waitBound):
		t.Fatal("close did not return after the open ended")
	}
}
