package workspace

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// How edit_file finds old_string. Small local models copy text loosely:
// spaces for the file's tabs, two-space for four-space indentation, a
// trailing space more or less, LF for a CRLF file, "\n" written as a
// two-character escape, a blank line too many at the ends. After the exact
// match, edit_file tries a chain of matchers, strictest first:
//
//  1. exact: old_string occurs byte for byte.
//  2. line-endings: old_string with its line endings turned into the
//     file's (LF written for a CRLF file, or the reverse).
//  3. trailing-whitespace: whole lines, equal once spaces and tabs at the
//     end of each line are ignored.
//  4. indentation: whole lines, equal once indentation is ignored, provided
//     the indentation differs by one consistent shift (another base indent,
//     tabs for spaces, two columns a level for four). new_string is
//     re-indented by the same shift.
//  5. line-trimmed: whole lines, equal once each is trimmed at both ends
//     (the indentation need not be consistent). new_string's lines move
//     from old_string's first indentation to the region's.
//  6. whitespace-normalised: whole lines, equal once runs of spaces and
//     tabs inside them are one space.
//  7. escape-normalised: old_string and new_string with \n, \t, \", \' and
//     \\ unescaped (the model escaped them twice in its JSON), then 1–6.
//  8. trimmed-boundary: old_string without the blank lines (and the
//     whitespace) at its start and end, then 1–6.
//  9. line-numbers: old_string copied with read_file's line numbers
//     ("    12\t" before every line): they are removed (and from
//     new_string when it has them on every line too), then 1–6.
//
// Each matcher applies only when it finds exactly one region. A matcher
// that finds two or more ends the chain with a refusal that names the line
// of each (a looser matcher would only find more), and so does a failure of
// all: the refusal then shows the file's region closest to old_string with
// line numbers, for the model to copy. replace_all replaces every
// occurrence only for exact and line-endings matches, where every region
// is byte for byte the same text; with a looser match it behaves as without
// (exactly one region, else the refusal).
//
// Every matcher tolerates only whitespace (and, for 7, escapes): the region
// replaced equals old_string once all spaces, tabs, CRs and LFs are removed,
// and re-indenting changes only whitespace in new_string. FuzzTolerantEdit
// holds the chain to that, and to changing nothing outside the region.
//
// A "block-anchored" matcher (first and last lines equal, the middle only
// similar) is deliberately absent: it would overwrite lines the model did
// not quote, and the case it serves (the model misremembers the middle) is
// the case where the file changed since the model read it, by the user or
// an earlier edit, so the edit would silently undo that work. The closest
// region in the refusal gets the model the real text in one more turn.

// Errors of matching old_string, for errors.Is.
var (
	// ErrEditNotFound: no matcher found old_string.
	ErrEditNotFound = errors.New("old_string not found")
	// ErrEditAmbiguous: a matcher found old_string in two or more places.
	ErrEditAmbiguous = errors.New("old_string is ambiguous")
)

// editMatch is where and how old_string was found and what the file becomes.
type editMatch struct {
	// Updated is the whole new text of the file.
	Updated string
	// Count is the number of regions replaced (more than 1 only for
	// replace_all with an exact or line-endings match).
	Count int
	// Matcher names the matcher that applied ("exact", "indentation", …).
	Matcher string
	// Note says in words how old_string was matched; empty for exact.
	Note string
	// Start and End delimit the (first) region in the old text, as bytes;
	// Line and LastLine are its first and last lines, from 1.
	Start, End     int
	Line, LastLine int
	// Replacement is what the (first) region was replaced with.
	Replacement string
}

// matchError is a refusal with words for the model and a kind.
type matchError struct {
	kind error
	msg  string
}

func (e *matchError) Error() string { return e.msg }
func (e *matchError) Unwrap() error { return e.kind }

// Matcher names, in chain order.
const (
	matchExact       = "exact"
	matchLineEndings = "line-endings"
	matchTrailing    = "trailing-whitespace"
	matchIndent      = "indentation"
	matchTrimmed     = "line-trimmed"
	matchNormalised  = "whitespace-normalised"
	matchEscapes     = "escape-normalised"
	matchBoundary    = "trimmed-boundary"
	matchGutter      = "line-numbers"
)

