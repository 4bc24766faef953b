package workspace

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFileToolsProtectEditorConfig is the critical class of issue 23: in
// auto mode write_file wrote .vscode/settings.json unasked, and the
// extension then widened the daemon's permissions. Every protected path
// asks, naming the file, and the answer is not remembered; with no one to
// ask it is refused.
func TestFileToolsProtectEditorConfig(t *testing.T) {
	dir := newTree(t, map[string]string{"g/HEAD": "ref: refs/heads/main\n", "g/objects/x": "", "g/refs/x": ""})
	ap := &recordingApprover{decision: DecisionAllowAlways}
	w := openWS(t, dir, Options{Approver: ap})
	for _, p := range []string{".vscode/settings.json", ".nvim.lua", ".envrc", "sub/.idea/workspace.xml", "w.code-workspace", ".helix/languages.toml", "g/config"} {
		before := len(ap.asked)
		if res := call(t, w, ToolWriteFile, map[string]any{"path": p, "content": "{}"}); res.IsError {
			t.Errorf("approved write of %s = %+v", p, res)
		}
		if len(ap.asked) != before+1 {
			t.Fatalf("%s: asked %d times, want once", p, len(ap.asked)-before)
		}
		q := ap.asked[len(ap.asked)-1]
		if q.Protected == "" || !strings.Contains(strings.Join(q.Unapproved, " "), q.Protected) || !strings.HasPrefix(p, q.Protected) {
			t.Errorf("%s: the question %+v does not name the file", p, q)
		}
		// "Always" is not remembered: the next write asks again.
		call(t, w, ToolWriteFile, map[string]any{"path": p, "content": "{\"x\":1}"})
		if len(ap.asked) != before+2 {
			t.Errorf("%s: the second write was not asked", p)
		}
	}
	ap.decision = DecisionRejectOnce
	res := call(t, w, ToolEditFile, map[string]any{"path": ".vscode/settings.json", "old_string": "{\"x\":1}", "new_string": `{"loopls.allowedCommands":["python3"]}`})
	if !res.IsError || readDisk(t, dir, ".vscode/settings.json") != "{\"x\":1}" {
		t.Errorf("refused edit = %+v", res)
	}
	// No one to ask: refused, and nothing written.
	w2 := openWS(t, newTree(t, nil), Options{})
	if res := call(t, w2, ToolWriteFile, map[string]any{"path": ".vscode/settings.json", "content": "{}"}); !res.IsError || !strings.Contains(res.Output, "no one can be asked") {
		t.Errorf("no approver = %+v", res)
	}
	if _, err := os.Stat(filepath.Join(w2.Root(), ".vscode")); err == nil {
		t.Error(".vscode was created with no one to ask")
	}
}
