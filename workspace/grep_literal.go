package workspace

import (
	"regexp/syntax"
	"strings"
	"unicode/utf8"
)

// requiredLiteral returns a byte string that every match of the RE2
// pattern contains, the longest one it can prove, or "" when it knows none
// (alternations, case folding, classes). grep searches for it with one
// bytes.Index pass and runs the regex only on the lines where it occurs:
// most files do not contain it and are settled without the regex.
func requiredLiteral(pattern string) string {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return ""
	}
	lit := literalsOf(re.Simplify()).best
	// A literal with a newline can never occur inside one line, and one
	// with U+FFFD also matches invalid UTF-8 the bytes would not find.
	if strings.ContainsAny(lit, "\n\uFFFD") {
		return ""
	}
	return lit
}

// literalInfo is what literalsOf knows about a node.
type literalInfo struct {
	exact   string // the node matches exactly this text…
	isExact bool   // …when true
	best    string // text that every match of the node contains
}

func literalsOf(re *syntax.Regexp) literalInfo {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			return literalInfo{}
		}
		s := string(re.Rune)
		return literalInfo{exact: s, isExact: true, best: s}
	case syntax.OpCharClass:
		// A class of one rune is that rune ([.] and the like).
		if len(re.Rune) == 2 && re.Rune[0] == re.Rune[1] && re.Rune[0] <= utf8.MaxRune {
			s := string(re.Rune[0])
			return literalInfo{exact: s, isExact: true, best: s}
		}
		return literalInfo{}
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText,
		syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		// Zero-width: they consume nothing, so literals on both sides stay adjacent.
		return literalInfo{isExact: true}
	case syntax.OpCapture:
		return literalsOf(re.Sub[0])
	case syntax.OpPlus:
		return literalInfo{best: literalsOf(re.Sub[0]).best}
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return literalInfo{best: literalsOf(re.Sub[0]).best}
		}
		return literalInfo{}
	case syntax.OpConcat:
		var out literalInfo
		run, allExact := "", true
		for _, sub := range re.Sub {
			in := literalsOf(sub)
			if in.isExact {
				run += in.exact
				continue
			}
			allExact = false
			out.best = longer(out.best, run)
			out.best = longer(out.best, in.best)
			run = ""
		}
		out.best = longer(out.best, run)
		if allExact {
			out.exact, out.isExact = run, true
		}
		return out
	}
	return literalInfo{}
}

func longer(a, b string) string {
	if len(b) > len(a) {
		return b
	}
	return a
}
