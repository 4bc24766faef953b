package workspace

import (
	"slices"
	"testing"
)

// New errors are counted by key (source, code, message), not by range: a
// problem that moved is not new, a second copy of one is, and warnings are
// never "new errors".
func TestNewErrors(t *testing.T) {
	e := func(line int, msg string) Diagnostic {
		return Diagnostic{Line: line, Column: 1, Severity: SeverityError, Source: "go", Code: "x", Message: msg}
	}
	warn := Diagnostic{Line: 1, Column: 1, Severity: SeverityWarning, Source: "go", Message: "unused"}
	before := []Diagnostic{e(3, "undefined: a"), warn}
	after := []Diagnostic{e(9, "undefined: a"), e(10, "undefined: a"), e(2, "missing return"), warn, {Line: 4, Severity: SeverityWarning, Message: "shadow"}}
	got := newErrors(before, after)
	want := []Diagnostic{e(10, "undefined: a"), e(2, "missing return")}
	if !slices.Equal(got, want) {
		t.Errorf("newErrors = %+v, want %+v", got, want)
	}
	if got := newErrors(after, before); len(got) != 0 {
		t.Errorf("fewer errors after: newErrors = %+v, want none", got)
	}
}

// A problem line is bounded and on one line whatever the message holds.
func TestProblemLine(t *testing.T) {
	long := ""
	for range 400 {
		long += "é"
	}
	got := problemLine("a.go", Diagnostic{Line: 2, Column: 5, Severity: SeverityWarning, Source: "vet", Message: "two\nlines " + long})
	if want := "a.go:2:5: warning [vet] two lines "; got[:len(want)] != want {
		t.Errorf("problemLine = %q, want it to start %q", got, want)
	}
	if r := []rune(got); len(r) > len("a.go:2:5: warning [vet] ")+maxDiagnosticMessage+1 {
		t.Errorf("problemLine is %d characters; the message is not bounded", len(r))
	}
}
