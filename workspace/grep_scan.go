package workspace

import (
	"bytes"
	"errors"
	"io"
	"regexp"
	"strings"
	"sync/atomic"
)

// Bounds of one grep, whatever the size of the files it crosses.
const (
	// grepChunk is how much of a file a grep worker holds at once: files
	// are streamed through one buffer of this size, never read whole.
	grepChunk = 256 << 10
	// grepMaxMatches caps the matching lines one grep counts over all
	// files; at the cap it stops and says so.
	grepMaxMatches = 10_000
)

// grepMatch is one matching line.
type grepMatch struct {
	line int
	text string
}

// grepFileResult is what one file contributed: its first grepMaxLines
// matching lines and how many matched in all.
type grepFileResult struct {
	matches []grepMatch
	count   int
	last    int // the number of the last matching line
}

// grepScanner is one worker's search state: the pattern, the literal every
// match contains, and the buffer files stream through.
type grepScanner struct {
	re    *regexp.Regexp
	lit   []byte        // nil: no literal known, the regex finds candidates
	buf   []byte        // grepChunk bytes, reused from file to file
	total *atomic.Int64 // matching lines counted by every worker
	cut   *atomic.Bool  // set when total reached grepMaxMatches
}

func newGrepScanner(re *regexp.Regexp, lit string, total *atomic.Int64, cut *atomic.Bool) *grepScanner {
	s := &grepScanner{re: re, buf: make([]byte, grepChunk), total: total, cut: cut}
	if lit != "" {
		s.lit = []byte(lit)
	}
	return s
}

// scanBytes searches text already in memory (an open buffer).
func (s *grepScanner) scanBytes(data []byte) grepFileResult {
	var r grepFileResult
	if isBinary(data) {
		return r
	}
	s.lines(data, 1, &r, false)
	return r
}

// scan streams a file through the buffer: the first bytes decide whether it
// is text before anything is searched, then it is searched a chunk of
// whole lines at a time. size is the file's size from fstat: a read that
// reaches it ends the file without another read to see EOF.
//
// A line longer than the buffer is searched in grepChunk pieces: a match
// that straddles two pieces is missed, and the line is shown from the
// piece that matched.
func (s *grepScanner) scan(f io.Reader, size int64) (grepFileResult, error) {
	var r grepFileResult
	buf := s.buf
	n, eof, err := fill(f, buf, size)
	if err != nil {
		return r, err
	}
	if isBinary(buf[:n]) {
		return r, nil
	}
	left := size - int64(n)
	line := 1         // the number of the line at buf[0]
	cont := false     // buf[0] is inside that line, not at its start
	reported := false // that line is already recorded
	for {
		end := n // buf[:end] is searched now: whole lines, or a full buffer of one long line
		// (IndexByte first: it is vectorised, LastIndexByte is not, and a
		// long line would make LastIndexByte cross the whole buffer.)
		if !eof && bytes.IndexByte(buf[:n], '\n') >= 0 {
			end = bytes.LastIndexByte(buf[:n], '\n') + 1
		}
		data := buf[:end]
		if cont {
			piece, rest, found := bytes.Cut(data, []byte{'\n'})
			if !reported && (s.lit == nil || bytes.Contains(piece, s.lit)) && s.re.Match(piece) {
				s.record(&r, line, piece)
				reported = true
			}
			data = nil
			if found {
				data, line, cont, reported = rest, line+1, false, false
			}
		}
		if len(data) > 0 {
			before := r.count
			line += s.lines(data, line, &r, !eof)
			if data[len(data)-1] != '\n' {
				cont = true
				reported = r.count > before && r.last == line
			}
		}
		if eof || s.cut.Load() {
			return r, nil
		}
		n = copy(buf, buf[end:n])
		m, more, err := fill(f, buf[n:], left)
		if err != nil {
			return r, err
		}
		left -= int64(m)
		n += m
		eof = more
	}
}

// fill reads into buf until it is full, the file ends, or left bytes (what
// fstat said remains) have been read. eof reports that the file has ended.
func fill(f io.Reader, buf []byte, left int64) (n int, eof bool, err error) {
	for n < len(buf) {
		if left <= 0 {
			// fstat's size reached: do not pay a read to see EOF. A file
			// growing under the search is searched as it was.
			return n, true, nil
		}
		m, err := f.Read(buf[n:])
		n += m
		left -= int64(m)
		if errors.Is(err, io.EOF) || (m == 0 && err == nil) {
			return n, true, nil
		}
		if err != nil {
			return n, false, err
		}
	}
	return n, false, nil
}

// lines records the lines of data that match; first is the number of its
// first line. With count it returns how many newlines data holds (the
// caller needs it for the next chunk's numbers), else 0: the last chunk of
// a file is not counted beyond its last match.
func (s *grepScanner) lines(data []byte, first int, r *grepFileResult, count bool) int {
	line, counted, pos := first, 0, 0
	for pos < len(data) && !s.cut.Load() {
		var cand, matchEnd int
		if s.lit != nil {
			i := bytes.Index(data[pos:], s.lit)
			if i < 0 {
				break
			}
			cand, matchEnd = pos+i, -1
		} else {
			loc := s.re.FindIndex(data[pos:])
			if loc == nil {
				break
			}
			cand, matchEnd = pos+loc[0], pos+loc[1]
			if cand == len(data) && data[cand-1] == '\n' {
				break // the empty match after the last newline is no line of data
			}
		}
		start := pos + bytes.LastIndexByte(data[pos:cand], '\n') + 1
		end := bytes.IndexByte(data[cand:], '\n')
		if end < 0 {
			end = len(data)
		} else {
			end += cand
		}
		text := data[start:end]
		// A literal hit is only a candidate, and a regex match that runs
		// past the line's end is checked again on the line alone: lines
		// are matched one at a time, as grep does.
		if (matchEnd >= 0 && matchEnd <= end) || s.re.Match(text) {
			line += bytes.Count(data[counted:start], []byte{'\n'})
			counted = start
			s.record(r, line, text)
		}
		pos = end + 1
	}
	if !count {
		return 0
	}
	return line - first + bytes.Count(data[counted:], []byte{'\n'})
}

// record counts one matching line and keeps its text while the file has
// shown fewer than grepMaxLines.
func (s *grepScanner) record(r *grepFileResult, line int, text []byte) {
	r.count++
	r.last = line
	if len(r.matches) < grepMaxLines {
		text = bytes.TrimRight(text, "\r")
		t := string(text[:min(len(text), grepMaxLineLen)])
		if len(text) > grepMaxLineLen {
			t += " …"
		}
		r.matches = append(r.matches, grepMatch{line: line, text: strings.Clone(t)})
	}
	if s.total.Add(1) >= grepMaxMatches {
		s.cut.Store(true)
	}
}
