package main

import (
	"strings"
	"testing"

	"github.com/loopls/loopls/session"
)

func TestContextFlagParse(t *testing.T) {
	for in, want := range map[string]session.ContextRef{
		"a.go":         {URI: "a.go"},
		"a.go:3":       {URI: "a.go", Lines: &session.LineRange{Start: 3, End: 3}},
		"a.go:3-9":     {URI: "a.go", Lines: &session.LineRange{Start: 3, End: 9}},
		"dir/x:y.go:2": {URI: "dir/x:y.go", Lines: &session.LineRange{Start: 2, End: 2}},
		"odd:12:1-2":   {URI: "odd:12", Lines: &session.LineRange{Start: 1, End: 2}},
	} {
		var f contextFlags
		if err := f.Set(in); err != nil || len(f) != 1 || f[0].URI != want.URI ||
			(f[0].Lines == nil) != (want.Lines == nil) || (want.Lines != nil && *f[0].Lines != *want.Lines) {
			t.Errorf("%q: %+v, %v; want %+v", in, f, err, want)
		}
	}
	for _, bad := range []string{"a.go:0", "a.go:5-2", ":3", "", "a.go:99999999999999999999"} {
		var f contextFlags
		if err := f.Set(bad); err == nil {
			t.Errorf("%q accepted: %+v", bad, f)
		}
	}
}

// FuzzContextFlag: any value is refused or gives a file and, when lines
// are given, a range of 1 ≤ start ≤ end.
func FuzzContextFlag(f *testing.F) {
	for _, s := range []string{"a.go", "a.go:1-2", "x:1:2-3", ":", "a:-1", "a:1-", "a:01-002"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		var c contextFlags
		if err := c.Set(v); err != nil {
			if len(c) != 0 {
				t.Fatalf("%q: refused but kept %+v", v, c)
			}
			return
		}
		r := c[0]
		if strings.TrimSpace(r.URI) == "" || (r.Lines != nil && (r.Lines.Start < 1 || r.Lines.End < r.Lines.Start)) {
			t.Fatalf("%q: %+v", v, r)
		}
	})
}
