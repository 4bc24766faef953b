package rpc_test

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ollama/ollama/api"

	"github.com/loopls/loopls/internal/fakeollama"
)

// diagnosticsScript is a scripted model for the diagnostics tests: "break"
// edits hello.txt ("break+diags" then asks the diagnostics tool for the
// files the run edited), "diags PATH" asks the diagnostics tool for PATH, "diags"
// for the files the run edited; after any tool it answers "seen".
func diagnosticsScript(req *api.ChatRequest) *fakeollama.Reply {
	last := req.Messages[len(req.Messages)-1]
	prompt := lastUserText(req)
	if last.Role == "tool" {
		if strings.HasPrefix(prompt, "break+diags") && strings.HasPrefix(last.Content, "Edited") {
			return fakeollama.ToolCalls(fakeollama.Call{Name: "diagnostics", Args: `{}`})
		}
		return fakeollama.Text("seen")
	}
	switch {
	case strings.HasPrefix(prompt, "break"):
		return fakeollama.ToolCalls(fakeollama.Call{Name: "edit_file", Args: `{"path":"hello.txt","old_string":"hello","new_string":"goodbye"}`})
	case prompt == "diags":
		return fakeollama.ToolCalls(fakeollama.Call{Name: "diagnostics", Args: `{}`})
	case strings.HasPrefix(prompt, "diags "):
		args, _ := json.Marshal(map[string]any{"paths": strings.Fields(strings.TrimPrefix(prompt, "diags "))})
		return fakeollama.ToolCalls(fakeollama.Call{Name: "diagnostics", Args: string(args)})
	}
	return fakeollama.Text("nothing to do")
}

// diagFixture is a daemon whose model follows diagnosticsScript, and an
// editor holding hello.txt open that applies edits and reports diagnostics
// computed from the buffer: a warning always, an error while it says
// "goodbye".
type diagFixture struct {
	srv  *fakeollama.Server
	root string
	c    *client
	ed   *editor

	mu    sync.Mutex
	asked []json.RawMessage // the params of every loopls/diagnostics
}

func newDiagFixture(t *testing.T, capability any, answer func(f *diagFixture, params json.RawMessage) (any, *wireErr)) *diagFixture {
	t.Helper()
	f := &diagFixture{root: t.TempDir()}
	f.srv = fakeollama.StartTB(t, fakeollama.Options{Script: diagnosticsScript})
	writeFile(t, filepath.Join(f.root, "hello.txt"), "hello world\n")
	f.c = startClient(t, f.root, "LOOPLS_MODEL=ollama:tiny", "OLLAMA_HOST="+f.srv.Host)
	f.ed = &editor{uri: fileURI(filepath.Join(f.root, "hello.txt")), text: "hello world\n", version: 1}
	f.c.handle("workspace/applyEdit", f.ed.applyEdit(t))
	f.c.handle("loopls/diagnostics", func(params json.RawMessage) (any, *wireErr) {
		f.mu.Lock()
		f.asked = append(f.asked, params)
		f.mu.Unlock()
		return answer(f, params)
	})
	caps := map[string]any{"workspace": map[string]any{"applyEdit": true}}
	if capability != nil {
		caps["experimental"] = map[string]any{"loopls": map[string]any{"diagnostics": capability}}
	}
	f.c.initialize(f.root, caps, nil)
	f.c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": f.ed.uri, "languageId": "plaintext", "version": 1, "text": f.ed.text}})
	return f
}

// bufferDiagnostics answers loopls/diagnostics from the editor's buffer.
func bufferDiagnostics(f *diagFixture, params json.RawMessage) (any, *wireErr) {
	var p struct {
		URIs     []string `json:"uris"`
		SettleMs int      `json:"settleMs"`
	}
	if err := json.Unmarshal(params, &p); err != nil {
		return nil, &wireErr{Code: -32602, Message: err.Error()}
	}
	f.ed.mu.Lock()
	text, version := f.ed.text, f.ed.version
	f.ed.mu.Unlock()
	out := []any{}
	for _, u := range p.URIs {
		if u != f.ed.uri {
			out = append(out, map[string]any{"uri": u, "diagnostics": []any{}})
			continue
		}
		diags := []any{map[string]any{
			"range":    rangeAt(0, 6, 0, 11),
			"severity": 2, "source": "spell", "message": "\"world\" is a big word",
		}}
		if strings.Contains(text, "goodbye") {
			diags = append(diags, map[string]any{
				"range":    rangeAt(0, 0, 0, 7),
				"severity": 1, "source": "greet", "code": 7, "message": "goodbye is not a greeting",
			})
		}
		out = append(out, map[string]any{"uri": u, "version": version, "diagnostics": diags})
	}
	return out, nil
}

