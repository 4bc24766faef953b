package workspace

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
)

func TestRequiredLiteral(t *testing.T) {
	tests := map[string]string{
		`func \(\w+ \*\w+\) [A-Z]\w*Context\(`: "Context(",
		`needle`:                               "needle",
		`^func Open`:                           "func Open",
		`\bOpen\b`:                             "Open",
		`(foo)+barx`:                           "barx", // "foo" and "barx" are not adjacent in every match
		`x{2,}yz`:                              "yz",
		`a[.]b`:                                "a.b",
		`foo|bar`:                              "",
		`(?i)needle`:                           "",
		`a*`:                                   "",
		`foo\nbar`:                             "", // never inside one line
		`\x{FFFD}abc`:                          "", // U+FFFD also matches invalid UTF-8
		`[ab]cd(e?)fgh`:                        "fgh",
	}
	for pat, want := range tests {
		if got := requiredLiteral("(?m)" + pat); got != want {
			t.Errorf("requiredLiteral(%q) = %q, want %q", pat, got, want)
		}
	}
}

// grepLines is the reference grep: every line of data (split at "\n"),
// numbered from 1, that re matches on its own.
func grepLines(re *regexp.Regexp, data []byte) []grepMatch {
	var out []grepMatch
	for i, line := range bytes.Split(data, []byte{'\n'}) {
		if i == bytes.Count(data, []byte{'\n'}) && len(line) == 0 {
			break
		}
		if re.Match(line) {
			line = bytes.TrimRight(line, "\r")
			text := string(line[:min(len(line), grepMaxLineLen)])
			if len(line) > grepMaxLineLen {
				text += " …"
			}
			out = append(out, grepMatch{line: i + 1, text: text})
		}
	}
	return out
}

// scanWith streams data through a scanner whose buffer is chunk bytes.
func scanWith(t testing.TB, pattern string, data []byte, chunk int) grepFileResult {
	t.Helper()
	re := regexp.MustCompile("(?m)" + pattern)
	var total atomic.Int64
	var cut atomic.Bool
	s := newGrepScanner(re, requiredLiteral("(?m)"+pattern), &total, &cut)
	s.buf = make([]byte, chunk)
	r, err := s.scan(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestGrepStreamsChunks checks that line numbers and matches do not depend
// on where the chunks of a streamed file end.
func TestGrepStreamsChunks(t *testing.T) {
	var b strings.Builder
	for i := range 500 {
		switch {
		case i%7 == 0:
			fmt.Fprintf(&b, "line %d has a needle in it\r\n", i)
		case i%11 == 0:
			fmt.Fprintf(&b, "needle at the start, line %d\n", i)
		default:
			fmt.Fprintf(&b, "line %d is hay\n", i)
		}
	}
	b.WriteString("last needle without a newline")
	data := []byte(b.String())
	for _, pat := range []string{`needle`, `^needle`, `needle.*\d+$`, `[n]e+dle`, `hay$`, `e(x|e)d`} {
		want := grepLines(regexp.MustCompile(pat), data)
		for _, chunk := range []int{64, 100, 4096, grepChunk} {
			got := scanWith(t, pat, data, chunk)
			if got.count != len(want) || fmt.Sprint(got.matches) != fmt.Sprint(want[:min(len(want), grepMaxLines)]) {
				t.Errorf("pattern %q, chunk %d: %d matches %v…, want %d %v…", pat, chunk, got.count, got.matches[:min(3, len(got.matches))], len(want), want[:min(3, len(want))])
			}
		}
	}
}

// TestGrepLongLine: a line longer than the buffer is searched in pieces,
// reported once, and the lines after it keep their numbers.
func TestGrepLongLine(t *testing.T) {
	data := []byte("first\n" + strings.Repeat("x", 300) + "needle" + strings.Repeat("y", 300) + "needle\nneedle after\n")
	got := scanWith(t, `needle`, data, 64)
	if got.count != 2 || got.matches[0].line != 2 || got.matches[1].line != 3 || got.matches[1].text != "needle after" {
		t.Errorf("long line: %+v", got)
	}
}

// TestGrepMultiLinePattern: lines are matched one at a time, so a pattern
// that would only match across a newline matches nothing.
func TestGrepMultiLinePattern(t *testing.T) {
	if got := scanWith(t, `foo\s+bar`, []byte("foo\nbar\nfoo  bar\n"), 4096); got.count != 1 || got.matches[0].line != 3 {
		t.Errorf(`foo\s+bar: %+v`, got)
	}
}

// TestGrepBinaryFirst: a file whose first bytes are binary is not searched,
// even when it matches.
func TestGrepBinaryFirst(t *testing.T) {
	data := append([]byte("needle\x00\n"), bytes.Repeat([]byte("needle\n"), 100_000)...)
	if got := scanWith(t, `needle`, data, grepChunk); got.count != 0 {
		t.Errorf("binary file matched %d lines", got.count)
	}
}

// TestGrepMatchCap: a grep stops at grepMaxMatches matching lines and says so.
func TestGrepMatchCap(t *testing.T) {
	files := map[string]string{}
	for i := range 30 {
		files[fmt.Sprintf("f%02d.txt", i)] = strings.Repeat("needle\n", grepMaxMatches/10)
	}
	w := openWS(t, newTree(t, files), Options{})
	res := call(t, w, ToolGrep, map[string]any{"pattern": `needle`})
	if res.IsError || strings.Count(res.Output, "\n") != grepMaxLines+1 ||
		!strings.Contains(res.Output, fmt.Sprintf("[grep stopped at its cap of %d matching lines, %d shown;", grepMaxMatches, grepMaxLines)) {
		t.Errorf("grep over %d matching lines: %q", 30*grepMaxMatches/10, res.Output[max(0, len(res.Output)-300):])
	}
}

// TestGrepSparseGigabyte: grep crosses a 1 GiB file (sparse: one long line
// of NUL bytes between a text head and a match at the end) while what it
// allocates stays within a few chunks. Before it streamed files, grep
// read the file whole: 1 GiB of heap.
func TestGrepSparseGigabyte(t *testing.T) {
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "big.log"))
	if err != nil {
		t.Fatal(err)
	}
	const size = 1 << 30
	head := strings.Repeat("plain text\n", 1000)
	tail := "\nthe needle at the end\n"
	if _, err := f.WriteString(head); err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt([]byte(tail), size-int64(len(tail))); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	w := openWS(t, dir, Options{})

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	res := call(t, w, ToolGrep, map[string]any{"pattern": `needle`})
	runtime.ReadMemStats(&after)

	if want := "big.log:1002: the needle at the end\n"; res.Output != want {
		t.Errorf("grep = %q, want %q", res.Output, want)
	}
	// The bound is generous (the buffers are 2 × 256 KiB); reading the
	// file whole would allocate 1 GiB.
	const bound = 32 << 20
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > bound {
		t.Errorf("grep allocated %d MiB crossing a 1 GiB file, want ≤ %d MiB", alloc>>20, bound>>20)
	}
	if after.HeapSys > before.HeapSys+bound {
		t.Errorf("heap grew from %d to %d MiB", before.HeapSys>>20, after.HeapSys>>20)
	}
}

