package workspace

import "testing"

func TestGitignoreRules(t *testing.T) {
	set := ignoreSet{
		".":   parseGitignore("# comment\n\n*.o\n/root-only\nbuild/\n**/logs\ndocs/**/*.tmp\n!keep.o\n\\#hash\nspaced\\ \nfoo/**\n[ab]?.c\n"),
		"sub": parseGitignore("local.txt\n/anchored.txt\n!*.o\n"),
	}
	tests := []struct {
		path  string
		isDir bool
		want  bool
	}{
		{"x.o", false, true},
		{"deep/er/x.o", false, true},
		{"keep.o", false, false},
		{"root-only", false, true},
		{"sub/root-only", false, false},
		{"build", true, true},
		{"build", false, false}, // "build/" matches directories only
		{"a/build", true, true},
		{"logs", true, true},
		{"a/b/logs", false, true},
		{"docs/x.tmp", false, true},
		{"docs/a/b/x.tmp", false, true},
		{"other/x.tmp", false, false},
		{"#hash", false, true},
		{"spaced ", false, true},
		{"foo/bar", false, true},
		{"foo", true, false},
		{"ax.c", false, true},
		{"cx.c", false, false},
		{"sub/local.txt", false, true},
		{"sub/deeper/local.txt", false, true},
		{"local.txt", false, false},
		{"sub/anchored.txt", false, true},
		{"sub/deeper/anchored.txt", false, false},
		{"sub/x.o", false, false}, // re-included by the deeper file
		{".git", true, true},
		{"a/.git", true, true},
		{tempPrefix + "f-123", false, true},
		{"main.go", false, false},
	}
	for _, tt := range tests {
		if got := set.ignored(tt.path, tt.isDir); got != tt.want {
			t.Errorf("ignored(%q, dir=%v) = %v, want %v", tt.path, tt.isDir, got, tt.want)
		}
	}
}
