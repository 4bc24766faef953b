package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ollama/ollama/api"

	"github.com/loopls/loopls/internal/fakeollama"
)

const (
	fakeKey  = "sk-loopls-fake-0123456789abcdefXYZ"
	leakMark = "0123456789abcdef"
)

// runWithKey runs loopls with fakeKey in its environment.
func (e *env) runWithKey(args ...string) result {
	e.t.Helper()
	binary(e.t) // built before the bound starts: a build on a loaded machine is slow
	ctx, cancel := context.WithTimeout(context.Background(), waitBound)
	defer cancel()
	c := e.cmdCtx(ctx, args...)
	c.Env = append(c.Env, "OPENAI_API_KEY="+fakeKey, "MY_SERVICE_TOKEN="+fakeKey+"-2")
	var out, errb bytes.Buffer
	c.Stdout, c.Stderr = &out, &errb
	c.Run()
	if ctx.Err() != nil {
		e.t.Fatalf("loopls %v did not end within %v; stdout %s\nstderr %s", args, waitBound, out.String(), errb.String())
	}
	return result{code: c.ProcessState.ExitCode(), stdout: out.String(), stderr: errb.String()}
}

// The key in loopls run's environment reaches no model request, no
// output, no stderr line and no --trace file: not from a tool's output,
// not from a model that spells it across two deltas, not from a provider
// error that echoes the Authorization header.
func TestRunNeverWritesTheKey(t *testing.T) {
	e := newEnv(t, fakeollama.Options{Script: func(req *api.ChatRequest) *fakeollama.Reply {
		last := req.Messages[len(req.Messages)-1]
		switch {
		case last.Role == "user" && strings.Contains(last.Content, "provider error"):
			return &fakeollama.Reply{Status: 400, Error: "rejected; request headers were map[Authorization:[Bearer " + fakeKey + "]]"}
		case last.Role == "user":
			return fakeollama.ToolCalls(fakeollama.Call{Name: "read_file", Args: `{"path":"secrets.txt"}`})
		default:
			return fakeollama.Text("The key is ", fakeKey[:14], fakeKey[14:], ".")
		}
	}})
	if err := os.WriteFile(filepath.Join(e.root, "secrets.txt"), []byte("OPENAI_API_KEY="+fakeKey+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	ok := e.runWithKey("run", "--json", "--trace", filepath.Join(dir, "ok.jsonl"), "read the secrets")
	if ok.code != 0 {
		t.Fatalf("run exit %d: %s", ok.code, ok.stderr)
	}
	plain := e.runWithKey("run", "--trace", filepath.Join(dir, "plain.jsonl"), "read the secrets")
	failed := e.runWithKey("run", "--trace", filepath.Join(dir, "failed.jsonl"), "provoke a provider error")
	if failed.code == 0 {
		t.Fatalf("the provider error run succeeded: %s", failed.stdout)
	}
	for name, r := range map[string]result{"json": ok, "plain": plain, "failed": failed} {
		if strings.Contains(r.stdout+r.stderr, leakMark) {
			t.Errorf("%s run printed the key:\nstdout %s\nstderr %s", name, r.stdout, r.stderr)
		}
	}
	if !strings.Contains(plain.stdout, "The key is [redacted].") {
		t.Errorf("the streamed answer %q does not show the redaction", plain.stdout)
	}
	if !strings.Contains(failed.stderr, "Bearer [redacted]") {
		t.Errorf("the provider error on stderr %q does not show the redaction", failed.stderr)
	}
	for _, name := range []string{"ok.jsonl", "plain.jsonl", "failed.jsonl"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || len(b) == 0 {
			t.Fatalf("trace %s: %v (%d bytes)", name, err, len(b))
		}
		if bytes.Contains(b, []byte(leakMark)) {
			t.Errorf("trace %s holds the key:\n%s", name, b)
		}
	}
	for _, req := range e.srv.Requests() {
		for _, m := range req.Messages {
			if strings.Contains(m.Content, leakMark) {
				t.Errorf("a model request holds the key: %q", m.Content)
			}
		}
	}
}
