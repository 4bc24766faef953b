package rootpath

import (
	"os"
	"path/filepath"
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
		if _, got := Names(rel); got != want {
			t.Errorf("Names(%q) = %v, want %v", rel, got, want)
		}
	}
}

// TestGitDirByContents: a directory is a git directory by its contents
// wherever it sits, and becomes protected as soon as its second marker
// would be written, so no git directory is completed unasked.
func TestGitDirByContents(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for p, content := range map[string]string{
		"bare/HEAD": "ref: refs/heads/main\n", "bare/objects/.keep": "", "bare/refs/.keep": "",
		"half/HEAD":       "ref: refs/heads/main\n",
		"parts/objects/x": "", "parts/refs/x": "",
		"plain/HEAD.md": "", "plain/config.go": "",
	} {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
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
		if _, got := Protected(r, dir, rel); got != want {
			t.Errorf("Protected(%q) = %v, want %v", rel, got, want)
		}
	}
	if err := os.Symlink("bare", filepath.Join(dir, "lnk")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(filepath.Join(dir, "lnk")); err != nil {
		// Wine 8's CreateSymbolicLink answers success and makes nothing.
		t.Skipf("os.Symlink reported success but made no link on this system: %v", err)
	}
	if got, ok := Protected(r, dir, "lnk/config"); !ok || got != "bare" {
		t.Errorf("through a symlink: Protected(lnk/config) = %q, %v", got, ok)
	}
}
