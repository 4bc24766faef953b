package rpc

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/loopls/loopls/workspace"
)

// fixParams are loopls.fix's argument and loopls/run's "fix".
type fixParams struct {
	URI         string          `json:"uri"`
	Range       *protocol.Range `json:"range"`
	Diagnostics []fixDiagnostic `json:"diagnostics"`
	Instruction string          `json:"instruction"`
}

// fixDiagnostic is the part of a Diagnostic a fix prompt uses.
type fixDiagnostic struct {
	Range    protocol.Range  `json:"range"`
	Severity int             `json:"severity"`
	Message  string          `json:"message"`
	Source   string          `json:"source"`
	Code     json.RawMessage `json:"code"`
}

// fixPath is the fixed file's path as the prompt and the title give it:
// relative to the workspace, else the URI.
func fixPath(ws *workspace.Workspace, uri string) string {
	if p, ok := uriToPath(uri); ok {
		if rel, err := ws.Rel(p); err == nil {
			return rel
		}
	}
	return uri
}

// fixTitle names the session a fix starts by what it fixes ("Fix
// hello.txt:3-5: instruction"): its prompt's first line is often the
// default instruction, the same for every fix. "" without a fix or a
// workspace.
func (s *Server) fixTitle(f *fixParams) string {
	if f == nil || f.Range == nil {
		return ""
	}
	ws, err := s.docs.current()
	if err != nil {
		return ""
	}
	t := fmt.Sprintf("Fix %s:%d-%d", fixPath(ws, f.URI), f.Range.Start.Line+1, f.Range.End.Line+1)
	if instr := strings.TrimSpace(f.Instruction); instr != "" {
		t += ": " + instr
	}
	return t
}

// fixPrompt builds the prompt of a fix: the instruction first (what the user
// asked for), then the range's text and its diagnostics.
func (s *Server) fixPrompt(f *fixParams) (string, error) {
	if f.URI == "" {
		return "", badParam("fix.uri", "is required")
	}
	if f.Range == nil {
		return "", badParam("fix.range", "is required")
	}
	ws, err := s.docs.await(s.ctx)
	if err != nil {
		return "", badParam("fix.uri", "cannot be read: %v", err)
	}
	text, err := ws.RangeText(f.URI, *f.Range)
	if err != nil {
		return "", badParam("fix.uri", "cannot be read: %v", err)
	}
	path := fixPath(ws, f.URI)
	var b strings.Builder
	instr := strings.TrimSpace(f.Instruction)
	if instr == "" {
		if len(f.Diagnostics) > 0 {
			instr = "Fix the problems reported in this code."
		} else {
			instr = "Improve this code."
		}
	}
	b.WriteString(instr)
	fmt.Fprintf(&b, "\n\nFile: %s, lines %d-%d:\n```\n%s\n```\n", path, f.Range.Start.Line+1, f.Range.End.Line+1, text)
	if len(f.Diagnostics) > 0 {
		b.WriteString("\nProblems reported there:\n")
		for _, d := range f.Diagnostics {
			fmt.Fprintf(&b, "- line %d: %s", d.Range.Start.Line+1, d.Message)
			if d.Source != "" {
				fmt.Fprintf(&b, " (%s)", d.Source)
			}
			b.WriteString("\n")
		}
	}
	fmt.Fprintf(&b, "\nChange %s with edit_file; leave the rest of the file as it is.", path)
	return b.String(), nil
}

// codeActionParams are textDocument/codeAction's.
type codeActionParams struct {
	TextDocument struct {
		URI string `json:"uri"`
	} `json:"textDocument"`
	Range   *protocol.Range `json:"range"`
	Context struct {
		Diagnostics []json.RawMessage `json:"diagnostics"`
		Only        []string          `json:"only"`
	} `json:"context"`
}

// codeAction offers "Fix with loopls" on any range: quickfix where
// diagnostics are present, else refactor.rewrite. It must be fast (VS Code
// asks on every cursor move), so it reads nothing and calls no model.
func (s *Server) codeAction(_ context.Context, params *json.RawMessage) (any, error) {
	var p codeActionParams
	if err := decodeParams(params, &p); err != nil {
		return nil, err
	}
	if p.TextDocument.URI == "" {
		return nil, badParam("textDocument.uri", "is required")
	}
	if p.Range == nil {
		return nil, badParam("range", "is required")
	}
	// One name in every client's menu; the kind tells a quick fix from a
	// rewrite of a range that has no diagnostics.
	const title = "Fix with loopls"
	kind := "refactor.rewrite"
	if len(p.Context.Diagnostics) > 0 {
		kind = "quickfix"
	}
	if len(p.Context.Only) > 0 && !kindAllowed(kind, p.Context.Only) {
		return []any{}, nil
	}
	diags := p.Context.Diagnostics
	if diags == nil {
		diags = []json.RawMessage{}
	}
	arg := map[string]any{"uri": p.TextDocument.URI, "range": p.Range, "diagnostics": diags}
	action := map[string]any{
		"title":   title,
		"kind":    kind,
		"command": map[string]any{"title": title, "command": CommandFix, "arguments": []any{arg}},
	}
	if len(p.Context.Diagnostics) > 0 {
		action["diagnostics"] = diags
	}
	return []any{action}, nil
}

// kindAllowed reports whether kind is covered by one of only (LSP kinds are
// hierarchical: "refactor" covers "refactor.rewrite").
func kindAllowed(kind string, only []string) bool {
	for _, o := range only {
		if kind == o || strings.HasPrefix(kind, o+".") {
			return true
		}
	}
	return false
}
