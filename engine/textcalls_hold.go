package engine

import "strings"

// MaxHeldText bounds the answer text held back while it may still be a
// tool call written as text (callHold). Past it the text is the answer: it
// is released, and not read as calls at the end, so what the user saw
// stays what the answer is.
const MaxHeldText = 256 << 10

// maxUndecidedText bounds the text held before its start has shown which
// format it could be (whitespace, part of a marker): the start is judged
// again on every delta until then, so this keeps that work small.
const maxUndecidedText = 4 << 10

// callHold keeps one stream attempt's text deltas from the answer lane
// while the text so far may still become calls (ParseTextCalls), so the
// user never sees call markup flash up and then vanish. It releases the
// text as soon as its start rules every format out, or past MaxHeldText;
// the driver settles what is still held at the stream's end (a call:
// dropped; else released).
type callHold struct {
	held     strings.Builder
	released bool // the text is the answer: deltas pass through
	started  bool // the start matched a format: only the bound is checked
}

// newCallHold returns a hold for an attempt offered tools, or one that
// passes everything through when none are offered (no call can be read).
func newCallHold(offered int) *callHold {
	return &callHold{released: offered == 0}
}

// write takes one text delta and returns what the answer lane gets now.
func (h *callHold) write(s string) string {
	if h.released {
		return s
	}
	h.held.WriteString(s)
	if h.held.Len() > MaxHeldText {
		return h.release()
	}
	if !h.started {
		if h.held.Len() > maxUndecidedText {
			return h.release()
		}
		switch textCallStart(h.held.String()) {
		case startNot:
			return h.release()
		case startMatched:
			h.started = true
		}
	}
	return ""
}

// release ends the hold and returns the text held.
func (h *callHold) release() string {
	h.released = true
	out := h.held.String()
	h.held.Reset()
	return out
}

// holding reports whether text is held back now.
func (h *callHold) holding() bool { return !h.released && h.held.Len() > 0 }

// drop ends the hold, discarding what it held (it was calls).
func (h *callHold) drop() {
	h.released = true
	h.held.Reset()
}

// startVerdict is what the start of a text says about it being calls.
type startVerdict int

const (
	startOpen    startVerdict = iota // too short to tell
	startMatched                     // a format's marker and first JSON byte
	startNot                         // no format starts like this
)

// callOpeners are the formats' markers with the bytes that may follow
// them (after whitespace) when calls follow.
var callOpeners = []struct {
	marker string
	next   string
}{
	{tagToolCall, "{["},
	{tagPython, "{["},
	{tagMistral, "[{"},
	{"{", `"`},
	{"[", "{"},
}

// textCallStart judges the start of s: whether it could still be calls.
func textCallStart(s string) startVerdict {
	s = strings.TrimLeft(s, " \t\r\n")
	if s == "" {
		return startOpen
	}
	if strings.HasPrefix(s, fence) || strings.HasPrefix(fence, s) {
		return fenceStart(s)
	}
	verdict := startNot
	for _, o := range callOpeners {
		switch {
		case strings.HasPrefix(o.marker, s) && len(s) < len(o.marker):
			verdict = startOpen // part of a marker so far
		case strings.HasPrefix(s, o.marker):
			rest := strings.TrimLeft(s[len(o.marker):], " \t\r\n")
			if rest == "" {
				verdict = startOpen
			} else if strings.IndexByte(o.next, rest[0]) >= 0 {
				return startMatched
			}
		}
	}
	return verdict
}

// fenceStart judges a start that is (part of) a fence: its info string
// must be a prefix of "json" or empty, and the block must open with JSON.
func fenceStart(s string) startVerdict {
	if len(s) < len(fence) {
		return startOpen
	}
	s = s[len(fence):]
	nl := strings.IndexByte(s, '\n')
	if nl < 0 {
		info := strings.ToLower(strings.TrimSpace(s))
		if len(s) <= 16 && strings.HasPrefix("json", info) {
			return startOpen
		}
		return startNot
	}
	if !callFenceInfo(s[:nl]) {
		return startNot
	}
	rest := strings.TrimLeft(s[nl+1:], " \t\r\n")
	switch {
	case rest == "":
		return startOpen
	case rest[0] == '{' || rest[0] == '[':
		return startMatched
	}
	return startNot
}
