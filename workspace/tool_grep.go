package workspace

import (
	"context"
	"encoding/json"
	"fmt"
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
	results, cut, err := t.w.grep(ctx, re, requiredLiteral("(?m)"+a.Pattern), files)
	if err != nil {
		return engine.ToolResult{Output: "grep cancelled", IsError: true}, err
	}
	return ok(formatGrep(a.Pattern, files, results, cut))
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
	compile := nameGlob
	if strings.Contains(glob, "/") {
		compile = w.compileGlob
	}
	match, err := compile(glob)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, f := range files {
		if match(f) {
			out = append(out, f)
		}
	}
	return out, nil
}

// grep searches files in parallel; results[i] is what files[i] holds. lit
// is a literal every match contains ("" if none is known). cut reports
// that the search stopped at grepMaxMatches matching lines.
//
// Work is handed out a directory at a time: a worker opens the directory
// once through the workspace Root and reads its files by name, because
// every open through the Root walks the path one component at a time
// (openat per directory), which made path resolution, not matching, the
// cost of a grep.
func (w *Workspace) grep(ctx context.Context, re *regexp.Regexp, lit string, files []string) (results []grepFileResult, cut bool, err error) {
	results = make([]grepFileResult, len(files))
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
	var next, total atomic.Int64
	var stop atomic.Bool
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(groups)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := newGrepScanner(re, lit, &total, &stop)
			for ctx.Err() == nil && !stop.Load() {
				k := int(next.Add(1) - 1)
				if k >= len(groups) {
					return
				}
				g := groups[k]
				dir, err := w.openGrepDir(path.Dir(files[g[0]]))
				if err != nil {
					dir = nil
				}
				for i := g[0]; i < g[1] && !stop.Load(); i++ {
					results[i] = w.grepFile(s, dir, files[i])
				}
				if dir != nil {
					dir.Close()
				}
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, false, err
	}
	return results, stop.Load(), nil
}

// grepFile searches one file: its open buffer if the editor has one, else
// the file on disk, streamed. Unreadable and binary files match nothing.
// dir is the file's directory (nil if it could not be opened).
func (w *Workspace) grepFile(s *grepScanner, dir *grepDir, rel string) grepFileResult {
	if ov, ok := w.overlayFor(rel); ok {
		return s.scanBytes([]byte(ov.text))
	}
	if dir != nil {
		if r, ok := dir.scanIn(s, path.Base(rel)); ok {
			return r
		}
	}
	// A symlink (to a sibling directory, say) is not followed from the
	// directory; the workspace's Root follows it as long as it stays inside.
	f, fi, err := openRegular(w.root, rel)
	if err != nil {
		return grepFileResult{}
	}
	defer f.Close()
	r, _ := s.scan(f, fi.Size())
	return r
}

// formatGrep prints matches in file order, capped, with a count of what was
// left out; cut says the search stopped at grepMaxMatches.
func formatGrep(pattern string, files []string, results []grepFileResult, cut bool) string {
	var b strings.Builder
	shown, total, filesWith := 0, 0, 0
	for i, r := range results {
		if r.count == 0 {
			continue
		}
		filesWith++
		total += r.count
		for _, m := range r.matches {
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
	if cut {
		fmt.Fprintf(&b, "[grep stopped at its cap of %d matching lines, %d shown; the rest of the workspace was not searched: narrow the pattern, path or glob]\n",
			grepMaxMatches, shown)
	} else if total > shown {
		fmt.Fprintf(&b, "[%d more matching lines not shown (%d matching lines in %d files); narrow the pattern, path or glob]\n",
			total-shown, total, filesWith)
	}
	return b.String()
}
