package redact

import "strings"

// shapeHold bounds how far back a Stream holds text after a trigger word:
// a credential shape longer than this after its trigger is let through in
// pieces (each piece still scrubbed of known values).
const shapeHold = 512

// Stream scrubs text that arrives in pieces. Write returns what may be
// emitted now; it holds back the end of the text that could still become a
// secret (the start of a known value, or a credential shape whose value
// has not ended), so a secret split across two pieces is never emitted in
// part. Flush returns the rest. What it holds is bounded by the longest
// secret and shapeHold, and its work is linear in the text. A Stream is
// not safe for concurrent use.
type Stream struct {
	r       *Redactor
	pending string
}

// NewStream returns a Stream scrubbing with r.
func NewStream(r *Redactor) *Stream { return &Stream{r: r} }

// Write adds text and returns the scrubbed part that can be emitted.
func (s *Stream) Write(text string) string {
	if text == "" {
		return ""
	}
	p := s.pending + text
	cut := s.safeCut(p)
	s.pending = p[cut:]
	return s.r.String(p[:cut])
}

// Flush returns everything held, scrubbed, and empties the stream.
func (s *Stream) Flush() string {
	p := s.r.String(s.pending)
	s.pending = ""
	return p
}

// safeCut returns how much of the raw text p can be scrubbed and emitted
// now: nothing that may still grow into a secret lies before the cut, and
// no secret or shape found in p crosses it.
func (s *Stream) safeCut(p string) int {
	cut := len(p) - s.hold(p)
	shaped := mayHoldShape(p)
	for moved := true; moved; {
		moved = false
		if s.r != nil {
			for _, v := range s.r.values {
				from := max(0, cut-len(v)+1)
				if i := strings.Index(p[from:], v); i >= 0 && from+i < cut {
					cut, moved = from+i, true
				}
			}
		}
		for _, re := range shapes() {
			if !shaped {
				break
			}
			for _, m := range re.FindAllStringIndex(p[max(0, cut-shapeHold):], -1) {
				start, end := m[0]+max(0, cut-shapeHold), m[1]+max(0, cut-shapeHold)
				if start < cut && end >= cut {
					cut, moved = start, true
				}
			}
		}
	}
	return cut
}

// hold returns how many bytes at the end of p must wait.
func (s *Stream) hold(p string) int {
	h := 0
	// The end of p may be the start of a known value.
	if s.r != nil {
		for _, v := range s.r.values {
			for k := min(len(v)-1, len(p)); k > h; k-- {
				if p[len(p)-k] == v[0] && p[len(p)-k:] == v[:k] {
					h = k
					break
				}
			}
		}
	}
	// A trigger word near the end (or the start of one) may begin a
	// credential shape whose value is still coming: hold from it until a
	// line ends.
	tail := p[max(0, len(p)-shapeHold):]
	if nl := strings.LastIndexByte(tail, '\n'); nl >= 0 {
		tail = tail[nl+1:]
	}
	for _, t := range triggers {
		if i := lastTrigger(tail, t); i >= 0 {
			h = max(h, len(tail)-i)
			continue
		}
		for k := min(len(t)-1, len(tail)); k > 0; k-- {
			if hasPrefixFold(tail[len(tail)-k:], t[:k]) {
				h = max(h, k)
				break
			}
		}
	}
	return h
}

// lastTrigger returns where the last occurrence of the lower-case trigger
// t starts in s, ignoring ASCII case, or -1. A trigger counts only at the
// start of a word ("task-" holds no "sk-").
func lastTrigger(s, t string) int {
	for i := len(s) - len(t); i >= 0; i-- {
		if hasPrefixFold(s[i:], t) && (i == 0 || !isWordByte(s[i-1])) {
			return i
		}
	}
	return -1
}

func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}
