package workspace

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestMatchEditChain holds one case per matcher of the chain and one per
// refusal: which matcher applied, and the exact text the file becomes.
func TestMatchEditChain(t *testing.T) {
	tests := []struct {
		name       string
		text       string
		old, new   string
		replaceAll bool
		matcher    string // "" for a refusal
		want       string // the file after, or words of the refusal
		kind       error
	}{
		{name: "exact", text: "a\nb\nc\n", old: "b", new: "B",
			matcher: matchExact, want: "a\nB\nc\n"},
		{name: "exact replace_all", text: "b\nb\n", old: "b", new: "B", replaceAll: true,
			matcher: matchExact, want: "B\nB\n"},
		{name: "LF written for a CRLF file", text: "one\r\ntwo\r\nthree\r\n", old: "one\ntwo\n", new: "uno\ndos\n",
			matcher: matchLineEndings, want: "uno\r\ndos\r\nthree\r\n"},
		{name: "CRLF written for an LF file", text: "one\ntwo\nthree\n", old: "two\r\nthree", new: "2\r\n3",
			matcher: matchLineEndings, want: "one\n2\n3\n"},
		{name: "line endings with replace_all", text: "a\r\nb\r\na\r\nb\r\n", old: "a\nb", new: "c\nd", replaceAll: true,
			matcher: matchLineEndings, want: "c\r\nd\r\nc\r\nd\r\n"},
		{name: "trailing whitespace", text: "x := 1   \ny := 2\t\nz\n", old: "x := 1\ny := 2\n", new: "x := 3\ny := 4\n",
			matcher: matchTrailing, want: "x := 3\ny := 4\nz\n"},
		{name: "spaces for the file's tabs", text: "func f() {\n\tif x {\n\t\ty()\n\t}\n}\n",
			old: "    if x {\n        y()\n    }\n", new: "    if x {\n        y()\n        z()\n    }\n",
			matcher: matchIndent, want: "func f() {\n\tif x {\n\t\ty()\n\t\tz()\n\t}\n}\n"},
		{name: "two columns for four", text: "def f():\n    if x:\n        y()\n    return\n",
			old: "if x:\n  y()", new: "if x:\n  y()\n  z()",
			matcher: matchIndent, want: "def f():\n    if x:\n        y()\n        z()\n    return\n"},
		{name: "one line, indentation learnt from new_string", text: "func f() {\n\tg()\n}\n",
			old: "    g()\n", new: "    if ok {\n        g()\n    }\n",
			matcher: matchIndent, want: "func f() {\n\tif ok {\n\t\tg()\n\t}\n}\n"},
		{name: "line-trimmed: inconsistent indentation", text: "\tif x {\n\t\ty()\n\t}\n",
			old: "if x {\n  y()\n    }", new: "if x {\n  z()\n    }",
			matcher: matchTrimmed, want: "\tif x {\n\t  z()\n\t    }\n"},
		{name: "whitespace runs inside a line", text: "x  =   1\ny = 2\n", old: "x = 1", new: "x = 2",
			matcher: matchNormalised, want: "x = 2\ny = 2\n"},
		{name: "escaped twice", text: "a\n\tb\nc\n", old: `a\n\tb`, new: `a\n\tB`,
			matcher: matchEscapes + "+" + matchExact, want: "a\n\tB\nc\n"},
		{name: "escaped quotes", text: "s := \"x\"\n", old: `s := \"x\"`, new: `s := \"y\"`,
			matcher: matchEscapes + "+" + matchExact, want: "s := \"y\"\n"},
		{name: "blank lines at the ends", text: "a\nb\nc\n", old: "\n\nb\n\n\n", new: "\n\nB\n\n\n",
			matcher: matchBoundary + "+" + matchExact, want: "a\nB\nc\n"},
		{name: "blank lines at the ends, then indentation", text: "{\n\tb()\n}\n", old: "\n    b()\n\n", new: "\n    c()\n\n",
			matcher: matchBoundary + "+" + matchIndent, want: "{\n\tc()\n}\n"},

		{name: "read_file's line numbers copied", text: "package p\n\nfunc a() {\n\treturn 1\n}\n",
			old: "     3\tfunc a() {\n     4\t\treturn 1\n", new: "     3\tfunc a() {\n     4\t\treturn 2\n",
			matcher: matchGutter + "+" + matchExact, want: "package p\n\nfunc a() {\n\treturn 2\n}\n"},
		{name: "line numbers in old_string only", text: "a\nb\n", old: "     2\tb", new: "c",
			matcher: matchGutter + "+" + matchExact, want: "a\nc\n"},

		{name: "refused: exact, twice", text: "x\ny\nx\n", old: "x", new: "z",
			want: "old_string occurs 2 times in f.txt, at lines 1 and 3", kind: ErrEditAmbiguous},
		{name: "refused: loose, twice", text: "\tx()\nfoo\n\tx()\n", old: "  x()", new: "y()",
			want: "old_string matches at lines 1 and 3 of f.txt (after ignoring indentation", kind: ErrEditAmbiguous},
		{name: "refused: loose, twice, even with replace_all", text: "\tx()\n\tx()\n", old: "  x()", new: "y()", replaceAll: true,
			want: "matches at lines 1 and 2 of f.txt (after ignoring indentation); include more surrounding lines to make it unique (replace_all replaces only text that occurs exactly)", kind: ErrEditAmbiguous},
		{name: "refused: ambiguous does not fall through to a unique looser match", text: "p(\"a\\nb\")\np(\"a\\nb\")\na\nb\n",
			old: `a\nb`, new: `c`, want: "occurs 2 times in f.txt, at lines 1 and 2", kind: ErrEditAmbiguous},
		{name: "refused: not found, closest region shown", text: "package p\n\nfunc a() {\n\treturn 1\n}\n\nfunc b() {\n\treturn 2\n}\n",
			old: "func b() {\n\treturn 3\n}\n", new: "x",
			want: "The closest region is lines 7-9 (2 of old_string's 3 lines match there, ignoring whitespace):\n     5\t}\n     6\t\n     7\tfunc b() {\n     8\t\treturn 2\n     9\t}\n", kind: ErrEditNotFound},
		{name: "refused: not found, nothing like it", text: "a\nb\n", old: "zebra", new: "x",
			want: "no line of it occurs in the file", kind: ErrEditNotFound},
		{name: "refused: only whitespace", text: "a\n\n\nb\n", old: "  \n", new: "x",
			want: "not found", kind: ErrEditNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := matchEdit(tt.text, tt.old, tt.new, tt.replaceAll, "f.txt")
			if tt.matcher == "" {
				if err == nil || !errors.Is(err, tt.kind) || !strings.Contains(err.Error(), tt.want) {
					t.Fatalf("matchEdit = %+v, %v; want a refusal (%v) containing %q", m, err, tt.kind, tt.want)
				}
				return
			}
			if err != nil {
				t.Fatalf("matchEdit: %v", err)
			}
			if m.Matcher != tt.matcher || m.Updated != tt.want {
				t.Errorf("matchEdit = matcher %q, text %q; want %q, %q", m.Matcher, m.Updated, tt.matcher, tt.want)
			}
			if (tt.matcher == matchExact) != (m.Note == "") {
				t.Errorf("note %q for matcher %q: only an exact match has none", m.Note, m.Matcher)
			}
		})
	}
}

