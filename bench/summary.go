package bench

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"
)

// Summary is a bench's account per model and in all.
type Summary struct {
	// Tasks counts the runs (task × model × repeat), skipped ones too;
	// Passed those that passed, Skipped those not run.
	Tasks   int            `json:"tasks"`
	Passed  int            `json:"passed"`
	Skipped int            `json:"skipped"`
	Stopped bool           `json:"stopped,omitempty"`
	Models  []ModelSummary `json:"models"`
}

// ModelSummary is one model's figures over its runs.
type ModelSummary struct {
	Model   string `json:"model"`
	Runs    int    `json:"runs"`
	Passed  int    `json:"passed"`
	Skipped int    `json:"skipped"`
	// PassRate is passed over graded runs; PassRateMin and PassRateMax are
	// the lowest and highest of the repeats' own rates (equal without
	// --repeat).
	PassRate    float64 `json:"passRate"`
	PassRateMin float64 `json:"passRateMin"`
	PassRateMax float64 `json:"passRateMax"`
	// Medians over the graded runs.
	MedianTurns        float64 `json:"medianTurns"`
	MedianWallMs       float64 `json:"medianWallMs"`
	MedianTTFTMs       float64 `json:"medianTtftMs"`
	MedianTokensPerSec float64 `json:"medianTokensPerSec"`
	// Totals over the runs.
	ToolCalls      int `json:"toolCalls"`
	RecoveredCalls int `json:"recoveredCalls"`
	RefusedEdits   int `json:"refusedEdits"`
	UnknownTools   int `json:"unknownTools"`
	InputTokens    int `json:"inputTokens"`
	OutputTokens   int `json:"outputTokens"`
	// Failures counts the failed runs by where the failure came from: the
	// run's outcome when it did not complete (max_turns_exceeded, failed,
	// …), else "check" (the run completed, the check did not pass).
	Failures map[string]int `json:"failures"`
	Facts    ModelFacts     `json:"facts"`
}

// Summarize computes the summary of rep.
func Summarize(rep Report) Summary {
	s := Summary{Stopped: rep.Stopped, Models: []ModelSummary{}}
	byModel := map[string]*ModelSummary{}
	type acc struct {
		turns, wall, ttft, tps []float64
		repeats                map[int][2]int // repeat → passed, graded
	}
	accs := map[string]*acc{}
	for _, r := range rep.Results {
		if _, seen := accs[r.Model]; !seen {
			accs[r.Model] = &acc{repeats: map[int][2]int{}}
			s.Models = append(s.Models, ModelSummary{Model: r.Model, Failures: map[string]int{}, Facts: rep.Models[r.Model]})
		}
	}
	for i := range s.Models {
		byModel[s.Models[i].Model] = &s.Models[i]
	}
	for _, r := range rep.Results {
		s.Tasks++
		m, a := byModel[r.Model], accs[r.Model]
		m.Runs++
		if r.Passed == nil {
			m.Skipped++
			s.Skipped++
			continue
		}
		rp := a.repeats[r.Repeat]
		rp[1]++
		if *r.Passed {
			m.Passed++
			s.Passed++
			rp[0]++
		} else {
			src := "check"
			if r.Outcome != "" && r.Outcome != "completed" {
				src = r.Outcome
			} else if r.Outcome == "" {
				src = "error"
			}
			m.Failures[src]++
		}
		a.repeats[r.Repeat] = rp
		a.turns = append(a.turns, float64(r.Turns))
		a.wall = append(a.wall, float64(r.WallMs))
		a.ttft = append(a.ttft, float64(r.TTFTMs))
		a.tps = append(a.tps, r.TokensPerSec)
		m.ToolCalls += r.ToolCalls
		m.RecoveredCalls += r.RecoveredCalls
		m.RefusedEdits += r.RefusedEdits
		m.UnknownTools += r.UnknownTools
		m.InputTokens += r.InputTokens
		m.OutputTokens += r.OutputTokens
	}
	for i := range s.Models {
		m := &s.Models[i]
		a := accs[m.Model]
		if graded := m.Runs - m.Skipped; graded > 0 {
			m.PassRate = float64(m.Passed) / float64(graded)
		}
		first := true
		for _, rp := range a.repeats {
			if rp[1] == 0 {
				continue
			}
			rate := float64(rp[0]) / float64(rp[1])
			if first || rate < m.PassRateMin {
				m.PassRateMin = rate
			}
			if first || rate > m.PassRateMax {
				m.PassRateMax = rate
			}
			first = false
		}
		m.MedianTurns, m.MedianWallMs = median(a.turns), median(a.wall)
		m.MedianTTFTMs, m.MedianTokensPerSec = median(a.ttft), median(a.tps)
	}
	return s
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	v = slices.Clone(v)
	sort.Float64s(v)
	n := len(v)
	if n%2 == 1 {
		return v[n/2]
	}
	return (v[n/2-1] + v[n/2]) / 2
}