// matchEdit finds old in text by the chain above and replaces it with
// newText. shown is the path as the model gave it, for the words of a
// refusal.
func matchEdit(text, old, newText string, replaceAll bool, shown string) (editMatch, error) {
	if m, err, done := matchBase(text, old, newText, replaceAll, shown); done {
		return m, err
	}
	if u, nu := unescape(old), unescape(newText); u != old && u != "" {
		if m, err, done := matchBase(text, u, nu, replaceAll, shown); done {
			return prefixed(m, err, matchEscapes, "unescaping \\n, \\t and \\\" in old_string and new_string")
		}
	}
	if b, nb, ok := trimBoundary(old, newText); ok {
		if m, err, done := matchBase(text, b, nb, replaceAll, shown); done {
			return prefixed(m, err, matchBoundary, "dropping the blank lines at the ends of old_string")
		}
	}
	if g, ok := stripGutter(old); ok {
		ng, ok := stripGutter(newText)
		if !ok {
			ng = newText
		}
		if m, err, done := matchBase(text, g, ng, replaceAll, shown); done {
			return prefixed(m, err, matchGutter, "removing read_file's line numbers from old_string")
		}
	}
	return editMatch{}, notFound(text, old, shown)
}

// prefixed marks a match (or refusal) of steps 1–6 as found after a
// transformation of old_string.
func prefixed(m editMatch, err error, name, how string) (editMatch, error) {
	if err != nil {
		var me *matchError
		if errors.As(err, &me) {
			return m, &matchError{kind: me.kind, msg: me.msg + " (after " + how + ")"}
		}
		return m, err
	}
	m.Matcher = name + "+" + m.Matcher
	if m.Note == "" {
		m.Note = "matched after " + how
	} else {
		m.Note = "matched after " + how + ", then " + strings.TrimPrefix(m.Note, "matched after ")
	}
	return m, nil
}

// matchBase runs steps 1–6. done is false when none of them found old.
func matchBase(text, old, newText string, replaceAll bool, shown string) (m editMatch, err error, done bool) {
	if old == "" {
		return editMatch{}, nil, false
	}
	if m, err, done := matchSubstring(text, old, newText, replaceAll, shown, matchExact, ""); done {
		return m, err, true
	}
	eol := fileEOL(text)
	if o := toEOL(old, eol); o != old {
		how := "matched after converting old_string's line endings to the file's " + eolName(eol)
		if m, err, done := matchSubstring(text, o, toEOL(newText, eol), replaceAll, shown, matchLineEndings, how); done {
			return m, err, true
		}
	}
	if strings.Trim(old, " \t\r\n") == "" {
		// Nothing but whitespace: no looser match can be told apart.
		return editMatch{}, nil, false
	}
	tl := splitLines(text)
	ol, endsNL := oldLines(old)
	for _, lm := range lineMatchers {
		starts, ok := tl.windows(ol, lm)
		switch {
		case !ok:
			return editMatch{}, &matchError{kind: ErrEditNotFound, msg: fmt.Sprintf(
				"old_string was not found in %s as written, and it is too repetitive to look for loosely; copy it exactly from read_file's output, or make it shorter", shown)}, true
		case len(starts) == 0:
			continue
		case len(starts) > 1:
			also := ""
			if replaceAll {
				also = " (replace_all replaces only text that occurs exactly)"
			}
			return editMatch{}, &matchError{kind: ErrEditAmbiguous, msg: fmt.Sprintf(
				"old_string matches at %s of %s (after %s); include more surrounding lines to make it unique%s",
				linesPhrase(addOne(starts)), shown, lm.how, also)}, true
		}
		s := starts[0]
		start, end := tl.starts[s], tl.ends[s+len(ol)-1]
		if endsNL {
			end = tl.nexts[s+len(ol)-1]
		}
		repl := lm.rewrite(tl.contents(s, len(ol)), ol, newText)
		repl = toEOL(repl, tl.eolAt(s, eol))
		return editMatch{
			Updated: text[:start] + repl + text[end:], Count: 1, Matcher: lm.name, Note: lm.note,
			Start: start, End: end, Line: s + 1, LastLine: s + len(ol), Replacement: repl,
		}, nil, true
	}
	return editMatch{}, nil, false
}

