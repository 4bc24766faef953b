package workspace

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestProtectedNames: what an editor, a shell hook or git runs or reads as
// configuration is protected by name at any depth and in any case; what
// only looks like it is not.
func TestProtectedNames(t *testing.T) {
	for rel, want := range map[string]bool{
		".git/config": true, "sub/.GIT/hooks/x": true, ".loopls.json": true, "sub/.loopls.json": true,
		".vscode/settings.json": true, ".vscode/tasks.json": true, "a/.VSCode/settings.json": true,
		".nvim.lua": true, ".nvimrc": true, ".exrc": true, "_exrc": true, ".vimrc": true, ".lvimrc": true, ".lazy.lua": true,
		".envrc": true, ".env": true, ".idea/workspace.xml": true, ".zed/settings.json": true, ".helix/languages.toml": true,
		".dir-locals.el": true, ".dir-locals-2.el": true, "x.code-workspace": true, ".devcontainer/devcontainer.json": true,
		".devcontainer.json": true, ".mise.toml": true, "mise.toml": true, ".config/mise/config.toml": true,
		".config/mise.toml": true, "mise/config.toml": true, ".claude/settings.json": true, ".mcp.json": true,
		".cursor/mcp.json": true, ".gemini/settings.json": true, ".fleet/run.json": true,
		// Not protected: read as data or only with the user's own command.
		"main.go": false, ".editorconfig": false, ".gitignore": false, ".gitattributes": false, "Makefile": false,
		"package.json": false, ".config/other.toml": false, "mise/other.toml": false, "vscode/x": false,
		"git/config": false, ".github/workflows/ci.yml": false, "env.go": false, ".envrc.example": false,
	} {
		if _, got := ProtectedNames(rel); got != want {
			t.Errorf("ProtectedNames(%q) = %v, want %v", rel, got, want)
		}
	}
}

// TestGitDirByContents: a directory is a git directory by its contents
// wherever it sits, and becomes protected as soon as its second marker
// would be written, so no git directory is completed unasked.
func TestGitDirByContents(t *testing.T) {
	dir := newTree(t, map[string]string{
		"bare/HEAD": "ref: refs/heads/main\n", "bare/objects/.keep": "", "bare/refs/.keep": "",
		"half/HEAD":       "ref: refs/heads/main\n",
		"parts/objects/x": "", "parts/refs/x": "",
		"plain/HEAD.md": "", "plain/config.go": "",
	})
	w := openWS(t, dir, Options{})
	for rel, want := range map[string]bool{
		"bare":             true, // the directory itself, as an argument
		"bare/config":      true,
		"bare/hooks/x":     true,
		"bare/objects/new": true,
		"half/config":      true, // HEAD is there: config would make it one
		"half/objects/x":   true,
		"half/readme":      false,
		"parts/HEAD":       true, // objects and refs are there: HEAD would finish it
		"parts/head":       true,
		"parts/other":      false,
		"plain/config":     false, // HEAD.md is not HEAD
		"new/HEAD":         false,
		"ok.txt":           false,
	} {
		if _, got := w.ProtectedPath(rel); got != want {
			t.Errorf("ProtectedPath(%q) = %v, want %v", rel, got, want)
		}
	}
	if err := os.Symlink("bare", filepath.Join(dir, "lnk")); err != nil {
		t.Fatal(err)
	}
	if got, ok := w.ProtectedPath("lnk/config"); !ok || got != "bare" {
		t.Errorf("through a symlink: ProtectedPath(lnk/config) = %q, %v", got, ok)
	}
}

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
