//go:build windows

package workspace

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// On Windows a file is named by its drive (C:\ws\a\b.txt, C:/ws/a/b.txt, in
// any case): the editor and the model name files so, and inside the root
// that is the file. A drive path elsewhere is outside the root; a relative
// path with backslashes is still refused.
func TestWindowsDrivePathsInsideTheRoot(t *testing.T) {
	dir := newTree(t, map[string]string{"a/b.txt": "hello from b\n"})
	w := openWS(t, dir, Options{})
	abs := filepath.Join(dir, "a", "b.txt")
	for _, p := range []string{abs, filepath.ToSlash(abs), strings.ToLower(dir) + `\a\b.txt`, strings.ToUpper(dir) + `\a\b.txt`} {
		if rel, err := w.Rel(p); err != nil || rel != "a/b.txt" {
			t.Errorf("Rel(%q) = %q, %v; want a/b.txt", p, rel, err)
		}
	}
	if res := call(t, w, ToolReadFile, map[string]any{"path": abs}); res.IsError || !strings.Contains(res.Output, "hello from b") {
		t.Errorf("read_file %s = %+v", abs, res)
	}
	for _, p := range []string{filepath.Join(filepath.Dir(dir), "other.txt"), abs + `\..\..\..\x`, `C:\Windows\win.ini`, `\\host\share\a.txt`} {
		if _, err := w.Rel(p); !errors.Is(err, ErrOutsideRoot) {
			t.Errorf("Rel(%q) = %v, want ErrOutsideRoot", p, err)
		}
	}
	if _, err := w.Rel(`a\b.txt`); !errors.Is(err, ErrInvalidPath) {
		t.Errorf(`Rel("a\b.txt") = %v, want ErrInvalidPath`, err)
	}
}

// glob takes a drive pattern as absolute too: inside the root it matches
// there, elsewhere it is refused, not matched as a name.
func TestWindowsDriveGlob(t *testing.T) {
	dir := newTree(t, map[string]string{"a/b.txt": "b\n"})
	w := openWS(t, dir, Options{})
	if res := call(t, w, ToolGlob, map[string]any{"pattern": dir + `\**\*.txt`}); res.IsError || !strings.Contains(res.Output, "a/b.txt") {
		t.Errorf("glob inside the root = %+v", res)
	}
	if res := call(t, w, ToolGlob, map[string]any{"pattern": filepath.Dir(dir) + `\*`}); !res.IsError {
		t.Errorf("glob outside the root = %+v, want it refused", res)
	}
}
