package jsonhttp

import "strings"

// maxQuote bounds the text Quote returns.
const maxQuote = 300

// Quote returns the start of a body or line for an error message: valid
// UTF-8, one line, at most 300 bytes, with " …" when it was cut.
func Quote(raw []byte) string {
	s := strings.ToValidUTF8(string(raw[:min(len(raw), maxQuote)]), "")
	s = strings.Join(strings.Fields(s), " ")
	if len(raw) > maxQuote {
		s += " …"
	}
	return s
}
