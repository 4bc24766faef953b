package rpc

import (
	"encoding/json"
	"errors"
	"testing"
	"unicode/utf8"

	"github.com/loopls/loopls/workspace"
)

// FuzzDecodeDiagnostics feeds arbitrary answers to the loopls/diagnostics
// decoder: it must never panic, must either refuse the answer as malformed
// or keep within its bounds (diagnostics per document, message size, 1-based
// positions, a known severity), and keep valid text valid.
func FuzzDecodeDiagnostics(f *testing.F) {
	f.Add([]byte(`[{"uri":"file:///a","version":3,"diagnostics":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":7}},"severity":1,"code":7,"source":"greet","message":"goodbye is not a greeting"}]}]`))
	f.Add([]byte(`[{"uri":"file:///a","diagnostics":[{"range":{"start":{"line":-1,"character":0}},"message":"x"},{"message":""},{"severity":9,"message":"y","code":"E1"}]}]`))
	f.Add([]byte(`{"uri":3}`))
	f.Add([]byte(`[{"diagnostics":[]}]`))
	f.Add([]byte(`"diagnostics"`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		files, err := decodeDiagnostics(json.RawMessage(raw))
		if err != nil {
			if !errors.Is(err, errBadDiagnostics) {
				t.Fatalf("error %v is not errBadDiagnostics", err)
			}
			return
		}
		for _, fd := range files {
			if fd.URI == "" {
				t.Fatalf("a document without a uri was kept")
			}
			if len(fd.Diagnostics) > maxDiagnosticsPerDocument {
				t.Fatalf("%d diagnostics kept, more than %d", len(fd.Diagnostics), maxDiagnosticsPerDocument)
			}
			for _, d := range fd.Diagnostics {
				if d.Line < 1 || d.Column < 1 || d.Severity < 0 || d.Severity > workspace.SeverityHint || d.Message == "" {
					t.Fatalf("diagnostic out of bounds: %+v", d)
				}
				if len(d.Message) > maxDiagnosticMessage+len("…") || len(d.Source) > 100+len("…") || len(d.Code) > 100+len("…") {
					t.Fatalf("diagnostic not clipped: %d bytes of message", len(d.Message))
				}
				if utf8.Valid(raw) && !utf8.ValidString(d.Message) {
					t.Fatalf("clipping broke a character: %q", d.Message)
				}
			}
		}
	})
}
