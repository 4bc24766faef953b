package workspace

import (
	"path"
	"regexp"
	"strings"
)

// ignoreRule is one line of a .gitignore file.
type ignoreRule struct {
	re      *regexp.Regexp // matched against the path relative to the file's directory
	negate  bool           // "!pattern" re-includes
	dirOnly bool           // "pattern/" matches directories only
}

// parseGitignore parses the text of a .gitignore file (gitignore(5)):
// blank lines and # comments are skipped; "!" negates; a trailing "/"
// matches directories only; a pattern with a "/" before its end is anchored
// to the file's directory, one without matches a name at any depth; "*",
// "?", "[…]" and "**" glob as git does. Lines that do not compile are
// skipped, as git skips what it cannot use.
func parseGitignore(text string) []ignoreRule {
	var rules []ignoreRule
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSuffix(line, "\r")
		line = trimTrailingSpaces(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var r ignoreRule
		if strings.HasPrefix(line, "!") {
			r.negate = true
			line = line[1:]
		} else if strings.HasPrefix(line, `\`) {
			line = line[1:]
		}
		if strings.HasSuffix(line, "/") {
			r.dirOnly = true
			line = strings.TrimRight(line, "/")
		}
		if line == "" {
			continue
		}
		anchored := strings.Contains(line, "/")
		line = strings.TrimPrefix(line, "/")
		expr := globToRegexp(line)
		if anchored {
			expr = "^" + expr + "$"
		} else {
			expr = "(?:^|/)" + expr + "$"
		}
		re, err := regexp.Compile(expr)
		if err != nil {
			continue
		}
		r.re = re
		rules = append(rules, r)
	}
	return rules
}

// trimTrailingSpaces drops unescaped trailing spaces, as git does.
func trimTrailingSpaces(s string) string {
	for strings.HasSuffix(s, " ") && !strings.HasSuffix(s, `\ `) {
		s = s[:len(s)-1]
	}
	return s
}

// globToRegexp translates a gitignore or glob pattern to a regexp body:
// "**/" is any number of directories, "/**" everything below, "*" and "?"
// stop at "/", "[…]" is a class ("[!…]" negated).
func globToRegexp(g string) string {
	var b strings.Builder
	for i := 0; i < len(g); i++ {
		c := g[i]
		switch {
		case strings.HasPrefix(g[i:], "**/"):
			b.WriteString("(?:.*/)?")
			i += 2
		case strings.HasPrefix(g[i:], "/**") && i+3 == len(g):
			b.WriteString("/.*")
			i += 2
		case strings.HasPrefix(g[i:], "**"):
			b.WriteString(".*")
			i++
		case c == '*':
			b.WriteString("[^/]*")
		case c == '?':
			b.WriteString("[^/]")
		case c == '[':
			j := strings.IndexByte(g[i+1:], ']')
			if j < 0 {
				b.WriteString(`\[`)
				continue
			}
			class := g[i+1 : i+1+j]
			if class == "" {
				b.WriteString(`\[`)
				continue
			}
			if class[0] == '!' {
				class = "^" + class[1:]
			}
			b.WriteString("[" + strings.ReplaceAll(class, `\`, `\\`) + "]")
			i += j + 1
		case c == '\\' && i+1 < len(g):
			i++
			b.WriteString(regexp.QuoteMeta(g[i : i+1]))
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	return b.String()
}

// ignoreSet is the .gitignore rules of a tree, by the directory holding
// each file ("." for the root), and under excludesKey the exclude files
// that rank below them all.
type ignoreSet map[string][]ignoreRule

// ignored reports whether rel (slash-separated, relative to the root) is
// excluded: .git anywhere, or the last matching rule says so, taking the
// exclude files first and then the .gitignore files from the root down.
// The caller checks ancestors (a path under an ignored directory is
// ignored; git cannot re-include it).
func (s ignoreSet) ignored(rel string, isDir bool) bool {
	base := path.Base(rel)
	if base == ".git" || strings.HasPrefix(base, tempPrefix) {
		return true
	}
	ignored := false
	for _, r := range s[excludesKey] {
		if (!r.dirOnly || isDir) && r.re.MatchString(rel) {
			ignored = !r.negate
		}
	}
	dir := path.Dir(rel)
	// Walk the directories from the root down to rel's parent.
	var dirs []string
	for d := dir; ; d = path.Dir(d) {
		dirs = append(dirs, d)
		if d == "." {
			break
		}
	}
	for i := len(dirs) - 1; i >= 0; i-- {
		d := dirs[i]
		rules := s[d]
		if len(rules) == 0 {
			continue
		}
		sub := rel
		if d != "." {
			sub = rel[len(d)+1:]
		}
		for _, r := range rules {
			if r.dirOnly && !isDir {
				continue
			}
			if r.re.MatchString(sub) {
				ignored = !r.negate
			}
		}
	}
	return ignored
}
