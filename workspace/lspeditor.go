package workspace

import (
	"context"
	"fmt"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// lspEditor sends edits to the editor as workspace/applyEdit, so they land in
// its buffers (unsaved changes respected, one undo step per edit).
type lspEditor struct {
	call func(ctx context.Context, p *protocol.ApplyWorkspaceEditParams) (*protocol.ApplyWorkspaceEditResult, error)
}

// NewLSPEditor returns an Editor that sends each edit through call (the
// daemon's workspace/applyEdit request to the client). Each edit becomes one
// labelled WorkspaceEdit with documentChanges: the open document's version
// and minimal TextEdits in UTF-16 positions, or a CreateFile for a new file.
func NewLSPEditor(call func(ctx context.Context, p *protocol.ApplyWorkspaceEditParams) (*protocol.ApplyWorkspaceEditResult, error)) Editor {
	return &lspEditor{call: call}
}

// Apply implements Editor.
func (l *lspEditor) Apply(ctx context.Context, e FileEdit) (EditResult, error) {
	label := e.Label
	if label == "" {
		label = "loopls: edit " + e.Path
	}
	return l.ApplyAll(ctx, label, []FileEdit{e})
}

// ApplyAll implements BatchEditor: every edit in one WorkspaceEdit.
func (l *lspEditor) ApplyAll(ctx context.Context, label string, edits []FileEdit) (EditResult, error) {
	params := &protocol.ApplyWorkspaceEditParams{
		Label: &label,
		Edit:  protocol.WorkspaceEdit{DocumentChanges: documentChanges(edits)},
	}
	res, err := l.call(ctx, params)
	if err != nil {
		return EditResult{}, fmt.Errorf("workspace/applyEdit: %w", err)
	}
	if res == nil {
		return EditResult{FailureReason: "the editor answered workspace/applyEdit with nothing"}, nil
	}
	out := EditResult{Applied: res.Applied}
	if !res.Applied {
		out.FailureReason = "the editor did not apply the edit"
		if res.FailureReason != nil && *res.FailureReason != "" {
			out.FailureReason = *res.FailureReason
		}
	}
	return out, nil
}

// documentChanges turns file edits into LSP document changes.
func documentChanges(edits []FileEdit) []protocol.DocumentChange {
	var changes []protocol.DocumentChange
	for _, e := range edits {
		u := uri.URI(e.URI)
		switch {
		case e.Delete:
			changes = append(changes, &protocol.DeleteFile{Kind: "delete", URI: u})
		case !e.Exists:
			changes = append(changes,
				&protocol.CreateFile{Kind: "create", URI: u},
				&protocol.TextDocumentEdit{
					TextDocument: versioned(u, 0),
					Edits:        textEdits(MinimalEdits("", e.New)),
				})
		default:
			changes = append(changes, &protocol.TextDocumentEdit{
				TextDocument: versioned(u, e.Version),
				Edits:        textEdits(MinimalEdits(e.Old, e.New)),
			})
		}
	}
	return changes
}

// versioned identifies a document at version v; 0 (not open) is sent as
// null, which tells the client the disk content is the truth.
func versioned(u uri.URI, v int32) protocol.OptionalVersionedTextDocumentIdentifier {
	id := protocol.OptionalVersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}}
	if v != 0 {
		id.Version = &v
	}
	return id
}

func textEdits(edits []protocol.TextEdit) []protocol.TextDocumentEditElement {
	out := make([]protocol.TextDocumentEditElement, len(edits))
	for i := range edits {
		out[i] = &edits[i]
	}
	return out
}
