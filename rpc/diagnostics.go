package rpc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/loopls/loopls/workspace"
)

// The daemon's side of loopls/diagnostics: a client that declared
// experimental.loopls.diagnostics answers it with the diagnostics its
// language servers published for the documents asked for, once they have
// settled (docs/protocol.md). The workspace asks through Server.Diagnostics.
const (
	// diagnosticsSettle is how long the diagnostics of a document must
	// stay unchanged before the client answers (settleMs).
	diagnosticsSettle = 500 * time.Millisecond
	// diagnosticsTimeout bounds the daemon's wait for an answer; clients
	// bound their settling at 5 s, so this leaves room for the round trip.
	diagnosticsTimeout = 10 * time.Second
	// maxDiagnosticsAnswer bounds the answer the daemon decodes.
	maxDiagnosticsAnswer = 4 << 20
	// maxDiagnosticsPerDocument bounds the diagnostics kept per document.
	maxDiagnosticsPerDocument = 500
	// maxDiagnosticMessage bounds one message as kept.
	maxDiagnosticMessage = 2000
)

// errBadDiagnostics is an answer that is not what loopls/diagnostics
// answers: taken as "no diagnostics known".
var errBadDiagnostics = errors.New("the editor's answer to loopls/diagnostics is malformed")

// diagnosticsParams are loopls/diagnostics' params.
type diagnosticsParams struct {
	URIs     []string `json:"uris,omitempty"`
	SettleMs int      `json:"settleMs"`
}

// wireDocumentDiagnostics is one entry of the answer, decoded leniently.
type wireDocumentDiagnostics struct {
	URI         string            `json:"uri"`
	Version     *int32            `json:"version,omitempty"`
	Diagnostics []json.RawMessage `json:"diagnostics"`
}

// wireDiagnostic is LSP's Diagnostic, the fields the daemon reads.
type wireDiagnostic struct {
	Range struct {
		Start struct {
			Line      int `json:"line"`
			Character int `json:"character"`
		} `json:"start"`
	} `json:"range"`
	Severity int             `json:"severity"`
	Code     json.RawMessage `json:"code"`
	Source   string          `json:"source"`
	Message  string          `json:"message"`
}

// diagnosticsCapable reports whether the client declared it answers
// loopls/diagnostics: experimental.loopls.diagnostics true, or an object
// (room for options later). false, null or anything else is no.
func diagnosticsCapable(raw json.RawMessage) bool {
	var v any
	if len(raw) == 0 || json.Unmarshal(raw, &v) != nil {
		return false
	}
	switch v := v.(type) {
	case bool:
		return v
	case map[string]any:
		return true
	}
	return false
}

// Diagnostics implements workspace.DiagnosticsSource with the client's
// loopls/diagnostics. A failure or a malformed answer is logged and
// returned as an error: no diagnostics are known, and the run goes on.
func (s *Server) Diagnostics(ctx context.Context, uris []string) ([]workspace.FileDiagnostics, error) {
	ctx, cancel := context.WithTimeout(ctx, diagnosticsTimeout)
	defer cancel()
	var raw json.RawMessage
	err := s.call(ctx, "loopls/diagnostics", diagnosticsParams{URIs: uris, SettleMs: int(diagnosticsSettle / time.Millisecond)}, &raw)
	if err != nil {
		s.log.Warn("loopls/diagnostics failed; no diagnostics known", "err", err)
		return nil, fmt.Errorf("loopls/diagnostics: %w", err)
	}
	files, err := decodeDiagnostics(raw)
	if err != nil {
		s.log.Warn("loopls/diagnostics answered badly; no diagnostics known", "err", err, "answer", quoteStart(raw))
		return nil, err
	}
	return files, nil
}

// decodeDiagnostics reads a loopls/diagnostics answer: a list of documents,
// each with its diagnostics. A diagnostic that is not one is skipped; an
// answer that is not a list of documents is errBadDiagnostics.
func decodeDiagnostics(raw json.RawMessage) ([]workspace.FileDiagnostics, error) {
	if len(raw) > maxDiagnosticsAnswer {
		return nil, fmt.Errorf("%w: %d bytes, more than %d", errBadDiagnostics, len(raw), maxDiagnosticsAnswer)
	}
	var docs []wireDocumentDiagnostics
	if err := json.Unmarshal(raw, &docs); err != nil {
		return nil, fmt.Errorf("%w: %v", errBadDiagnostics, err)
	}
	out := make([]workspace.FileDiagnostics, 0, len(docs))
	for _, d := range docs {
		if d.URI == "" {
			return nil, fmt.Errorf("%w: a document without \"uri\"", errBadDiagnostics)
		}
		f := workspace.FileDiagnostics{URI: d.URI}
		for _, rd := range d.Diagnostics {
			if len(f.Diagnostics) >= maxDiagnosticsPerDocument {
				break
			}
			var wd wireDiagnostic
			if json.Unmarshal(rd, &wd) != nil || wd.Message == "" || wd.Range.Start.Line < 0 || wd.Range.Start.Character < 0 {
				continue
			}
			sev := workspace.Severity(wd.Severity)
			if sev < 0 || sev > workspace.SeverityHint {
				sev = workspace.SeverityError
			}
			f.Diagnostics = append(f.Diagnostics, workspace.Diagnostic{
				Line:     wd.Range.Start.Line + 1,
				Column:   wd.Range.Start.Character + 1,
				Severity: sev,
				Source:   clip(wd.Source, 100),
				Code:     clip(codeString(wd.Code), 100),
				Message:  clip(wd.Message, maxDiagnosticMessage),
			})
		}
		out = append(out, f)
	}
	return out, nil
}

// codeString is a Diagnostic's code, a number or a string, as text.
func codeString(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		if _, err := strconv.ParseFloat(string(n), 64); err == nil {
			return string(n)
		}
	}
	return ""
}

// clip cuts s to at most n bytes, on a character boundary.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// quoteStart is the start of raw, for a log line.
func quoteStart(raw json.RawMessage) string { return clip(string(raw), 200) }

// fixTarget is what a fix run checks at its end: the fix's document and
// diagnostics, read as loopls/diagnostics answers are so that they compare
// (source, code, message). nil when the fix names no diagnostic, the
// client cannot answer loopls/diagnostics, or the document is not in the
// workspace.
func (s *Server) fixTarget(f *fixParams) *workspace.FixTarget {
	ws, err := s.docs.current()
	if f == nil || len(f.Diagnostics) == 0 || !s.conf.caps().diagnostics || err != nil {
		return nil
	}
	rel, err := ws.RelDocument(f.URI)
	if err != nil {
		return nil
	}
	t := &workspace.FixTarget{Path: rel}
	for _, d := range f.Diagnostics {
		if len(t.Diagnostics) >= maxDiagnosticsPerDocument {
			break
		}
		sev := workspace.Severity(d.Severity)
		if sev <= 0 || sev > workspace.SeverityHint {
			sev = workspace.SeverityError
		}
		t.Diagnostics = append(t.Diagnostics, workspace.Diagnostic{
			Line: int(d.Range.Start.Line) + 1, Column: int(d.Range.Start.Character) + 1, Severity: sev,
			Source: clip(d.Source, 100), Code: clip(codeString(d.Code), 100), Message: clip(d.Message, maxDiagnosticMessage),
		})
	}
	return t
}
