package workspace

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/loopls/loopls/engine"
)

// Limits of one grep answer.
const (
	grepMaxLines   = 200 // matching lines shown
	grepMaxLineLen = 300 // bytes of a line shown
)

type grepTool struct{ w *Workspace }

type grepArgs struct {
	Pattern string `json:"pattern"`
	Path    string `json:"path"`
	Glob    string `json:"glob"`
}

func (t *grepTool) Spec() engine.ToolSpec {
	return engine.ToolSpec{
		Name: ToolGrep,
		Description: "Search the workspace's text files for a regular expression (RE2 syntax; ^ and $ match at line ends). " +
			"Answers path:line: text for each matching line, at most 200 lines, with a count of what was left out. " +
			".gitignored and binary files are skipped.",
		Parameters: json.RawMessage(`{"type":"object","properties":{` +
			`"pattern":{"type":"string","description":"RE2 regular expression, e.g. func\\s+Open"},` +
			`"path":{"type":"string","description":"file or directory to search, relative to the root (default: the whole workspace)"},` +
			`"glob":{"type":"string","description":"only files matching this glob, e.g. *.go or src/**/*.ts (without \"/\" it matches the file name)"}},` +
			`"required":["pattern"],"additionalProperties":false}`),
	}
}

// grepMatch is one matching line.
type grepMatch struct {
	line int
	text string
}

func (t *grepTool) Call(ctx context.Context, inv engine.ToolInvocation) (engine.ToolResult, error) {
	var a grepArgs
	if err := decodeArgs(inv.Call.Arguments, &a); err != nil {
		return failed("grep: %v", err)
	}
	if a.Pattern == "" {
		return failed("grep: pattern is required")
	}
	re, err := regexp.Compile("(?m)" + a.Pattern)
	if err != nil {
		return failed("grep: pattern is not an RE2 regular expression: %v", err)
	}
	files, err := t.w.grepFiles(a.Path, a.Glob)
	if err != nil {
		return failed("grep: %s", describe(err))
	}
	results, err := t.w.grep(ctx, re, files)
	if err != nil {
		return engine.ToolResult{Output: "grep cancelled", IsError: true}, err
	}
	return ok(formatGrep(a.Pattern, files, results))
}

// grepFiles lists the files a grep searches: every indexed file under p
// (or p itself when it names a file), filtered by glob.
func (w *Workspace) grepFiles(p, glob string) ([]string, error) {
	rel, err := w.Rel(p)
	if err != nil {
		return nil, err
	}
	var files []string
	if rel != "." {
		fi, err := w.root.Stat(rel)
		if err != nil {
			return nil, w.fsError(p, err)
		}
		if !fi.IsDir() {
			files = []string{rel}
		}
	}
	if files == nil {
		all := w.Files()
		if rel == "." {
			files = all
		} else {
			prefix := rel + "/"
			for _, f := range all {
				if strings.HasPrefix(f, prefix) {
					files = append(files, f)
				}
			}
		}
	}
	if glob == "" {
		return files, nil
	}
	var match func(string) bool
	if strings.Contains(glob, "/") {
		re, err := w.compileGlob(glob)
		if err != nil {
			return nil, err
		}
		match = re.MatchString
	} else {
		re, err := regexp.Compile("^" + globToRegexp(glob) + "$")
		if err != nil {
			return nil, fmt.Errorf("glob %q: %v", glob, err)
		}
		match = func(f string) bool { return re.MatchString(f[strings.LastIndexByte(f, '/')+1:]) }
	}
	var out []string
	for _, f := range files {
		if match(f) {
			out = append(out, f)
		}
	}
	return out, nil
}

