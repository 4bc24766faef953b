package rpc_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/symlinktest"
)

// sessionView is loopls/session's answer as a panel reads it.
type sessionView struct {
	SessionID machine.SessionID `json:"sessionId"`
	Title     string            `json:"title"`
	UpdatedAt time.Time         `json:"updatedAt"`
	History   []machine.Message `json:"history"`
	Runs      []struct {
		runResult
		Prompt     string      `json:"prompt"`
		Transcript []entryView `json:"transcript"`
	} `json:"runs"`
}

type entryView struct {
	Kind      string          `json:"kind"`
	Text      string          `json:"text"`
	Partial   bool            `json:"partial"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
	Status    string          `json:"status"`
	Output    string          `json:"output"`
	Context   []struct {
		Path      string `json:"path"`
		StartLine int    `json:"startLine"`
		EndLine   int    `json:"endLine"`
		Source    string `json:"source"`
	} `json:"context"`
}

// A follow-up run in the same session sends the first exchange to the
// model; loopls/sessions titles the session from the first prompt's first
// line.
func TestFollowUpRunSendsTheFirstExchange(t *testing.T) {
	f := newFixture(t)
	f.c.initialize(f.root, nil, nil)
	var first, second runResult
	long := "chat " + strings.Repeat("about everything ", 10)
	f.c.mustRequest("loopls/run", map[string]any{"prompt": long + "\nsecond line"}, &first)
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "chat two", "session": first.SessionID}, &second)
	if first.Outcome != "completed" || second.Outcome != "completed" || second.SessionID != first.SessionID {
		t.Fatalf("runs: %+v then %+v", first, second)
	}
	reqs := f.srv.Requests()
	msgs := reqs[len(reqs)-1].Messages
	var got []string
	for _, m := range msgs {
		got = append(got, m.Role+": "+m.Content)
	}
	if len(msgs) != 4 || msgs[0].Role != "system" ||
		msgs[1].Role != "user" || !strings.HasPrefix(msgs[1].Content, long) ||
		msgs[2].Role != "assistant" || msgs[2].Content != first.Output ||
		msgs[3].Role != "user" || msgs[3].Content != "chat two" {
		t.Errorf("the follow-up sent the model:\n%s\nwant system, the first prompt, its answer %q, then \"chat two\"", strings.Join(got, "\n"), first.Output)
	}

	var list []struct {
		SessionID machine.SessionID `json:"sessionId"`
		Title     string            `json:"title"`
		Runs      int               `json:"runs"`
		UpdatedAt time.Time         `json:"updatedAt"`
	}
	f.c.mustRequest("loopls/sessions", nil, &list)
	// The first line, cut at a word within 48 characters.
	wantTitle := "chat about everything about everything about…"
	if len(list) != 1 || list[0].Title != wantTitle || list[0].Runs != 2 || list[0].UpdatedAt.IsZero() {
		t.Errorf("loopls/sessions = %+v; want one session titled %q (first line, at most 48 characters) with 2 runs and updatedAt", list, wantTitle)
	}
	if n := len([]rune(list[0].Title)); n > 48 {
		t.Errorf("title is %d characters", n)
	}
}

// loopls/session re-draws a two-run conversation with its tool calls, also
// from the store after the daemon restarted; rename and delete work on it.
func TestSessionRedrawsAConversation(t *testing.T) {
	state := t.TempDir()
	f := newFixture(t, "XDG_STATE_HOME="+state)
	f.c.initialize(f.root, nil, nil)
	var first, second runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "read the README please"}, &first)
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "edit hello.txt now", "session": first.SessionID}, &second)
	if first.Outcome != "completed" || second.Outcome != "completed" {
		t.Fatalf("runs: %+v, %+v", first, second)
	}
	check := func(c *client, when string) {
		t.Helper()
		var v sessionView
		c.mustRequest("loopls/session", map[string]any{"sessionId": first.SessionID}, &v)
		if v.SessionID != first.SessionID || v.Title != "read the README please" || v.UpdatedAt.IsZero() || len(v.Runs) != 2 {
			t.Fatalf("%s: loopls/session = %+v", when, v)
		}
		for i, want := range []struct {
			run, prompt, tool, args, output, answer string
			edits                                   int
		}{
			{string(first.RunID), "read the README please", "read_file", `{"path":"README.md"}`, "A project for loopls tests.", first.Output, 0},
			{string(second.RunID), "edit hello.txt now", "edit_file", `{"path":"hello.txt","old_string":"hello","new_string":"goodbye"}`, "Edited hello.txt", second.Output, 1},
		} {
			r := v.Runs[i]
			tr := r.Transcript
			if string(r.RunID) != want.run || r.Outcome != "completed" || len(r.Edits) != want.edits {
				t.Errorf("%s: run %d = %+v, want %s completed with %d edits", when, i, r.runResult, want.run, want.edits)
			}
			if len(tr) != 3 {
				t.Fatalf("%s: run %d transcript = %+v, want prompt, tool call, answer", when, i, tr)
			}
			if tr[0].Kind != "prompt" || tr[0].Text != want.prompt {
				t.Errorf("%s: run %d entry 0 = %+v, want the prompt", when, i, tr[0])
			}
			var args, wantArgs any
			json.Unmarshal(tr[1].Arguments, &args)
			json.Unmarshal([]byte(want.args), &wantArgs)
			argsJSON, _ := json.Marshal(args)
			wantJSON, _ := json.Marshal(wantArgs)
			if tr[1].Kind != "toolCall" || tr[1].Name != want.tool || tr[1].ID == "" || string(argsJSON) != string(wantJSON) ||
				tr[1].Status != "completed" || !strings.Contains(tr[1].Output, want.output) {
				t.Errorf("%s: run %d entry 1 = %+v (arguments %s), want %s %s completed with %q in its output", when, i, tr[1], tr[1].Arguments, want.tool, want.args, want.output)
			}
			if want.edits == 1 && !strings.Contains(string(r.Edits[0]), `"path":"hello.txt","toolCallId":"`+tr[1].ID+`"`) {
				t.Errorf("%s: run %d edit %s, want hello.txt by the call %s", when, i, r.Edits[0], tr[1].ID)
			}
			if tr[2].Kind != "answer" || tr[2].Text != want.answer || tr[2].Partial {
				t.Errorf("%s: run %d entry 2 = %+v, want the answer %q", when, i, tr[2], want.answer)
			}
		}
	}
	check(f.c, "same daemon")
	f.c.shutdownExit()

	// A new daemon on the same state directory re-draws it from the store.
	c := startClient(t, f.root, "LOOPLS_MODEL=ollama:tiny", "OLLAMA_HOST="+f.srv.Host, "XDG_STATE_HOME="+state)
	c.initialize(f.root, nil, nil)
	check(c, "after a restart")

	var renamed struct {
		Title string `json:"title"`
	}
	c.mustRequest("loopls/renameSession", map[string]any{"sessionId": first.SessionID, "title": "  README and hello  "}, &renamed)
	var list []struct {
		SessionID machine.SessionID `json:"sessionId"`
		Title     string            `json:"title"`
	}
	c.mustRequest("loopls/sessions", nil, &list)
	if renamed.Title != "README and hello" || len(list) != 1 || list[0].Title != "README and hello" {
		t.Errorf("after rename: answer %+v, sessions %+v", renamed, list)
	}
	if _, err := c.request("loopls/renameSession", map[string]any{"sessionId": first.SessionID, "title": " "}); err == nil || err.Code != -32602 {
		t.Errorf("rename to a blank title: %v, want -32602", err)
	}
	if _, err := c.request("loopls/renameSession", map[string]any{"sessionId": "ses_nope", "title": "x"}); err == nil || err.Code != -31005 {
		t.Errorf("rename of an unknown session: %v, want -31005", err)
	}
	var deleted struct {
		Deleted bool `json:"deleted"`
	}
	c.mustRequest("loopls/deleteSession", map[string]any{"sessionId": first.SessionID}, &deleted)
	if !deleted.Deleted {
		t.Errorf("deleteSession answered %+v", deleted)
	}
	if _, err := c.request("loopls/session", map[string]any{"sessionId": first.SessionID}); err == nil || err.Code != -31005 {
		t.Errorf("loopls/session after delete: %v, want -31005", err)
	}
	if _, err := c.request("loopls/deleteSession", map[string]any{"sessionId": first.SessionID}); err == nil || err.Code != -31005 {
		t.Errorf("deleting twice: %v, want -31005", err)
	}
	c.mustRequest("loopls/sessions", nil, &list)
	if len(list) != 0 {
		t.Errorf("sessions after delete = %+v", list)
	}
	// A run in flight keeps its session from being deleted.
	var started struct {
		RunID     machine.RunID     `json:"runId"`
		SessionID machine.SessionID `json:"sessionId"`
	}
	c.mustRequest("workspace/executeCommand", map[string]any{"command": "loopls.run", "arguments": []any{map[string]any{"prompt": "loop forever"}}}, &started)
	c.waitFor("the loop's first delta", func(m *wireMsg) bool { return m.Method == "loopls/delta" })
	if _, err := c.request("loopls/deleteSession", map[string]any{"sessionId": started.SessionID}); err == nil || err.Code != -31004 {
		t.Errorf("deleting a session with a run in flight: %v, want -31004", err)
	}
	c.mustRequest("loopls/cancel", map[string]any{"runId": started.RunID}, nil)
	runEnded(t, c, started.RunID)
}

// lastUser returns the last user message the model got.
func lastUser(t *testing.T, f *fixture) string {
	t.Helper()
	reqs := f.srv.Requests()
	if len(reqs) == 0 {
		t.Fatal("the model got no request")
	}
	msgs := reqs[len(reqs)-1].Messages
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Role == "user" {
			return msgs[i].Content
		}
	}
	t.Fatal("no user message")
	return ""
}

// Attached context reaches the model labelled with its path and lines: an
// open buffer's unsaved text, a line range from disk. A path outside the
// root is refused and nothing runs.
func TestAttachedContext(t *testing.T) {
	f := newFixture(t)
	writeFile(t, filepath.Join(f.root, "notes.txt"), "one\ntwo\nthree\nfour\n")
	outside := filepath.Join(t.TempDir(), "secret.txt")
	writeFile(t, outside, "top secret\n")
	withLink := symlinktest.Works(t)
	if err := os.Symlink(outside, filepath.Join(f.root, "link.txt")); err != nil {
		t.Fatal(err)
	}
	f.c.initialize(f.root, nil, nil)
	hello := fileURI(filepath.Join(f.root, "hello.txt"))
	f.c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": hello, "languageId": "plaintext", "version": 1, "text": "unsaved words\n"}})

	_, ch := f.c.send("loopls/run", map[string]any{"prompt": "chat about these", "context": []any{
		map[string]any{"uri": hello},
		map[string]any{"uri": fileURI(filepath.Join(f.root, "notes.txt")),
			"range": map[string]any{"start": map[string]any{"line": 1, "character": 0}, "end": map[string]any{"line": 3, "character": 0}}},
	}})
	if m := f.c.await(ch); m.Error != nil {
		t.Fatalf("run with context: %v", m.Error)
	}
	user := lastUser(t, f)
	for _, want := range []string{
		"chat about these",
		"File: hello.txt, lines 1-1 (unsaved editor buffer)\n```\nunsaved words\n```",
		"File: notes.txt, lines 2-3\n```\ntwo\nthree\n```",
	} {
		if !strings.Contains(user, want) {
			t.Errorf("the user message lacks %q:\n%s", want, user)
		}
	}
	if strings.Contains(user, "hello world") || strings.Contains(user, "four") {
		t.Errorf("the user message has text that was not attached:\n%s", user)
	}
	st := params[struct {
		RunID   machine.RunID `json:"runId"`
		Mode    string        `json:"mode"`
		Context []struct {
			Path      string `json:"path"`
			StartLine int    `json:"startLine"`
			EndLine   int    `json:"endLine"`
			Source    string `json:"source"`
			Bytes     int    `json:"bytes"`
		} `json:"context"`
	}](t, f.c.waitFor("loopls/runStarted", func(m *wireMsg) bool { return m.Method == "loopls/runStarted" }))
	if st.Mode != "auto" || len(st.Context) != 2 || st.Context[0].Path != "hello.txt" || st.Context[0].Source != "buffer" ||
		st.Context[1].Path != "notes.txt" || st.Context[1].StartLine != 2 || st.Context[1].EndLine != 3 || st.Context[1].Source != "disk" || st.Context[1].Bytes != len("two\nthree\n") {
		t.Errorf("loopls/runStarted = %+v", st)
	}

	before := len(f.srv.Requests())
	bads := []string{fileURI(outside), "../" + filepath.Base(filepath.Dir(outside)) + "/secret.txt"}
	if withLink {
		bads = append(bads, "link.txt")
	}
	for _, bad := range bads {
		_, err := f.c.request("loopls/run", map[string]any{"prompt": "chat", "context": []any{map[string]any{"uri": bad}}})
		if err == nil || err.Code != -32602 || !strings.Contains(err.Message, "outside the workspace root") {
			t.Errorf("context %s: %v, want -32602 saying it is outside the workspace root", bad, err)
		}
	}
	if n := len(f.srv.Requests()); n != before {
		t.Errorf("a refused run reached the model (%d requests, want %d)", n, before)
	}
	if strings.Contains(f.c.stderr.String(), "top secret") {
		t.Errorf("the outside file's text was read")
	}
	var list []json.RawMessage
	f.c.mustRequest("loopls/sessions", nil, &list)
	if len(list) != 1 {
		t.Errorf("refused runs made sessions: %d, want 1", len(list))
	}
}

// toolNames lists the tools of the model's last request.
func toolNames(f *fixture) []string {
	reqs := f.srv.Requests()
	var out []string
	for _, tl := range reqs[len(reqs)-1].Tools {
		out = append(out, tl.Function.Name)
	}
	return out
}

// In ask mode the model is offered no tool that writes or runs, from the
// run parameter or the setting.
func TestAskModeOffersNoWriteTool(t *testing.T) {
	f := newFixture(t)
	f.c.initialize(f.root, nil, map[string]any{"loopls": map[string]any{"allowCommands": true, "mode": "ask"}})
	for _, params := range []map[string]any{
		{"prompt": "edit hello.txt"},                // the setting
		{"prompt": "edit hello.txt", "mode": "ask"}, // the parameter
	} {
		var res runResult
		f.c.mustRequest("loopls/run", params, &res)
		got := strings.Join(toolNames(f), ",")
		if got != "read_file,list_dir,glob,grep" {
			t.Errorf("%v: tools offered %s, want only the read-only ones", params, got)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(f.root, "hello.txt")); string(b) != "hello world\n" {
		t.Errorf("hello.txt changed in ask mode: %q", b)
	}
	// The parameter wins over the setting.
	var res runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "edit hello.txt", "mode": "auto"}, &res)
	if got := strings.Join(toolNames(f), ","); !strings.Contains(got, "edit_file") || !strings.Contains(got, "run_command") {
		t.Errorf("auto mode offered %s", got)
	}
	if _, err := f.c.request("loopls/run", map[string]any{"prompt": "chat", "mode": "yolo"}); err == nil || err.Code != -32602 {
		t.Errorf("mode yolo: %v, want -32602", err)
	}
}

// In edit mode each edit goes out annotated needsConfirmation; the user's
// answer reaches the model.
func TestEditModeAsksTheEditorToConfirm(t *testing.T) {
	for _, accept := range []bool{false, true} {
		f := newFixture(t)
		var got []json.RawMessage
		gotCh := make(chan json.RawMessage, 4)
		f.c.handle("workspace/applyEdit", func(p json.RawMessage) (any, *wireErr) {
			gotCh <- p
			if !accept {
				return map[string]any{"applied": false}, nil
			}
			// Accepting: write what the edit says (the test editor has no buffer).
			os.WriteFile(filepath.Join(f.root, "hello.txt"), []byte("goodbye world\n"), 0o644)
			return map[string]any{"applied": true}, nil
		})
		f.c.initialize(f.root, map[string]any{"workspace": map[string]any{"applyEdit": true,
			"workspaceEdit": map[string]any{"documentChanges": true, "changeAnnotationSupport": map[string]any{"groupsOnLabel": true}}}}, nil)
		var res runResult
		f.c.mustRequest("loopls/run", map[string]any{"prompt": "edit hello.txt", "mode": "edit"}, &res)
		close(gotCh)
		for p := range gotCh {
			got = append(got, p)
		}
		if len(got) != 1 {
			t.Fatalf("accept=%v: %d applyEdit requests, want 1", accept, len(got))
		}
		var p struct {
			Edit struct {
				ChangeAnnotations map[string]struct {
					Label             string `json:"label"`
					NeedsConfirmation bool   `json:"needsConfirmation"`
				} `json:"changeAnnotations"`
				DocumentChanges []struct {
					Edits []struct {
						AnnotationID string `json:"annotationId"`
					} `json:"edits"`
				} `json:"documentChanges"`
			} `json:"edit"`
		}
		if err := json.Unmarshal(got[0], &p); err != nil {
			t.Fatal(err)
		}
		ann := p.Edit.ChangeAnnotations
		if len(ann) != 1 || len(p.Edit.DocumentChanges) != 1 || len(p.Edit.DocumentChanges[0].Edits) == 0 {
			t.Fatalf("accept=%v: applyEdit = %s, want one annotated document change", accept, got[0])
		}
		for _, e := range p.Edit.DocumentChanges[0].Edits {
			if a, ok := ann[e.AnnotationID]; !ok || !a.NeedsConfirmation || a.Label == "" {
				t.Errorf("accept=%v: edit annotated %q, annotations %+v: want needsConfirmation true", accept, e.AnnotationID, ann)
			}
		}
		reqs := f.srv.Requests()
		msgs := reqs[len(reqs)-1].Messages
		result := msgs[len(msgs)-1]
		switch {
		case result.Role != "tool":
			t.Errorf("accept=%v: last message to the model is %s, want the tool result", accept, result.Role)
		case !accept && !strings.Contains(result.Content, "the user rejected this change"):
			t.Errorf("rejected edit reported to the model as %q", result.Content)
		case accept && !strings.Contains(result.Content, "accepted"):
			t.Errorf("accepted edit reported to the model as %q", result.Content)
		}
		if len(res.Edits) != map[bool]int{true: 1, false: 0}[accept] {
			t.Errorf("accept=%v: run edits %s", accept, res.Edits)
		}
	}
}

// In edit mode, a client that cannot show an edit for review gets none:
// with no one to ask, the edit is refused and the file is unchanged.
func TestEditModeWithoutReviewFailsClosed(t *testing.T) {
	f := newFixture(t)
	f.c.handle("workspace/applyEdit", func(json.RawMessage) (any, *wireErr) {
		t.Errorf("an edit was sent to a client that cannot show it for confirmation")
		return map[string]any{"applied": true}, nil
	})
	f.c.initialize(f.root, map[string]any{"workspace": map[string]any{"applyEdit": true}}, nil)
	var res runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "edit hello.txt", "mode": "edit"}, &res)
	reqs := f.srv.Requests()
	msgs := reqs[len(reqs)-1].Messages
	if last := msgs[len(msgs)-1]; last.Role != "tool" || !strings.Contains(last.Content, "edit_file: not run") {
		t.Errorf("the model was told %q, want that the edit needs approval no one can give", last.Content)
	}
	if b, _ := os.ReadFile(filepath.Join(f.root, "hello.txt")); string(b) != "hello world\n" {
		t.Errorf("hello.txt = %q", b)
	}
}

// AGENTS.md at the root, and the one nearest to the attached context or the
// fixed file, go into the system message; loopls/runStarted names them.
func TestAgentsMDInTheSystemMessage(t *testing.T) {
	f := newFixture(t)
	writeFile(t, filepath.Join(f.root, "AGENTS.md"), "Root rule: answer in haiku.\n")
	if err := os.MkdirAll(filepath.Join(f.root, "pkg", "deep"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(f.root, "pkg", "AGENTS.md"), "Pkg rule: tabs, never spaces.\n")
	writeFile(t, filepath.Join(f.root, "pkg", "deep", "code.txt"), "x := 1\n")
	f.c.initialize(f.root, nil, nil)

	system := func() string {
		reqs := f.srv.Requests()
		return reqs[len(reqs)-1].Messages[0].Content
	}
	started := func(run machine.RunID) []string {
		m := f.c.waitFor("loopls/runStarted", func(m *wireMsg) bool {
			return m.Method == "loopls/runStarted" && strings.Contains(string(m.Params), string(run))
		})
		var st struct {
			Instructions []struct {
				Path  string `json:"path"`
				Bytes int    `json:"bytes"`
			} `json:"instructions"`
		}
		json.Unmarshal(m.Params, &st)
		var paths []string
		for _, in := range st.Instructions {
			paths = append(paths, in.Path)
		}
		return paths
	}

	var plain runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "chat"}, &plain)
	if s := system(); !strings.Contains(s, "Root rule: answer in haiku.") || strings.Contains(s, "Pkg rule") {
		t.Errorf("system message of a plain run:\n%s\nwant the root AGENTS.md only", s)
	}
	if got := strings.Join(started(plain.RunID), ","); got != "AGENTS.md" {
		t.Errorf("runStarted instructions = %s, want AGENTS.md", got)
	}

	var withCtx runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "chat", "context": []any{map[string]any{"uri": "pkg/deep/code.txt"}}}, &withCtx)
	if s := system(); !strings.Contains(s, "Root rule: answer in haiku.") || !strings.Contains(s, "## pkg/AGENTS.md\n\nPkg rule: tabs, never spaces.") {
		t.Errorf("system message of a run with context in pkg/deep:\n%s\nwant the root and pkg AGENTS.md", s)
	}
	if got := strings.Join(started(withCtx.RunID), ","); got != "AGENTS.md,pkg/AGENTS.md" {
		t.Errorf("runStarted instructions = %s", got)
	}

	var fix struct {
		RunID machine.RunID `json:"runId"`
	}
	rng := map[string]any{"start": map[string]any{"line": 0, "character": 0}, "end": map[string]any{"line": 0, "character": 1}}
	f.c.mustRequest("workspace/executeCommand", map[string]any{"command": "loopls.fix", "arguments": []any{map[string]any{
		"uri": fileURI(filepath.Join(f.root, "pkg", "deep", "code.txt")), "range": rng, "instruction": "chat about this"}}}, &fix)
	if ended := runEnded(t, f.c, fix.RunID); ended.Outcome != "completed" {
		t.Fatalf("fix: %+v", ended)
	}
	if got := strings.Join(started(fix.RunID), ","); got != "AGENTS.md,pkg/AGENTS.md" || !strings.Contains(system(), "Pkg rule") {
		t.Errorf("a fix in pkg/deep used %s", got)
	}
}
