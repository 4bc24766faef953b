package workspace

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// fakeClient answers workspace/applyEdit like an editor: it applies the
// edits to its buffers (or refuses with a reason) and records the params.
// Documents it does not hold open are saved to disk, as editors do with
// files a workspace edit creates or changes without opening them.
type fakeClient struct {
	t       *testing.T
	buffers map[string]string
	open    map[string]bool
	refuse  string
	got     []*protocol.ApplyWorkspaceEditParams
}

func (c *fakeClient) applyEdit(t *testing.T) func(context.Context, *protocol.ApplyWorkspaceEditParams) (*protocol.ApplyWorkspaceEditResult, error) {
	return func(_ context.Context, p *protocol.ApplyWorkspaceEditParams) (*protocol.ApplyWorkspaceEditResult, error) {
		c.got = append(c.got, p)
		if c.refuse != "" {
			return &protocol.ApplyWorkspaceEditResult{Applied: false, FailureReason: &c.refuse}, nil
		}
		for _, ch := range p.Edit.DocumentChanges {
			switch ch := ch.(type) {
			case *protocol.CreateFile:
				c.buffers[string(ch.URI)] = ""
				c.save(ch.URI)
			case *protocol.DeleteFile:
				delete(c.buffers, string(ch.URI))
				if err := os.Remove(ch.URI.FsPath()); err != nil {
					t.Errorf("delete %s: %v", ch.URI, err)
				}
			case *protocol.TextDocumentEdit:
				var edits []protocol.TextEdit
				for _, e := range ch.Edits {
					edits = append(edits, *e.(*protocol.TextEdit))
				}
				c.buffers[string(ch.TextDocument.URI)] = applyEdits(t, c.buffers[string(ch.TextDocument.URI)], edits)
				c.save(ch.TextDocument.URI)
			}
		}
		return &protocol.ApplyWorkspaceEditResult{Applied: true}, nil
	}
}

func (c *fakeClient) save(u uri.URI) {
	if c.open[string(u)] {
		return
	}
	p := u.FsPath()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		c.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(c.buffers[string(u)]), 0o644); err != nil {
		c.t.Fatal(err)
	}
}