// grep searches files in parallel; results[i] are the matches in files[i].
//
// Work is handed out a directory at a time: a worker opens the directory
// once as a Root and reads its files by name, because every open through
// the workspace Root walks the path one component at a time (openat per
// directory), which made path resolution, not matching, the cost of a grep.
func (w *Workspace) grep(ctx context.Context, re *regexp.Regexp, files []string) ([][]grepMatch, error) {
	results := make([][]grepMatch, len(files))
	// groups[k] = [start, end) of a run of files in one directory.
	var groups [][2]int
	for i := 0; i < len(files); {
		dir := path.Dir(files[i])
		j := i + 1
		for j < len(files) && path.Dir(files[j]) == dir {
			j++
		}
		groups = append(groups, [2]int{i, j})
		i = j
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf []byte
			for ctx.Err() == nil {
				k := int(next.Add(1) - 1)
				if k >= len(groups) {
					return
				}
				g := groups[k]
				dirRoot := w.root
				if dir := path.Dir(files[g[0]]); dir != "." {
					r, err := w.root.OpenRoot(dir)
					if err != nil {
						dirRoot = nil
					} else {
						dirRoot = r
					}
				}
				for i := g[0]; i < g[1]; i++ {
					results[i], buf = w.grepFile(re, dirRoot, files[i], buf)
				}
				if dirRoot != nil && dirRoot != w.root {
					dirRoot.Close()
				}
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return results, nil
}

// grepFile returns the lines of one file that match re; unreadable and
// binary files have none. dir is the file's directory opened as a Root (nil
// if that failed); buf is reused between files and returned grown.
func (w *Workspace) grepFile(re *regexp.Regexp, dir *os.Root, rel string, buf []byte) ([]grepMatch, []byte) {
	var data []byte
	if ov, ok := w.overlays.get(w.abs(rel)); ok {
		data = []byte(ov.text)
	} else {
		var err error
		data, err = readInto(dir, path.Base(rel), buf)
		if err != nil {
			// A symlink to a sibling directory escapes the directory's
			// Root but not the workspace's: try through the workspace.
			data, err = readInto(w.root, rel, buf)
			if err != nil {
				return nil, buf
			}
		}
		buf = data[:0]
	}
	return matchLines(re, data), buf
}

// readInto reads the regular file name under r into buf.
func readInto(r *os.Root, name string, buf []byte) ([]byte, error) {
	if r == nil {
		return nil, os.ErrNotExist
	}
	data, _, err := readRegular(r, name, -1, buf)
	return data, err
}

// matchLines returns the lines of data that match re.
func matchLines(re *regexp.Regexp, data []byte) []grepMatch {
	// One search over the whole file first: most files do not match, and
	// a non-match is settled without splitting lines.
	loc := re.FindIndex(data)
	if loc == nil || isBinary(data) {
		return nil
	}
	var matches []grepMatch
	line, lineStart, counted := 1, 0, 0
	for loc != nil {
		line += bytes.Count(data[counted:loc[0]], []byte{'\n'})
		counted = loc[0]
		if i := bytes.LastIndexByte(data[:loc[0]], '\n'); i >= 0 {
			lineStart = i + 1
		} else {
			lineStart = 0
		}
		lineEnd := bytes.IndexByte(data[loc[0]:], '\n')
		if lineEnd < 0 {
			lineEnd = len(data)
		} else {
			lineEnd += loc[0]
		}
		text := strings.TrimRight(string(data[lineStart:lineEnd]), "\r")
		if len(text) > grepMaxLineLen {
			text = text[:grepMaxLineLen] + " …"
		}
		matches = append(matches, grepMatch{line: line, text: text})
		// Continue after this line: one entry per matching line.
		if lineEnd >= len(data) {
			break
		}
		off := lineEnd + 1
		next := re.FindIndex(data[off:])
		if next == nil {
			break
		}
		loc = []int{next[0] + off, next[1] + off}
	}
	return matches
}

// formatGrep prints matches in file order, capped, with a count of what was
// left out.
func formatGrep(pattern string, files []string, results [][]grepMatch) string {
	var b strings.Builder
	shown, total, filesWith := 0, 0, 0
	for i, ms := range results {
		if len(ms) == 0 {
			continue
		}
		filesWith++
		total += len(ms)
		for _, m := range ms {
			if shown == grepMaxLines {
				break
			}
			fmt.Fprintf(&b, "%s:%d: %s\n", files[i], m.line, m.text)
			shown++
		}
	}
	if total == 0 {
		return fmt.Sprintf("no matches for %q in %d files", pattern, len(files))
	}
	if total > shown {
		fmt.Fprintf(&b, "[%d more matching lines not shown (%d matching lines in %d files); narrow the pattern, path or glob]\n",
			total-shown, total, filesWith)
	}
	return b.String()
}
