package workspace

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"go.lsp.dev/uri"

	"github.com/loopls/loopls/engine/machine"
)

// Severity is an LSP DiagnosticSeverity: 1 error, 2 warning, 3 information,
// 4 hint.
type Severity int

// The severities of LSP.
const (
	SeverityError   Severity = 1
	SeverityWarning Severity = 2
	SeverityInfo    Severity = 3
	SeverityHint    Severity = 4
)

func (s Severity) String() string {
	switch s {
	case SeverityError:
		return "error"
	case SeverityWarning:
		return "warning"
	case SeverityInfo:
		return "info"
	case SeverityHint:
		return "hint"
	}
	return "error" // LSP: a diagnostic without a severity is the client's to interpret; shown as the worst
}

// Diagnostic is one problem the editor holds for a file, from any of its
// language servers. Line and Column are 1-based (Column counts UTF-16 code
// units, as LSP positions do).
type Diagnostic struct {
	Line     int      `json:"line"`
	Column   int      `json:"column"`
	Severity Severity `json:"severity"`
	Source   string   `json:"source,omitempty"`
	Code     string   `json:"code,omitempty"`
	Message  string   `json:"message"`
}

// key identifies a diagnostic across edits. The range is left out on
// purpose: an edit above a problem moves it without making it another one,
// and an edit that breaks something new says so with a new message (or a
// second copy of one), not with a position.
func (d Diagnostic) key() string { return d.Source + "\x00" + d.Code + "\x00" + d.Message }

// FileDiagnostics are the diagnostics the editor holds for one document.
type FileDiagnostics struct {
	URI         string
	Diagnostics []Diagnostic
}

// DiagnosticsSource asks the editor for the diagnostics it holds for uris,
// once they have settled after the latest edit. It is the daemon's
// loopls/diagnostics request to a client that declared it can answer. An
// answer may leave a document out (nothing known of it); an error means no
// diagnostics are known at all.
type DiagnosticsSource interface {
	Diagnostics(ctx context.Context, uris []string) ([]FileDiagnostics, error)
}

// The bounds of what diagnostics the model is shown.
const (
	// MaxDiagnosticPaths bounds the paths one diagnostics call asks for.
	MaxDiagnosticPaths = 32
	// maxDiagnosticLines bounds the problems listed in one tool result.
	maxDiagnosticLines = 60
	// maxDiagnosticMessage bounds one problem's message as shown.
	maxDiagnosticMessage = 300
)

// editChecks say what an edit takes the editor's diagnostics for: report,
// to tell the model the errors it added; baseline, for a fix's check.
type editChecks struct{ report, baseline bool }

// fileProblems are the errors and warnings of one file, by path relative to
// the root.
type fileProblems struct {
	path  string
	diags []Diagnostic
}

// diagnosticsOf asks the source for rels' diagnostics and returns them by
// path, in rels' order; only documents asked for are taken from the answer,
// and only errors and warnings are kept. known is false when the editor
// could not answer.
func (w *Workspace) diagnosticsOf(ctx context.Context, rels []string) (out []fileProblems, known bool, err error) {
	if w.diagnostics == nil {
		return nil, false, nil
	}
	uris := make([]string, len(rels))
	byURI := make(map[string]int, len(rels))
	for i, rel := range rels {
		u, _, _ := w.uriFor(rel)
		uris[i] = u
		byURI[u] = i
		// The editor may answer with the file:// form of an open document
		// whose URI differs (an untitled scheme is not ours to ask for).
		if f := w.fileURI(rel); f != u {
			byURI[f] = i
		}
	}
	files, err := w.diagnostics.Diagnostics(ctx, uris)
	if err != nil {
		return nil, false, err
	}
	out = make([]fileProblems, len(rels))
	for i, rel := range rels {
		out[i].path = rel
	}
	for _, f := range files {
		i, ok := byURI[f.URI]
		if !ok {
			continue
		}
		for _, d := range f.Diagnostics {
			if d.Severity == SeverityError || d.Severity == SeverityWarning || d.Severity == 0 {
				if d.Severity == 0 {
					d.Severity = SeverityError
				}
				out[i].diags = append(out[i].diags, d)
			}
		}
	}
	for i := range out {
		slices.SortStableFunc(out[i].diags, func(a, b Diagnostic) int {
			if a.Severity != b.Severity {
				return int(a.Severity) - int(b.Severity)
			}
			if a.Line != b.Line {
				return a.Line - b.Line
			}
			return a.Column - b.Column
		})
	}
	return out, true, nil
}

