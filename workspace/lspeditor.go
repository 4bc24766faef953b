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
	// review: the client honours change annotations, so an edit to confirm
	// is sent annotated needsConfirmation (the editor shows it for review first).
	review bool
}

// NewLSPEditor returns an Editor that sends each edit through call (the
// daemon's workspace/applyEdit request to the client). Each edit becomes one
// labelled WorkspaceEdit with documentChanges: the open document's version
// and minimal TextEdits in UTF-16 positions, or a CreateFile for a new file.
func NewLSPEditor(call func(ctx context.Context, p *protocol.ApplyWorkspaceEditParams) (*protocol.ApplyWorkspaceEditResult, error)) Editor {
	return &lspEditor{call: call}
}

// NewReviewingLSPEditor is NewLSPEditor for a client that honours change
// annotations (workspace.workspaceEdit.changeAnnotationSupport): it is a
// ConfirmingEditor, and an edit with Confirm set goes out with every change
// under one annotation whose needsConfirmation is true, so the user accepts
// or rejects it before it lands.
func NewReviewingLSPEditor(call func(ctx context.Context, p *protocol.ApplyWorkspaceEditParams) (*protocol.ApplyWorkspaceEditResult, error)) Editor {
	return &lspEditor{call: call, review: true}
}

// ConfirmsEdits implements ConfirmingEditor.
func (l *lspEditor) ConfirmsEdits() bool { return l.review }

// reviewAnnotation is the change annotation of edits the user must confirm.
const reviewAnnotation protocol.ChangeAnnotationIdentifier = "loopls.review"

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
	confirm := false
	for _, e := range edits {
		confirm = confirm || (e.Confirm && l.review)
	}
	var annotation protocol.ChangeAnnotationIdentifier
	params := &protocol.ApplyWorkspaceEditParams{Label: &label}
	if confirm {
		annotation = reviewAnnotation
		yes, desc := true, "loopls is in edit mode: accept or reject this change; the agent is told which."
		params.Edit.ChangeAnnotations = map[protocol.ChangeAnnotationIdentifier]protocol.ChangeAnnotation{
			annotation: {Label: label, NeedsConfirmation: &yes, Description: &desc},
		}
	}
	params.Edit.DocumentChanges = documentChanges(edits, annotation)
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
		if confirm {
			out.FailureReason = "the user rejected this change when the editor showed it for review; do not make it again unchanged"
		}
		if res.FailureReason != nil && *res.FailureReason != "" {
			out.FailureReason += " (the editor said: " + *res.FailureReason + ")"
		}
	}
	return out, nil
}

// documentChanges turns file edits into LSP document changes, every change
// under annotation when it is not "".
func documentChanges(edits []FileEdit, annotation protocol.ChangeAnnotationIdentifier) []protocol.DocumentChange {
	var changes []protocol.DocumentChange
	for _, e := range edits {
		u := uri.URI(e.URI)
		switch {
		case e.Delete:
			d := &protocol.DeleteFile{Kind: "delete", URI: u}
			d.AnnotationID = annotation
			changes = append(changes, d)
		case !e.Exists:
			c := &protocol.CreateFile{Kind: "create", URI: u}
			c.AnnotationID = annotation
			changes = append(changes, c,
				&protocol.TextDocumentEdit{
					TextDocument: versioned(u, 0),
					Edits:        textEdits(MinimalEdits("", e.New), annotation),
				})
		default:
			changes = append(changes, &protocol.TextDocumentEdit{
				TextDocument: versioned(u, e.Version),
				Edits:        textEdits(MinimalEdits(e.Old, e.New), annotation),
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

func textEdits(edits []protocol.TextEdit, annotation protocol.ChangeAnnotationIdentifier) []protocol.TextDocumentEditElement {
	out := make([]protocol.TextDocumentEditElement, len(edits))
	for i := range edits {
		if annotation != "" {
			out[i] = &protocol.AnnotatedTextEdit{TextEdit: edits[i], AnnotationID: annotation}
			continue
		}
		out[i] = &edits[i]
	}
	return out
}
