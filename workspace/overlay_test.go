package workspace

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/loopls/loopls/internal/symlinktest"
)

func rng(l1, c1, l2, c2 uint32) protocol.Range {
	return protocol.Range{Start: protocol.Position{Line: l1, Character: c1}, End: protocol.Position{Line: l2, Character: c2}}
}

func partial(r protocol.Range, text string) protocol.TextDocumentContentChangeEvent {
	return &protocol.TextDocumentContentChangePartial{Range: r, Text: text}
}

func TestOverlayUTF16IncrementalEdits(t *testing.T) {
	dir := newTree(t, map[string]string{"doc.txt": "on disk\n"})
	w := openWS(t, dir, Options{})
	u := string(uri.File(w.Root() + "/doc.txt"))
	// "😀" is 2 UTF-16 units (4 bytes), "世界" 1 unit each (3 bytes each).
	if err := w.DidOpen(u, 1, "a😀b\n世界x\nlast"); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		change protocol.TextDocumentContentChangeEvent
		want   string
	}{
		// Insert after the emoji: character 3 = after "a" (1) + "😀" (2).
		{partial(rng(0, 3, 0, 3), "Z"), "a😀Zb\n世界x\nlast"},
		// Replace "界" (line 1, char 1..2) with "🌍".
		{partial(rng(1, 1, 1, 2), "🌍"), "a😀Zb\n世🌍x\nlast"},
		// Delete the emoji itself (chars 1..3 on line 0).
		{partial(rng(0, 1, 0, 3), ""), "aZb\n世🌍x\nlast"},
		// After "🌍" (chars 1..3) comes "x" at character 3.
		{partial(rng(1, 3, 1, 4), "y"), "aZb\n世🌍y\nlast"},
		// A range spanning lines.
		{partial(rng(0, 2, 2, 1), "-"), "aZ-ast"},
		// A character past the line end means the line end.
		{partial(rng(0, 99, 0, 99), "!"), "aZ-ast!"},
		// Whole-document replacement.
		{&protocol.TextDocumentContentChangeWholeDocument{Text: "fresh 漢字\n"}, "fresh 漢字\n"},
		// Insert at the start of the line after the final newline.
		{partial(rng(1, 0, 1, 0), "tail"), "fresh 漢字\ntail"},
	}
	for i, s := range steps {
		if err := w.DidChange(u, int32(i+2), []protocol.TextDocumentContentChangeEvent{s.change}); err != nil {
			t.Fatalf("step %d: DidChange: %v", i, err)
		}
		text, version, open, err := w.ReadOverlayOrDisk("doc.txt")
		if err != nil || !open || version != int32(i+2) || text != s.want {
			t.Fatalf("step %d: overlay = %q v%d open=%v err=%v; want %q v%d", i, text, version, open, err, s.want, i+2)
		}
	}
	// The tools read the overlay, not the disk.
	if res := call(t, w, ToolReadFile, map[string]any{"path": "doc.txt"}); !strings.Contains(res.Output, "fresh 漢字") {
		t.Errorf("read_file sees %q, want the overlay", res.Output)
	}
	if res := call(t, w, ToolGrep, map[string]any{"pattern": "漢字"}); !strings.Contains(res.Output, "doc.txt:1: fresh 漢字") {
		t.Errorf("grep sees %q, want the overlay", res.Output)
	}
	// Several changes in one notification apply in order.
	err := w.DidChange(u, 20, []protocol.TextDocumentContentChangeEvent{
		partial(rng(0, 0, 0, 0), "😀"),
		partial(rng(0, 2, 0, 2), "|"), // after the emoji just inserted
	})
	if err != nil {
		t.Fatal(err)
	}
	if text, _, _, _ := w.ReadOverlayOrDisk("doc.txt"); text != "😀|fresh 漢字\ntail" {
		t.Errorf("after batched changes: %q", text)
	}
	// A bad range leaves the overlay as it was.
	if err := w.DidChange(u, 21, []protocol.TextDocumentContentChangeEvent{partial(rng(9, 0, 9, 0), "x")}); !errors.Is(err, ErrBadPosition) {
		t.Errorf("DidChange(line 9) error = %v, want ErrBadPosition", err)
	}
	if text, v, _, _ := w.ReadOverlayOrDisk("doc.txt"); text != "😀|fresh 漢字\ntail" || v != 20 {
		t.Errorf("after a bad change: %q v%d, want it unchanged", text, v)
	}
	// RangeText answers in UTF-16 too.
	got, err := w.RangeText(u, rng(0, 0, 0, 3))
	if err != nil || got != "😀|" {
		t.Errorf("RangeText = %q, %v; want %q", got, err, "😀|")
	}
	if err := w.DidClose(u); err != nil {
		t.Fatal(err)
	}
	if text, _, open, _ := w.ReadOverlayOrDisk("doc.txt"); open || text != "on disk\n" {
		t.Errorf("after didClose: %q open=%v, want the disk", text, open)
	}
	if err := w.DidChange(u, 30, nil); !errors.Is(err, ErrNotOpen) {
		t.Errorf("DidChange after close: %v, want ErrNotOpen", err)
	}
}

