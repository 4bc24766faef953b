package acp

import (
	"context"
	"errors"
	"io"

	sdk "github.com/coder/acp-go-sdk"
)

// ErrNoOpener is returned by Serve when Config.Open is missing.
var ErrNoOpener = errors.New("acp: Config.Open is required")

// Serve speaks ACP on in/out until the client closes in or ctx is done. It
// then cancels every run, waits for the pending prompts to answer, and closes
// the workspaces. Bad input is answered and never ends the connection.
func Serve(ctx context.Context, in io.Reader, out io.Writer, cfg Config) error {
	if cfg.Open == nil {
		return ErrNoOpener
	}
	a := newAgent(cfg)
	a.warmCtx, a.warmCancel = context.WithCancel(ctx)
	defer func() {
		a.warmCancel()
		a.warming.Wait()
	}()
	w := &lockedWriter{w: out}
	pr, pw := io.Pipe()
	conn := sdk.NewAgentSideConnection(a, w, pr)
	// The SDK's receive loop starts in NewAgentSideConnection and reads the
	// logger without a lock when the input ends; SetLogger comes before any
	// input is fed to it (guardInput below), so the two cannot race.
	conn.SetLogger(a.log)
	a.mu.Lock()
	a.conn = conn
	a.mu.Unlock()
	guardDone := make(chan struct{})
	go func() {
		defer close(guardDone)
		guardInput(in, pw, w)
	}()

	select {
	case <-conn.Done():
	case <-ctx.Done():
	}
	a.shutdown()
	// Unblock the guard if it is still writing into the pipe; it returns at
	// its next read from in, which ends with the process or the caller's in.
	pr.CloseWithError(io.ErrClosedPipe)
	if ctx.Err() == nil {
		<-guardDone
	}
	return nil
}
