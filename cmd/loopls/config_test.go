package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ollama/ollama/api"

	"github.com/loopls/loopls/internal/fakeollama"
)

// configModels are the fake Ollama's models for the precedence table: each
// source names its own, so the request shows which one won.
func configModels() []fakeollama.Model {
	var ms []fakeollama.Model
	for _, n := range []string{"m-default", "m-user", "m-project", "m-env", "m-flag", "m-run"} {
		ms = append(ms, fakeollama.Model{Name: n, ContextLength: 8192, Capabilities: []string{"completion", "tools"}})
	}
	return ms
}

// userFile is where the env's loopls reads its user file.
func (e *env) userFile() string { return filepath.Join(e.state, "config", "loopls", "config.json") }

func (e *env) write(path, text string) {
	e.t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		e.t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		e.t.Fatal(err)
	}
}

// runEnv runs loopls with extra environment (later entries win).
func (e *env) runEnv(extra []string, args ...string) result {
	e.t.Helper()
	saved := e.extra
	e.extra = extra
	defer func() { e.extra = saved }()
	return e.run(args...)
}

// lastChat is the last /api/chat request the fake Ollama received.
func lastChat(t *testing.T, srv *fakeollama.Server) api.ChatRequest {
	t.Helper()
	reqs := srv.Requests()
	if len(reqs) == 0 {
		t.Fatal("the model was never asked")
	}
	return reqs[len(reqs)-1]
}

func numCtxOf(req api.ChatRequest) int {
	switch v := req.Options["num_ctx"].(type) {
	case float64:
		return int(v)
	case int:
		return v
	}
	return -1
}

// TestConfigPrecedence walks the precedence table of docs/config.md through
// `loopls run`, one source at a time: defaults < user file < project file <
// environment < flags < per-run. Two keys show that each source overrides
// key by key: model (the request's model) and contextWindow (its num_ctx).
func TestConfigPrecedence(t *testing.T) {
	binary(t) // built before the first bounded run
	e := newEnv(t, fakeollama.Options{Models: configModels()})
	noModel := []string{"LOOPLS_MODEL="}
	steps := []struct {
		name      string
		user      string
		project   string
		env       []string
		args      []string
		wantModel string
		wantCtx   int
	}{
		{name: "defaults", wantModel: "m-default:latest", wantCtx: 8192}, // the first tool-capable, as /api/tags names it
		{name: "user file", user: `{"model":"ollama:m-user","contextWindow":4000}`, wantModel: "m-user", wantCtx: 4000},
		{name: "project file over user file, key by key", user: `{"model":"ollama:m-user","contextWindow":4000}`,
			project: `{"model":"ollama:m-project"}`, wantModel: "m-project", wantCtx: 4000},
		{name: "project file", user: `{"model":"ollama:m-user","contextWindow":4000}`,
			project: `{"model":"ollama:m-project","contextWindow":5000}`, wantModel: "m-project", wantCtx: 5000},
		{name: "environment over project file", user: `{"contextWindow":4000}`,
			project: `{"model":"ollama:m-project","contextWindow":5000}`, env: []string{"LOOPLS_MODEL=ollama:m-env"},
			wantModel: "m-env", wantCtx: 5000},
		{name: "environment", project: `{"model":"ollama:m-project","contextWindow":5000}`,
			env: []string{"LOOPLS_MODEL=ollama:m-env", "LOOPLS_CONTEXT_WINDOW=6000"}, wantModel: "m-env", wantCtx: 6000},
		{name: "flags over environment", project: `{"contextWindow":5000}`,
			env:  []string{"LOOPLS_MODEL=ollama:m-env", "LOOPLS_CONTEXT_WINDOW=6000"},
			args: []string{"--set", "model=ollama:m-flag"}, wantModel: "m-flag", wantCtx: 6000},
		{name: "flags", env: []string{"LOOPLS_MODEL=ollama:m-env", "LOOPLS_CONTEXT_WINDOW=6000"},
			args: []string{"--set", "model=ollama:m-flag", "--set", "contextWindow=7000"}, wantModel: "m-flag", wantCtx: 7000},
		{name: "per-run over flags", env: []string{"LOOPLS_MODEL=ollama:m-env"},
			args:      []string{"--set", "model=ollama:m-flag", "--set", "contextWindow=7000", "--model", "ollama:m-run"},
			wantModel: "m-run", wantCtx: 7000},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			e.t = t
			os.Remove(e.userFile())
			os.Remove(filepath.Join(e.root, ".loopls.json"))
			if st.user != "" {
				e.write(e.userFile(), st.user)
			}
			if st.project != "" {
				e.write(filepath.Join(e.root, ".loopls.json"), st.project)
			}
			r := e.runEnv(append(noModel, st.env...), append(append([]string{"run"}, st.args...), "chat about settings")...)
			if r.code != 0 {
				t.Fatalf("exit %d; stderr:\n%s", r.code, r.stderr)
			}
			if strings.Contains(r.stderr, "warning") {
				t.Errorf("unexpected warning:\n%s", r.stderr)
			}
			req := lastChat(t, e.srv)
			if req.Model != st.wantModel || numCtxOf(req) != st.wantCtx {
				t.Errorf("model %q, num_ctx %d; want %q, %d", req.Model, numCtxOf(req), st.wantModel, st.wantCtx)
			}
		})
	}
}

