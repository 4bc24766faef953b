package workspace

import (
	"strings"
)

// The line matchers of edit_file's chain (steps 3–6 in edit_match.go):
// old_string is a run of whole lines, compared with the file's lines by a
// key that forgets some whitespace.

// textLines is a text cut into lines. Line i's content is
// text[starts[i]:ends[i]] (without its CR LF or LF); the next line starts
// at nexts[i]. A final line break does not start an empty line.
type textLines struct {
	text                string
	starts, ends, nexts []int
}

func splitLines(text string) textLines {
	tl := textLines{text: text}
	for off := 0; off < len(text); {
		i := strings.IndexByte(text[off:], '\n')
		if i < 0 {
			tl.starts, tl.ends, tl.nexts = append(tl.starts, off), append(tl.ends, len(text)), append(tl.nexts, len(text))
			break
		}
		end := off + i
		if end > off && text[end-1] == '\r' {
			end--
		}
		tl.starts, tl.ends, tl.nexts = append(tl.starts, off), append(tl.ends, end), append(tl.nexts, off+i+1)
		off += i + 1
	}
	return tl
}

func (tl textLines) line(i int) string { return tl.text[tl.starts[i]:tl.ends[i]] }

// contents returns the k lines from s.
func (tl textLines) contents(s, k int) []string {
	out := make([]string, k)
	for i := range out {
		out[i] = tl.line(s + i)
	}
	return out
}

// eolAt is the line ending of line s, def when it has none (the last line).
func (tl textLines) eolAt(s int, def string) string {
	switch tl.nexts[s] - tl.ends[s] {
	case 2:
		return "\r\n"
	case 1:
		return "\n"
	}
	return def
}

// oldLines cuts old_string into lines (CR LF read as LF); endsNL says it
// ended with a line break, which the region then includes.
func oldLines(old string) (lines []string, endsNL bool) {
	old = strings.ReplaceAll(old, "\r\n", "\n")
	endsNL = strings.HasSuffix(old, "\n")
	return strings.Split(strings.TrimSuffix(old, "\n"), "\n"), endsNL
}

// lineMatcher compares lines by key; window, when set, must also accept
// the whole region. rewrite turns new_string into the replacement, given
// the region's lines and old_string's.
type lineMatcher struct {
	// note is for the result; how, for a refusal.
	name, note, how string
	key             func(string) string
	window          func(file, old []string) bool
	rewrite         func(file, old []string, newText string) string
}

var lineMatchers = []lineMatcher{
	{name: matchTrailing, note: "matched after ignoring trailing whitespace", how: "ignoring trailing whitespace", key: trimRightWS, rewrite: keepNew},
	{name: matchIndent, note: "matched after ignoring indentation; new_string was re-indented to the file's", how: "ignoring indentation", key: trimWS, window: sameShape, rewrite: reindent},
	{name: matchTrimmed, note: "matched after ignoring the whitespace at both ends of each line; new_string was moved to the region's indentation", how: "ignoring the whitespace at both ends of each line", key: trimWS, rewrite: rebase},
	{name: matchNormalised, note: "matched after treating each run of spaces and tabs as one space; new_string was moved to the region's indentation", how: "treating each run of spaces and tabs as one space", key: collapseWS, rewrite: rebase},
}

// maxLineCompares bounds the line comparisons of one matcher: a file of
// 200,000 identical lines and an old_string of 10,000 of them would
// otherwise take 2·10⁹ (the model is not trusted to be kind).
const maxLineCompares = 1 << 24

// windows returns the first line of every region whose lines match old
// under lm (at most maxListedLines+1 of them: enough to refuse). ok is
// false when the search ran out of maxLineCompares.
func (tl textLines) windows(old []string, lm lineMatcher) (starts []int, ok bool) {
	k := len(old)
	if k > len(tl.starts) {
		return nil, true
	}
	keys := make([]string, len(old))
	for i, l := range old {
		keys[i] = lm.key(l)
	}
	fileKeys := make([]string, len(tl.starts))
	for i := range fileKeys {
		fileKeys[i] = lm.key(tl.line(i))
	}
	work := 0
next:
	for s := 0; s+k <= len(fileKeys) && len(starts) <= maxListedLines; s++ {
		for i, key := range keys {
			if work++; work > maxLineCompares {
				return nil, false
			}
			if fileKeys[s+i] != key {
				continue next
			}
		}
		if lm.window != nil {
			if work += 2 * k; work > maxLineCompares {
				return nil, false
			}
			if !lm.window(tl.contents(s, k), old) {
				continue
			}
		}
		starts = append(starts, s)
	}
	return starts, true
}

func isWS(c rune) bool { return c == ' ' || c == '\t' }

func trimRightWS(s string) string { return strings.TrimRight(s, " \t") }
func trimWS(s string) string      { return strings.Trim(s, " \t") }
func collapseWS(s string) string  { return strings.Join(strings.FieldsFunc(s, isWS), " ") }

