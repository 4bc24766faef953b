package acp

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/workspace"
)

// clientPaths maps the workspace's absolute paths (under the root with
// symlinks resolved) to the client's (under the cwd it sent), so a buffer
// the editor opened through a symlinked folder is still found.
type clientPaths struct {
	root string // cwd as the client sent it, cleaned
	real string // the same with symlinks resolved
}

func (p clientPaths) client(abs string) string {
	if p.real == p.root {
		return abs
	}
	rel, err := filepath.Rel(p.real, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return abs
	}
	return filepath.Join(p.root, rel)
}

// clientReader implements workspace.Reader over fs/read_text_file, so
// read_file and the read before an edit see the editor's unsaved buffers.
// It declines (and the workspace reads the disk) when the client did not
// offer readTextFile or the run is not one of this connection's.
type clientReader struct {
	a     *Agent
	paths clientPaths
}

var _ workspace.Reader = clientReader{}

// ReadText implements workspace.Reader. The workspace has already confined
// absPath to the root and found a regular file there.
func (r clientReader) ReadText(ctx context.Context, runID machine.RunID, absPath string) (string, bool, error) {
	if !r.a.clientReads() {
		return "", false, nil
	}
	s := r.a.sessionOfRun(runID)
	if s == nil {
		return "", false, nil
	}
	resp, err := r.a.conn.ReadTextFile(ctx, sdk.ReadTextFileRequest{SessionId: sdk.SessionId(s.id), Path: r.paths.client(absPath)})
	if err != nil {
		return "", false, fmt.Errorf("fs/read_text_file: %w", err)
	}
	return resp.Content, true, nil
}
