package workspace

import (
	"fmt"
	"strings"
)

// When no matcher finds old_string, edit_file's refusal shows the model the
// region of the file most like it, with line numbers as read_file gives
// them, so that the model can copy the real text and retry.

const (
	closestContext  = 2       // lines shown before and after the region
	closestMaxLines = 40      // lines shown at most
	closestMaxLine  = 300     // bytes of one line shown at most
	closestMaxWork  = 1 << 22 // line comparisons before the search stops
)

// notFound is the refusal when nothing matched.
func notFound(text, old, shown string) error {
	msg := fmt.Sprintf("old_string was not found in %s, even ignoring whitespace, indentation and line endings", shown)
	tl := splitLines(text)
	s, k, score := closestRegion(tl, old)
	if score == 0 {
		return &matchError{kind: ErrEditNotFound, msg: msg + "; no line of it occurs in the file. Read the file again (read_file) and copy the text to replace exactly"}
	}
	from, to := max(s-closestContext, 0), min(s+k+closestContext, len(tl.starts))
	var b strings.Builder
	fmt.Fprintf(&b, "%s. The closest region is lines %d-%d (%d of old_string's %d lines match there, ignoring whitespace):\n", msg, max(s, 0)+1, min(s+k, len(tl.starts)), score, k)
	for i := from; i < to && i < from+closestMaxLines; i++ {
		l := tl.line(i)
		if len(l) > closestMaxLine {
			l = l[:closestMaxLine] + "…"
		}
		fmt.Fprintf(&b, "%6d\t%s\n", i+1, l)
	}
	if to > from+closestMaxLines {
		fmt.Fprintf(&b, "[%d more lines not shown]\n", to-from-closestMaxLines)
	}
	b.WriteString("Copy old_string from these lines exactly (without the line numbers) and retry")
	return &matchError{kind: ErrEditNotFound, msg: b.String()}
}

// closestRegion finds the window of len(old's lines) file lines (it may
// hang over either end of the file) in which the most lines of old_string
// equal the file's once whitespace is collapsed; blank lines do not count.
// It returns the window's first line (possibly negative), its length and
// how many lines matched; ties go to the earliest window.
func closestRegion(tl textLines, old string) (start, k, score int) {
	ol, _ := oldLines(old)
	k = len(ol)
	at := make(map[string][]int) // old_string's key → its line indexes
	for i, l := range ol {
		if key := collapseWS(l); key != "" {
			at[key] = append(at[key], i)
		}
	}
	votes := make(map[int]int) // window start → lines matching
	work := 0
scan:
	for j := range tl.starts {
		for _, i := range at[collapseWS(tl.line(j))] {
			votes[j-i]++
			if work++; work > closestMaxWork {
				break scan
			}
		}
	}
	for s, v := range votes {
		if v > score || (v == score && s < start) {
			start, score = s, v
		}
	}
	return start, k, score
}
