package workspace

import (
	"errors"
	"fmt"
	"unicode/utf8"

	"go.lsp.dev/protocol"
)

// ErrBadPosition reports an LSP position that is not in the document.
var ErrBadPosition = errors.New("position is not in the document")

// Lines end at "\n" or "\r\n"; a lone "\r" is text (editors that treat it
// as a line end are rare).
//
// offsetOf converts an LSP position (UTF-16 code units, as LSP counts them)
// in text to a byte offset.
//
// As the LSP specification asks, a character past the end of its line means
// the end of that line; a position inside a surrogate pair snaps to the start
// of the character. A line past the last one is an error, except the line
// just after a final newline-less end (character 0), which is the end of the
// text.
func offsetOf(text string, pos protocol.Position) (int, error) {
	lineStart := 0
	for line := uint32(0); line < pos.Line; line++ {
		i := indexByteFrom(text, lineStart, '\n')
		if i < 0 {
			return 0, fmt.Errorf("line %d of a %d-line document: %w", pos.Line, line+1, ErrBadPosition)
		}
		lineStart = i + 1
	}
	lineEnd := indexByteFrom(text, lineStart, '\n')
	switch {
	case lineEnd < 0:
		lineEnd = len(text)
	case lineEnd > lineStart && text[lineEnd-1] == '\r':
		// "\r\n" ends the line as a whole: no position falls inside it.
		lineEnd--
	}
	units := uint32(0)
	off := lineStart
	for off < lineEnd {
		r, size := utf8.DecodeRuneInString(text[off:lineEnd])
		n := uint32(1)
		if r >= 0x10000 {
			n = 2
		}
		if units+n > pos.Character {
			break
		}
		units += n
		off += size
	}
	return off, nil
}

// positionOf converts a byte offset in text to an LSP position in UTF-16 code
// units. An offset past the end is the end.
func positionOf(text string, off int) protocol.Position {
	if off > len(text) {
		off = len(text)
	}
	var line uint32
	lineStart := 0
	for i := 0; i < off; i++ {
		if text[i] == '\n' {
			line++
			lineStart = i + 1
		}
	}
	return protocol.Position{Line: line, Character: utf16Len(text[lineStart:off])}
}

// utf16Len is the length of s in UTF-16 code units.
func utf16Len(s string) uint32 {
	var n uint32
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

func indexByteFrom(s string, from int, b byte) int {
	for i := from; i < len(s); i++ {
		if s[i] == b {
			return i
		}
	}
	return -1
}

// rangeOffsets converts r to byte offsets in text, start <= end.
func rangeOffsets(text string, r protocol.Range) (int, int, error) {
	start, err := offsetOf(text, r.Start)
	if err != nil {
		return 0, 0, fmt.Errorf("range start: %w", err)
	}
	end, err := offsetOf(text, r.End)
	if err != nil {
		return 0, 0, fmt.Errorf("range end: %w", err)
	}
	if end < start {
		return 0, 0, fmt.Errorf("range ends (%d:%d) before it starts (%d:%d): %w",
			r.End.Line, r.End.Character, r.Start.Line, r.Start.Character, ErrBadPosition)
	}
	return start, end, nil
}
