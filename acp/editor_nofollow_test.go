package acp

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/loopls/loopls/beneath"
	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/symlinktest"
	"github.com/loopls/loopls/workspace"
)

// TestClientWriteRecheckedAfterTheAnswer: fs/write_text_file takes a name
// and the client follows links, so the edit's target is checked again
// after the user's answer. A directory swapped for a link to .git while
// the user was being asked makes the edit fail, naming where the path now leads, and the
// client is never asked to write.
func TestClientWriteRecheckedAfterTheAnswer(t *testing.T) {
	symlinktest.Require(t)
	var root string
	client := &testClient{answer: func(p sdk.RequestPermissionRequest) sdk.RequestPermissionResponse {
		// While the user looks at the diff, a command swaps d for a link.
		if err := os.Rename(filepath.Join(root, "d"), filepath.Join(root, "d.old")); err != nil {
			t.Error(err)
		}
		if err := os.Symlink(".git", filepath.Join(root, "d")); err != nil {
			t.Error(err)
		}
		return sdk.RequestPermissionResponse{Outcome: sdk.RequestPermissionOutcome{Selected: &sdk.RequestPermissionOutcomeSelected{OptionId: "allow_once"}}}
	}}
	var res workspace.EditResult
	h := newHarness(t, func(ctx context.Context, req RunRequest, hooks Hooks) (engine.Run, error) {
		under, err := beneath.Open(root)
		if err != nil {
			return engine.Run{}, err
		}
		defer under.Close()
		res, err = hooks.Editor(workspace.NewDiskEditor(under)).Apply(ctx, workspace.FileEdit{
			Path: "d/config", Target: "d/config", Old: "x\n", New: "[core]\n\tfsmonitor = evil\n", Exists: true, RunID: req.RunID, CallID: "call_edit"})
		if err != nil {
			return engine.Run{}, err
		}
		return (&emitter{req: req}).run(machine.OutcomeCompleted, "", nil), nil
	}, client)
	root = h.root
	for p, text := range map[string]string{"d/config": "x\n", ".git/config": "[core]\n"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, p), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s := h.start(sdk.ClientCapabilities{Fs: sdk.FileSystemCapabilities{WriteTextFile: true}})
	if _, err := h.conn.SetSessionMode(h.ctx(), sdk.SetSessionModeRequest{SessionId: s.SessionId, ModeId: sdk.SessionModeId(ModeEdit)}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.prompt(s.SessionId, "edit d/config"); err != nil {
		t.Fatal(err)
	}
	client.mu.Lock()
	perms, writes := len(client.permissions), client.writes
	client.mu.Unlock()
	if perms != 1 || len(writes) != 0 {
		t.Errorf("asked %d times, client writes %+v; want one question and no write", perms, writes)
	}
	if res.Applied || !strings.Contains(res.FailureReason, "now leads to .git/config") {
		t.Errorf("result = %+v, want the edit refused naming where the path now leads", res)
	}
}
