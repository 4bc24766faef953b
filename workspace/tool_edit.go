package workspace

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

type editFileTool struct {
	w       *Workspace
	confirm bool       // each edit goes to the editor for the user to accept (mode edit)
	check   editChecks // what the editor's diagnostics are taken for
}

type editFileArgs struct {
	Path       string   `json:"path"`
	OldString  *string  `json:"old_string"`
	NewString  *string  `json:"new_string"`
	ReplaceAll flexBool `json:"replace_all"`
}

func (t *editFileTool) Spec() engine.ToolSpec {
	return engine.ToolSpec{
		Name: ToolEditFile,
		Description: "Replace text in a file of the workspace. old_string must occur exactly once (include enough surrounding lines to make it unique) " +
			"unless replace_all is true. Copy it from the file as read; small differences in whitespace, indentation or line endings are tolerated when the match is unique.",
		Parameters: json.RawMessage(`{"type":"object","properties":{` +
			`"path":{"type":"string","description":"file path relative to the workspace root"},` +
			`"old_string":{"type":"string","description":"the exact text to replace"},` +
			`"new_string":{"type":"string","description":"the text to put in its place"},` +
			`"replace_all":{"type":"boolean","description":"replace every occurrence (default false)"}},` +
			`"required":["path","old_string","new_string"],"additionalProperties":false}`),
	}
}

func (t *editFileTool) Call(ctx context.Context, inv engine.ToolInvocation) (engine.ToolResult, error) {
	var a editFileArgs
	if err := decodeArgs(inv.Call.Arguments, &a); err != nil {
		return failed("edit_file: %v", err)
	}
	switch {
	case a.Path == "":
		return failed("edit_file: path is required")
	case a.OldString == nil:
		return failed("edit_file: old_string is required")
	case a.NewString == nil:
		return failed("edit_file: new_string is required")
	case *a.OldString == "":
		return failed("edit_file: old_string is empty; to create a file or replace all of it use write_file")
	case *a.OldString == *a.NewString:
		return failed("edit_file: old_string and new_string are the same; nothing would change")
	}
	w := t.w
	rel, err := w.Rel(a.Path)
	if err != nil {
		return failed("edit_file: %s", describe(err))
	}
	target, err := w.target(rel)
	if err != nil {
		return failed("edit_file: %s", describe(err))
	}
	approved, refusal, refused, err := w.approveProtectedWrite(ctx, inv, ToolEditFile, target)
	if refused {
		return refusal, err
	}
	to := dest{rel: rel, target: target, approved: approved}
	cur, _, _, err := w.readForEdit(ctx, inv.RunID, rel, a.Path)
	if err != nil {
		return failed("edit_file: %s", describe(err))
	}
	m, err := matchEdit(cur, *a.OldString, *a.NewString, bool(a.ReplaceAll), a.Path)
	if err != nil {
		return failed("edit_file: %v", err)
	}
	if m.Updated == cur {
		return failed("edit_file: %s already reads like new_string there (lines %d-%d); nothing would change", a.Path, m.Line, m.LastLine)
	}
	res, checked, err := w.applyEdit(ctx, inv, ToolEditFile, to, cur, m.Updated, true, t.confirm, t.check)
	if err != nil {
		return engine.ToolResult{Output: "edit_file: " + err.Error(), IsError: true}, err
	}
	if !res.Applied {
		return failed("edit_file: %s was not changed: %s", a.Path, res.FailureReason)
	}
	return ok(fmt.Sprintf("Edited %s: replaced %d occurrence(s).%s%s%s", a.Path, m.Count, matchedNote(m), acceptedNote(t.confirm), checked))
}

// matchedNote tells the model (and the user, who sees the result) how a
// loose match found old_string and where.
func matchedNote(m editMatch) string {
	if m.Note == "" {
		return ""
	}
	return fmt.Sprintf(" Lines %d-%d: %s.", m.Line, m.LastLine, m.Note)
}