// TestEditFileTolerant goes through the tool: the file on disk keeps its
// CRLF line endings and tabs, and the result says how old_string matched.
func TestEditFileTolerant(t *testing.T) {
	dir := newTree(t, map[string]string{
		"crlf.go": "func f() {\r\n\tif x {\r\n\t\ty()\r\n\t}\r\n}\r\n",
		"dup.go":  "\tx()\nfoo\n\tx()\n",
	})
	w := openWS(t, dir, Options{})
	res := call(t, w, ToolEditFile, map[string]any{"path": "crlf.go",
		"old_string": "  if x {\n    y()\n  }\n", "new_string": "  if x {\n    y()\n    z()\n  }\n"})
	if res.IsError || !strings.Contains(res.Output, "Lines 2-4: matched after ignoring indentation") {
		t.Errorf("edit_file(2-space LF for a tab CRLF file) = %+v", res)
	}
	if got, want := readDisk(t, dir, "crlf.go"), "func f() {\r\n\tif x {\r\n\t\ty()\r\n\t\tz()\r\n\t}\r\n}\r\n"; got != want {
		t.Errorf("crlf.go = %q, want %q", got, want)
	}
	res = call(t, w, ToolEditFile, map[string]any{"path": "dup.go", "old_string": "    x()", "new_string": "y()"})
	if !res.IsError || !strings.Contains(res.Output, "matches at lines 1 and 3 of dup.go") {
		t.Errorf("edit_file(ambiguous) = %+v", res)
	}
	if got := readDisk(t, dir, "dup.go"); got != "\tx()\nfoo\n\tx()\n" {
		t.Errorf("dup.go changed by a refused edit: %q", got)
	}
	// The journal holds the tolerant edit like any other: undo restores
	// the CRLF text byte for byte.
	if applied, why, err := w.UndoRun(t.Context(), "run1"); err != nil || !applied {
		t.Fatalf("UndoRun = %v, %q, %v", applied, why, err)
	}
	if got, want := readDisk(t, dir, "crlf.go"), "func f() {\r\n\tif x {\r\n\t\ty()\r\n\t}\r\n}\r\n"; got != want {
		t.Errorf("after undo crlf.go = %q, want %q", got, want)
	}
}

