package workspace

import (
	"strings"
	"testing"
)

// Braces, classes and escapes work in glob and in grep's glob: the patterns
// are doublestar's, not a hand translation.
func TestGlobBracesAndClasses(t *testing.T) {
	w := openWS(t, newTree(t, map[string]string{
		"main.go":        "needle\n",
		"README.md":      "needle\n",
		"docs/guide.md":  "needle\n",
		"docs/img/a.png": "",
		"cmd/x/x.go":     "needle\n",
		"notes.txt":      "needle\n",
		"a[1].txt":       "needle\n",
	}), Options{})
	for pat, want := range map[string]string{
		"**/*.{go,md}":       "README.md\ncmd/x/x.go\ndocs/guide.md\nmain.go\n",
		"{cmd,docs}/**":      "cmd/x/x.go\ndocs/guide.md\ndocs/img/a.png\n",
		"*.[gx]?":            "main.go\n",
		"[!a-z]*":            "README.md\n",
		`a\[1\].txt`:         "a[1].txt\n",
		"docs/**/*.{png,md}": "docs/guide.md\ndocs/img/a.png\n",
	} {
		if res := call(t, w, ToolGlob, map[string]any{"pattern": pat}); res.IsError || res.Output != want {
			t.Errorf("glob(%q) = %q, want %q", pat, res.Output, want)
		}
	}
	for _, bad := range []string{"*.{go", "[a-"} {
		if res := call(t, w, ToolGlob, map[string]any{"pattern": bad}); !res.IsError || !strings.Contains(res.Output, "malformed") {
			t.Errorf("glob(%q) = %+v, want a malformed-pattern error", bad, res)
		}
	}

	// grep: without "/" the glob matches the file name at any depth.
	res := call(t, w, ToolGrep, map[string]any{"pattern": "needle", "glob": "*.{go,md}"})
	if want := "README.md:1: needle\ncmd/x/x.go:1: needle\ndocs/guide.md:1: needle\nmain.go:1: needle\n"; res.Output != want {
		t.Errorf("grep(glob *.{go,md}) = %q, want %q", res.Output, want)
	}
	res = call(t, w, ToolGrep, map[string]any{"pattern": "needle", "glob": "{cmd,docs}/**/*.{go,md}"})
	if want := "cmd/x/x.go:1: needle\ndocs/guide.md:1: needle\n"; res.Output != want {
		t.Errorf("grep(glob with /) = %q, want %q", res.Output, want)
	}
	if res := call(t, w, ToolGrep, map[string]any{"pattern": "needle", "glob": "*.{go"}); !res.IsError {
		t.Errorf("grep(bad glob) = %+v, want an error", res)
	}
}