// readForEdit reads rel (overlay first) for an edit, refusing what cannot
// be edited as text.
func (w *Workspace) readForEdit(ctx context.Context, run machine.RunID, rel, shown string) (text string, version int32, open bool, err error) {
	text, size, truncated, err := w.readText(ctx, run, rel)
	if err != nil {
		return "", 0, false, err
	}
	if truncated {
		return "", 0, false, fmt.Errorf("%s is %d bytes, too large to edit here: %w", shown, size, ErrInvalidPath)
	}
	if isBinary([]byte(text[:min(len(text), binarySniff)])) {
		return "", 0, false, fmt.Errorf("%s is a binary file: %w", shown, ErrInvalidPath)
	}
	_, version, open = w.uriFor(rel)
	return text, version, open, nil
}

// dest is where a tool's edit goes: rel as the tool was given it, its
// target with the links resolved (what was judged and is written), and the
// protected path the user approved for it ("" when none was asked).
type dest struct{ rel, target, approved string }

// applyEdit sends one tool's edit of to through the Editor and journals it
// when it lands. An editor that writes itself (not the DiskEditor) is
// asked only while the target is still what was judged (checkTarget). With check.report, the editor's diagnostics of rel are
// taken before the edit is sent and again once it landed, and checked says,
// for the model, which errors the edit added ("" when the editor knows
// none); with check.baseline only the first are taken, for a fix's check.
func (w *Workspace) applyEdit(ctx context.Context, inv engine.ToolInvocation, tool string, to dest, old, new string, exists, confirm bool, check editChecks) (res EditResult, checked string, err error) {
	rel := to.rel
	var before []fileProblems
	if _, have := w.baselines.of(inv.RunID, rel); check.report || (check.baseline && !have) {
		before = w.checkBefore(ctx, inv.RunID, rel)
	}
	u, version, _ := w.uriFor(rel)
	e := FileEdit{
		Path:     rel,
		Target:   to.target,
		Approved: to.approved,
		URI:      u,
		Old:      old,
		New:      new,
		Version:  version,
		Exists:   exists,
		Label:    fmt.Sprintf("loopls: %s %s", tool, rel),
		RunID:    inv.RunID,
		CallID:   inv.Call.ID,
		Confirm:  confirm,
	}
	if _, disk := w.editor.(*DiskEditor); !disk {
		if err := checkTarget(w.under, e); err != nil {
			return EditResult{FailureReason: targetReason(e, err)}, "", nil
		}
	}
	res, err = w.editor.Apply(ctx, e)
	if err != nil {
		return res, "", err
	}
	if res.Applied {
		dirs := res.dirs
		if dirs == nil {
			dirs = w.dirsOf(to.target)
		}
		w.record(ctx, inv.RunID, JournalEntry{Kind: EntryEdit, Path: rel, Target: to.target, Dirs: dirs, Before: old, Existed: exists, After: w.landed(rel, old, new), Confirmed: confirm && editorConfirms(w.editor), CallID: inv.Call.ID, At: time.Now()})
		if _, disk := w.editor.(*DiskEditor); disk {
			// The file changed under an open buffer the editor has not
			// reloaded yet; until it says so, reads see what was written.
			// (An LSP editor's own didChange brings the overlay along.)
			w.overlays.replaceText(w.abs(rel), new)
		}
		if check.report {
			checked = w.checkAfter(ctx, rel, before)
		}
	}
	return res, checked, nil
}

// landed is the text an edit of rel from old to new left: for an editor
// that saves kept edits, what it saved — format-on-save may have changed
// new, and its didChange came before its answer — else new. A buffer that
// still reads old (an editor that did not sync the change) is not taken.
func (w *Workspace) landed(rel, old, new string) string {
	if _, disk := w.editor.(*DiskEditor); disk {
		return new
	}
	if ov, ok := w.overlayFor(rel); ok && ov.text != old {
		return ov.text
	}
	return new
}

// acceptedNote tells the model an edit it made in mode edit was reviewed.
func acceptedNote(confirmed bool) string {
	if confirmed {
		return " The user reviewed and accepted the change."
	}
	return ""
}
