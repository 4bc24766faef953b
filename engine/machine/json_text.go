package machine

import "unicode/utf8"

// The machine judges a tool call's arguments itself (are they JSON?) and
// keeps arguments that are not as a JSON string, so it always serializes.
// It does so without encoding/json, whose dependencies do I/O; its tests
// check both functions against encoding/json byte for byte (fuzzed).

// maxJSONDepth is the nesting encoding/json's scanner accepts.
const maxJSONDepth = 10000

// validJSON reports whether data is one JSON value with optional
// whitespace around it, as encoding/json.Valid does.
func validJSON(data []byte) bool {
	p := jsonScan{data: data}
	p.space()
	if !p.value(0) {
		return false
	}
	p.space()
	return p.i == len(p.data)
}

type jsonScan struct {
	data []byte
	i    int
}

func (p *jsonScan) space() {
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *jsonScan) peek() byte {
	if p.i < len(p.data) {
		return p.data[p.i]
	}
	return 0
}

func (p *jsonScan) literal(word string) bool {
	if len(p.data)-p.i < len(word) || string(p.data[p.i:p.i+len(word)]) != word {
		return false
	}
	p.i += len(word)
	return true
}

func (p *jsonScan) value(depth int) bool {
	switch c := p.peek(); {
	case c == '{' || c == '[':
		if depth+1 > maxJSONDepth {
			return false
		}
		return p.composite(depth + 1)
	case c == '"':
		return p.str()
	case c == 't':
		return p.literal("true")
	case c == 'f':
		return p.literal("false")
	case c == 'n':
		return p.literal("null")
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	}
	return false
}

// composite scans an object or an array.
func (p *jsonScan) composite(depth int) bool {
	object := p.data[p.i] == '{'
	closing := byte(']')
	if object {
		closing = '}'
	}
	p.i++
	p.space()
	if p.peek() == closing {
		p.i++
		return true
	}
	for {
		if object {
			if p.peek() != '"' || !p.str() {
				return false
			}
			p.space()
			if p.peek() != ':' {
				return false
			}
			p.i++
			p.space()
		}
		if !p.value(depth) {
			return false
		}
		p.space()
		switch p.peek() {
		case ',':
			p.i++
			p.space()
		case closing:
			p.i++
			return true
		default:
			return false
		}
	}
}

func (p *jsonScan) str() bool {
	p.i++ // the opening quote
	for p.i < len(p.data) {
		c := p.data[p.i]
		switch {
		case c == '"':
			p.i++
			return true
		case c < 0x20:
			return false
		case c == '\\':
			p.i++
			switch p.peek() {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				p.i++
			case 'u':
				p.i++
				for range 4 {
					if !isHex(p.peek()) {
						return false
					}
					p.i++
				}
			default:
				return false
			}
		default:
			p.i++
		}
	}
	return false
}

func isHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func (p *jsonScan) number() bool {
	if p.peek() == '-' {
		p.i++
	}
	switch c := p.peek(); {
	case c == '0':
		p.i++
	case c >= '1' && c <= '9':
		for isDigit(p.peek()) {
			p.i++
		}
	default:
		return false
	}
	if p.peek() == '.' {
		p.i++
		if !isDigit(p.peek()) {
			return false
		}
		for isDigit(p.peek()) {
			p.i++
		}
	}
	if c := p.peek(); c == 'e' || c == 'E' {
		p.i++
		if c := p.peek(); c == '+' || c == '-' {
			p.i++
		}
		if !isDigit(p.peek()) {
			return false
		}
		for isDigit(p.peek()) {
			p.i++
		}
	}
	return true
}

// quoteJSON returns s as a JSON string, byte for byte what encoding/json
// writes for it: HTML characters and U+2028/U+2029 escaped, invalid UTF-8
// replaced by U+FFFD.
func quoteJSON(s string) []byte {
	const hex = "0123456789abcdef"
	out := make([]byte, 0, len(s)+2)
	out = append(out, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				out = append(out, '\\', c)
			case c == '\b':
				out = append(out, '\\', 'b')
			case c == '\f':
				out = append(out, '\\', 'f')
			case c == '\n':
				out = append(out, '\\', 'n')
			case c == '\r':
				out = append(out, '\\', 'r')
			case c == '\t':
				out = append(out, '\\', 't')
			case c < 0x20 || c == '<' || c == '>' || c == '&':
				out = append(out, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			default:
				out = append(out, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			out = append(out, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			out = append(out, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			out = append(out, s[i:i+size]...)
		}
		i += size
	}
	return append(out, '"')
}