func TestLSPEditorSendsVersionedMinimalEdits(t *testing.T) {
	dir := newTree(t, map[string]string{"main.go": "package main\n\nfunc main() {}\n"})
	client := &fakeClient{t: t, buffers: map[string]string{}, open: map[string]bool{}}
	w := openWS(t, dir, Options{})
	w.editor = NewLSPEditor(client.applyEdit(t))
	u := string(uri.File(w.Root() + "/main.go"))
	unsaved := "package main\n\n// unsaved\nfunc main() {}\n"
	client.buffers[u] = unsaved
	client.open[u] = true
	if err := w.DidOpen(u, 7, unsaved); err != nil {
		t.Fatal(err)
	}
	res := call(t, w, ToolEditFile, map[string]any{"path": "main.go", "old_string": "func main() {}", "new_string": "func main() { run() }"})
	if res.IsError {
		t.Fatalf("edit_file: %s", res.Output)
	}
	if len(client.got) != 1 {
		t.Fatalf("applyEdit called %d times, want 1", len(client.got))
	}
	p := client.got[0]
	if p.Label == nil || *p.Label != "loopls: edit_file main.go" {
		t.Errorf("label = %v", p.Label)
	}
	raw, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"label":"loopls: edit_file main.go","edit":{"documentChanges":[{"textDocument":{"uri":"` + u +
		`","version":7},"edits":[{"range":{"start":{"line":3,"character":13},"end":{"line":3,"character":13}},"newText":" run() "}]}]}}`
	if string(raw) != want {
		t.Errorf("wire form:\n got %s\nwant %s", raw, want)
	}
	if got := client.buffers[u]; got != "package main\n\n// unsaved\nfunc main() { run() }\n" {
		t.Errorf("editor buffer = %q", got)
	}
	// The disk is the editor's business now: untouched by loopls.
	if got := readDisk(t, dir, "main.go"); got != "package main\n\nfunc main() {}\n" {
		t.Errorf("disk = %q, want untouched", got)
	}

	// A new file is a CreateFile and an edit with a null version.
	if res := call(t, w, ToolWriteFile, map[string]any{"path": "pkg/new.go", "content": "package pkg\n"}); res.IsError {
		t.Fatalf("write_file: %s", res.Output)
	}
	raw, _ = json.Marshal(client.got[1].Edit)
	if !strings.Contains(string(raw), `"kind":"create"`) || !strings.Contains(string(raw), `"version":null`) {
		t.Errorf("new file wire form %s, want a create and a null version", raw)
	}

	// A refusal goes back to the model with the editor's reason.
	client.refuse = "document changed"
	res = call(t, w, ToolEditFile, map[string]any{"path": "main.go", "old_string": "unsaved", "new_string": "saved"})
	if !res.IsError || !strings.Contains(res.Output, "document changed") {
		t.Errorf("refused edit: %+v, want an error result with the reason", res)
	}
	if n := len(w.Journal("run1")); n != 2 {
		t.Errorf("journal has %d entries, want 2 (the refused edit is not journaled)", n)
	}

	// Undo goes back to the editor as one edit over both files.
	client.refuse = ""
	if err := w.DidChange(u, 8, []protocol.TextDocumentContentChangeEvent{&protocol.TextDocumentContentChangeWholeDocument{Text: client.buffers[u]}}); err != nil {
		t.Fatal(err)
	}
	applied, reason, err := w.UndoRun(context.Background(), "run1")
	if err != nil || !applied {
		t.Fatalf("UndoRun = %v %q %v", applied, reason, err)
	}
	last := client.got[len(client.got)-1]
	if len(last.Edit.DocumentChanges) != 2 {
		t.Errorf("undo sent %d document changes, want 2 in one edit", len(last.Edit.DocumentChanges))
	}
	if got := client.buffers[u]; got != unsaved {
		t.Errorf("buffer after undo = %q, want %q", got, unsaved)
	}
	if _, err := os.Stat(filepath.Join(dir, "pkg/new.go")); !os.IsNotExist(err) {
		t.Errorf("pkg/new.go still exists after undo (err %v)", err)
	}
}

// An editor that saves a kept edit may format it on save: the journal
// records the text the buffer holds once the editor answered (its
// didChange came first), so undo finds the file as the run left it.
func TestJournalRecordsTheTextTheEditorSaved(t *testing.T) {
	dir := newTree(t, map[string]string{"main.go": "package main\nfunc main() {}\n"})
	client := &fakeClient{t: t, buffers: map[string]string{}, open: map[string]bool{}}
	w := openWS(t, dir, Options{})
	u := string(uri.File(w.Root() + "/main.go"))
	client.buffers[u] = "package main\nfunc main() {}\n"
	client.open[u] = true
	if err := w.DidOpen(u, 1, client.buffers[u]); err != nil {
		t.Fatal(err)
	}
	const formatted = "package main\n\nfunc main() { run() }\n"
	apply := client.applyEdit(t)
	w.editor = NewLSPEditor(func(ctx context.Context, p *protocol.ApplyWorkspaceEditParams) (*protocol.ApplyWorkspaceEditResult, error) {
		res, err := apply(ctx, p)
		// Saved with format-on-save: the buffer changes again, and the
		// editor tells loopls before it answers.
		client.buffers[u] = formatted
		if err := w.DidChange(u, 3, []protocol.TextDocumentContentChangeEvent{&protocol.TextDocumentContentChangeWholeDocument{Text: formatted}}); err != nil {
			t.Fatal(err)
		}
		must(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(formatted), 0o644))
		return res, err
	})
	if res := call(t, w, ToolEditFile, map[string]any{"path": "main.go", "old_string": "func main() {}", "new_string": "func main() { run() }"}); res.IsError {
		t.Fatal(res.Output)
	}
	if got := w.Journal("run1"); len(got) != 1 || got[0].After != formatted {
		t.Fatalf("journal After = %q, want the text the editor saved %q", got[0].After, formatted)
	}
	w.editor = NewLSPEditor(client.applyEdit(t))
	if applied, reason, err := w.UndoRun(context.Background(), "run1"); err != nil || !applied {
		t.Fatalf("UndoRun = %v %q %v, want the formatted file reverted", applied, reason, err)
	}
	if got := client.buffers[u]; got != "package main\nfunc main() {}\n" {
		t.Errorf("buffer after undo = %q", got)
	}
}
