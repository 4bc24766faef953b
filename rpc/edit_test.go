package rpc_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"go.lsp.dev/protocol"
)

// editor is a test editor holding one open document; it applies the
// workspace/applyEdit requests it gets.
type editor struct {
	mu      sync.Mutex
	uri     string
	text    string
	version int32
	edits   int
}

func (e *editor) applyEdit(t *testing.T) serverRequestHandler {
	return func(raw json.RawMessage) (any, *wireErr) {
		var p protocol.ApplyWorkspaceEditParams
		if err := protocol.Unmarshal(raw, &p); err != nil {
			t.Errorf("workspace/applyEdit params %s: %v", raw, err)
			return map[string]any{"applied": false, "failureReason": err.Error()}, nil
		}
		e.mu.Lock()
		defer e.mu.Unlock()
		e.edits++
		for _, dc := range p.Edit.DocumentChanges {
			tde, ok := dc.(*protocol.TextDocumentEdit)
			if !ok {
				t.Errorf("document change %T, want a TextDocumentEdit", dc)
				continue
			}
			if string(tde.TextDocument.URI) != e.uri {
				t.Errorf("edit for %s, want the open document %s", tde.TextDocument.URI, e.uri)
				continue
			}
			// Apply from the last edit backwards so offsets stay valid.
			for i := len(tde.Edits) - 1; i >= 0; i-- {
				te, ok := tde.Edits[i].(*protocol.TextEdit)
				if !ok {
					t.Errorf("edit %T, want a TextEdit", tde.Edits[i])
					continue
				}
				start, end := offset(e.text, te.Range.Start), offset(e.text, te.Range.End)
				e.text = e.text[:start] + te.NewText + e.text[end:]
			}
		}
		e.version++
		return map[string]any{"applied": true}, nil
	}
}

// offset turns an LSP position into a byte offset (the test texts are ASCII).
func offset(text string, p protocol.Position) int {
	lines := strings.SplitAfter(text, "\n")
	off := 0
	for i := 0; i < int(p.Line) && i < len(lines); i++ {
		off += len(lines[i])
	}
	return min(off+int(p.Character), len(text))
}

// An edit of an open document round-trips through workspace/applyEdit while
// loopls/run is pending: the daemon does not deadlock waiting on the client.
func TestEditGoesThroughApplyEdit(t *testing.T) {
	f := newFixture(t)
	ed := &editor{uri: fileURI(filepath.Join(f.root, "hello.txt")), text: "hello world\n", version: 1}
	f.c.handle("workspace/applyEdit", ed.applyEdit(t))
	f.c.initialize(f.root, map[string]any{"workspace": map[string]any{"applyEdit": true}}, nil)
	f.c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": ed.uri, "languageId": "plaintext", "version": 1, "text": ed.text}})

	var res runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "edit hello.txt"}, &res)
	if res.Outcome != "completed" {
		t.Fatalf("run: %+v", res)
	}
	ed.mu.Lock()
	defer ed.mu.Unlock()
	if ed.edits != 1 || ed.text != "goodbye world\n" {
		t.Errorf("editor got %d edits, text %q; want 1 edit giving %q", ed.edits, ed.text, "goodbye world\n")
	}
	if disk, _ := os.ReadFile(filepath.Join(f.root, "hello.txt")); string(disk) != "hello world\n" {
		t.Errorf("the daemon wrote the file itself: %q; the editor applies edits", disk)
	}
	if len(res.Edits) != 1 || !strings.Contains(string(res.Edits[0]), "hello.txt") {
		t.Errorf("result edits = %s, want hello.txt", res.Edits)
	}
}

// Without applyEdit the daemon writes the file itself, atomically.
func TestEditWithoutApplyEditWritesTheFile(t *testing.T) {
	f := newFixture(t)
	f.c.initialize(f.root, nil, nil)
	var res runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "edit hello.txt"}, &res)
	if disk, _ := os.ReadFile(filepath.Join(f.root, "hello.txt")); string(disk) != "goodbye world\n" {
		t.Errorf("hello.txt = %q, want the edit", disk)
	}
	var undo struct {
		Applied bool `json:"applied"`
	}
	f.c.mustRequest("loopls/undoRun", map[string]any{"runId": res.RunID}, &undo)
	if disk, _ := os.ReadFile(filepath.Join(f.root, "hello.txt")); !undo.Applied || string(disk) != "hello world\n" {
		t.Errorf("after undo: applied %v, hello.txt = %q", undo.Applied, disk)
	}
}