// TestGrepAllocsIndependentOfSize is the regression guard: what a grep
// allocates does not grow with the size of the files it reads, only with
// what it finds.
func TestGrepAllocsIndependentOfSize(t *testing.T) {
	// MemStats count every goroutine's allocations, the workspace's own
	// background work included, and noise only ever adds: the least of a
	// few trials is grep's own cost.
	allocs := func(lines int) (float64, uint64) {
		hay := strings.Repeat("just some hay on this line\n", lines)
		w := openWS(t, newTree(t, map[string]string{"a.txt": hay + "one needle\n" + hay, "b.txt": hay}), Options{})
		call(t, w, ToolGrep, map[string]any{"pattern": `ne+dle`}) // warm up
		minN, minB := math.Inf(1), uint64(math.MaxUint64)
		for range 3 {
			var m0, m1 runtime.MemStats
			runtime.ReadMemStats(&m0)
			n := testing.AllocsPerRun(5, func() { call(t, w, ToolGrep, map[string]any{"pattern": `ne+dle`}) })
			runtime.ReadMemStats(&m1)
			minN, minB = min(minN, n), min(minB, (m1.TotalAlloc-m0.TotalAlloc)/6)
		}
		return minN, minB
	}
	smallN, smallB := allocs(1_000) // 27 KB files
	bigN, bigB := allocs(100_000)   // 2.7 MB files: ten chunks each
	// Reading the files whole would add their 5.4 MB, an allocation per
	// chunk 20 allocations, per line 200,000. A handful more is the GC
	// emptying sync.Pools (regexp's matchers) during the longer search: seen
	// as +3 under load.
	if bigN > smallN+10 || bigB > smallB+smallB/2 {
		t.Errorf("grep allocations grew with file size ×100: %.0f → %.0f allocs, %d → %d bytes", smallN, bigN, smallB, bigB)
	}
}

// FuzzGrepScan checks the streamed scan against the reference, line by
// line, for any text, pattern and buffer size that holds the longest line.
func FuzzGrepScan(f *testing.F) {
	f.Add("a needle\nhay\nneedle\n", "needle", uint8(8))
	f.Add("x\r\ny\n\nz", "^$", uint8(3))
	f.Add("func (s *T) DoContext(\n", `func \(\w+ \*\w+\) [A-Z]\w*Context\(`, uint8(40))
	f.Fuzz(func(t *testing.T, text, pattern string, chunk uint8) {
		re, err := regexp.Compile("(?m)" + pattern)
		if err != nil || isBinary([]byte(text)) {
			return
		}
		longest := 0
		for _, l := range strings.Split(text, "\n") {
			longest = max(longest, len(l)+1)
		}
		size := max(int(chunk), longest+1)
		want := grepLines(re, []byte(text))
		got := scanWith(t, pattern, []byte(text), size)
		if got.count != len(want) || fmt.Sprint(got.matches) != fmt.Sprint(want[:min(len(want), grepMaxLines)]) {
			t.Errorf("scan(%q, %q, chunk %d) = %d %v, want %d %v", text, pattern, size, got.count, got.matches, len(want), want)
		}
	})
}
