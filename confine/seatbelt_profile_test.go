package confine

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// sexpr is one parsed Seatbelt form: an atom, a string or a list.
type sexpr struct {
	atom, str string
	isStr     bool
	list      []sexpr
}

// parseSBPL reads a Seatbelt profile into its top-level forms, failing on
// anything unbalanced or unterminated: what a string holds cannot end a
// form or start one.
func parseSBPL(t *testing.T, src string) []sexpr {
	t.Helper()
	var stack [][]sexpr
	var top []sexpr
	add := func(e sexpr) {
		if len(stack) == 0 {
			top = append(top, e)
		} else {
			stack[len(stack)-1] = append(stack[len(stack)-1], e)
		}
	}
	for i := 0; i < len(src); {
		switch c := src[i]; {
		case c == ' ' || c == '\n' || c == '\t':
			i++
		case c == '(':
			stack = append(stack, nil)
			i++
		case c == ')':
			if len(stack) == 0 {
				t.Fatalf("unbalanced ) at %d", i)
			}
			l := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			add(sexpr{list: l})
			i++
		case c == '"':
			var b strings.Builder
			i++
			for ; ; i++ {
				if i >= len(src) {
					t.Fatal("unterminated string")
				}
				if src[i] == '\\' && i+1 < len(src) {
					i++
					b.WriteByte(src[i])
					continue
				}
				if src[i] == '"' {
					i++
					break
				}
				b.WriteByte(src[i])
			}
			add(sexpr{str: b.String(), isStr: true})
		default:
			j := i
			for j < len(src) && !strings.ContainsRune(" \n\t()\"", rune(src[j])) {
				j++
			}
			add(sexpr{atom: src[i:j]})
			i = j
		}
	}
	if len(stack) != 0 {
		t.Fatal("unbalanced (")
	}
	return top
}

// rule is one (allow|deny OP FILTER…) form: the filters as "kind path".
type rule struct {
	verb, op string
	filters  []string
}

func rulesOf(t *testing.T, forms []sexpr) []rule {
	var out []rule
	for _, f := range forms {
		if len(f.list) < 2 || (f.list[0].atom != "allow" && f.list[0].atom != "deny") {
			continue
		}
		r := rule{verb: f.list[0].atom, op: f.list[1].atom}
		for _, x := range f.list[2:] {
			switch {
			case x.atom != "": // another operation: (allow process-exec process-fork)
				out = append(out, rule{verb: r.verb, op: x.atom})
			case len(x.list) == 2 && x.list[1].isStr:
				r.filters = append(r.filters, x.list[0].atom+" "+x.list[1].str)
			case strings.HasPrefix(r.op, "file"):
				t.Fatalf("filter %+v of %s %s is not (kind \"path\")", x, r.verb, r.op)
			}
		}
		out = append(out, r)
	}
	return out
}

// The profile keeps Landlock's promises (docs/security.md's table): it
// denies by default; writes only under Write (and the null devices); the
// protected paths inside them denied after, so they win (in Seatbelt the
// last matching rule does); reads of the home directory denied, the
// workspace and toolchains allowed back after; no network. A path with a
// quote or a backslash stays one string: it cannot add a rule.
func TestSeatbeltProfileKeepsLandlocksPromises(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("USERPROFILE", home) // os.UserHomeDir's source when the test runs on Windows
	ws := home + `/src/we"ird\ (allow network*)`
	s := Spec{
		Exe:      "/usr/local/bin/loopls",
		Write:    []string{ws, "/tmp/loopls-tmp"},
		Read:     []string{"/usr/local/go"},
		ReadOnly: []string{ws + "/.git", ws + "/.vscode"},
	}
	forms := parseSBPL(t, profile(s))
	if len(forms) == 0 || len(forms[0].list) != 2 || forms[0].list[0].atom != "version" {
		t.Fatalf("first form %+v, want (version 1)", forms[0])
	}
	rules := rulesOf(t, forms)
	if r := rules[0]; r.verb != "deny" || r.op != "default" {
		t.Fatalf("first rule %+v, want (deny default)", r)
	}
	index := func(verb, op, filter string) int {
		return slices.IndexFunc(rules, func(r rule) bool {
			return r.verb == verb && r.op == op && (filter == "" || slices.Contains(r.filters, filter))
		})
	}
	for _, r := range rules {
		if r.verb == "allow" && strings.HasPrefix(r.op, "network") {
			t.Errorf("network allowed: %+v", r)
		}
		if r.verb == "allow" && r.op == "file-write*" {
			for _, f := range r.filters {
				ok := f == "literal /dev/null" || f == "literal /dev/zero"
				for _, w := range s.Write {
					ok = ok || f == "subpath "+w
				}
				if !ok {
					t.Errorf("a write allowed outside Write: %s", f)
				}
			}
		}
	}
	if index("deny", "network*", "") < 0 {
		t.Error("no (deny network*)")
	}
	lastWriteAllow := 0
	for i, r := range rules {
		if r.verb == "allow" && r.op == "file-write*" {
			lastWriteAllow = i
		}
	}
	for _, p := range s.ReadOnly {
		if i := index("deny", "file-write*", "subpath "+p); i < lastWriteAllow {
			t.Errorf("protected %s: write deny at %d, before the last write allow at %d (it must come after to win)", p, i, lastWriteAllow)
		}
	}
	denyHome := index("deny", "file-read*", "subpath "+home)
	if denyHome < 0 {
		t.Fatal("reads of the home directory are not denied")
	}
	for _, p := range append([]string{ws, s.Exe}, s.Read...) {
		if i := index("allow", "file-read*", "subpath "+p); i < denyHome {
			t.Errorf("read of %s allowed at %d, not after the home deny at %d", p, i, denyHome)
		}
	}
	if _, err := os.Stat(home); err != nil {
		t.Fatal(err)
	}
}