// The code action offers loopls.fix; running it edits through applyEdit.
func TestCodeActionAndFix(t *testing.T) {
	f := newFixture(t)
	ed := &editor{uri: fileURI(filepath.Join(f.root, "hello.txt")), text: "hello world\n", version: 1}
	f.c.handle("workspace/applyEdit", ed.applyEdit(t))
	f.c.initialize(f.root, map[string]any{"workspace": map[string]any{"applyEdit": true}}, nil)
	f.c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": ed.uri, "languageId": "plaintext", "version": 1, "text": ed.text}})

	rng := map[string]any{"start": map[string]any{"line": 0, "character": 0}, "end": map[string]any{"line": 0, "character": 5}}
	var plain []struct {
		Title string `json:"title"`
		Kind  string `json:"kind"`
	}
	f.c.mustRequest("textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": ed.uri}, "range": rng, "context": map[string]any{"diagnostics": []any{}}}, &plain)
	if len(plain) != 1 || plain[0].Kind != "refactor.rewrite" || plain[0].Title != "Fix with loopls" {
		t.Errorf("code actions without diagnostics = %+v, want one refactor.rewrite \"Fix with loopls\"", plain)
	}
	diag := map[string]any{"range": rng, "message": "greeting is too friendly", "severity": 2}
	var actions []struct {
		Title   string `json:"title"`
		Kind    string `json:"kind"`
		Command struct {
			Command   string            `json:"command"`
			Arguments []json.RawMessage `json:"arguments"`
		} `json:"command"`
	}
	f.c.mustRequest("textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": ed.uri}, "range": rng,
		"context": map[string]any{"diagnostics": []any{diag}}}, &actions)
	if len(actions) != 1 || actions[0].Kind != "quickfix" || actions[0].Title != "Fix with loopls" || actions[0].Command.Command != "loopls.fix" {
		t.Fatalf("code actions with a diagnostic = %+v, want one quickfix running loopls.fix", actions)
	}

	// The instruction leads the prompt; the scripted model edits hello.txt
	// for prompts that start with "edit".
	var arg map[string]any
	json.Unmarshal(actions[0].Command.Arguments[0], &arg)
	arg["instruction"] = "edit hello.txt so it says goodbye"
	var started struct {
		RunID string `json:"runId"`
	}
	f.c.mustRequest("workspace/executeCommand", map[string]any{"command": "loopls.fix", "arguments": []any{arg}}, &started)
	ended := runEnded(t, f.c, runIDOf(started.RunID))
	if ended.Outcome != "completed" {
		t.Fatalf("fix run: %+v", ended)
	}
	ed.mu.Lock()
	defer ed.mu.Unlock()
	if ed.text != "goodbye world\n" {
		t.Errorf("document = %q after the fix", ed.text)
	}
	prompt := f.srv.Requests()[0].Messages
	last := prompt[len(prompt)-1].Content
	for _, want := range []string{"edit hello.txt so it says goodbye", "hello.txt", "hello", "greeting is too friendly"} {
		if !strings.Contains(last, want) {
			t.Errorf("fix prompt lacks %q:\n%s", want, last)
		}
	}
}