func rangeAt(l1, c1, l2, c2 int) map[string]any {
	return map[string]any{"start": map[string]any{"line": l1, "character": c1}, "end": map[string]any{"line": l2, "character": c2}}
}

// toolResults are the tool messages the model was sent, in order.
func toolResults(srv *fakeollama.Server) []string {
	var out []string
	seen := map[string]bool{}
	for _, req := range srv.Requests() {
		for _, m := range req.Messages {
			if m.Role == "tool" && !seen[m.Content] {
				seen[m.Content] = true
				out = append(out, m.Content)
			}
		}
	}
	return out
}

// offeredTools are the tool names of the model's last request.
func offeredTools(srv *fakeollama.Server) []string {
	reqs := srv.Requests()
	var names []string
	for _, t := range reqs[len(reqs)-1].Tools {
		names = append(names, t.Function.Name)
	}
	return names
}

// A client that declared experimental.loopls.diagnostics is asked after an
// edit, and the model sees in edit_file's result the error the edit added
// (not the warning that was there before); the diagnostics tool is offered
// and lists the file's problems.
func TestDiagnosticsAfterEditAndTool(t *testing.T) {
	f := newDiagFixture(t, true, bufferDiagnostics)
	var res runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "break+diags hello.txt"}, &res)
	if res.Outcome != "completed" {
		t.Fatalf("run: %+v", res)
	}
	if tools := offeredTools(f.srv); !slices.Contains(tools, "diagnostics") {
		t.Errorf("tools offered = %v, want diagnostics among them", tools)
	}
	results := toolResults(f.srv)
	if len(results) != 2 {
		t.Fatalf("tool results = %q, want edit_file's and diagnostics'", results)
	}
	t.Logf("edit_file's result as the model saw it:\n%s", results[0])
	want := "Edited hello.txt: replaced 1 occurrence(s).\n\nNew errors in hello.txt after this edit (the editor's diagnostics):\n" +
		"hello.txt:1:1: error [greet 7] goodbye is not a greeting"
	if results[0] != want {
		t.Errorf("edit_file result = %q, want %q", results[0], want)
	}
	// The tool without paths: the files the run edited, errors first.
	t.Logf("the diagnostics tool's result (no paths) as the model saw it:\n%s", results[1])
	wantAll := "hello.txt:1:1: error [greet 7] goodbye is not a greeting\nhello.txt:1:7: warning [spell] \"world\" is a big word"
	if results[1] != wantAll {
		t.Errorf("diagnostics result = %q, want %q", results[1], wantAll)
	}
	f.mu.Lock()
	asked := slices.Clone(f.asked)
	f.mu.Unlock()
	if len(asked) != 3 {
		t.Fatalf("loopls/diagnostics asked %d times, want 3 (before and after the edit, the tool): %s", len(asked), asked)
	}
	var p struct {
		URIs     []string `json:"uris"`
		SettleMs int      `json:"settleMs"`
	}
	if err := json.Unmarshal(asked[1], &p); err != nil || !slices.Equal(p.URIs, []string{f.ed.uri}) || p.SettleMs <= 0 {
		t.Errorf("loopls/diagnostics params = %s, want the edited document's uri and a settleMs", asked[1])
	}

	// A later run with nothing edited: the tool needs paths; given them,
	// it reports a clean file as clean.
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "diags", "session": res.SessionID}, &res)
	results = toolResults(f.srv)
	if got := results[len(results)-1]; got != "error: diagnostics: this run has edited no file yet; give paths" {
		t.Errorf("diagnostics without paths in a run that edited nothing = %q", got)
	}
	writeFile(t, filepath.Join(f.root, "clean.txt"), "fine\n")
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "diags clean.txt", "session": res.SessionID}, &res)
	results = toolResults(f.srv)
	if got := results[len(results)-1]; got != "No errors or warnings in clean.txt." {
		t.Errorf("diagnostics of clean.txt = %q", got)
	}

	// Paths are confined to the workspace: nothing is asked for a path
	// outside it.
	f.mu.Lock()
	before := len(f.asked)
	f.mu.Unlock()
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "diags ../outside.txt", "session": res.SessionID}, &res)
	results = toolResults(f.srv)
	got := results[len(results)-1]
	if !strings.HasPrefix(got, "error: diagnostics: ") || !strings.Contains(got, "outside") {
		t.Errorf("diagnostics of ../outside.txt = %q, want a refusal", got)
	}
	f.mu.Lock()
	after := len(f.asked)
	f.mu.Unlock()
	if after != before {
		t.Errorf("loopls/diagnostics was asked for a path outside the workspace")
	}
}