// PassedWord is how a result's verdict reads in a table.
func PassedWord(r Result) string {
	switch {
	case r.Passed == nil:
		return "skipped"
	case *r.Passed:
		return "pass"
	}
	return "FAIL"
}

// WriteTable writes the results and the summary as aligned text.
func WriteTable(w io.Writer, rep Report, s Summary) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "TASK\tMODEL\tRESULT\tTURNS\tTOOLS\tRECOVERED\tREFUSED\tUNKNOWN\tTOKENS IN/OUT\tTTFT\tTOK/S\tLOAD/PROMPT/EVAL MS\tKV REUSE\tWALL\tWHY")
	for _, r := range rep.Results {
		if r.Passed == nil {
			fmt.Fprintf(tw, "%s\t%s\tskipped\t\t\t\t\t\t\t\t\t\t\t\t%s\n", r.Task, r.Model, r.Skipped)
			continue
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d/%d\t%dms\t%.1f\t%d/%d/%d\t%.0f%%\t%.1fs\t%s\n",
			r.Task, r.Model, PassedWord(r), r.Turns, r.ToolCalls, r.RecoveredCalls, r.RefusedEdits, r.UnknownTools,
			r.InputTokens, r.OutputTokens, r.TTFTMs, r.TokensPerSec, r.LoadMs, r.PromptEvalMs, r.EvalMs,
			100*r.KVReuse, float64(r.WallMs)/1000, oneLine(r.Why, 80))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "MODEL\tPASSED\tRATE (MIN–MAX)\tMEDIAN TURNS\tMEDIAN WALL\tMEDIAN TTFT\tMEDIAN TOK/S\tRECOVERED\tREFUSED\tUNKNOWN\tFAILURES\tWHAT RAN")
	for _, m := range s.Models {
		fmt.Fprintf(tw, "%s\t%d/%d\t%.0f%% (%.0f–%.0f%%)\t%.1f\t%.1fs\t%.0fms\t%.1f\t%d\t%d\t%d\t%s\t%s\n",
			m.Model, m.Passed, m.Runs-m.Skipped, 100*m.PassRate, 100*m.PassRateMin, 100*m.PassRateMax,
			m.MedianTurns, m.MedianWallMs/1000, m.MedianTTFTMs, m.MedianTokensPerSec,
			m.RecoveredCalls, m.RefusedEdits, m.UnknownTools, failureText(m.Failures), factsText(m.Facts))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "\n%d of %d runs passed, %d skipped%s\n", s.Passed, s.Tasks, s.Skipped, map[bool]string{true: " (stopped early: the rest was not run)"}[s.Stopped])
	return err
}

func failureText(f map[string]int) string {
	if len(f) == 0 {
		return "-"
	}
	keys := make([]string, 0, len(f))
	for k := range f {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, f[k])
	}
	return strings.Join(parts, ", ")
}

// factsText is what ran, in one cell.
func factsText(f ModelFacts) string {
	var parts []string
	if f.Quantization != "" {
		parts = append(parts, f.Quantization)
	}
	if f.Digest != "" {
		parts = append(parts, "digest "+f.Digest[:min(12, len(f.Digest))])
	}
	if f.NumCtx > 0 {
		parts = append(parts, fmt.Sprintf("num_ctx %d", f.NumCtx))
	}
	if f.Version != "" {
		parts = append(parts, "ollama "+f.Version)
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, ", ")
}

func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		s = strings.ToValidUTF8(s[:n], "") + "…"
	}
	return s
}
