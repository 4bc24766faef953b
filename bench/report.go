package bench

import (
	"bytes"
	"fmt"
	"html/template"
	"image/color"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// WriteReport writes the bench as a page: FILE.md (with the chart beside
// it, FILE.svg) or FILE.html (the chart inline).
func WriteReport(file string, rep Report, s Summary) error {
	chart, err := Chart(s)
	if err != nil {
		return fmt.Errorf("draw the chart: %w", err)
	}
	switch strings.ToLower(filepath.Ext(file)) {
	case ".md":
		svgName := strings.TrimSuffix(file, filepath.Ext(file)) + ".svg"
		if err := os.WriteFile(svgName, chart, 0o644); err != nil {
			return err
		}
		return os.WriteFile(file, []byte(markdown(rep, s, filepath.Base(svgName))), 0o644)
	case ".html":
		var b bytes.Buffer
		if err := htmlPage.Execute(&b, pageData(rep, s, template.HTML(chart))); err != nil { //nolint:gosec // the SVG is gonum's, drawn from numbers and escaped names
			return err
		}
		return os.WriteFile(file, b.Bytes(), 0o644)
	}
	return fmt.Errorf("%s: a report is .md or .html", file)
}

// Chart draws the models side by side, with gonum/plot: the pass rate of
// each (bars) and its spread over the repeats (the lowest and highest
// rate as error bars), as SVG.
func Chart(s Summary) ([]byte, error) {
	p := plot.New()
	p.Title.Text = "loopls bench: tasks passed per model"
	p.Y.Label.Text = "pass rate (%)"
	p.Y.Min, p.Y.Max = 0, 100
	rates := make(plotter.Values, len(s.Models))
	names := make([]string, len(s.Models))
	errs := make(plotter.YErrors, len(s.Models))
	for i, m := range s.Models {
		rates[i] = 100 * m.PassRate
		names[i] = fmt.Sprintf("%s (%d/%d)", m.Model, m.Passed, m.Runs-m.Skipped)
		errs[i].Low = 100 * (m.PassRate - m.PassRateMin)
		errs[i].High = 100 * (m.PassRateMax - m.PassRate)
	}
	if len(rates) == 0 {
		rates, names, errs = plotter.Values{0}, []string{"no runs"}, plotter.YErrors{{}}
	}
	bars, err := plotter.NewBarChart(rates, vg.Points(40))
	if err != nil {
		return nil, err
	}
	bars.LineStyle.Width = vg.Length(0)
	bars.Color = color.RGBA{R: 0x4c, G: 0x78, B: 0xa8, A: 0xff}
	p.Add(plotter.NewGrid(), bars)
	type xyErrs struct {
		plotter.XYs
		plotter.YErrors
	}
	pts := xyErrs{XYs: make(plotter.XYs, len(rates)), YErrors: errs}
	for i, r := range rates {
		pts.XYs[i] = plotter.XY{X: float64(i), Y: r}
	}
	eb, err := plotter.NewYErrorBars(pts)
	if err != nil {
		return nil, err
	}
	eb.LineStyle.Width = vg.Points(1.5)
	p.Add(eb)
	p.NominalX(names...)
	p.X.Tick.Label.Rotation = 0
	width := vg.Points(float64(max(360, 140*len(names))))
	c := vgsvg.New(width, vg.Points(300))
	p.Draw(draw.New(c))
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// page is what both report formats show.
type page struct {
	When, Machine string
	Summary       Summary
	Results       []resultRow
	Chart         template.HTML
}

type resultRow struct {
	Result
	Verdict, Why string
}

func pageData(rep Report, s Summary, chart template.HTML) page {
	p := page{
		When:    time.Now().UTC().Format("2006-01-02 15:04 UTC"),
		Machine: fmt.Sprintf("%s/%s, %d CPUs", runtime.GOOS, runtime.GOARCH, runtime.NumCPU()),
		Summary: s, Chart: chart,
	}
	for _, r := range rep.Results {
		why := r.Why
		if r.Passed == nil {
			why = r.Skipped
		}
		p.Results = append(p.Results, resultRow{Result: r, Verdict: PassedWord(r), Why: oneLine(why, 160)})
	}
	return p
}

// mdCell makes s safe in a Markdown table cell.
func mdCell(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	r := strings.NewReplacer("|", `\|`, "<", "&lt;", ">", "&gt;", "`", "'", "*", `\*`, "_", `\_`, "[", `\[`)
	if s == "" {
		return "-"
	}
	return r.Replace(s)
}

func markdown(rep Report, s Summary, svg string) string {
	p := pageData(rep, s, "")
	var b strings.Builder
	fmt.Fprintf(&b, "# loopls bench report\n\n%s, on %s. How to read it: docs/bench.md.\n\n", p.When, p.Machine)
	if s.Stopped {
		b.WriteString("**Stopped early**: only the runs below were measured.\n\n")
	}
	fmt.Fprintf(&b, "![pass rate per model](%s)\n\n## Models\n\n", svg)
	b.WriteString("| model | passed | pass rate (min–max over repeats) | median turns | median wall | median TTFT | median tok/s | tool calls | recovered | refused edits | unknown tools | tokens in/out | failures | what ran |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, m := range s.Models {
		fmt.Fprintf(&b, "| %s | %d/%d | %.0f%% (%.0f–%.0f%%) | %.1f | %.1f s | %.0f ms | %.1f | %d | %d | %d | %d | %d/%d | %s | %s |\n",
			mdCell(m.Model), m.Passed, m.Runs-m.Skipped, 100*m.PassRate, 100*m.PassRateMin, 100*m.PassRateMax,
			m.MedianTurns, m.MedianWallMs/1000, m.MedianTTFTMs, m.MedianTokensPerSec, m.ToolCalls,
			m.RecoveredCalls, m.RefusedEdits, m.UnknownTools, m.InputTokens, m.OutputTokens,
			mdCell(failureText(m.Failures)), mdCell(factsText(m.Facts)))
	}
	for _, m := range s.Models {
		if m.Facts.Parameters != "" {
			fmt.Fprintf(&b, "\nSampling of %s (the Modelfile's parameters; loopls sends none): %s\n", mdCell(m.Model), mdCell(strings.ReplaceAll(m.Facts.Parameters, "\n", "; ")))
		}
	}
	b.WriteString("\n## Runs\n\n| task | model | # | result | turns | tool calls | recovered | refused | unknown | tokens in/out | TTFT | tok/s | load/prompt/eval ms | KV reuse | memory | wall | why |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range p.Results {
		fmt.Fprintf(&b, "| %s | %s | %d | %s | %d | %d | %d | %d | %d | %d/%d | %d ms | %.1f | %d/%d/%d | %.0f%% | %s | %.1f s | %s |\n",
			mdCell(r.Task), mdCell(r.Model), r.Repeat, r.Verdict, r.Turns, r.ToolCalls, r.RecoveredCalls, r.RefusedEdits,
			r.UnknownTools, r.InputTokens, r.OutputTokens, r.TTFTMs, r.TokensPerSec, r.LoadMs, r.PromptEvalMs, r.EvalMs,
			100*r.KVReuse, mib(r.MemoryBytes), float64(r.WallMs)/1000, mdCell(r.Why))
	}
	fmt.Fprintf(&b, "\n%d of %d runs passed, %d skipped.\n", s.Passed, s.Tasks, s.Skipped)
	return b.String()
}

func mib(n int64) string {
	if n <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f MiB", float64(n)/(1<<20))
}

var htmlPage = template.Must(template.New("report").Funcs(template.FuncMap{
	"pct":   func(f float64) string { return fmt.Sprintf("%.0f%%", 100*f) },
	"secs":  func(ms float64) string { return fmt.Sprintf("%.1f s", ms/1000) },
	"isecs": func(ms int64) string { return fmt.Sprintf("%.1f s", float64(ms)/1000) },
	"f1":    func(f float64) string { return fmt.Sprintf("%.1f", f) },
	"fail":  failureText,
	"facts": factsText,
	"mib":   mib,
	"minus": func(a, b int) int { return a - b },
}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>loopls bench report</title>
<style>body{font-family:system-ui,sans-serif;margin:2em;max-width:90em}table{border-collapse:collapse;font-size:90%}td,th{border:1px solid #ccc;padding:.25em .5em;text-align:left}td.n{text-align:right}.FAIL{color:#b00}.pass{color:#070}</style>
</head><body>
<h1>loopls bench report</h1>
<p>{{.When}}, on {{.Machine}}. How to read it: docs/bench.md.</p>
{{if .Summary.Stopped}}<p><strong>Stopped early</strong>: only the runs below were measured.</p>{{end}}
<figure>{{.Chart}}</figure>
<h2>Models</h2>
<table><tr><th>model</th><th>passed</th><th>pass rate (min–max)</th><th>median turns</th><th>median wall</th><th>median TTFT</th><th>median tok/s</th><th>recovered</th><th>refused edits</th><th>unknown tools</th><th>tokens in/out</th><th>failures</th><th>what ran</th></tr>
{{range .Summary.Models}}<tr><td>{{.Model}}</td><td class="n">{{.Passed}}/{{minus .Runs .Skipped}}</td><td class="n">{{pct .PassRate}} ({{pct .PassRateMin}}–{{pct .PassRateMax}})</td><td class="n">{{f1 .MedianTurns}}</td><td class="n">{{secs .MedianWallMs}}</td><td class="n">{{f1 .MedianTTFTMs}} ms</td><td class="n">{{f1 .MedianTokensPerSec}}</td><td class="n">{{.RecoveredCalls}}</td><td class="n">{{.RefusedEdits}}</td><td class="n">{{.UnknownTools}}</td><td class="n">{{.InputTokens}}/{{.OutputTokens}}</td><td>{{fail .Failures}}</td><td>{{facts .Facts}}{{if .Facts.Parameters}}<br><small>{{.Facts.Parameters}}</small>{{end}}</td></tr>
{{end}}</table>
<h2>Runs</h2>
<table><tr><th>task</th><th>model</th><th>#</th><th>result</th><th>turns</th><th>tool calls</th><th>recovered</th><th>refused</th><th>unknown</th><th>tokens in/out</th><th>TTFT</th><th>tok/s</th><th>load/prompt/eval ms</th><th>KV reuse</th><th>memory</th><th>wall</th><th>why</th></tr>
{{range .Results}}<tr><td>{{.Task}}</td><td>{{.Model}}</td><td class="n">{{.Repeat}}</td><td class="{{.Verdict}}">{{.Verdict}}</td><td class="n">{{.Turns}}</td><td class="n">{{.ToolCalls}}</td><td class="n">{{.RecoveredCalls}}</td><td class="n">{{.RefusedEdits}}</td><td class="n">{{.UnknownTools}}</td><td class="n">{{.InputTokens}}/{{.OutputTokens}}</td><td class="n">{{.TTFTMs}} ms</td><td class="n">{{f1 .TokensPerSec}}</td><td class="n">{{.LoadMs}}/{{.PromptEvalMs}}/{{.EvalMs}}</td><td class="n">{{pct .KVReuse}}</td><td class="n">{{mib .MemoryBytes}}</td><td class="n">{{isecs .WallMs}}</td><td>{{.Why}}</td></tr>
{{end}}</table>
<p>{{.Summary.Passed}} of {{.Summary.Tasks}} runs passed, {{.Summary.Skipped}} skipped.</p>
</body></html>
`))
