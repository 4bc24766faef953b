package bench

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/loopls/loopls/localmodels"
)

func sampleReport() Report {
	yes, no := true, false
	return Report{
		Results: []Result{
			{Task: "go-fix-test", Model: "ollama:a", Repeat: 1, Passed: &yes, Figures: Figures{Turns: 3, ToolCalls: 2, WallMs: 1200, Outcome: "completed"}},
			{Task: "go-fix-test", Model: "ollama:b", Repeat: 1, Passed: &no, Why: "not seen passing: TestX <script>alert(1)</script> | pipe", Figures: Figures{Turns: 12, Outcome: "max_turns_exceeded"}},
			{Task: "js-fix-test", Model: "ollama:b", Repeat: 1, Skipped: "node is not on PATH"},
		},
		Models: map[string]ModelFacts{"ollama:a": {Facts: facts("Q4_K_M"), NumCtx: 8192}},
	}
}

func facts(q string) (f localmodels.Facts) {
	f.Quantization, f.Version, f.Digest = q, "0.17.4", "abcdef0123456789"
	return f
}

// A report is a page with the models' chart, drawn by gonum/plot, the
// per-model summary and every run, the model's words escaped.
func TestWriteReportMarkdownAndHTML(t *testing.T) {
	rep := sampleReport()
	s := Summarize(rep)
	dir := t.TempDir()

	md := filepath.Join(dir, "bench.md")
	if err := WriteReport(md, rep, s); err != nil {
		t.Fatal(err)
	}
	page, _ := os.ReadFile(md)
	svg, err := os.ReadFile(filepath.Join(dir, "bench.svg"))
	if err != nil {
		t.Fatalf("the chart beside the .md: %v", err)
	}
	if err := xml.Unmarshal(svg, new(struct{})); err != nil || !strings.Contains(string(svg), "ollama:a (1/1)") {
		t.Errorf("the chart is not an SVG naming the models: %v\n%.300s", err, svg)
	}
	for _, want := range []string{"![pass rate per model](bench.svg)", "| ollama:a | 1/1 | 100%", "| ollama:b | 0/1 | 0%",
		"max\\_turns\\_exceeded 1", "Q4\\_K\\_M", "&lt;script&gt;", `\| pipe`, "skipped", "node is not on PATH"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("the .md lacks %q:\n%s", want, page)
		}
	}

	html := filepath.Join(dir, "bench.html")
	if err := WriteReport(html, rep, s); err != nil {
		t.Fatal(err)
	}
	page, _ = os.ReadFile(html)
	if strings.Contains(string(page), "<script>") || !strings.Contains(string(page), "&lt;script&gt;") {
		t.Errorf("the model's words reach the HTML unescaped")
	}
	if !strings.Contains(string(page), "<svg") || !strings.Contains(string(page), "ollama:b (0/1)") {
		t.Errorf("the HTML has no inline chart")
	}
	if err := WriteReport(filepath.Join(dir, "bench.txt"), rep, s); err == nil {
		t.Error("a .txt report was written")
	}
}

// The summary gives each model its pass rate over graded runs, its spread
// over repeats, and where its failures came from.
func TestSummarize(t *testing.T) {
	yes, no := true, false
	rep := Report{Results: []Result{
		{Task: "a", Model: "m", Repeat: 1, Passed: &yes, Figures: Figures{Turns: 2, Outcome: "completed"}},
		{Task: "b", Model: "m", Repeat: 1, Passed: &yes, Figures: Figures{Turns: 4, Outcome: "completed"}},
		{Task: "a", Model: "m", Repeat: 2, Passed: &yes, Figures: Figures{Turns: 6, Outcome: "completed"}},
		{Task: "b", Model: "m", Repeat: 2, Passed: &no, Figures: Figures{Turns: 8, Outcome: "completed"}},
		{Task: "c", Model: "m", Repeat: 1, Skipped: "go is not on PATH"},
	}}
	s := Summarize(rep)
	if s.Tasks != 5 || s.Passed != 3 || s.Skipped != 1 || len(s.Models) != 1 {
		t.Fatalf("summary = %+v", s)
	}
	m := s.Models[0]
	if m.PassRate != 0.75 || m.PassRateMin != 0.5 || m.PassRateMax != 1 || m.MedianTurns != 5 || m.Failures["check"] != 1 {
		t.Errorf("model summary = %+v", m)
	}
}
