//go:build windows

package rpc_test

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A Windows user's path through loopls.exe (make test-windows runs it under
// Wine in a fresh prefix, against the loopls.exe of the release's win32-x64
// VS Code package, installed from it: LOOPLS_TEST_VSIX), with a Windows Go
// on the prefix's PATH (.ci/wine/go.sh; LOOPLS_WINE_GO is its version):
// initialize with a file:///c%3A/… root as VS Code sends it; a run that
// reads a file; a run that edits a CRLF file with a BOM (both kept); a run
// that asks to run `go version`, is allowed, and gets Go's own answer; a
// run cancelled while the model streams; shutdown, exit 0.
func TestWindowsUserPath(t *testing.T) {
	goVersion := os.Getenv("LOOPLS_WINE_GO")
	if goVersion == "" {
		t.Fatal("LOOPLS_WINE_GO is unset: run through make test-windows, whose prefix has a Windows Go on its PATH (.ci/wine/go.sh)")
	}
	f := newFixture(t)
	if u := fileURI(f.root); !strings.HasPrefix(u, "file:///c%3A/") {
		t.Fatalf("root URI %s is not VS Code's shape file:///c%%3A/…", u)
	}
	crlf := "\uFEFFhello world\r\nsecond line\r\n"
	writeFile(t, filepath.Join(f.root, "hello.txt"), crlf)
	asked := make(chan string, 4)
	f.c.handle("loopls/approve", func(p json.RawMessage) (any, *wireErr) {
		asked <- string(p)
		if strings.Contains(string(p), "go version") {
			return map[string]any{"outcome": "selected", "optionId": "allow_once"}, nil
		}
		return map[string]any{"outcome": "selected", "optionId": "reject_once"}, nil
	})
	f.c.initialize(f.root, map[string]any{"experimental": map[string]any{"loopls": map[string]any{"approvals": true}}}, nil)

	var res runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "read"}, &res)
	if res.Outcome != "completed" || !toolResultHas(f, "A project for loopls tests.") {
		t.Fatalf("read run: %+v; tool results %q, want README.md's text", res, toolResults(f.srv))
	}

	ended := map[string]bool{string(res.RunID): true} // the runs that have ended
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "edit", "session": res.SessionID}, &res)
	if res.Outcome != "completed" {
		t.Fatalf("edit run: %+v", res)
	}
	got, err := os.ReadFile(filepath.Join(f.root, "hello.txt"))
	if want := "\uFEFFgoodbye world\r\nsecond line\r\n"; err != nil || string(got) != want {
		t.Errorf("hello.txt after the edit = %q, %v; want %q (CRLF and BOM kept)", got, err, want)
	}

	ended[string(res.RunID)] = true
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "shell: go version", "session": res.SessionID}, &res)
	select {
	case p := <-asked:
		if !strings.Contains(p, "go version") {
			t.Errorf("the question does not name the line `go version`: %s", p)
		}
	default:
		t.Fatalf("no loopls/approve for `go version` (every command is asked on Windows); run %+v, tool results %q", res, toolResults(f.srv))
	}
	want := "go version " + goVersion + " windows/amd64"
	if res.Outcome != "completed" || !toolResultHas(f, want) {
		t.Fatalf("go version run: %+v; tool results %q, want one holding %q", res, toolResults(f.srv), want)
	}

	// Cancel, while the model streams (TestCancelPaths has every way to):
	// the wait is for the new run's first chunk, by its run id.
	ended[string(res.RunID)] = true
	id, answer := f.c.send("loopls/run", map[string]any{"prompt": "stall now", "session": res.SessionID})
	var d struct {
		RunID string `json:"runId"`
	}
	f.c.waitFor("the stalled model's first chunk", func(m *wireMsg) bool {
		return m.Method == "loopls/delta" && json.Unmarshal(m.Params, &d) == nil && d.RunID != "" && !ended[d.RunID]
	})
	f.c.notify("$/cancelRequest", map[string]any{"id": json.RawMessage(id)})
	if m := f.c.await(answer); m.Error == nil || m.Error.Code != -32800 {
		t.Fatalf("the cancelled run answered %s %v, want -32800", m.Result, m.Error)
	}
	if end := runEnded(t, f.c, runIDOf(d.RunID)); end.Outcome != "cancelled" {
		t.Errorf("runEnded outcome = %s, want cancelled", end.Outcome)
	}
	if len(asked) != 0 {
		t.Errorf("asked again: %s", <-asked)
	}
	if code := f.c.shutdownExit(); code != 0 {
		t.Errorf("exit code %d after shutdown, want 0", code)
	}
}

// toolResultHas reports whether a tool result the model was sent holds s.
func toolResultHas(f *fixture, s string) bool {
	for _, r := range toolResults(f.srv) {
		if strings.Contains(r, s) {
			return true
		}
	}
	return false
}

// loopls.exe doctor says, in words, that nothing confines a command on
// Windows and so every one is asked; it exits 1 (not confined).
func TestWindowsDoctor(t *testing.T) {
	cmd := exec.Command(loopls, "doctor")
	cmd.Env = append(os.Environ(), "LOOPLS_MODEL=ollama:tiny")
	out, err := cmd.Output()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Errorf("loopls.exe doctor: %v, want exit 1 (not confined)", err)
	}
	for _, line := range []string{
		"command confinement: none",
		"approval: every program is asked, allow list or not, because nothing else holds it",
	} {
		if !strings.Contains(string(out), line) {
			t.Errorf("loopls.exe doctor does not say %q:\n%s", line, out)
		}
	}
}
