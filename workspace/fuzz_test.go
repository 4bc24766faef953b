package workspace

import (
	"context"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"go.lsp.dev/protocol"
)

// FuzzRel: whatever the path, Rel answers a clean path inside the root or a
// refusal, and reading it never returns the file outside the root.
func FuzzRel(f *testing.F) {
	for _, s := range []string{"", ".", "..", "../x", "a/../../b", "/etc/passwd", "a\x00b", `a\..\b`, "out/secret", "link", "./a//b/", "/proc/self/environ"} {
		f.Add(s)
	}
	base := f.TempDir()
	outside := filepath.Join(base, "outside")
	root := filepath.Join(base, "root")
	for _, d := range []string{outside, filepath.Join(root, "a")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			f.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(outside, "secret"), []byte(secret), 0o644); err != nil {
		f.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(root, "out")); err != nil {
		f.Fatal(err)
	}
	if err := os.Symlink("../../outside/secret", filepath.Join(root, "a", "link")); err != nil {
		f.Fatal(err)
	}
	w, err := Open(context.Background(), root, Options{})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { w.Close() })
	f.Fuzz(func(t *testing.T, p string) {
		rel, err := w.Rel(p)
		if err == nil {
			if rel != "." && (rel == ".." || strings.HasPrefix(rel, "../") || path.IsAbs(rel) || path.Clean(rel) != rel) {
				t.Fatalf("Rel(%q) = %q, which is not a clean path inside the root", p, rel)
			}
			if strings.ContainsAny(rel, "\x00\\") {
				t.Fatalf("Rel(%q) = %q kept a NUL or a backslash", p, rel)
			}
		}
		text, _, _, _ := w.ReadOverlayOrDisk(p)
		if strings.Contains(text, secret) {
			t.Fatalf("ReadOverlayOrDisk(%q) read the file outside the root", p)
		}
	})
}

// FuzzPositions: UTF-16 positions convert to offsets inside the text, and
// back; MinimalEdits between two texts reproduce the second.
func FuzzPositions(f *testing.F) {
	f.Add("a😀b\r\n世界\n", "a😀Zb\r\n世\n", uint32(0), uint32(2))
	f.Add("", "x", uint32(0), uint32(0))
	f.Add("one\ntwo\n", "one\n2\nthree", uint32(1), uint32(99))
	f.Add("\xe4\xb8x\x96", "\xe4\xb8\x96", uint32(0), uint32(1))
	f.Fuzz(func(t *testing.T, a, b string, line, char uint32) {
		off, err := offsetOf(a, protocol.Position{Line: line, Character: char})
		if err == nil {
			if off < 0 || off > len(a) {
				t.Fatalf("offsetOf(%q, %d:%d) = %d, outside the text", a, line, char, off)
			}
			pos := positionOf(a, off)
			back, err := offsetOf(a, pos)
			if err != nil || back != off {
				t.Fatalf("offset %d → %v → %d, %v", off, pos, back, err)
			}
		}
		if utf8.ValidString(a) && utf8.ValidString(b) {
			if got := applyEdits(t, a, MinimalEdits(a, b)); got != b {
				t.Fatalf("MinimalEdits(%q, %q) applied gives %q", a, b, got)
			}
		}
	})
}
