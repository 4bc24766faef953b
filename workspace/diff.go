package workspace

import (
	"unicode/utf8"

	"github.com/aymanbagabas/go-udiff"
	"go.lsp.dev/protocol"
)

// MinimalEdits returns TextEdits that turn old into new, in UTF-16 positions
// of old, ordered and non-overlapping: a line diff (go-udiff's, the bounded
// LCS gopls uses, so a large change still gets small hunks) whose hunks are
// then trimmed to the characters that differ, so an editor applying them
// moves no cursor, fold or mark it need not.
func MinimalEdits(old, new string) []protocol.TextEdit {
	if old == new {
		return nil
	}
	var edits []protocol.TextEdit
	lines := lineStarts(old)
	for _, h := range udiff.Lines(old, new) {
		o := old[h.Start:h.End]
		p := commonPrefix(o, h.New)
		s := commonSuffix(o[p:], h.New[p:])
		start, end := h.Start+p, h.End-s
		edits = append(edits, protocol.TextEdit{
			Range:   protocol.Range{Start: positionAt(old, lines, start), End: positionAt(old, lines, end)},
			NewText: h.New[p : len(h.New)-s],
		})
	}
	return edits
}

// commonPrefix is the length of the common prefix of a and b, cut back to a
// rune boundary so no edit splits a character.
func commonPrefix(a, b string) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	for i > 0 && i < len(a) && !utf8.RuneStart(a[i]) {
		i--
	}
	for i > 0 && i < len(b) && !utf8.RuneStart(b[i]) {
		i--
	}
	// Never between "\r" and "\n": no LSP position names that place.
	if i > 0 && i < len(a) && a[i-1] == '\r' && a[i] == '\n' {
		i--
	}
	return i
}

// commonSuffix is the length of the common suffix of a and b, on a rune
// boundary.
func commonSuffix(a, b string) int {
	i := 0
	for i < len(a) && i < len(b) && a[len(a)-1-i] == b[len(b)-1-i] {
		i++
	}
	for i > 0 && !utf8.RuneStart(a[len(a)-i]) {
		i--
	}
	if c := len(a) - i; i > 0 && c > 0 && a[c-1] == '\r' && a[c] == '\n' {
		i--
	}
	return i
}

// lineStarts returns the byte offset where each line of s begins.
func lineStarts(s string) []int {
	starts := []int{0}
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// positionAt is positionOf with precomputed line starts.
func positionAt(s string, starts []int, off int) protocol.Position {
	lo, hi := 0, len(starts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if starts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return protocol.Position{Line: uint32(lo), Character: utf16Len(s[starts[lo]:off])}
}
