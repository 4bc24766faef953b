package workspace

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/loopls/loopls/engine"
)

type writeFileTool struct {
	w       *Workspace
	confirm bool       // each write goes to the editor for the user to accept (mode edit)
	check   editChecks // what the editor's diagnostics are taken for
}

type writeFileArgs struct {
	Path    string  `json:"path"`
	Content *string `json:"content"`
}

func (t *writeFileTool) Spec() engine.ToolSpec {
	return engine.ToolSpec{
		Name:        ToolWriteFile,
		Description: "Create a file of the workspace, or replace all of its content. Missing parent directories are created. To change part of a file use edit_file.",
		Parameters: json.RawMessage(`{"type":"object","properties":{` +
			`"path":{"type":"string","description":"file path relative to the workspace root"},` +
			`"content":{"type":"string","description":"the whole new content of the file"}},` +
			`"required":["path","content"],"additionalProperties":false}`),
	}
}

func (t *writeFileTool) Call(ctx context.Context, inv engine.ToolInvocation) (engine.ToolResult, error) {
	var a writeFileArgs
	if err := decodeArgs(inv.Call.Arguments, &a); err != nil {
		return failed("write_file: %v", err)
	}
	if a.Path == "" {
		return failed("write_file: path is required")
	}
	if a.Content == nil {
		return failed("write_file: content is required")
	}
	w := t.w
	rel, err := w.Rel(a.Path)
	if err != nil {
		return failed("write_file: %s", describe(err))
	}
	if rel == "." {
		return failed("write_file: %s is the workspace root, not a file", a.Path)
	}
	target, err := w.target(rel)
	if err != nil {
		return failed("write_file: %s", describe(err))
	}
	approved, refusal, refused, err := w.approveProtectedWrite(ctx, inv, ToolWriteFile, target)
	if refused {
		return refusal, err
	}
	to := dest{rel: rel, target: target, approved: approved}
	old, _, _, err := w.readForEdit(ctx, inv.RunID, rel, a.Path)
	exists := err == nil
	if err != nil && !errIsNotExist(err) {
		return failed("write_file: %s", describe(err))
	}
	if exists && old == *a.Content {
		return ok(fmt.Sprintf("%s already has this content; nothing changed.", a.Path))
	}
	res, checked, err := w.applyEdit(ctx, inv, ToolWriteFile, to, old, *a.Content, exists, t.confirm, t.check)
	if err != nil {
		return engine.ToolResult{Output: "write_file: " + err.Error(), IsError: true}, err
	}
	if !res.Applied {
		return failed("write_file: %s was not written: %s", a.Path, res.FailureReason)
	}
	if exists {
		return ok(fmt.Sprintf("Wrote %s (%d bytes, replacing its content).%s%s", a.Path, len(*a.Content), acceptedNote(t.confirm), checked))
	}
	return ok(fmt.Sprintf("Created %s (%d bytes).%s%s", a.Path, len(*a.Content), acceptedNote(t.confirm), checked))
}