// indentOf is the leading spaces and tabs of s.
func indentOf(s string) string { return s[:len(s)-len(strings.TrimLeft(s, " \t"))] }

func isBlank(s string) bool { return trimWS(s) == "" }

// keepNew replaces the region with new_string as written.
func keepNew(_, _ []string, newText string) string { return newText }

// shape is the indentation of a block of lines: a base (the longest
// indentation all its non-blank lines share) and, beyond it, levels of
// unit characters ch (spaces or tabs). unit 0: no line goes beyond base.
type shape struct {
	base   string
	ch     byte
	unit   int
	levels []int // per line; -1 for a blank line
	ok     bool  // false: a line's extra indentation mixes tabs and spaces
}

// shapeOf measures lines.
func shapeOf(lines []string) shape {
	sh := shape{ok: true, levels: make([]int, len(lines))}
	first := true
	for _, l := range lines {
		if isBlank(l) {
			continue
		}
		ind := indentOf(l)
		if first {
			sh.base, first = ind, false
			continue
		}
		n := 0
		for n < len(sh.base) && n < len(ind) && sh.base[n] == ind[n] {
			n++
		}
		sh.base = sh.base[:n]
	}
	for i, l := range lines {
		sh.levels[i] = -1
		if isBlank(l) {
			continue
		}
		w, ok := sh.measure(l)
		if !ok {
			sh.ok = false
			return sh
		}
		sh.levels[i] = w
	}
	for i, w := range sh.levels {
		if w > 0 {
			sh.levels[i] = w / sh.unit
		}
	}
	return sh
}

// measure returns the width of l's indentation beyond the base, and folds
// it into the shape's character and unit; false when it does not start
// with the base, mixes tabs and spaces beyond it, or uses the other
// character than the shape's.
func (sh *shape) measure(l string) (int, bool) {
	ind := indentOf(l)
	if !strings.HasPrefix(ind, sh.base) {
		return 0, false
	}
	rel := ind[len(sh.base):]
	if rel == "" {
		return 0, true
	}
	if strings.Trim(rel, rel[:1]) != "" || (sh.ch != 0 && rel[0] != sh.ch) {
		return 0, false
	}
	sh.ch = rel[0]
	sh.unit = gcd(sh.unit, len(rel))
	return len(rel), true
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// sameShape accepts a region whose indentation is old_string's up to one
// consistent shift: the same levels, whatever the base, unit and character.
func sameShape(file, old []string) bool {
	f, o := shapeOf(file), shapeOf(old)
	if !f.ok || !o.ok {
		return false
	}
	for i := range f.levels {
		if f.levels[i] != o.levels[i] {
			return false
		}
	}
	return true
}

// reindent moves new_string from old_string's indentation to the region's:
// base for base, level for level, in the file's character and unit. A line
// that does not fit old_string's indentation keeps its own.
func reindent(file, old []string, newText string) string {
	nl, endsNL := oldLines(newText)
	f, o := shapeOf(file), shapeOf(old)
	if o.unit == 0 {
		// old_string shows no level: learn the model's from new_string.
		for _, l := range nl {
			if !isBlank(l) {
				o.measure(l) // a line that does not fit keeps its indentation
			}
		}
	}
	fch, funit := f.ch, f.unit
	if funit == 0 {
		// The region shows no level: take the file's character from its
		// base, and its unit from the model where both use spaces.
		switch {
		case strings.Contains(f.base, "\t"):
			fch, funit = '\t', 1
		case f.base != "" && o.ch == '\t':
			fch, funit = ' ', 4
		default:
			fch, funit = o.ch, o.unit
		}
	}
	for i, l := range nl {
		if isBlank(l) {
			continue
		}
		ind := indentOf(l)
		if !strings.HasPrefix(ind, o.base) {
			continue
		}
		rel := ind[len(o.base):]
		switch {
		case rel == "":
			nl[i] = f.base + l[len(ind):]
		case o.unit > 0 && strings.Trim(rel, string(o.ch)) == "" && len(rel)%o.unit == 0 && funit > 0:
			nl[i] = f.base + strings.Repeat(string(fch), funit*len(rel)/o.unit) + l[len(ind):]
		default:
			nl[i] = f.base + rel + l[len(ind):]
		}
	}
	return joinLines(nl, endsNL)
}

// rebase moves new_string from the indentation of old_string's first
// non-blank line to that of the region's: lines starting with the one get
// the other instead.
func rebase(file, old []string, newText string) string {
	var from, to string
	for i, l := range old {
		if !isBlank(l) {
			from, to = indentOf(l), indentOf(file[i])
			break
		}
	}
	if from == to {
		return newText
	}
	nl, endsNL := oldLines(newText)
	for i, l := range nl {
		if !isBlank(l) && strings.HasPrefix(l, from) {
			nl[i] = to + l[len(from):]
		}
	}
	return joinLines(nl, endsNL)
}

func joinLines(lines []string, endsNL bool) string {
	s := strings.Join(lines, "\n")
	if endsNL {
		s += "\n"
	}
	return s
}
