package config

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// world is a user file, a workspace root and an environment.
type world struct {
	t       *testing.T
	user    string
	project string
	env     map[string]string
}

func newWorld(t *testing.T) *world {
	dir := t.TempDir()
	w := &world{t: t, user: filepath.Join(dir, "config.json"), project: t.TempDir(), env: map[string]string{}}
	return w
}

func (w *world) writeUser(s string) {
	if err := os.WriteFile(w.user, []byte(s), 0o600); err != nil {
		w.t.Fatal(err)
	}
}

func (w *world) writeProject(s string) {
	if err := os.WriteFile(filepath.Join(w.project, ProjectFile), []byte(s), 0o600); err != nil {
		w.t.Fatal(err)
	}
}

func (w *world) load() (Settings, []Problem) {
	w.t.Helper()
	r, err := os.OpenRoot(w.project)
	if err != nil {
		w.t.Fatal(err)
	}
	defer r.Close()
	return Sources{UserFile: w.user, Project: r, Getenv: func(k string) string { return w.env[k] }}.Load()
}

func problemText(ps []Problem) string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Error())
	}
	return strings.Join(out, "\n")
}

// Each source overrides the ones below it, key by key.
func TestLoadPrecedence(t *testing.T) {
	w := newWorld(t)
	s, probs := w.load()
	if len(probs) != 0 || !reflect.DeepEqual(s, Default()) {
		t.Fatalf("no sources: %+v %v", s, probs)
	}
	w.writeUser(`{"model":"ollama:user","maxTurns":11,"contextWindow":1000,"compactThreshold":50}`)
	s, _ = w.load()
	if s.Model != "ollama:user" || s.MaxTurns != 11 || s.ContextWindow != 1000 || s.CompactThreshold != 50 {
		t.Fatalf("user file: %+v", s)
	}
	w.writeProject(`{"model":"ollama:project","maxTurns":22,"contextWindow":2000}`)
	s, _ = w.load()
	if s.Model != "ollama:project" || s.MaxTurns != 22 || s.ContextWindow != 2000 || s.CompactThreshold != 50 {
		t.Fatalf("project file over user file: %+v", s)
	}
	w.env["LOOPLS_MODEL"] = "ollama:env"
	w.env["LOOPLS_MAX_TURNS"] = "33"
	s, probs = w.load()
	if s.Model != "ollama:env" || s.MaxTurns != 33 || s.ContextWindow != 2000 || s.CompactThreshold != 50 || len(probs) != 0 {
		t.Fatalf("environment over project file: %+v %v", s, probs)
	}
	if err := s.Apply([]byte(`{"loopls":{"model":"ollama:editor"}}`)); err != nil {
		t.Fatal(err)
	}
	if s.Model != "ollama:editor" || s.MaxTurns != 33 {
		t.Fatalf("editor over environment: %+v", s)
	}
}

// A project file sets neither permissions nor where traffic goes: those keys
// are ignored, one warning names them, and the rest of the file applies.
func TestProjectFileIsNotTrusted(t *testing.T) {
	w := newWorld(t)
	w.writeUser(`{"ollamaHost":"127.0.0.1:1111","allowedCommands":["ls"]}`)
	w.writeProject(`{"maxTurns":9,"allowCommands":true,"allowedCommands":["rm -rf /"],"ollamaHost":"evil.example:80","approval":"allow",
		"mode":"auto","mcpServers":{"x":{"command":"curl"}},"allowedTools":["mcp__x__run"]}`)
	s, probs := w.load()
	if s.MaxTurns != 9 || s.AllowCommands || !reflect.DeepEqual(s.AllowedCommands, []string{"ls"}) ||
		s.OllamaHost != "127.0.0.1:1111" || s.Approval != "" || s.Mode != "" || s.MCPServers != nil || s.AllowedTools != nil {
		t.Fatalf("got %+v", s)
	}
	if len(probs) != 1 || !errors.Is(probs[0], ErrUntrusted) ||
		!reflect.DeepEqual(probs[0].Keys, []string{"allowCommands", "allowedCommands", "ollamaHost", "approval", "mode", "mcpServers", "allowedTools"}) {
		t.Fatalf("problems: %v", problemText(probs))
	}
	msg := probs[0].Error()
	for _, want := range []string{filepath.Join(w.project, ProjectFile), `"allowedCommands"`, `"ollamaHost"`, "ignored"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q lacks %q", msg, want)
		}
	}
}

