package rpc

import (
	"go.lsp.dev/protocol"

	"github.com/loopls/loopls/session"
	"github.com/loopls/loopls/workspace"
)

// contextParam is one entry of a run's "context": a document and,
// optionally, the range of it to attach (whole lines are attached).
type contextParam struct {
	URI   string          `json:"uri"`
	Range *protocol.Range `json:"range"`
}

// contextRefs turns "context" into the session's refs.
func contextRefs(ps []contextParam) ([]session.ContextRef, error) {
	if len(ps) > session.MaxContextRefs {
		return nil, badParam("context", "has %d entries; at most %d", len(ps), session.MaxContextRefs)
	}
	refs := make([]session.ContextRef, 0, len(ps))
	for i, p := range ps {
		if p.URI == "" {
			return nil, badParam("context", "entry %d has no \"uri\"", i)
		}
		ref := session.ContextRef{URI: p.URI}
		if r := p.Range; r != nil {
			if r.End.Line < r.Start.Line || (r.End.Line == r.Start.Line && r.End.Character < r.Start.Character) {
				return nil, badParam("context", "entry %d: the range ends before it starts", i)
			}
			end := int(r.End.Line) + 1
			// A selection that ends at the start of a line does not take
			// that line.
			if r.End.Character == 0 && r.End.Line > r.Start.Line {
				end--
			}
			ref.Lines = &session.LineRange{Start: int(r.Start.Line) + 1, End: end}
		}
		refs = append(refs, ref)
	}
	return refs, nil
}

// runMode is the mode of a run: its "mode" parameter, else the "mode"
// setting, else auto.
func (s *Server) runMode(param string) (workspace.Mode, error) {
	word := param
	if word == "" {
		word = s.currentSettings().Mode
	}
	m, err := workspace.ParseMode(word)
	if err != nil {
		return "", badParam("mode", "%v", err)
	}
	return m, nil
}
