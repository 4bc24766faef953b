package rpc_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/loopls/loopls/internal/fakeollama"
)

// TestServeConfigPrecedence walks docs/config.md's table through `loopls
// serve`: user file < project file < environment < initializationOptions <
// didChangeConfiguration < the run's own model; each daemon adds one source.
// The project file's allowedCommands and ollamaHost are ignored with a
// window/showMessage warning naming them.
func TestServeConfigPrecedence(t *testing.T) {
	var models []fakeollama.Model
	for _, n := range []string{"m-user", "m-project", "m-env", "m-editor", "m-changed", "m-run"} {
		models = append(models, fakeollama.Model{Name: n, ContextLength: 8192, Capabilities: []string{"completion", "tools"}})
	}
	srv := fakeollama.StartTB(t, fakeollama.Options{Models: models})
	elsewhere := fakeollama.StartTB(t, fakeollama.Options{Models: models})
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "README.md"), "# demo\n")
	cfgHome := t.TempDir()
	userFile := filepath.Join(cfgHome, "loopls", "config.json")
	if err := os.MkdirAll(filepath.Dir(userFile), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, userFile, `{"model":"ollama:m-user","ollamaHost":"`+srv.Host+`"}`)
	project := filepath.Join(root, ".loopls.json")

	steps := []struct {
		name     string
		project  string
		env      []string
		init     map[string]any
		change   map[string]any
		runModel string
		want     string
	}{
		{name: "user file", want: "m-user"},
		{name: "project file", project: `{"model":"ollama:m-project","allowedCommands":["ls"],"ollamaHost":"` + elsewhere.Host + `"}`, want: "m-project"},
		{name: "environment", project: `{"model":"ollama:m-project"}`, env: []string{"LOOPLS_MODEL=ollama:m-env"}, want: "m-env"},
		{name: "initializationOptions", project: `{"model":"ollama:m-project"}`, env: []string{"LOOPLS_MODEL=ollama:m-env"},
			init: map[string]any{"model": "ollama:m-editor"}, want: "m-editor"},
		{name: "didChangeConfiguration", env: []string{"LOOPLS_MODEL=ollama:m-env"},
			init: map[string]any{"model": "ollama:m-editor"}, change: map[string]any{"loopls": map[string]any{"model": "ollama:m-changed"}}, want: "m-changed"},
		{name: "the run's model", env: []string{"LOOPLS_MODEL=ollama:m-env"},
			init: map[string]any{"model": "ollama:m-editor"}, runModel: "ollama:m-run", want: "m-run"},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			os.Remove(project)
			if st.project != "" {
				writeFile(t, project, st.project)
			}
			env := append([]string{"LOOPLS_MODEL=", "OLLAMA_HOST=", "XDG_CONFIG_HOME=" + cfgHome}, st.env...)
			c := startClient(t, root, env...)
			c.initialize(root, nil, st.init)
			if st.change != nil {
				c.notify("workspace/didChangeConfiguration", map[string]any{"settings": st.change})
			}
			runParams := map[string]any{"prompt": "chat"}
			if st.runModel != "" {
				runParams["model"] = st.runModel
			}
			var res runResult
			c.mustRequest("loopls/run", runParams, &res)
			reqs := srv.Requests()
			if len(reqs) == 0 || reqs[len(reqs)-1].Model != st.want {
				t.Fatalf("model asked: %v, want %q", reqs[len(reqs)-1].Model, st.want)
			}
			if n := len(elsewhere.Requests()); n != 0 {
				t.Errorf("the project file's ollamaHost got %d requests", n)
			}
			warned := false
			for _, m := range c.messages("window/showMessage") {
				p := params[struct {
					Type    int    `json:"type"`
					Message string `json:"message"`
				}](t, m)
				if strings.Contains(p.Message, project+`: "allowedCommands", "ollamaHost": a project file may not set`) && p.Type == 2 {
					warned = true
				}
			}
			if want := strings.Contains(st.project, "allowedCommands"); warned != want {
				t.Errorf("warning about the project file's keys: %v, want %v; messages: %v", warned, want, c.messages("window/showMessage"))
			}
			c.shutdownExit()
		})
	}
}