// toolResult is the content of the last tool message the model was sent.
func toolResult(t *testing.T, srv *fakeollama.Server) string {
	t.Helper()
	msgs := lastChat(t, srv).Messages
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Role == "tool" {
			return msgs[i].Content
		}
	}
	t.Fatalf("no tool result was sent to the model: %+v", msgs)
	return ""
}

// TestProjectFileCannotWiden: a repository's .loopls.json that sets
// allowedCommands, ollamaHost and approval is ignored on those keys, with a
// warning naming them; the same allowedCommands in the user file work.
func TestProjectFileCannotWiden(t *testing.T) {
	lsScript := func(req *api.ChatRequest) *fakeollama.Reply {
		if n := len(req.Messages); n > 0 && req.Messages[n-1].Role == "user" && strings.HasPrefix(req.Messages[n-1].Content, "runls") {
			return fakeollama.ToolCalls(fakeollama.Call{Name: "run_command", Args: `{"command":"ls"}`})
		}
		return nil
	}
	binary(t)
	e := newEnv(t, fakeollama.Options{Script: lsScript})
	elsewhere := fakeollama.StartTB(t, fakeollama.Options{})
	hostOnlyInUserFile := []string{"OLLAMA_HOST="}

	e.write(e.userFile(), `{"ollamaHost":"`+e.srv.Host+`"}`)
	project := filepath.Join(e.root, ".loopls.json")
	e.write(project, `{"allowedCommands":["ls"],"ollamaHost":"`+elsewhere.Host+`","approval":"allow","maxTurns":5}`)
	r := e.runEnv(hostOnlyInUserFile, "run", "--allow-commands", "runls please")
	if r.code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", r.code, r.stderr)
	}
	want := `loopls run: warning: ` + project + `: "allowedCommands", "ollamaHost", "approval": a project file may not set`
	if !strings.Contains(r.stderr, want) || !strings.Contains(r.stderr, "ignored") {
		t.Errorf("stderr lacks the warning %q:\n%s", want, r.stderr)
	}
	if n := len(elsewhere.Requests()); n != 0 {
		t.Errorf("the project file's ollamaHost got %d requests", n)
	}
	if out := toolResult(t, e.srv); strings.Contains(out, "hello.txt") {
		t.Errorf("ls ran without asking on the project file's allowedCommands: %q", out)
	}

	// The control: the user's own file may allow it.
	e.write(e.userFile(), `{"ollamaHost":"`+e.srv.Host+`","allowedCommands":["ls"]}`)
	e.write(project, `{"maxTurns":5}`)
	r = e.runEnv(hostOnlyInUserFile, "run", "--allow-commands", "runls again")
	if r.code != 0 || strings.Contains(r.stderr, "warning") {
		t.Fatalf("exit %d; stderr:\n%s", r.code, r.stderr)
	}
	if out := toolResult(t, e.srv); !strings.Contains(out, "hello.txt") {
		t.Errorf("ls allowed by the user file did not run: %q", out)
	}
}

// TestConfigBadFile: a bad value is one warning naming the file, the key and
// what was expected, and the rest of the file still applies.
func TestConfigBadFile(t *testing.T) {
	binary(t)
	e := newEnv(t, fakeollama.Options{Models: configModels()})
	e.write(e.userFile(), `{"model":"ollama:m-user","contextWindow":"big"}`)
	r := e.runEnv([]string{"LOOPLS_MODEL="}, "run", "chat")
	if r.code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", r.code, r.stderr)
	}
	want := `loopls run: warning: ` + e.userFile() + `: "contextWindow": expected a whole number of tokens, 0 or more (0 asks the provider), got "big"; ignored`
	if !strings.Contains(r.stderr, want) {
		t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
	}
	if req := lastChat(t, e.srv); req.Model != "m-user" || numCtxOf(req) != 8192 {
		t.Errorf("model %q num_ctx %d: want the file's model and the model's own window", req.Model, numCtxOf(req))
	}
	if r := e.run("run", "--set", "maxTurns=lots", "chat"); r.code != exitUsage || !strings.Contains(r.stderr, `--set setting "maxTurns": expected a whole number, 0 or more, got "lots"`) {
		t.Errorf("bad --set: exit %d, stderr:\n%s", r.code, r.stderr)
	}
}
