package workspace

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/loopls/loopls/engine"
)

// globMaxResults bounds one glob's answer.
const globMaxResults = 500

type globTool struct{ w *Workspace }

type globArgs struct {
	Pattern string `json:"pattern"`
}

func (t *globTool) Spec() engine.ToolSpec {
	return engine.ToolSpec{
		Name: ToolGlob,
		Description: "Find files of the workspace by path pattern: \"*\" and \"?\" match within a name, \"**\" any number of directories, " +
			"\"{a,b}\" either (\"**/*.go\" is every Go file, \"cmd/*/main.go\" one level, \"**/*.{go,md}\" Go and Markdown). " +
			"Paths are relative to the root; .gitignored files are left out.",
		Parameters: json.RawMessage(`{"type":"object","properties":{` +
			`"pattern":{"type":"string","description":"glob pattern relative to the workspace root, e.g. **/*_test.go"}},` +
			`"required":["pattern"],"additionalProperties":false}`),
	}
}

func (t *globTool) Call(ctx context.Context, inv engine.ToolInvocation) (engine.ToolResult, error) {
	var a globArgs
	if err := decodeArgs(inv.Call.Arguments, &a); err != nil {
		return failed("glob: %v", err)
	}
	if a.Pattern == "" {
		return failed("glob: pattern is required")
	}
	match, err := t.w.compileGlob(a.Pattern)
	if err != nil {
		return failed("glob: %v", err)
	}
	var b strings.Builder
	n := 0
	for _, f := range t.w.Files() {
		if !match(f) {
			continue
		}
		n++
		if n <= globMaxResults {
			b.WriteString(f + "\n")
		}
	}
	if n == 0 {
		return ok(fmt.Sprintf("no files match %q", a.Pattern))
	}
	if n > globMaxResults {
		fmt.Fprintf(&b, "[%d more files match; narrow the pattern]\n", n-globMaxResults)
	}
	return ok(b.String())
}

// compileGlob compiles a glob over root-relative paths (doublestar's syntax:
// "*", "?", "**", "[…]", "{a,b}") into a matcher. An absolute pattern inside
// the root is made relative; one that climbs out is refused.
func (w *Workspace) compileGlob(pattern string) (func(string) bool, error) {
	winAbs := runtime.GOOS == "windows" && filepath.VolumeName(pattern) != ""
	if winAbs {
		// C:\ws\**\*.go: on Windows a drive pattern is absolute, and its
		// backslashes are separators, not escapes.
		pattern = filepath.ToSlash(pattern)
	}
	if strings.HasPrefix(pattern, "/") || winAbs {
		rel, ok := within(w.rootReal, pattern)
		if !ok {
			rel, ok = within(w.rootAbs, pattern)
		}
		if !ok {
			return nil, &PathError{Path: pattern, Err: ErrOutsideRoot, Why: "give a pattern relative to the workspace root"}
		}
		pattern = rel
	}
	pattern = strings.TrimPrefix(pattern, "./")
	for _, elem := range strings.Split(pattern, "/") {
		if elem == ".." {
			return nil, &PathError{Path: pattern, Err: ErrOutsideRoot, Why: "patterns may not climb above the workspace root"}
		}
	}
	return globMatcher(pattern)
}

// globMatcher compiles one doublestar pattern, refusing a malformed one
// (an unclosed "[" or "{") with an error that names it.
func globMatcher(pattern string) (func(string) bool, error) {
	if !doublestar.ValidatePattern(pattern) {
		return nil, fmt.Errorf("pattern %q is malformed (an unclosed [ or {?)", pattern)
	}
	return func(p string) bool {
		ok, err := doublestar.Match(pattern, p)
		return ok && err == nil
	}, nil
}

// nameGlob matches a pattern without "/" against the last element of a path.
func nameGlob(pattern string) (func(string) bool, error) {
	m, err := globMatcher(pattern)
	if err != nil {
		return nil, err
	}
	return func(p string) bool { return m(p[strings.LastIndexByte(p, '/')+1:]) }, nil
}
