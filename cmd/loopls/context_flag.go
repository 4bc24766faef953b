package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/loopls/loopls/session"
)

// contextFlags collects repeated --context FILE[:L1-L2] flags.
type contextFlags []session.ContextRef

func (f *contextFlags) String() string {
	var parts []string
	for _, r := range *f {
		parts = append(parts, r.URI)
	}
	return strings.Join(parts, " ")
}

// lineSuffix is ":L" or ":L1-L2" at the end of a --context value.
var lineSuffix = regexp.MustCompile(`:(\d+)(?:-(\d+))?$`)

// Set parses FILE, FILE:L or FILE:L1-L2 (1-based, inclusive). A file name
// that itself ends in ":digits" is written with a range, e.g. "a:1:1-9".
func (f *contextFlags) Set(v string) error {
	if len(*f) >= session.MaxContextRefs {
		return fmt.Errorf("at most %d --context flags", session.MaxContextRefs)
	}
	ref := session.ContextRef{URI: v}
	if m := lineSuffix.FindStringSubmatchIndex(v); m != nil {
		start, err1 := strconv.Atoi(v[m[2]:m[3]])
		end := start
		var err2 error
		if m[4] >= 0 {
			end, err2 = strconv.Atoi(v[m[4]:m[5]])
		}
		if err1 != nil || err2 != nil || start < 1 || end < start {
			return fmt.Errorf("%q: lines are FILE:L or FILE:L1-L2, 1-based, L1 <= L2", v)
		}
		ref = session.ContextRef{URI: v[:m[0]], Lines: &session.LineRange{Start: start, End: end}}
	}
	if strings.TrimSpace(ref.URI) == "" {
		return fmt.Errorf("%q names no file", v)
	}
	*f = append(*f, ref)
	return nil
}
