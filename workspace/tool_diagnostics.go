package workspace

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/loopls/loopls/engine"
)

// ToolDiagnostics is the tool that reads the editor's diagnostics; it is
// offered only when the editor can answer loopls/diagnostics.
const ToolDiagnostics = "diagnostics"

type diagnosticsTool struct{ w *Workspace }

type diagnosticsArgs struct {
	Paths []string `json:"paths"`
}

func (t *diagnosticsTool) Spec() engine.ToolSpec {
	return engine.ToolSpec{
		Name: ToolDiagnostics,
		Description: "List the errors and warnings the user's editor reports for files of the workspace (from every language server it runs: " +
			"compilers, type checkers, linters). Without paths, the files this run edited. Use it to check that an edit compiles.",
		Parameters: json.RawMessage(`{"type":"object","properties":{` +
			`"paths":{"type":"array","items":{"type":"string"},"description":"file paths relative to the workspace root (default: the files this run edited)"}},` +
			`"additionalProperties":false}`),
	}
}

func (t *diagnosticsTool) Call(ctx context.Context, inv engine.ToolInvocation) (engine.ToolResult, error) {
	var a diagnosticsArgs
	if err := decodeArgs(inv.Call.Arguments, &a); err != nil {
		return failed("diagnostics: %v", err)
	}
	w := t.w
	var rels []string
	seen := make(map[string]bool)
	add := func(rel string) {
		if !seen[rel] {
			seen[rel] = true
			rels = append(rels, rel)
		}
	}
	if len(a.Paths) == 0 {
		for _, j := range w.Journal(inv.RunID) {
			add(j.Path)
		}
		if len(rels) == 0 {
			return failed("diagnostics: this run has edited no file yet; give paths")
		}
	}
	if len(a.Paths) > MaxDiagnosticPaths {
		return failed("diagnostics: %d paths; ask for at most %d at a time", len(a.Paths), MaxDiagnosticPaths)
	}
	for _, p := range a.Paths {
		rel, err := w.Rel(p)
		if err != nil {
			return failed("diagnostics: %s", describe(err))
		}
		if rel == "." {
			return failed("diagnostics: %s is the workspace root; give file paths", p)
		}
		add(rel)
	}
	if len(rels) > MaxDiagnosticPaths {
		rels = rels[:MaxDiagnosticPaths]
	}
	files, known, err := w.diagnosticsOf(ctx, rels)
	if ctx.Err() != nil {
		return engine.ToolResult{Output: "diagnostics: cancelled", IsError: true}, ctx.Err()
	}
	if !known {
		why := "the editor did not answer"
		if err != nil {
			why = err.Error()
		}
		return failed("diagnostics: no diagnostics are known for %s: %s", strings.Join(rels, ", "), why)
	}
	var b strings.Builder
	var clean []string
	var problems []fileProblems
	for _, f := range files {
		if len(f.diags) == 0 {
			clean = append(clean, f.path)
			continue
		}
		problems = append(problems, f)
	}
	formatProblems(&b, problems)
	if len(clean) > 0 {
		fmt.Fprintf(&b, "No errors or warnings in %s.\n", strings.Join(clean, ", "))
	}
	return ok(strings.TrimRight(b.String(), "\n"))
}
