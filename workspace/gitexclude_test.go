package workspace

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The examples of gitignore(5), "PATTERN FORMAT" and "EXAMPLES", each as the
// documentation states it.
func TestGitignoreDocumentationExamples(t *testing.T) {
	tests := []struct {
		rules string
		path  string
		isDir bool
		want  bool
	}{
		// "The pattern hello.* matches any file or directory whose name begins with hello."
		{"hello.*", "hello.txt", false, true},
		{"hello.*", "a/hello.c", false, true},
		{"hello.*", "a/hello.d", true, true},
		{"hello.*", "ahello.c", false, false},
		// "The pattern doc/frotz/ matches doc/frotz directory, but not a/doc/frotz directory;
		// however frotz/ matches frotz and a/frotz that is a directory."
		{"doc/frotz/", "doc/frotz", true, true},
		{"doc/frotz/", "a/doc/frotz", true, false},
		{"frotz/", "frotz", true, true},
		{"frotz/", "a/frotz", true, true},
		{"frotz/", "a/frotz", false, false},
		// "The pattern foo/*, matches foo/test.json (a regular file), foo/bar (a directory),
		// but it does not match foo/bar/hello.c" (hello.c is under the ignored foo/bar).
		{"foo/*", "foo/test.json", false, true},
		{"foo/*", "foo/bar", true, true},
		{"foo/*", "foo/bar/hello.c", false, false},
		// "**/foo matches file or directory foo anywhere"; "**/foo/bar matches bar directly under foo".
		{"**/foo", "foo", false, true},
		{"**/foo", "x/y/foo", true, true},
		{"**/foo/bar", "x/foo/bar", false, true},
		{"**/foo/bar", "x/foo/y/bar", false, false},
		// "abc/** matches all files inside directory abc".
		{"abc/**", "abc/x", false, true},
		{"abc/**", "abc/x/y", false, true},
		{"abc/**", "x/abc/y", false, false},
		// "a/**/b matches a/b, a/x/b, a/x/y/b and so on."
		{"a/**/b", "a/b", false, true},
		{"a/**/b", "a/x/b", false, true},
		{"a/**/b", "a/x/y/b", false, true},
		{"a/**/b", "b/a/b", false, false},
		// "A line starting with # serves as a comment. Put a backslash in front of the first
		// hash for patterns that begin with a hash."
		{"#x", "#x", false, false},
		{`\#x`, "#x", false, true},
		// "An optional prefix ! negates the pattern"; "Put a backslash in front of the first !
		// for patterns that begin with a literal !".
		{"*.a\n!lib.a", "lib.a", false, false},
		{"*.a\n!lib.a", "x.a", false, true},
		{`\!important!.txt`, "!important!.txt", false, true},
		// "Trailing spaces are ignored unless they are quoted with backslash."
		{"trail   ", "trail", false, true},
		// "If there is a separator at the beginning or middle of the pattern, then the pattern
		// is relative to the directory level of the particular .gitignore file itself."
		{"/root.txt", "root.txt", false, true},
		{"/root.txt", "sub/root.txt", false, false},
		{"sub/x.txt", "deep/sub/x.txt", false, false},
	}
	for _, tt := range tests {
		set := ignoreSet{".": parseGitignore(tt.rules)}
		if got := set.ignored(tt.path, tt.isDir); got != tt.want {
			t.Errorf("rules %q: ignored(%q, dir=%v) = %v, want %v", tt.rules, tt.path, tt.isDir, got, tt.want)
		}
	}

	// "Example to exclude everything except a specific directory foo/bar (note the /* -
	// without the slash, the wildcard would also exclude everything within foo/bar)".
	set := ignoreSet{".": parseGitignore("/*\n!/foo\n/foo/*\n!/foo/bar\n")}
	for p, want := range map[string]bool{"x.txt": true, "foo": false, "foo/y": true, "foo/bar": false, "foo/bar/z": false} {
		if got := set.ignored(p, p == "foo" || p == "foo/bar"); got != want {
			t.Errorf("everything-but-foo/bar: ignored(%q) = %v, want %v", p, got, want)
		}
	}
}

// gitignore(5) "DESCRIPTION": patterns come from .gitignore files, then
// $GIT_DIR/info/exclude, then the file core.excludesFile names — each
// later source ranking lower. The workspace honours all three.
func TestGitExcludeFilesAreHonoured(t *testing.T) {
	home, xdg := t.TempDir(), t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", xdg)
	global := filepath.Join(home, "global-ignore")
	write := func(p, s string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(home, ".gitconfig"), "[user]\n\tname = x\n[core]\n\texcludesFile = ~/global-ignore\n")
	write(global, "*.log\n*.bak\nkeep.tmp\n")
	dir := newTree(t, map[string]string{
		".git/info/exclude": "# local\n*.tmp\nscratch/\n",
		".gitignore":        "!keep.bak\n",
		"main.go":           "",
		"run.log":           "",
		"a/old.bak":         "",
		"keep.bak":          "", // the .gitignore re-includes what the global file excludes
		"x.tmp":             "",
		"keep.tmp":          "", // both exclude files: still excluded
		"scratch/notes.md":  "",
		"src/scratch.go":    "",
	})
	w := openWS(t, dir, Options{})
	got := strings.Join(w.Files(), " ")
	if want := ".gitignore keep.bak main.go src/scratch.go"; got != want {
		t.Errorf("files %q, want %q", got, want)
	}
	if res := call(t, w, ToolGlob, map[string]any{"pattern": "**/*.log"}); res.IsError || !strings.HasPrefix(res.Output, "no files match") {
		t.Errorf("glob(**/*.log) = %q: excluded files must not be found", res.Output)
	}

	// Without core.excludesFile, git reads $XDG_CONFIG_HOME/git/ignore.
	write(filepath.Join(home, ".gitconfig"), "[user]\n\tname = x\n")
	write(filepath.Join(xdg, "git", "ignore"), "*.go\n")
	w2 := openWS(t, dir, Options{})
	if got := strings.Join(w2.Files(), " "); strings.Contains(got, ".go") || !strings.Contains(got, "run.log") {
		t.Errorf("with the XDG default: files %q, want no .go and run.log listed", got)
	}
}