// formatProblems lists problems one a line, path:line:col: severity
// [source code] message, at most maxDiagnosticLines of them.
func formatProblems(b *strings.Builder, files []fileProblems) {
	shown, total := 0, 0
	for _, f := range files {
		for _, d := range f.diags {
			total++
			if shown >= maxDiagnosticLines {
				continue
			}
			shown++
			b.WriteString(problemLine(f.path, d))
			b.WriteByte('\n')
		}
	}
	if total > shown {
		fmt.Fprintf(b, "… and %d more not shown.\n", total-shown)
	}
}

// problemLine is one problem as the model sees it.
func problemLine(path string, d Diagnostic) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s:%d:%d: %s", path, d.Line, d.Column, d.Severity)
	if d.Source != "" || d.Code != "" {
		b.WriteString(" [")
		b.WriteString(strings.TrimSpace(d.Source + " " + d.Code))
		b.WriteString("]")
	}
	msg := strings.Join(strings.Fields(d.Message), " ")
	if r := []rune(msg); len(r) > maxDiagnosticMessage {
		msg = string(r[:maxDiagnosticMessage]) + "…"
	}
	b.WriteString(" ")
	b.WriteString(msg)
	return b.String()
}

// newErrors returns the errors of after that before did not have, counting
// copies: a key present once before and twice after has one new error.
func newErrors(before, after []Diagnostic) []Diagnostic {
	seen := make(map[string]int)
	for _, d := range before {
		if d.Severity == SeverityError {
			seen[d.key()]++
		}
	}
	var out []Diagnostic
	for _, d := range after {
		if d.Severity != SeverityError {
			continue
		}
		if seen[d.key()] > 0 {
			seen[d.key()]--
			continue
		}
		out = append(out, d)
	}
	return out
}

// maxBaselineRuns bounds the runs whose baselines are kept; the oldest
// run's go first (a fix is checked when its run ends, long before).
const maxBaselineRuns = 64

// baselines are, per run, each edited file's problems before the run's first
// edit of it: what a fix's verdict compares with.
type baselines struct {
	mu    sync.Mutex
	runs  map[machine.RunID]map[string][]Diagnostic // run → path → problems
	order []machine.RunID
}

// note records path's problems before an edit of run, unless an earlier
// edit of the run recorded them.
func (b *baselines) note(run machine.RunID, path string, diags []Diagnostic) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.runs == nil {
		b.runs = make(map[machine.RunID]map[string][]Diagnostic)
	}
	m := b.runs[run]
	if m == nil {
		if len(b.order) >= maxBaselineRuns {
			delete(b.runs, b.order[0])
			b.order = b.order[1:]
		}
		m = make(map[string][]Diagnostic)
		b.runs[run] = m
		b.order = append(b.order, run)
	}
	if _, ok := m[path]; !ok {
		m[path] = slices.Clone(diags)
	}
}

// of returns path's baseline in run, and whether there is one.
func (b *baselines) of(run machine.RunID, path string) ([]Diagnostic, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	d, ok := b.runs[run][path]
	return d, ok
}

// fileURI is rel's file:// URI.
func (w *Workspace) fileURI(rel string) string { return string(uri.File(w.abs(rel))) }

// checkBefore takes rel's problems before an edit of run: the snapshot the
// check after the edit compares with, and the run's baseline of rel. It is
// nil when the editor cannot be asked or could not answer.
func (w *Workspace) checkBefore(ctx context.Context, run machine.RunID, rel string) []fileProblems {
	if w.diagnostics == nil {
		return nil
	}
	files, known, err := w.diagnosticsOf(ctx, []string{rel})
	if !known {
		w.log.Info("no diagnostics before the edit", "path", rel, "err", err)
		return nil
	}
	w.baselines.note(run, rel, files[0].diags)
	return files
}

// checkAfter reports, for the model, the errors rel has after an edit that
// it did not have in before; "" when before is nil (nothing known) or the
// editor cannot answer now.
func (w *Workspace) checkAfter(ctx context.Context, rel string, before []fileProblems) string {
	if before == nil {
		return ""
	}
	after, known, err := w.diagnosticsOf(ctx, []string{rel})
	if !known {
		w.log.Info("no diagnostics after the edit", "path", rel, "err", err)
		return ""
	}
	fresh := newErrors(before[0].diags, after[0].diags)
	if len(fresh) == 0 {
		return fmt.Sprintf("\n\nThe editor reports no new errors in %s.", rel)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n\nNew errors in %s after this edit (the editor's diagnostics):\n", rel)
	formatProblems(&b, []fileProblems{{path: rel, diags: fresh}})
	return strings.TrimRight(b.String(), "\n")
}
