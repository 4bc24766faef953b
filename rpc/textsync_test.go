package rpc_test

import (
	"path/filepath"
	"strings"
	"testing"
)

// The tools read what the editor has: didOpen and incremental didChange
// feed overlays, didClose goes back to the disk.
func TestToolsReadTheEditorsText(t *testing.T) {
	f := newFixture(t)
	f.c.initialize(f.root, nil, nil)
	uri := fileURI(filepath.Join(f.root, "README.md"))
	readOutput := func() string {
		t.Helper()
		var res runResult
		f.c.mustRequest("loopls/run", map[string]any{"prompt": "read the README"}, &res)
		for _, m := range f.c.messages("loopls/toolCall") {
			p := params[struct {
				RunID  string `json:"runId"`
				Status string `json:"status"`
				Output string `json:"output"`
			}](t, m)
			if p.RunID == string(res.RunID) && p.Status == "completed" {
				return p.Output
			}
		}
		t.Fatal("no completed read_file")
		return ""
	}

	f.c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": uri, "languageId": "markdown", "version": 1, "text": "# unsaved title\n"}})
	if out := readOutput(); !strings.Contains(out, "unsaved title") {
		t.Errorf("read_file after didOpen = %q, want the editor's text", out)
	}

	// "unsaved" → "edited" with an incremental change (UTF-16 positions).
	f.c.notify("textDocument/didChange", map[string]any{
		"textDocument": map[string]any{"uri": uri, "version": 2},
		"contentChanges": []any{map[string]any{
			"range": map[string]any{"start": map[string]any{"line": 0, "character": 2}, "end": map[string]any{"line": 0, "character": 9}},
			"text":  "edited"}},
	})
	if out := readOutput(); !strings.Contains(out, "# edited title") {
		t.Errorf("read_file after didChange = %q, want %q", out, "# edited title")
	}

	f.c.notify("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": uri}})
	f.c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": uri}})
	if out := readOutput(); !strings.Contains(out, "A project for loopls tests.") {
		t.Errorf("read_file after didClose = %q, want the file on disk", out)
	}
}