// matchSubstring is steps 1 and 2: old occurs as it is.
func matchSubstring(text, old, newText string, replaceAll bool, shown, name, note string) (m editMatch, err error, done bool) {
	n := strings.Count(text, old)
	switch {
	case n == 0:
		return editMatch{}, nil, false
	case n > 1 && !replaceAll:
		var lines []int
		for off := 0; len(lines) < maxListedLines+1; {
			i := strings.Index(text[off:], old)
			if i < 0 {
				break
			}
			lines = append(lines, 1+strings.Count(text[:off+i], "\n"))
			off += i + len(old)
		}
		return editMatch{}, &matchError{kind: ErrEditAmbiguous, msg: fmt.Sprintf(
			"old_string occurs %d times in %s, at %s; include more surrounding lines to make it unique, or set replace_all to replace every one",
			n, shown, linesPhrase(lines))}, true
	}
	start := strings.Index(text, old)
	updated := strings.Replace(text, old, newText, 1)
	if replaceAll {
		updated = strings.ReplaceAll(text, old, newText)
	}
	line := 1 + strings.Count(text[:start], "\n")
	return editMatch{
		Updated: updated, Count: n, Matcher: name, Note: note,
		Start: start, End: start + len(old), Line: line, LastLine: line + strings.Count(old, "\n"),
		Replacement: newText,
	}, nil, true
}

// maxListedLines bounds the candidates a refusal lists.
const maxListedLines = 10

// linesPhrase words line numbers: "line 3", "lines 12 and 40",
// "lines 3, 9 and 40", and at most maxListedLines of them.
func linesPhrase(lines []int) string {
	more := 0
	if len(lines) > maxListedLines {
		more, lines = len(lines)-maxListedLines, lines[:maxListedLines]
	}
	s := make([]string, len(lines))
	for i, l := range lines {
		s[i] = strconv.Itoa(l)
	}
	switch {
	case len(s) == 1:
		return "line " + s[0]
	case more > 0:
		return "lines " + strings.Join(s, ", ") + " and more"
	default:
		return "lines " + strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
	}
}

func addOne(xs []int) []int {
	out := make([]int, len(xs))
	for i, x := range xs {
		out[i] = x + 1
	}
	return out
}

// fileEOL is the file's line ending: that of its first line, LF when it has
// none.
func fileEOL(text string) string {
	if i := strings.IndexByte(text, '\n'); i > 0 && text[i-1] == '\r' {
		return "\r\n"
	}
	return "\n"
}

func eolName(eol string) string {
	if eol == "\r\n" {
		return "CRLF"
	}
	return "LF"
}

// toEOL makes every line ending of s eol.
func toEOL(s, eol string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	if eol == "\n" {
		return s
	}
	return strings.ReplaceAll(s, "\n", eol)
}

// unescape undoes one level of JSON-style escaping of \n, \t, \", \' and
// \\; other backslashes stay.
func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case 'n':
				b.WriteByte('\n')
				i++
				continue
			case 't':
				b.WriteByte('\t')
				i++
				continue
			case '"', '\'', '\\':
				b.WriteByte(s[i+1])
				i++
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// stripGutter removes read_file's line numbers (spaces, digits, a tab)
// from the start of every line of s; ok is false unless every non-blank
// line has one, so text that merely starts with a number stays as it is.
func stripGutter(s string) (string, bool) {
	lines := strings.SplitAfter(s, "\n")
	seen := false
	for i, l := range lines {
		if isBlank(strings.TrimRight(l, "\r\n")) {
			continue
		}
		rest := strings.TrimLeft(l, " ")
		digits := len(rest) - len(strings.TrimLeft(rest, "0123456789"))
		if digits == 0 || digits > 9 || len(rest) == digits || rest[digits] != '\t' {
			return "", false
		}
		lines[i], seen = rest[digits+1:], true
	}
	if !seen {
		return "", false
	}
	return strings.Join(lines, ""), true
}

// trimBoundary drops the whitespace-only lines at the start of old and,
// at its end, everything after the first line break of its trailing
// whitespace. newText loses the same prefix and suffix where it has them
// (so a blank line the model means to add stays). ok is false when old
// does not change or nothing would be left.
func trimBoundary(old, newText string) (o, n string, ok bool) {
	lead := len(old) - len(strings.TrimLeft(old, " \t\r\n"))
	cut := strings.LastIndexByte(old[:lead], '\n') + 1
	body := old[cut:]
	trailStart := len(strings.TrimRight(body, " \t\r\n"))
	end := len(body)
	if i := strings.IndexByte(body[trailStart:], '\n'); i >= 0 {
		end = trailStart + i + 1
	}
	o = body[:end]
	if o == old || strings.Trim(o, " \t\r\n") == "" {
		return "", "", false
	}
	prefix, suffix := old[:cut], body[end:]
	n = newText
	if strings.HasPrefix(n, prefix) {
		n = n[len(prefix):]
	}
	if strings.HasSuffix(n, suffix) {
		n = n[:len(n)-len(suffix)]
	}
	return o, n, true
}
