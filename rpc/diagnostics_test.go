package rpc_test

import (
	"encoding/json"
	"os"
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
	case strings.HasPrefix(prompt, "Fix the problems reported"):
		// A first attempt that fixes the greeting and breaks the world.
		return fakeollama.ToolCalls(fakeollama.Call{Name: "edit_file", Args: `{"path":"hello.txt","old_string":"goodbye world","new_string":"hello planet"}`})
	case strings.HasPrefix(prompt, "The problem is not fixed yet"):
		return fakeollama.ToolCalls(fakeollama.Call{Name: "edit_file", Args: `{"path":"hello.txt","old_string":"planet","new_string":"world"}`})
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
	return newDiagFixtureWith(t, capability, answer, "hello world\n", nil)
}

// newDiagFixtureWith is newDiagFixture with hello.txt holding text and the
// settings opts.
func newDiagFixtureWith(t *testing.T, capability any, answer func(f *diagFixture, params json.RawMessage) (any, *wireErr), text string, opts map[string]any) *diagFixture {
	t.Helper()
	f := &diagFixture{root: t.TempDir()}
	f.srv = fakeollama.StartTB(t, fakeollama.Options{Script: diagnosticsScript})
	writeFile(t, filepath.Join(f.root, "hello.txt"), text)
	f.c = startClient(t, f.root, "LOOPLS_MODEL=ollama:tiny", "OLLAMA_HOST="+f.srv.Host)
	f.ed = &editor{uri: fileURI(filepath.Join(f.root, "hello.txt")), text: text, version: 1}
	// As an editor does, the edit's change comes back as didChange before
	// the answer, so the daemon's view of the buffer follows.
	apply := f.ed.applyEdit(t)
	f.c.handle("workspace/applyEdit", func(params json.RawMessage) (any, *wireErr) {
		res, err := apply(params)
		f.ed.mu.Lock()
		text, version := f.ed.text, f.ed.version
		f.ed.mu.Unlock()
		f.c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": f.ed.uri, "version": version},
			"contentChanges": []any{map[string]any{"text": text}}})
		return res, err
	})
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
	f.c.initialize(f.root, caps, opts)
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
		if strings.Contains(text, "planet") {
			diags = append(diags, map[string]any{
				"range":    rangeAt(0, 6, 0, 12),
				"severity": 1, "source": "greet", "code": "W2", "message": "a planet is not the world",
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

// fixParams is loopls/run's fix of hello.txt's "goodbye" error.
func goodbyeFix(f *diagFixture) map[string]any {
	return map[string]any{"fix": map[string]any{"uri": f.ed.uri, "range": rangeAt(0, 0, 0, 13),
		"diagnostics": []any{map[string]any{"range": rangeAt(0, 0, 0, 7), "severity": 1, "source": "greet", "code": 7, "message": "goodbye is not a greeting"}}}}
}

type verdictResult struct {
	RunID     string `json:"runId"`
	SessionID string `json:"sessionId"`
	Outcome   string `json:"outcome"`
	Turns     int    `json:"turns"`
	Verdict   *struct {
		Fixed     bool     `json:"fixed"`
		Remaining []string `json:"remaining"`
		Retries   int      `json:"retries"`
		Note      string   `json:"note"`
	} `json:"verdict"`
}

// A fix run checks itself: its first attempt removes the diagnostic it was
// asked to fix but adds an error, so it is given the remaining problem as
// its next input; the second attempt repairs it, and the Run record (the
// answer and loopls/runEnded) says fixed after one retry.
func TestFixRunChecksItself(t *testing.T) {
	f := newDiagFixtureWith(t, true, bufferDiagnostics, "goodbye world\n", nil)
	var res verdictResult
	f.c.mustRequest("loopls/run", goodbyeFix(f), &res)
	if res.Outcome != "completed" || res.Verdict == nil {
		t.Fatalf("run = %+v, want completed with a verdict", res)
	}
	if !res.Verdict.Fixed || res.Verdict.Retries != 1 || len(res.Verdict.Remaining) != 0 {
		t.Errorf("verdict = %+v, want fixed after 1 retry", *res.Verdict)
	}
	f.ed.mu.Lock()
	text := f.ed.text
	f.ed.mu.Unlock()
	if text != "hello world\n" {
		t.Errorf("hello.txt in the editor = %q, want the repaired text", text)
	}
	// What the model was told after its first attempt: the edit's new
	// error, then, as its next input, what remains.
	results := toolResults(f.srv)
	t.Logf("the tool results the model saw:\n%s", strings.Join(results, "\n---\n"))
	if len(results) != 2 || !strings.Contains(results[0], "hello.txt:1:7: error [greet W2] a planet is not the world") {
		t.Errorf("tool results = %q, want the first edit's new error reported", results)
	}
	var retry string
	for _, req := range f.srv.Requests() {
		if u := lastUserText(&req); strings.HasPrefix(u, "The problem is not fixed yet") {
			retry = u
		}
	}
	t.Logf("the retry's input as the model saw it:\n%s", retry)
	if !strings.Contains(retry, "hello.txt:1:7: error [greet W2] a planet is not the world") || strings.Contains(retry, "goodbye") {
		t.Errorf("the retry's input = %q, want the new error only (the target was gone)", retry)
	}
	ended := f.c.waitFor("loopls/runEnded", func(m *wireMsg) bool { return m.Method == "loopls/runEnded" })
	if v := params[verdictResult](t, ended); v.Verdict == nil || !v.Verdict.Fixed {
		t.Errorf("loopls/runEnded = %s, want the verdict", ended.Params)
	}
	// Kept with the run: loopls/session shows it.
	var stored struct {
		Runs []verdictResult `json:"runs"`
	}
	f.c.mustRequest("loopls/session", map[string]any{"sessionId": res.SessionID}, &stored)
	if len(stored.Runs) != 1 || stored.Runs[0].Verdict == nil || !stored.Runs[0].Verdict.Fixed || stored.Runs[0].Verdict.Retries != 1 {
		t.Errorf("loopls/session runs = %+v, want the run with its verdict", stored.Runs)
	}
}

// With fixRetries 0 a fix still failing ends at once, its verdict listing
// what remains; a fix the editor cannot check says so.
func TestFixRunStillFailing(t *testing.T) {
	f := newDiagFixtureWith(t, true, bufferDiagnostics, "goodbye world\n", map[string]any{"fixRetries": 0})
	var res verdictResult
	f.c.mustRequest("loopls/run", goodbyeFix(f), &res)
	if res.Outcome != "completed" || res.Verdict == nil {
		t.Fatalf("run = %+v, want completed with a verdict", res)
	}
	want := []string{"hello.txt:1:7: error [greet W2] a planet is not the world"}
	if v := res.Verdict; v.Fixed || v.Retries != 0 || !slices.Equal(v.Remaining, want) {
		t.Errorf("verdict = %+v, want not fixed, remaining %q", *v, want)
	}

	g := newDiagFixtureWith(t, true, func(f *diagFixture, p json.RawMessage) (any, *wireErr) {
		return nil, &wireErr{Code: -32603, Message: "no diagnostics here"}
	}, "goodbye world\n", nil)
	g.c.mustRequest("loopls/run", goodbyeFix(g), &res)
	if v := res.Verdict; v == nil || v.Fixed || !strings.HasPrefix(v.Note, "not checked: no diagnostics are known") {
		t.Errorf("verdict without diagnostics = %+v, want \"not checked\"", v)
	}

	// A client that cannot answer gets no verdict at all.
	h := newDiagFixtureWith(t, nil, bufferDiagnostics, "goodbye world\n", nil)
	res = verdictResult{}
	h.c.mustRequest("loopls/run", goodbyeFix(h), &res)
	if res.Verdict != nil || len(h.c.messages("loopls/diagnostics")) != 0 {
		t.Errorf("without the capability: verdict %+v, %d loopls/diagnostics; want neither", res.Verdict, len(h.c.messages("loopls/diagnostics")))
	}
}

// Edit mode checks an edit as auto mode does, the user's review between the
// two snapshots; and an edit loopls writes to disk itself (a client without
// applyEdit) is checked too. Here the editor's diagnostics follow the file
// on disk.
func TestDiagnosticsAfterEditInEveryMode(t *testing.T) {
	for _, tc := range []struct {
		name      string
		mode      string
		applyEdit bool
		note      string
	}{
		{"edit mode, reviewed in the editor", "edit", true, " The user reviewed and accepted the change."},
		{"auto mode, written to disk", "auto", false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			hello := filepath.Join(root, "hello.txt")
			writeFile(t, hello, "hello world\n")
			srv := fakeollama.StartTB(t, fakeollama.Options{Script: diagnosticsScript})
			c := startClient(t, root, "LOOPLS_MODEL=ollama:tiny", "OLLAMA_HOST="+srv.Host)
			c.handle("workspace/applyEdit", func(json.RawMessage) (any, *wireErr) {
				writeFile(t, hello, "goodbye world\n") // accepted: the editor applies it
				return map[string]any{"applied": true}, nil
			})
			c.handle("loopls/diagnostics", func(params json.RawMessage) (any, *wireErr) {
				var p struct {
					URIs []string `json:"uris"`
				}
				json.Unmarshal(params, &p)
				text, _ := os.ReadFile(hello)
				out := []any{}
				for _, u := range p.URIs {
					diags := []any{}
					if strings.Contains(string(text), "goodbye") {
						diags = append(diags, map[string]any{"range": rangeAt(0, 0, 0, 7), "severity": 1, "source": "greet", "message": "goodbye is not a greeting"})
					}
					out = append(out, map[string]any{"uri": u, "diagnostics": diags})
				}
				return out, nil
			})
			caps := map[string]any{"experimental": map[string]any{"loopls": map[string]any{"diagnostics": true}}}
			if tc.applyEdit {
				caps["workspace"] = map[string]any{"applyEdit": true,
					"workspaceEdit": map[string]any{"documentChanges": true, "changeAnnotationSupport": map[string]any{"groupsOnLabel": true}}}
			}
			c.initialize(root, caps, nil)
			var res runResult
			c.mustRequest("loopls/run", map[string]any{"prompt": "break hello.txt", "mode": tc.mode}, &res)
			results := toolResults(srv)
			want := "Edited hello.txt: replaced 1 occurrence(s)." + tc.note +
				"\n\nNew errors in hello.txt after this edit (the editor's diagnostics):\nhello.txt:1:1: error [greet] goodbye is not a greeting"
			if len(results) != 1 || results[0] != want {
				t.Errorf("edit_file result = %q, want %q", results, want)
			}
		})
	}
}