// FuzzTolerantEdit: whatever the file and the strings, a match changes
// nothing outside its region, the region differs from old_string only in
// whitespace (after unescaping, for escape-normalised), and the
// replacement differs from new_string only in whitespace.
func FuzzTolerantEdit(f *testing.F) {
	f.Add("func f() {\n\tif x {\n\t\ty()\n\t}\n}\n", "    if x {\n        y()\n    }\n", "    if x {\n        z()\n    }\n", false)
	f.Add("one\r\ntwo\r\n", "one\ntwo", "1\n2", false)
	f.Add("a\n\tb\n", `a\n\tb`, `c\n\td`, false)
	f.Add("x  =  1\n", "\n\nx = 1\n\n", "y", false)
	f.Add("b\r\nb\r\n", "b\n", "c\n", true)
	f.Fuzz(func(t *testing.T, text, old, newText string, replaceAll bool) {
		if len(text) > 1<<12 || len(old) > 1<<10 || len(newText) > 1<<10 {
			return
		}
		m, err := matchEdit(text, old, newText, replaceAll, "f")
		if err != nil {
			if !errors.Is(err, ErrEditNotFound) && !errors.Is(err, ErrEditAmbiguous) {
				t.Fatalf("refusal of no known kind: %v", err)
			}
			if n := strings.Count(text, old); old != "" && (n == 1 || n > 1 && replaceAll) {
				t.Fatalf("refused an exact match: %v", err)
			}
			return
		}
		if n := strings.Count(text, old); n == 1 && m.Matcher != matchExact {
			t.Fatalf("a unique exact match was found by %q", m.Matcher)
		}
		if m.Count > 1 {
			if m.Matcher != matchExact && m.Matcher != matchLineEndings && !strings.HasSuffix(m.Matcher, "+"+matchExact) && !strings.HasSuffix(m.Matcher, "+"+matchLineEndings) {
				t.Fatalf("%d regions replaced by loose matcher %q", m.Count, m.Matcher)
			}
			return
		}
		if m.Start < 0 || m.Start > m.End || m.End > len(text) {
			t.Fatalf("region [%d,%d) outside a text of %d bytes", m.Start, m.End, len(text))
		}
		if m.Updated != text[:m.Start]+m.Replacement+text[m.End:] {
			t.Fatalf("the edit changed text outside its region [%d,%d)", m.Start, m.End)
		}
		o, n := old, newText
		switch {
		case strings.HasPrefix(m.Matcher, matchEscapes):
			o, n = unescape(old), unescape(newText)
		case strings.HasPrefix(m.Matcher, matchGutter):
			o, _ = stripGutter(old)
			if g, ok := stripGutter(newText); ok {
				n = g
			}
		}
		if got, want := stripAllWS(text[m.Start:m.End]), stripAllWS(o); got != want {
			t.Fatalf("%s matched region %q for old_string %q: they differ beyond whitespace", m.Matcher, text[m.Start:m.End], old)
		}
		if got, want := stripAllWS(m.Replacement), stripAllWS(n); got != want {
			t.Fatalf("%s replaced with %q for new_string %q: they differ beyond whitespace", m.Matcher, m.Replacement, newText)
		}
		if line := 1 + strings.Count(text[:m.Start], "\n"); line != m.Line {
			t.Fatalf("region starts on line %d, reported as %d", line, m.Line)
		}
	})
}

func stripAllWS(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' || r == '\r' || r == '\n' {
			return -1
		}
		return r
	}, s)
}

// benchEditFile is a 5,000-line Go-like file indented with tabs.
func benchEditFile() string {
	var b strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&b, "func f%d(x int) int {\n\tif x > %d {\n\t\treturn x\n\t}\n}\n", i, i)
	}
	return b.String()
}

// BenchmarkTolerantEdit: an old_string near the end of the file, written
// with four spaces for the file's tabs (the chain runs exact, line
// endings and trailing whitespace before the indentation matcher finds
// it), and one that is nowhere (the whole chain, then the closest region).
func BenchmarkTolerantEdit(b *testing.B) {
	text := benchEditFile()
	found := "    if x > 990 {\n        return x\n    }\n"
	missing := "    if x > 5000 {\n        return -x\n    }\n"
	b.Run("indentation", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if m, err := matchEdit(text, found, "    return 0\n", false, "f.go"); err != nil || m.Matcher != matchIndent {
				b.Fatal(m.Matcher, err)
			}
		}
	})
	b.Run("not-found", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := matchEdit(text, missing, "x", false, "f.go"); !errors.Is(err, ErrEditNotFound) {
				b.Fatal(err)
			}
		}
	})
}

// A hostile old_string (thousands of lines like thousands of the file's)
// is refused once the loose search has spent its bound, not searched for
// minutes.
func TestTolerantEditIsBounded(t *testing.T) {
	text := strings.Repeat("}\n", 50000)
	old := strings.Repeat(" }\n", 5000) + " {\n"
	_, err := matchEdit(text, old, "x", false, "f")
	if !errors.Is(err, ErrEditNotFound) || !strings.Contains(err.Error(), "too repetitive") {
		t.Fatalf("err = %v, want the bounded refusal", err)
	}
}
