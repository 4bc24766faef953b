package workspace

import (
	"context"
	"fmt"
	"strings"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// FixTarget is what a fix run was started on: a document and the
// diagnostics of it the user asked to have fixed.
type FixTarget struct {
	// Path is relative to the root.
	Path        string
	Diagnostics []Diagnostic
}

// maxFixFiles bounds the files a fix's check asks about: the target and
// the files the run edited.
const maxFixFiles = MaxDiagnosticPaths

// FixCheck returns the check of fix run run (engine.Check): once the run
// completes, the editor is asked for the diagnostics of the target and of
// every file the run edited. The fix passes when none of the target's
// diagnostics is reported any more and the edited files have no error they
// did not have before the run's first edit of them (compared by source,
// code and message, as the check after each edit compares). Otherwise the
// verdict lists what remains, and the next input gives it to the model.
// A source-less workspace has no check: nil.
func (w *Workspace) FixCheck(run machine.RunID, target FixTarget) engine.Check {
	if w.diagnostics == nil || len(target.Diagnostics) == 0 {
		return nil
	}
	return func(ctx context.Context) (engine.Verdict, string) {
		return w.checkFix(ctx, run, target)
	}
}

func (w *Workspace) checkFix(ctx context.Context, run machine.RunID, target FixTarget) (engine.Verdict, string) {
	rels := []string{target.Path}
	seen := map[string]bool{target.Path: true}
	for _, j := range w.Journal(run) {
		if !seen[j.Path] && len(rels) < maxFixFiles {
			seen[j.Path] = true
			rels = append(rels, j.Path)
		}
	}
	files, known, err := w.diagnosticsOf(ctx, rels)
	if !known {
		why := "the editor did not answer"
		if err != nil {
			why = err.Error()
		}
		return engine.Verdict{Note: "not checked: no diagnostics are known: " + why}, ""
	}
	// What the user asked to fix and is still reported: the target's
	// diagnostics matched by key, each at most once.
	wanted := make(map[string]int)
	for _, d := range target.Diagnostics {
		wanted[d.key()]++
	}
	var left []fileProblems
	for _, f := range files {
		var remain []Diagnostic
		if f.path == target.Path {
			for _, d := range f.diags {
				if wanted[d.key()] > 0 {
					wanted[d.key()]--
					remain = append(remain, d)
				}
			}
		}
		// Errors the run added: against the file's problems before the
		// run's first edit of it; a file the run did not edit added none.
		if before, ok := w.baselines.of(run, f.path); ok {
			remain = append(remain, newErrors(before, withoutKeys(f.diags, remain))...)
		}
		if len(remain) > 0 {
			left = append(left, fileProblems{path: f.path, diags: remain})
		}
	}
	if len(left) == 0 {
		return engine.Verdict{Fixed: true}, ""
	}
	var b strings.Builder
	formatProblems(&b, left)
	lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	next := fmt.Sprintf("The problem is not fixed yet. The editor still reports:\n%s\n\n"+
		"Fix these with edit_file, then answer briefly what you changed.", strings.Join(lines, "\n"))
	return engine.Verdict{Remaining: lines}, next
}

// withoutKeys returns diags without one copy of each of drop (already
// counted as what remains of the target).
func withoutKeys(diags, drop []Diagnostic) []Diagnostic {
	n := make(map[string]int)
	for _, d := range drop {
		n[d.key()]++
	}
	var out []Diagnostic
	for _, d := range diags {
		if n[d.key()] > 0 {
			n[d.key()]--
			continue
		}
		out = append(out, d)
	}
	return out
}