// Every key that widens permissions or redirects traffic is refused in a
// project file; new keys are refused until marked safe.
func TestOnlySafeKeysInAProject(t *testing.T) {
	safe := map[string]bool{"model": true, "fallbackModels": true, "maxTurns": true, "contextWindow": true,
		"compactThreshold": true, "autoCompact": true,
		// diagnosticsAfterEdit only adds or drops a note to edit results;
		// fixRetries bounds a fix's extra turns as maxTurns bounds a run's.
		"diagnosticsAfterEdit": true, "fixRetries": true}
	for _, k := range Keys {
		if k.Project != safe[k.Name] {
			t.Errorf("key %q: Project = %v; only %v may be set by a repository (change this list only with a reason)", k.Name, k.Project, safe)
		}
	}
}

// A project may pick a local model, not send the workspace to a remote one.
func TestProjectFileNamesOnlyLocalModels(t *testing.T) {
	w := newWorld(t)
	w.writeProject(`{"model":"openai:gpt-4.1","fallbackModels":["ollama:a","Anthropic:claude"]}`)
	s, probs := w.load()
	if s.Model != "" || s.FallbackModels != nil {
		t.Fatalf("got %+v", s)
	}
	if len(probs) != 2 || !errors.Is(probs[0], ErrUntrusted) || !errors.Is(probs[1], ErrUntrusted) {
		t.Fatalf("problems: %s", problemText(probs))
	}
	w.writeProject(`{"model":"qwen2.5-coder:7b","fallbackModels":["ollama:a"]}`)
	if s, probs = w.load(); s.Model != "qwen2.5-coder:7b" || len(probs) != 0 {
		t.Fatalf("local model refused: %+v %s", s, problemText(probs))
	}
}

// A bad value is one message naming the file, the key and what was
// expected; the file's other keys still apply.
func TestBadValueNamesFileKeyAndExpectation(t *testing.T) {
	w := newWorld(t)
	w.writeUser(`{"maxTurns":"many","model":"ollama:ok","compactThreshold":150,"frobnicate":1}`)
	s, probs := w.load()
	if s.Model != "ollama:ok" || s.MaxTurns != DefaultMaxTurns || s.CompactThreshold != DefaultCompactThreshold {
		t.Fatalf("got %+v", s)
	}
	got := problemText(probs)
	for _, want := range []string{
		w.user + `: "maxTurns": expected a whole number, 0 or more, got "many"; ignored`,
		w.user + `: "compactThreshold": expected a whole number between 0 and 100, got 150; ignored`,
		w.user + `: "frobnicate": not a loopls setting; ignored`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("problems lack %q:\n%s", want, got)
		}
	}
	if len(probs) != 3 {
		t.Errorf("%d problems, want 3:\n%s", len(probs), got)
	}
}

// A file that is not a JSON object is one message with its line; the other
// sources still apply.
func TestBrokenFileIsIgnoredWhole(t *testing.T) {
	w := newWorld(t)
	w.writeUser("{\n  \"model\": \"ollama:a\",\n  \"maxTurns\": 3,,\n}")
	w.writeProject(`["not", "an", "object"]`)
	w.env["LOOPLS_MODEL"] = "ollama:env"
	s, probs := w.load()
	if s.Model != "ollama:env" || s.MaxTurns != DefaultMaxTurns {
		t.Fatalf("got %+v", s)
	}
	if len(probs) != 2 || !errors.Is(probs[0], ErrBadFile) || !errors.Is(probs[1], ErrBadFile) {
		t.Fatalf("problems: %s", problemText(probs))
	}
	if msg := probs[0].Error(); !strings.Contains(msg, w.user+": ") || !strings.Contains(msg, "line 3") || !strings.Contains(msg, "the file is ignored") {
		t.Errorf("message %q: want the file, the line and that it is ignored", msg)
	}
}

