package acp

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/workspace"
)

// editor implements workspace.Editor for ACP. In edit mode each write is put
// before the user first (with its whole-file diff); in auto mode it goes
// straight on; in ask mode no write tool is offered, and a write that still
// arrives is refused. An approved write goes through fs/write_text_file when
// the client offered it, so it lands in the editor's buffer and review UI;
// otherwise, and for deletions (which ACP's fs cannot express), it goes to
// disk atomically.
type editor struct {
	a    *Agent
	root string
	disk workspace.Editor

	mu     sync.Mutex
	always map[machine.SessionID]bool // "always allow" writes, per session
}

func newEditor(a *Agent, root string, disk workspace.Editor) *editor {
	return &editor{a: a, root: root, disk: disk, always: make(map[machine.SessionID]bool)}
}

// ConfirmsEdits implements workspace.ConfirmingEditor: in edit mode the
// client is asked (session/request_permission) before each write, so the
// workspace need not wrap the write tools in an approval of its own.
func (e *editor) ConfirmsEdits() bool { return true }

// Apply implements workspace.Editor.
func (e *editor) Apply(ctx context.Context, fe workspace.FileEdit) (workspace.EditResult, error) {
	s := e.a.sessionOfRun(fe.RunID)
	if s == nil {
		// An edit of no run of ours (an undo, say): write it as loopls run would.
		return e.disk.Apply(ctx, fe)
	}
	mode, _ := s.snapshot()
	abs := filepath.Join(e.root, filepath.FromSlash(fe.Path))
	if mode.ReadOnly() {
		return workspace.EditResult{FailureReason: "the session is in ask (read-only) mode: answer without editing, or ask the user to switch to edit mode"}, nil
	}
	e.mu.Lock()
	always := e.always[s.id]
	e.mu.Unlock()
	if (mode.Confirms() || fe.Confirm) && !always {
		title := "Edit " + fe.Path
		if !fe.Exists {
			title = "Create " + fe.Path
		}
		if fe.Delete {
			title = "Delete " + fe.Path
		}
		call := machine.ToolCall{ID: fe.CallID, Name: "edit_file"}
		d, err := e.a.ask(ctx, fe.RunID, call, approval{kind: sdk.ToolKindEdit, title: title, path: abs, oldText: fe.Old, newText: fe.New})
		if err != nil {
			return workspace.EditResult{}, err
		}
		switch d {
		case workspace.DecisionAllowAlways:
			e.mu.Lock()
			e.always[s.id] = true
			e.mu.Unlock()
		case workspace.DecisionAllowOnce:
		case workspace.DecisionCancelled:
			return workspace.EditResult{FailureReason: "the permission request was withdrawn; the edit was not made"}, nil
		default:
			return workspace.EditResult{FailureReason: "the user rejected this edit of " + fe.Path + "; do not retry it unchanged"}, nil
		}
	}
	if fe.Delete || !e.a.clientWrites() {
		return e.disk.Apply(ctx, fe)
	}
	// The client writes by name and follows links: the target is checked
	// again now, after the user's answer, and the client is given the
	// target the check judged, not the path through links.
	if c, ok := e.disk.(workspace.TargetChecker); ok {
		if err := c.Check(fe); err != nil {
			return workspace.EditResult{FailureReason: err.Error()}, nil
		}
	}
	if fe.Target != "" {
		abs = filepath.Join(e.root, filepath.FromSlash(fe.Target))
	}
	if _, err := e.a.conn.WriteTextFile(ctx, sdk.WriteTextFileRequest{SessionId: sdk.SessionId(s.id), Path: abs, Content: fe.New}); err != nil {
		if ctx.Err() != nil {
			return workspace.EditResult{}, ctx.Err()
		}
		return workspace.EditResult{FailureReason: fmt.Sprintf("the editor did not write %s: %v", fe.Path, err)}, nil
	}
	return workspace.EditResult{Applied: true}, nil
}