// Approvals: a client declaring experimental.loopls.approvals is asked with
// loopls/approve; a refusal reaches the model as an error result and the
// run goes on.
func TestApprovalAskedAndRefused(t *testing.T) {
	f := newFixture(t)
	asked := make(chan json.RawMessage, 1)
	f.c.handle("loopls/approve", func(p json.RawMessage) (any, *wireErr) {
		asked <- p
		return map[string]any{"outcome": "selected", "optionId": "reject_once"}, nil
	})
	f.c.initialize(f.root, map[string]any{"experimental": map[string]any{"loopls": map[string]any{"approvals": true}}}, nil)
	var res runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "sleep please"}, &res)
	if res.Outcome != "completed" {
		t.Errorf("run: %+v", res)
	}
	var p struct {
		RunID    string `json:"runId"`
		ToolCall struct {
			Name      string          `json:"name"`
			Arguments json.RawMessage `json:"arguments"`
		} `json:"toolCall"`
		Options []struct {
			OptionID string `json:"optionId"`
			Kind     string `json:"kind"`
		} `json:"options"`
	}
	select {
	case raw := <-asked:
		json.Unmarshal(raw, &p)
	default:
		t.Fatal("loopls/approve was not asked")
	}
	if p.RunID != string(res.RunID) || p.ToolCall.Name != "run_command" || !strings.Contains(string(p.ToolCall.Arguments), "sleep 30") {
		t.Errorf("loopls/approve params = %+v", p)
	}
	kinds := map[string]bool{}
	for _, o := range p.Options {
		kinds[o.Kind] = true
	}
	for _, k := range []string{"allow_once", "allow_always", "reject_once", "reject_always"} {
		if !kinds[k] {
			t.Errorf("options lack %s: %+v", k, p.Options)
		}
	}
	var failed bool
	for _, m := range f.c.messages("loopls/toolCall") {
		if strings.Contains(string(m.Params), `"failed"`) {
			failed = true
		}
	}
	if !failed {
		t.Error("the refused command was not reported failed")
	}
}

// A client without experimental.loopls.approvals but with
// window.showMessage is asked through window/showMessageRequest.
func TestApprovalThroughShowMessageRequest(t *testing.T) {
	f := newFixture(t)
	asked := make(chan string, 1)
	f.c.handle("window/showMessageRequest", func(p json.RawMessage) (any, *wireErr) {
		var req struct {
			Message string `json:"message"`
			Actions []struct {
				Title string `json:"title"`
			} `json:"actions"`
		}
		json.Unmarshal(p, &req)
		asked <- req.Message
		return map[string]any{"title": "Reject"}, nil
	})
	f.c.initialize(f.root, map[string]any{"window": map[string]any{"showMessage": map[string]any{}}},
		map[string]any{"allowedCommands": []string{"echo"}})
	var res runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "sleep please", "maxTurns": 3}, &res)
	select {
	case msg := <-asked:
		if !strings.Contains(msg, "sleep 30") {
			t.Errorf("the question %q does not name the command", msg)
		}
	default:
		t.Fatal("window/showMessageRequest was not sent")
	}
}

// A client that can be asked nothing gets the policy: commands denied.
func TestApprovalPolicyWithoutAClientToAsk(t *testing.T) {
	f := newFixture(t)
	f.c.initialize(f.root, nil, map[string]any{"allowCommands": true})
	var res runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "sleep please"}, &res)
	if res.Outcome != "completed" {
		t.Errorf("run: %+v", res)
	}
	var failed bool
	for _, m := range f.c.messages("loopls/toolCall") {
		if strings.Contains(string(m.Params), `"failed"`) && strings.Contains(string(m.Params), "run_command") {
			failed = true
		}
	}
	if !failed {
		t.Error("run_command was not refused by the default policy")
	}
	if len(f.c.messages("window/showMessageRequest"))+len(f.c.messages("loopls/approve")) != 0 {
		t.Error("the client was asked although it declared no way to answer")
	}
}

// The thinking lane streams as loopls/delta with lane "thinking".
func TestThinkingDeltas(t *testing.T) {
	f := newFixture(t, "LOOPLS_MODEL=ollama:tiny-think")
	f.c.initialize(f.root, nil, nil)
	var res runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "think about it"}, &res)
	lanes := map[string]string{}
	for _, m := range f.c.messages("loopls/delta") {
		p := params[struct {
			Lane string `json:"lane"`
			Text string `json:"text"`
		}](t, m)
		lanes[p.Lane] += p.Text
	}
	if lanes["thinking"] != "Let me think briefly." || lanes["text"] != res.Output || res.Output == "" {
		t.Errorf("lanes = %q, output %q", lanes, res.Output)
	}
}