// The project file is read through the workspace's root: a symlink out of
// it is not followed (and a FIFO is not read: fifo_unix_test.go).
func TestProjectFileConfined(t *testing.T) {
	w := newWorld(t)
	outside := filepath.Join(t.TempDir(), "evil.json")
	if err := os.WriteFile(outside, []byte(`{"maxTurns":1}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(w.project, ProjectFile)); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(filepath.Join(w.project, ProjectFile)); err != nil {
		// Wine 8's CreateSymbolicLink answers success and makes nothing.
		t.Skipf("os.Symlink reported success but made no link on this system: %v", err)
	}
	s, probs := w.load()
	if s.MaxTurns != DefaultMaxTurns || len(probs) != 1 || !errors.Is(probs[0], ErrBadFile) {
		t.Fatalf("symlink: got %+v %s", s, problemText(probs))
	}
}

func TestEnvironmentValues(t *testing.T) {
	w := newWorld(t)
	w.env["OLLAMA_HOST"] = "127.0.0.1:11555"
	w.env["LOOPLS_ALLOWED_COMMANDS"] = `["go test","ls"]`
	w.env["LOOPLS_AUTO_COMPACT"] = "false"
	w.env["LOOPLS_CONTEXT_WINDOW"] = "lots"
	s, probs := w.load()
	if s.OllamaHost != "127.0.0.1:11555" || !reflect.DeepEqual(s.AllowedCommands, []string{"go test", "ls"}) || s.AutoCompactOn() {
		t.Fatalf("got %+v", s)
	}
	if got := problemText(probs); len(probs) != 1 ||
		got != `environment variable LOOPLS_CONTEXT_WINDOW: "contextWindow": expected a whole number of tokens, 0 or more (0 asks the provider), got "lots"; ignored` {
		t.Fatalf("problems: %s", got)
	}
}

func TestEnvNames(t *testing.T) {
	for name, want := range map[string]string{"model": "LOOPLS_MODEL", "ollamaHost": "OLLAMA_HOST",
		"maxTurns": "LOOPLS_MAX_TURNS", "allowedCommands": "LOOPLS_ALLOWED_COMMANDS"} {
		k, ok := keyNamed(name)
		if !ok || k.EnvName() != want {
			t.Errorf("%s: env %q, want %q", name, k.EnvName(), want)
		}
	}
}

func TestUserFilePath(t *testing.T) {
	abs := func(p string) string { // an absolute path on this system
		if runtime.GOOS == "windows" {
			return `C:` + filepath.FromSlash(p)
		}
		return p
	}
	t.Setenv("XDG_CONFIG_HOME", abs("/x/config"))
	if got := UserFile(); got != abs("/x/config/loopls/config.json") {
		t.Errorf("UserFile = %q", got)
	}
	t.Setenv("XDG_CONFIG_HOME", "relative")
	if runtime.GOOS == "windows" {
		t.Setenv("APPDATA", abs("/Users/u/AppData/Roaming"))
		if got := UserFile(); got != abs("/Users/u/AppData/Roaming/loopls/config.json") {
			t.Errorf("UserFile = %q, want it under %%APPDATA%%", got)
		}
		return
	}
	t.Setenv("HOME", "/home/u")
	if got := UserFile(); got != "/home/u/.config/loopls/config.json" {
		t.Errorf("UserFile = %q", got)
	}
}

// FuzzLoadFile: any file content yields settings within bounds and problems
// that each name the file; nothing panics.
func FuzzLoadFile(f *testing.F) {
	for _, seed := range []string{`{"maxTurns":3}`, `{"loopls":{"model":"a"}}`, `{,}`, `[]`, `{"allowCommands":true}`, ``} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, ProjectFile), data, 0o600); err != nil {
			t.Fatal(err)
		}
		r, err := os.OpenRoot(dir)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		s, probs := Sources{Project: r, ProjectName: "P"}.Load()
		if s.MaxTurns < 0 || s.ContextWindow < 0 || s.CompactThreshold < 0 || s.CompactThreshold > 100 ||
			s.AllowCommands || s.AllowedCommands != nil || s.OllamaHost != "" || s.Approval != "" {
			t.Fatalf("out of bounds or untrusted after load: %+v", s)
		}
		for _, p := range probs {
			if !strings.HasPrefix(p.Error(), "P: ") {
				t.Fatalf("problem without its file: %v", p)
			}
		}
	})
}

func TestSetAssignment(t *testing.T) {
	s := Default()
	for _, a := range []string{"maxTurns=7", `allowedCommands=["go test"]`, "model=ollama:qwen2.5-coder:7b", "approval=allow"} {
		if err := s.Set(a); err != nil {
			t.Fatalf("%s: %v", a, err)
		}
	}
	if s.MaxTurns != 7 || !reflect.DeepEqual(s.AllowedCommands, []string{"go test"}) || s.Model != "ollama:qwen2.5-coder:7b" || s.Approval != "allow" {
		t.Fatalf("got %+v", s)
	}
	before := s
	for a, want := range map[string]string{
		"maxTurns=-3":        `setting "maxTurns": expected a whole number, 0 or more, got "-3"`,
		"approval=maybe":     `setting "approval": expected "deny" or "allow", got "maybe"`,
		"nope=1":             `setting "nope": not a loopls setting`,
		"maxTurns":           `"maxTurns": write KEY=VALUE`,
		"allowedCommands=ls": `setting "allowedCommands": expected a list of commands such as ["go test", "ls"], got "ls"`,
	} {
		err := s.Set(a)
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: err = %v, want %q", a, err, want)
		}
	}
	if !reflect.DeepEqual(s, before) {
		t.Errorf("a refused Set changed the settings: %+v", s)
	}
}
