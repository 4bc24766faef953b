package workspace

import (
	"strings"
	"unicode/utf8"

	"go.lsp.dev/protocol"
)

// maxDiffCells bounds the line-diff table; beyond it the changed middle is
// sent as one replacement, which is still correct, only less minimal.
const maxDiffCells = 4 << 20

// MinimalEdits returns TextEdits that turn old into new, in UTF-16 positions
// of old, ordered and non-overlapping: a line diff (longest common
// subsequence) whose hunks are then trimmed to the characters that differ, so
// an editor applying them moves no cursor, fold or mark it need not.
func MinimalEdits(old, new string) []protocol.TextEdit {
	if old == new {
		return nil
	}
	a, b := splitLines(old), splitLines(new)
	// Common leading and trailing lines need no table.
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	am, bm := a[pre:len(a)-suf], b[pre:len(b)-suf]
	offA := 0
	for _, l := range a[:pre] {
		offA += len(l)
	}
	var hunks []hunk
	if len(am)*len(bm) > maxDiffCells || len(am) == 0 || len(bm) == 0 {
		hunks = []hunk{{oldStart: offA, oldEnd: offA + joinLen(am), text: strings.Join(bm, "")}}
	} else {
		hunks = lcsHunks(am, bm, offA)
	}
	var edits []protocol.TextEdit
	lines := lineStarts(old)
	for _, h := range hunks {
		o := old[h.oldStart:h.oldEnd]
		p := commonPrefix(o, h.text)
		s := commonSuffix(o[p:], h.text[p:])
		start, end := h.oldStart+p, h.oldEnd-s
		edits = append(edits, protocol.TextEdit{
			Range:   protocol.Range{Start: positionAt(old, lines, start), End: positionAt(old, lines, end)},
			NewText: h.text[p : len(h.text)-s],
		})
	}
	return edits
}

// hunk replaces old[oldStart:oldEnd] with text.
type hunk struct {
	oldStart, oldEnd int
	text             string
}

// lcsHunks diffs the lines a and b (neither empty) by longest common
// subsequence and returns the replaced runs; base is a[0]'s offset in old.
func lcsHunks(a, b []string, base int) []hunk {
	n, m := len(a), len(b)
	// lcs[i*(m+1)+j] is the LCS length of a[i:] and b[j:].
	lcs := make([]int32, (n+1)*(m+1))
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i*(m+1)+j] = lcs[(i+1)*(m+1)+j+1] + 1
			} else {
				lcs[i*(m+1)+j] = max(lcs[(i+1)*(m+1)+j], lcs[i*(m+1)+j+1])
			}
		}
	}
	var hunks []hunk
	var cur *hunk
	off := base
	flush := func() {
		if cur != nil {
			hunks = append(hunks, *cur)
			cur = nil
		}
	}
	open := func() {
		if cur == nil {
			cur = &hunk{oldStart: off, oldEnd: off}
		}
	}
	i, j := 0, 0
	var text strings.Builder
	for i < n || j < m {
		switch {
		case i < n && j < m && a[i] == b[j]:
			if cur != nil {
				cur.text = text.String()
				text.Reset()
			}
			flush()
			off += len(a[i])
			i++
			j++
		case j < m && (i == n || lcs[i*(m+1)+j+1] >= lcs[(i+1)*(m+1)+j]):
			open()
			text.WriteString(b[j])
			j++
		default:
			open()
			off += len(a[i])
			cur.oldEnd = off
			i++
		}
	}
	if cur != nil {
		cur.text = text.String()
	}
	flush()
	return hunks
}

// splitLines splits s after each '\n', keeping the terminators.
func splitLines(s string) []string {
	var lines []string
	for len(s) > 0 {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			lines = append(lines, s)
			break
		}
		lines = append(lines, s[:i+1])
		s = s[i+1:]
	}
	return lines
}

func joinLen(lines []string) int {
	n := 0
	for _, l := range lines {
		n += len(l)
	}
	return n
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
