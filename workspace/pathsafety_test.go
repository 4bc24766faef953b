package workspace

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/loopls/loopls/internal/symlinktest"
)

// secret is the content of the file outside the root: it must never reach
// a tool result.
const secret = "OUTSIDE-SECRET-7f3a"

func TestPathSafetyCorpus(t *testing.T) {
	base := t.TempDir()
	outside := filepath.Join(base, "outside")
	root := filepath.Join(base, "root")
	for _, d := range []string{outside, root, filepath.Join(root, "sub")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(outside, "secret.txt"), []byte(secret+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "inside.txt"), []byte("inside\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	links := map[string]string{
		"outdir":      outside,
		"outfile":     filepath.Join(outside, "secret.txt"),
		"sub/relout":  "../../outside/secret.txt",
		"loop1":       "loop2",
		"loop2":       "loop1",
		"selfloop":    "selfloop",
		"procenviron": "/proc/self/environ",
	}
	withLinks := symlinktest.Works(t)
	for name, target := range links {
		if !withLinks {
			break
		}
		if err := os.Symlink(target, filepath.Join(root, filepath.FromSlash(name))); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("LOOPLS_TEST_SECRET", secret)
	w := openWS(t, root, Options{})

	corpus := []string{
		"..",
		"../",
		"../outside/secret.txt",
		"../../etc/passwd",
		"sub/../../outside/secret.txt",
		"./../outside/secret.txt",
		outside + "/secret.txt",
		"/etc/passwd",
		"/proc/self/environ",
		"/",
		"outdir/secret.txt",
		"outdir",
		"outfile",
		"sub/relout",
		"loop1",
		"selfloop",
		"procenviron",
		"inside.txt\x00../outside/secret.txt",
		"\x00",
		strings.Repeat("a", 300),
		strings.Repeat("abc/", 1200) + "x",
		`..\..\outside\secret.txt`,
		`C:\Windows\win.ini`,
		`sub\..\..\outside\secret.txt`,
		"file://" + outside + "/secret.txt",
	}
	if !withLinks {
		corpus = slices.DeleteFunc(corpus, func(p string) bool {
			_, isLink := links[strings.SplitN(p, "/", 2)[0]]
			return isLink || p == "sub/relout"
		})
	}
	type probe struct {
		tool string
		args func(p string) any
	}
	probes := []probe{
		{ToolReadFile, func(p string) any { return map[string]any{"path": p} }},
		{ToolListDir, func(p string) any { return map[string]any{"path": p} }},
		{ToolGrep, func(p string) any { return map[string]any{"pattern": "SECRET|root|PATH", "path": p} }},
		{ToolEditFile, func(p string) any {
			return map[string]any{"path": p, "old_string": "OUTSIDE", "new_string": "pwned"}
		}},
		{ToolWriteFile, func(p string) any { return map[string]any{"path": p, "content": "pwned"} }},
	}
	for _, p := range corpus {
		for _, pr := range probes {
			res := call(t, w, pr.tool, pr.args(p))
			if !res.IsError {
				t.Errorf("%s(%q) = %q, want an error result", pr.tool, p, res.Output)
			}
			if strings.Contains(res.Output, secret) || strings.Contains(res.Output, "root:x:0:0") {
				t.Errorf("%s(%q) leaked outside content: %q", pr.tool, p, res.Output)
			}
		}
	}
	// The write probes created nothing outside and changed nothing there.
	if got := readDisk(t, outside, "secret.txt"); got != secret+"\n" {
		t.Errorf("outside file changed to %q", got)
	}
	entries, err := os.ReadDir(outside)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Errorf("outside dir holds %d entries after the corpus, want 1", len(entries))
	}
	// Glob patterns cannot climb out either.
	for _, g := range []string{"../*", "../outside/*", outside + "/*", "**/../../*"} {
		res := call(t, w, ToolGlob, map[string]any{"pattern": g})
		if !res.IsError || strings.Contains(res.Output, "secret") {
			t.Errorf("glob(%q) = %+v, want an error result naming no outside file", g, res)
		}
	}
	// Grep over the whole root does not follow symlinks out.
	res := call(t, w, ToolGrep, map[string]any{"pattern": "SECRET"})
	if strings.Contains(res.Output, secret) {
		t.Errorf("grep over the root leaked: %q", res.Output)
	}
	// A path inside still works (the corpus is refused for its own reasons).
	if res := call(t, w, ToolReadFile, map[string]any{"path": filepath.Join(w.Root(), "inside.txt")}); res.IsError || !strings.Contains(res.Output, "inside") {
		t.Errorf("read_file(absolute inside) = %+v, want the file", res)
	}
}

func TestRelKinds(t *testing.T) {
	w := openWS(t, newTree(t, nil), Options{})
	tests := []struct {
		in   string
		want string
		err  error
	}{
		{"", ".", nil},
		{".", ".", nil},
		{"a/b/../c", "a/c", nil},
		{"./a//b/", "a/b", nil},
		{w.Root() + "/x/y", "x/y", nil},
		{w.Root(), ".", nil},
		{"..", "", ErrOutsideRoot},
		{"a/../../b", "", ErrOutsideRoot},
		{"/etc", "", ErrOutsideRoot},
		{w.Root() + "x/y", "", ErrOutsideRoot}, // a sibling sharing the prefix
		{"a\x00b", "", ErrInvalidPath},
		{`a\b`, "", ErrInvalidPath},
		{strings.Repeat("n", 256), "", ErrInvalidPath},
		{strings.Repeat("n/", 2049), "", ErrInvalidPath},
	}
	for _, tt := range tests {
		got, err := w.Rel(tt.in)
		if !errors.Is(err, tt.err) || got != tt.want {
			t.Errorf("Rel(%.40q) = %q, %v; want %q, %v", tt.in, got, err, tt.want, tt.err)
		}
	}
}

func TestSymlinkOutIsOutsideRootKind(t *testing.T) {
	symlinktest.Require(t)
	dir := newTree(t, nil)
	if err := os.Symlink("/etc/passwd", filepath.Join(dir, "pw")); err != nil {
		t.Fatal(err)
	}
	w := openWS(t, dir, Options{})
	_, _, _, err := w.ReadOverlayOrDisk("pw")
	if !errors.Is(err, ErrOutsideRoot) {
		t.Errorf("ReadOverlayOrDisk(symlink out) error = %v, want ErrOutsideRoot", err)
	}
}
