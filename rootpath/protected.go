package rootpath

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// This file is the one owner of the protected paths: what an editor, a
// shell hook or git runs or reads as configuration when a folder is opened
// or used, so that writing it is running code or widening the agent's own
// permissions. The file tools ask before writing them (in every mode, with
// a separate approval that names the file: workspace/protected.go), the
// shell's redirections and the arguments of run_command ask too, and the
// kernel confinement keeps them read-only (package command asks Names and
// IsGitDir which ones exist).
// docs/security.md lists them and says why each is in or out.

// protectedNames are path elements protected wherever they sit (a nested
// folder can be opened on its own, or be a root of a multi-root
// workspace), compared case-insensitively (macOS and Windows file systems
// are). The value says what reads it.
var protectedNames = map[string]string{
	".git":               "git: hooks, config (core.fsmonitor, diff.external, aliases, filters), or a gitdir: pointer",
	".loopls.json":       "loopls's own project settings",
	".vscode":            "VS Code: settings (the loopls binary, allowed commands, mode), tasks run on folder open, launch configurations",
	".idea":              "JetBrains IDEs: run configurations and startup tasks",
	".fleet":             "JetBrains Fleet: run configurations and settings",
	".zed":               "Zed: settings (language servers to start) and tasks",
	".helix":             "Helix: languages.toml names the language servers it starts",
	".nvim.lua":          "Neovim's exrc",
	".nvimrc":            "Neovim's exrc",
	".exrc":              "Vim's and Neovim's exrc",
	"_exrc":              "Vim's exrc (Windows name)",
	".vimrc":             "Vim's exrc reads a .vimrc in the current directory",
	"_vimrc":             "Vim's exrc (Windows name)",
	".gvimrc":            "Vim's exrc for the GUI",
	".lvimrc":            "vim-localvimrc runs it on open",
	".lazy.lua":          "lazy.nvim's per-project plugin spec",
	".dir-locals.el":     "Emacs directory variables (eval: forms)",
	".dir-locals-2.el":   "Emacs directory variables (eval: forms)",
	".envrc":             "direnv runs it on cd",
	".env":               "direnv (load_dotenv) and mise load it into the shell's environment on cd",
	".mise.toml":         "mise runs its hooks and env scripts on cd",
	"mise.toml":          "mise runs its hooks and env scripts on cd",
	".mise.local.toml":   "mise runs its hooks and env scripts on cd",
	"mise.local.toml":    "mise runs its hooks and env scripts on cd",
	".mise":              "mise's config directory",
	".devcontainer":      "Dev Containers: commands run when the folder is reopened in a container",
	".devcontainer.json": "Dev Containers: commands run when the folder is reopened in a container",
	".claude":            "Claude Code: project settings with hooks (commands) and permissions",
	".cursor":            "Cursor: MCP servers (commands) and rules",
	".gemini":            "Gemini CLI: settings with MCP servers (commands)",
	".mcp.json":          "project MCP servers (commands) for Claude Code and others",
}

// protectedPairs are two consecutive elements protected together (the
// first alone is an ordinary directory).
var protectedPairs = map[[2]string]string{
	{".config", "mise"}:      "mise's config directory",
	{".config", "mise.toml"}: "mise runs its hooks and env scripts on cd",
	{"mise", "config.toml"}:  "mise runs its hooks and env scripts on cd",
}

// protectedSuffixes are file-name endings protected wherever they sit.
var protectedSuffixes = map[string]string{
	".code-workspace": "VS Code workspace file: settings and tasks",
}

// Names reports whether rel (a slash path relative to the
// workspace root) is protected by its name alone, and why: one of its
// elements is protected, so rel is or lies under a protected path. It does
// not look at the disk; a git directory by its contents is IsGitDir's.
func Names(rel string) (why string, protected bool) {
	elems := strings.Split(path.Clean(filepath.ToSlash(rel)), "/")
	for i, e := range elems {
		low := strings.ToLower(windowsName(e))
		if why, ok := protectedNames[low]; ok {
			return why, true
		}
		if why, ok := shortNameOfProtected(low); ok {
			return why, true
		}
		for suf, why := range protectedSuffixes {
			if strings.HasSuffix(low, suf) {
				return why, true
			}
		}
		if i+1 < len(elems) {
			if why, ok := protectedPairs[[2]string{low, strings.ToLower(windowsName(elems[i+1]))}]; ok {
				return why, true
			}
		}
	}
	return "", false
}

