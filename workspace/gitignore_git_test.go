package workspace

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// gitCase is one .gitignore (at the root) and paths to ask about; a path
// ending in "/" is a directory.
type gitCase struct {
	rules string
	paths []string
}

var gitCases = []gitCase{
	{"*.o\n!keep.o\n", []string{"x.o", "deep/er/x.o", "keep.o", "main.go"}},
	{"/root-only\nbuild/\n**/logs\n", []string{"root-only", "sub/root-only", "build/", "a/build/", "a/b/build", "logs/", "a/b/logs"}},
	{"docs/**/*.tmp\nfoo/**\n", []string{"docs/x.tmp", "docs/a/b/x.tmp", "other/x.tmp", "foo/", "foo/bar"}},
	{"\\#hash\nspaced\\ \ntrail   \n\\!important!.txt\n", []string{"#hash", "spaced ", "trail", "!important!.txt"}},
	// Bracket classes: "[!…]" is negated, as in fnmatch(3).
	{"[ab]?.c\n[!ab]x.h\n", []string{"ax.c", "cx.c", "ax.h", "cx.h", "!x.h"}},
	{"a**b\nsub/x.txt\n", []string{"aXYb", "sub/x.txt", "deep/sub/x.txt"}},
	{"/*\n!/foo\n/foo/*\n!/foo/bar\n", []string{"x.txt", "foo/", "foo/y", "foo/bar/"}},
}

// gitIgnores asks the real git which of c's paths its rules ignore
// (git check-ignore --no-index, in a fresh repository holding the paths).
func gitIgnores(t *testing.T, c gitCase) map[string]bool {
	t.Helper()
	dir := t.TempDir()
	git := func(stdin string, args ...string) (string, error) {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir)
		cmd.Stdin = strings.NewReader(stdin)
		var out bytes.Buffer
		cmd.Stdout = &out
		err := cmd.Run()
		return out.String(), err
	}
	if _, err := git("", "init", "-q"); err != nil {
		t.Fatalf("git init: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".gitignore"), []byte(c.rules), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range c.paths {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if strings.HasSuffix(p, "/") {
			if err := os.MkdirAll(full, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if fi, err := os.Stat(full); err == nil && fi.IsDir() {
			continue
		}
		if err := os.WriteFile(full, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A directory is asked about by its name (git reads its kind from the
	// disk; "dir/" would be matched as a path with an empty last name).
	// Exit status 1 means "none ignored"; its output is then empty.
	var ask []string
	for _, p := range c.paths {
		ask = append(ask, strings.TrimSuffix(p, "/"))
	}
	out, err := git(strings.Join(ask, "\n")+"\n", "check-ignore", "--no-index", "--stdin")
	if err != nil && out != "" {
		t.Fatalf("git check-ignore: %v", err)
	}
	got := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		for _, p := range c.paths {
			if l != "" && strings.TrimSuffix(p, "/") == l {
				got[p] = true
			}
		}
	}
	return got
}

// ours answers as the workspace does: a path under an ignored directory is
// ignored (the index never descends into it).
func ours(set ignoreSet, p string) bool {
	isDir := strings.HasSuffix(p, "/")
	rel := strings.TrimSuffix(p, "/")
	parts := strings.Split(rel, "/")
	for i := 1; i < len(parts); i++ {
		if set.ignored(strings.Join(parts[:i], "/"), true) {
			return true
		}
	}
	return set.ignored(rel, isDir)
}

// The matcher answers as git does, asked through git check-ignore. This is
// why it is ours and not go-git's plumbing/format/gitignore (linked for
// other reasons): see TestGoGitMatcherDiffersFromGit.
func TestGitignoreAgreesWithGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatal("git is needed to compare the matcher with git check-ignore (.ci/run installs it)")
	}
	for _, c := range gitCases {
		want := gitIgnores(t, c)
		set := ignoreSet{".": parseGitignore(c.rules)}
		for _, p := range c.paths {
			if got := ours(set, p); got != want[p] {
				t.Errorf("rules %q: ignored(%q) = %v, git check-ignore says %v", c.rules, p, got, want[p])
			}
		}
	}
}

// go-git's matcher answers differently from git on cases that real
// .gitignore files use: "[!ab]" is not negated (filepath.Match spells that
// "[^ab]"), and "foo/**" ignores the directory foo itself, where git ignores
// only what is inside. If this test fails, go-git has caught up with git on
// these cases: workspace/gitignore.go could then give way to it.
func TestGoGitMatcherDiffersFromGit(t *testing.T) {
	differs := []struct {
		rules, path string
	}{
		{"[!ab]x.h\n", "cx.h"},
		{"[!ab]x.h\n", "ax.h"},
		{"foo/**\n", "foo/"},
	}
	n := 0
	for _, d := range differs {
		c := gitCase{d.rules, []string{d.path}}
		want := gitIgnores(t, c)[d.path]
		var ps []gitignore.Pattern
		for _, l := range strings.Split(strings.TrimSpace(d.rules), "\n") {
			ps = append(ps, gitignore.ParsePattern(l, nil))
		}
		m := gitignore.NewMatcher(ps)
		isDir := strings.HasSuffix(d.path, "/")
		if m.Match(strings.Split(strings.TrimSuffix(d.path, "/"), "/"), isDir) != want {
			n++
		} else {
			t.Logf("go-git now agrees with git on rules %q, path %q", d.rules, d.path)
		}
		if got := ours(ignoreSet{".": parseGitignore(d.rules)}, d.path); got != want {
			t.Errorf("rules %q: ours says %v for %q, git %v", d.rules, got, d.path, want)
		}
	}
	if n == 0 {
		t.Error("go-git's gitignore matcher now agrees with git on every case kept here: consider using it instead of workspace/gitignore.go")
	}
}

// The two matchers side by side on a tree's worth of paths and a typical
// .gitignore (figures in docs/performance.md).
func BenchmarkGitignoreMatch(b *testing.B) {
	rules := "# build\n*.o\n*.a\n/bin/\nbuild/\nnode_modules/\n**/logs\ndocs/**/*.tmp\n!keep.o\n.cache/\n*.swp\n[!a-z]*.bak\n"
	var paths [][]string
	for _, d := range []string{"", "cmd/loopls/", "engine/machine/", "workspace/", "docs/a/b/", "node_modules/x/"} {
		for _, f := range []string{"main.go", "x.o", "keep.o", "notes.tmp", "logs", "A.bak", "README.md"} {
			paths = append(paths, strings.Split(d+f, "/"))
		}
	}
	b.Run("ours", func(b *testing.B) {
		set := ignoreSet{".": parseGitignore(rules)}
		joined := make([]string, len(paths))
		for i, p := range paths {
			joined[i] = strings.Join(p, "/")
		}
		b.ReportAllocs()
		for b.Loop() {
			for _, p := range joined {
				set.ignored(p, false)
			}
		}
	})
	b.Run("go-git", func(b *testing.B) {
		var ps []gitignore.Pattern
		for _, l := range strings.Split(rules, "\n") {
			if l != "" && !strings.HasPrefix(l, "#") {
				ps = append(ps, gitignore.ParsePattern(l, nil))
			}
		}
		m := gitignore.NewMatcher(ps)
		b.ReportAllocs()
		for b.Loop() {
			for _, p := range paths {
				m.Match(p, false)
			}
		}
	})
}
