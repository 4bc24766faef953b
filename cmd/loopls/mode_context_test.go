package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/loopls/loopls/internal/fakeollama"
)

func offered(req api.ChatRequest) []string {
	var names []string
	for _, t := range req.Tools {
		names = append(names, t.Function.Name)
	}
	return names
}

func firstChat(t *testing.T, srv *fakeollama.Server, since int) api.ChatRequest {
	t.Helper()
	reqs := srv.Requests()
	if len(reqs) <= since {
		t.Fatal("the model was never asked")
	}
	return reqs[since]
}

// --mode and the mode setting reach loopls run: ask offers no write tool,
// edit refuses edits nobody can confirm, auto edits.
func TestRunMode(t *testing.T) {
	e := newEnv(t, fakeollama.Options{})
	hello := filepath.Join(e.root, "hello.txt")
	for _, tc := range []struct {
		name   string
		user   string
		args   []string
		writes bool // edit_file offered
		edited bool
	}{
		{name: "--mode ask", args: []string{"--mode", "ask"}},
		{name: "the mode setting", user: `{"mode":"ask"}`},
		{name: "--mode over the setting", user: `{"mode":"ask"}`, args: []string{"--mode", "auto"}, writes: true, edited: true},
		{name: "--mode edit without anyone to confirm", args: []string{"--mode", "edit"}, writes: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e.t = t
			os.Remove(e.userFile())
			if tc.user != "" {
				e.write(e.userFile(), tc.user)
			}
			if err := os.WriteFile(hello, []byte("hello\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			since := len(e.srv.Requests())
			r := e.run(append(append([]string{"run"}, tc.args...), "edit hello.txt")...)
			if r.code != 0 {
				t.Fatalf("exit %d; stderr:\n%s", r.code, r.stderr)
			}
			tools := offered(firstChat(t, e.srv, since))
			if has := strings.Contains(strings.Join(tools, " "), "edit_file"); has != tc.writes {
				t.Errorf("tools offered %v: edit_file %v, want %v", tools, has, tc.writes)
			}
			disk, _ := os.ReadFile(hello)
			if got := strings.HasPrefix(string(disk), "goodbye"); got != tc.edited {
				t.Errorf("hello.txt = %q: edited %v, want %v", disk, got, tc.edited)
			}
		})
	}
	e.t = t
	if r := e.run("run", "--mode", "yolo", "chat"); r.code != exitUsage || !strings.Contains(r.stderr, `unknown mode "yolo"`) {
		t.Errorf("bad --mode: exit %d, stderr:\n%s", r.code, r.stderr)
	}
}

// --context FILE[:L1-L2] attaches the lines, labelled, to the prompt; a
// path outside the root and a bad range are refused.
func TestRunContext(t *testing.T) {
	e := newEnv(t, fakeollama.Options{})
	e.write(filepath.Join(e.root, "notes.txt"), "one\ntwo\nthree\nfour\n")
	since := len(e.srv.Requests())
	r := e.run("run", "--context", "notes.txt:2-3", "--context", "hello.txt", "chat about these")
	if r.code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", r.code, r.stderr)
	}
	var user string
	for _, m := range firstChat(t, e.srv, since).Messages {
		if m.Role == "user" {
			user = m.Content
		}
	}
	for _, want := range []string{"chat about these", "notes.txt, lines 2-3", "two\nthree", "hello.txt, lines 1-1"} {
		if !strings.Contains(user, want) {
			t.Errorf("the user message lacks %q:\n%s", want, user)
		}
	}
	if strings.Contains(user, "four") || strings.Contains(user, "one\n") {
		t.Errorf("lines outside 2-3 were attached:\n%s", user)
	}

	outside := filepath.Join(t.TempDir(), "secret.txt")
	e.write(outside, "top secret\n")
	before := len(e.srv.Requests())
	for _, bad := range []string{outside, "../" + filepath.Base(filepath.Dir(outside)) + "/secret.txt", "notes.txt:3-2", "notes.txt:0"} {
		r := e.run("run", "--context", bad, "chat")
		if r.code != exitUsage {
			t.Errorf("--context %s: exit %d, want %d; stderr:\n%s", bad, r.code, exitUsage, r.stderr)
		}
	}
	if n := len(e.srv.Requests()); n != before {
		t.Errorf("a refused --context still asked the model (%d requests)", n-before)
	}
}

// loopls acp --mode, and the mode setting, pick a new session's mode.
func TestACPMode(t *testing.T) {
	bin := binary(t)
	for _, tc := range []struct {
		name, user string
		args       []string
		want       string
	}{
		{name: "default", want: "edit"},
		{name: "--mode", args: []string{"--mode", "ask"}, want: "ask"},
		{name: "the mode setting", user: `{"mode":"auto"}`, want: "auto"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := t.TempDir()
			if tc.user != "" {
				os.MkdirAll(filepath.Join(cfg, "loopls"), 0o755)
				os.WriteFile(filepath.Join(cfg, "loopls", "config.json"), []byte(tc.user), 0o644)
			}
			cmd := exec.Command(bin, append([]string{"acp"}, tc.args...)...)
			cmd.Env = append(cmd.Environ(), "XDG_STATE_HOME="+t.TempDir(), "XDG_CONFIG_HOME="+cfg, "OLLAMA_HOST=127.0.0.1:1", "LOOPLS_MODE=")
			stdin, _ := cmd.StdinPipe()
			stdout, _ := cmd.StdoutPipe()
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer func() {
				stdin.Close()
				done := make(chan error, 1)
				go func() { done <- cmd.Wait() }()
				select {
				case <-done:
				case <-time.After(waitBound):
					cmd.Process.Kill()
					<-done
				}
			}()
			lines := make(chan string, 16)
			go func() {
				defer close(lines)
				sc := bufio.NewScanner(stdout)
				sc.Buffer(make([]byte, 1<<20), 1<<20)
				for sc.Scan() {
					lines <- sc.Text()
				}
			}()
			root := t.TempDir()
			io.WriteString(stdin, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}`+"\n")
			cwd, _ := json.Marshal(root)
			io.WriteString(stdin, `{"jsonrpc":"2.0","id":2,"method":"session/new","params":{"cwd":`+string(cwd)+`,"mcpServers":[]}}`+"\n")
			for {
				select {
				case l, ok := <-lines:
					if !ok {
						t.Fatalf("stdout closed; stderr:\n%s", stderr.String())
					}
					var m struct {
						ID     int `json:"id"`
						Result struct {
							Modes struct {
								CurrentModeID string `json:"currentModeId"`
							} `json:"modes"`
						} `json:"result"`
						Error any `json:"error"`
					}
					if json.Unmarshal([]byte(l), &m) != nil || m.ID != 2 {
						continue
					}
					if m.Error != nil || m.Result.Modes.CurrentModeID != tc.want {
						t.Fatalf("session/new = %s, want mode %q", l, tc.want)
					}
					return
				case <-time.After(waitBound):
					t.Fatalf("no answer to session/new; stderr:\n%s", stderr.String())
				}
			}
		})
	}
}