// isProtected reports whether rel is protected by its name.
func isProtected(rel string) bool {
	_, p := Names(rel)
	return p
}

// gitDirHead is the file every git directory has; gitDirParts are the
// entries of which a git directory has at least one more (objects and refs,
// or commondir for a worktree's; config is what makes one dangerous).
// Requiring HEAD and one of these, not all that git checks, makes the
// directory protected before it is complete: whichever of HEAD and the
// rest comes second needs an approval, so no git directory can be finished
// without one.
const gitDirHead = "head"

var gitDirParts = map[string]bool{"objects": true, "refs": true, "commondir": true, "config": true}

// IsGitDir reports whether dir (a slash path relative to fsys's root; "."
// for the root) is, or with the entry adding created in it would become, a
// git directory by its contents wherever it sits: git finds one as a bare
// repository, --git-dir or GIT_DIR name it, and its config runs programs
// (diff.external, core.fsmonitor). adding is "" when nothing is added.
func IsGitDir(fsys fs.FS, dir, adding string) bool {
	ents, _ := fs.ReadDir(fsys, dir)
	names := make([]string, 0, len(ents)+1)
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if adding != "" {
		names = append(names, adding)
	}
	return IsGitDirListing(names)
}

// IsGitDirListing reports whether a directory holding exactly the entries
// names is a git directory by its contents (IsGitDir's rule, for a caller
// that has already read the directory).
func IsGitDirListing(names []string) bool {
	var head, part bool
	for _, name := range names {
		low := strings.ToLower(name)
		head = head || low == gitDirHead
		part = part || gitDirParts[low]
	}
	return head && part
}

// Protected reports whether writing rel (relative to the root r, whose
// real path is dir) writes a protected path: by its name, through symlinks
// inside the root ("g/config" with g → .git), or into a directory that is
// or would become a git directory by its contents. It returns the
// protected path, relative to the root.
func Protected(r *os.Root, dir, rel string) (string, bool) {
	rel = path.Clean(filepath.ToSlash(rel))
	if isProtected(rel) {
		return rel, true
	}
	abs := func(rel string) string { return filepath.Join(dir, filepath.FromSlash(rel)) }
	// Resolve the longest existing prefix; the rest does not exist yet.
	existing, rest := rel, ""
	for existing != "." && existing != "/" && existing != "" {
		if _, err := os.Lstat(abs(existing)); err == nil {
			break
		}
		rest = path.Join(path.Base(existing), rest)
		existing = path.Dir(existing)
	}
	real, err := filepath.EvalSymlinks(abs(existing))
	if err != nil {
		return "", false
	}
	inRoot, inside := Within(filepath.ToSlash(dir), filepath.ToSlash(real))
	if !inside {
		return "", false // outside: os.Root refuses it anyway
	}
	target := path.Join(inRoot, rest)
	if isProtected(target) {
		return target, true
	}
	if d, ok := inGitDir(r, target); ok {
		return d, true
	}
	return "", false
}

// inGitDir reports whether target (a clean slash path relative to the root,
// its existing part free of symlinks) is a git directory by its contents,
// lies in one, or makes one of its directories one by being written, and
// returns that directory.
func inGitDir(r *os.Root, target string) (string, bool) {
	fsys := r.FS()
	elems := strings.Split(target, "/")
	if target == "." {
		elems = nil
	}
	dir := "."
	for i := 0; i <= len(elems); i++ {
		adding := ""
		if i < len(elems) {
			adding = elems[i]
		}
		if IsGitDir(fsys, dir, adding) {
			return dir, true
		}
		if i == len(elems) {
			break
		}
		next := path.Join(dir, elems[i])
		if fi, err := r.Lstat(filepath.FromSlash(next)); err != nil || !fi.IsDir() {
			break // the rest does not exist (or is not a directory)
		}
		dir = next
	}
	return "", false
}