// diagnosticsAfterEdit false: no check after the edit, and the editor is
// not asked; the tool is still offered.
func TestDiagnosticsAfterEditOff(t *testing.T) {
	f := newDiagFixture(t, map[string]any{}, bufferDiagnostics)
	f.c.notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"loopls": map[string]any{"diagnosticsAfterEdit": false}}})
	var res runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "break hello.txt"}, &res)
	results := toolResults(f.srv)
	if len(results) != 1 || results[0] != "Edited hello.txt: replaced 1 occurrence(s)." {
		t.Errorf("edit_file result = %q, want no check", results)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.asked) != 0 {
		t.Errorf("loopls/diagnostics asked %d times with diagnosticsAfterEdit false", len(f.asked))
	}
	if tools := offeredTools(f.srv); !slices.Contains(tools, "diagnostics") {
		t.Errorf("tools offered = %v, want diagnostics (the capability was declared as an object)", tools)
	}
}

// A client that did not declare the capability is offered nothing and asked
// nothing, even when it would answer.
func TestDiagnosticsNotDeclared(t *testing.T) {
	for _, capability := range []any{nil, false} {
		f := newDiagFixture(t, capability, bufferDiagnostics)
		var res runResult
		f.c.mustRequest("loopls/run", map[string]any{"prompt": "break hello.txt"}, &res)
		if tools := offeredTools(f.srv); slices.Contains(tools, "diagnostics") {
			t.Errorf("capability %v: tools offered = %v, want no diagnostics", capability, tools)
		}
		results := toolResults(f.srv)
		if len(results) != 1 || results[0] != "Edited hello.txt: replaced 1 occurrence(s)." {
			t.Errorf("capability %v: edit_file result = %q, want no check", capability, results)
		}
		if m := f.c.messages("loopls/diagnostics"); len(m) != 0 {
			t.Errorf("capability %v: loopls/diagnostics asked %d times", capability, len(m))
		}
	}
}

// A malformed answer, or an error, is "no diagnostics known": the edit goes
// on unchecked, the tool says so, and the daemon logs it and keeps serving.
func TestDiagnosticsMalformedAnswer(t *testing.T) {
	for name, answer := range map[string]func(*diagFixture, json.RawMessage) (any, *wireErr){
		"not a list": func(*diagFixture, json.RawMessage) (any, *wireErr) { return map[string]any{"uri": 3}, nil },
		"no uri": func(*diagFixture, json.RawMessage) (any, *wireErr) {
			return []any{map[string]any{"diagnostics": []any{}}}, nil
		},
		"an error": func(*diagFixture, json.RawMessage) (any, *wireErr) {
			return nil, &wireErr{Code: -32603, Message: "boom"}
		},
		"a bare value": func(*diagFixture, json.RawMessage) (any, *wireErr) { return "diagnostics", nil },
	} {
		t.Run(name, func(t *testing.T) {
			f := newDiagFixture(t, true, answer)
			var res runResult
			f.c.mustRequest("loopls/run", map[string]any{"prompt": "break hello.txt"}, &res)
			f.c.mustRequest("loopls/run", map[string]any{"prompt": "diags hello.txt", "session": res.SessionID}, &res)
			if res.Outcome != "completed" {
				t.Fatalf("run: %+v", res)
			}
			results := toolResults(f.srv)
			if len(results) != 2 || results[0] != "Edited hello.txt: replaced 1 occurrence(s)." {
				t.Fatalf("tool results = %q, want an unchecked edit, then the tool", results)
			}
			if !strings.HasPrefix(results[1], "error: diagnostics: no diagnostics are known for hello.txt: ") {
				t.Errorf("diagnostics result = %q, want \"no diagnostics are known\"", results[1])
			}
			eventually(t, "the daemon's log line", func() bool { return strings.Contains(f.c.stderr.String(), "no diagnostics known") })
		})
	}
}