func TestOffsetPositionRoundTrip(t *testing.T) {
	text := "a😀b\r\n世界\n\nend🎉"
	for off := 0; off <= len(text); off++ {
		if off < len(text) && !isRuneStart(text, off) {
			continue
		}
		pos := positionOf(text, off)
		back, err := offsetOf(text, pos)
		if err != nil {
			t.Fatalf("offsetOf(%v): %v", pos, err)
		}
		// "\r" before "\n" is part of the line end: both offsets map to
		// the line's end.
		if back != off && !(off < len(text) && text[off] == '\n' && back == off-1) {
			t.Errorf("offset %d → %v → %d", off, pos, back)
		}
	}
	// Inside a surrogate pair snaps to the character's start.
	if got, _ := offsetOf("😀x", protocol.Position{Line: 0, Character: 1}); got != 0 {
		t.Errorf("offset of the middle of a surrogate pair = %d, want 0", got)
	}
}

func isRuneStart(s string, i int) bool { return s[i]&0xC0 != 0x80 }

// TestOverlayAtSymlinkOutIsNotUsed: a buffer whose path is a symlink out of
// the root, or under a directory symlink out of it, is neither read,
// grepped nor edited; nothing outside changes.
func TestOverlayAtSymlinkOutIsNotUsed(t *testing.T) {
	symlinktest.Require(t)
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "s.txt"), []byte("outside\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	dir := newTree(t, map[string]string{"in.txt": "inside\n"})
	if err := os.Symlink(filepath.Join(outside, "s.txt"), filepath.Join(dir, "link.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "ld")); err != nil {
		t.Fatal(err)
	}
	w := openWS(t, dir, Options{})
	for _, p := range []string{"link.txt", "ld/s.txt", "ld/new.txt"} {
		if err := w.DidOpen("file://"+w.Root()+"/"+p, 1, "BUFFER-SECRET "+p+"\n"); err != nil {
			t.Fatal(err)
		}
		if res := call(t, w, ToolReadFile, map[string]any{"path": p}); !res.IsError || strings.Contains(res.Output, "BUFFER-SECRET") {
			t.Errorf("read_file %s = %+v, want refused", p, res)
		}
		if res := call(t, w, ToolEditFile, map[string]any{"path": p, "old_string": "BUFFER", "new_string": "x"}); !res.IsError {
			t.Errorf("edit_file %s = %+v, want refused", p, res)
		}
		if _, _, _, err := w.ReadOverlayOrDisk(p); err == nil {
			t.Errorf("ReadOverlayOrDisk(%s) read it", p)
		}
	}
	if res := call(t, w, ToolGrep, map[string]any{"pattern": "BUFFER-S|outsid"}); strings.Contains(res.Output, "BUFFER-SECRET") || strings.Contains(res.Output, "outside") {
		t.Errorf("grep = %q, found text of a buffer out of the root", res.Output)
	}
	if b, _ := os.ReadFile(filepath.Join(outside, "s.txt")); string(b) != "outside\n" {
		t.Errorf("the file outside changed: %q", b)
	}
	if _, err := os.Stat(filepath.Join(outside, "new.txt")); err == nil {
		t.Error("a file was created outside")
	}
	// A buffer of a file not yet on disk, inside the root, is still read.
	if err := w.DidOpen("file://"+w.Root()+"/unsaved.txt", 1, "draft\n"); err != nil {
		t.Fatal(err)
	}
	if res := call(t, w, ToolReadFile, map[string]any{"path": "unsaved.txt"}); res.IsError || !strings.Contains(res.Output, "draft") {
		t.Errorf("unsaved buffer = %+v", res)
	}
}
