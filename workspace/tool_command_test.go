package workspace

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/loopls/loopls/command"
	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/symlinktest"
)

// TestNoApproverFailsClosed: with allowCommands and no one to ask, what is
// not allowed is refused with a message naming it and the setting.
func TestNoApproverFailsClosed(t *testing.T) {
	dir := newTree(t, nil)
	w := withPolicy(openWS(t, dir, Options{}), command.Policy{AllowCommands: true, Allowed: []string{"ls"}})
	res := call(t, w, ToolRunCommand, map[string]any{"command": "ls; ((sh<x)); touch made"})
	if !res.IsError || !strings.Contains(res.Output, "touch made") || !strings.Contains(res.Output, "no one can be asked here") || !strings.Contains(res.Output, "allowedCommands setting") {
		t.Errorf("result = %+v", res)
	}
	if _, err := os.Stat(filepath.Join(dir, "made")); err == nil {
		t.Error("touch ran without approval")
	}
	if res := call(t, w, ToolRunCommand, map[string]any{"command": "ls && ("}); !res.IsError || !strings.Contains(res.Output, "does not parse") {
		t.Errorf("unparsable = %+v", res)
	}
}

// TestFileToolsProtectPaths: write_file and edit_file ask before writing
// under .git/ or .loopls.json, also through a symlink inside the root, and
// refuse when no one can be asked.
func TestFileToolsProtectPaths(t *testing.T) {
	symlinktest.Require(t)
	dir := newTree(t, map[string]string{".git/config": "[core]\n", "ok.txt": "a\n"})
	if err := os.Symlink(".git", filepath.Join(dir, "g")); err != nil {
		t.Fatal(err)
	}
	ap := &recordingApprover{decision: DecisionRejectOnce}
	w := openWS(t, dir, Options{Approver: ap})
	cases := []struct {
		tool string
		args map[string]any
	}{
		{ToolWriteFile, map[string]any{"path": ".git/hooks/pre-commit", "content": "#!/bin/sh\ntouch pwned\n"}},
		{ToolWriteFile, map[string]any{"path": "g/config", "content": "[core]\nfsmonitor = ./x\n"}},
		{ToolEditFile, map[string]any{"path": ".git/config", "old_string": "[core]", "new_string": "[core]\nfsmonitor = ./x"}},
		{ToolWriteFile, map[string]any{"path": ".loopls.json", "content": `{"allowedCommands":["sh"]}`}},
		{ToolWriteFile, map[string]any{"path": "sub/.GIT/config", "content": "x"}},
	}
	for i, c := range cases {
		res := call(t, w, c.tool, c.args)
		if !res.IsError || !strings.Contains(res.Output, "protected") || ap.count() != i+1 {
			t.Errorf("%s %v = %+v, asked %d times; want asked and refused", c.tool, c.args, res, ap.count())
		}
	}
	if got := readDisk(t, dir, ".git/config"); got != "[core]\n" {
		t.Errorf(".git/config = %q", got)
	}
	for _, p := range []string{".git/hooks/pre-commit", ".loopls.json", "sub"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err == nil {
			t.Errorf("%s was written", p)
		}
	}
	// Other files are written without asking; approved, a protected one too.
	if res := call(t, w, ToolWriteFile, map[string]any{"path": "ok.txt", "content": "b\n"}); res.IsError || ap.count() != len(cases) {
		t.Errorf("ordinary write = %+v, asked %d", res, ap.count())
	}
	ap.decision = DecisionAllowOnce
	if res := call(t, w, ToolWriteFile, map[string]any{"path": ".loopls.json", "content": "{}"}); res.IsError {
		t.Errorf("approved protected write = %+v", res)
	}
	// No one to ask: refused.
	w2 := openWS(t, dir, Options{})
	if res := call(t, w2, ToolEditFile, map[string]any{"path": ".git/config", "old_string": "[core]", "new_string": "x"}); !res.IsError || !strings.Contains(res.Output, "no one can be asked") {
		t.Errorf("no approver = %+v", res)
	}
}

// TestEditModeAsksBeforeTheShellWrites: in edit mode every change waits for
// the user, so a redirection that writes a workspace file asks first —
// after a builtin that needs no approval (echo) or an allowed program (ls)
// just the same — and a refusal, or no one to ask, leaves the file as it
// was. In auto mode the same line writes unasked, as edit_file would.
func TestEditModeAsksBeforeTheShellWrites(t *testing.T) {
	dir := newTree(t, map[string]string{"a.txt": "inside\n"})
	ap := &recordingApprover{decision: DecisionRejectOnce}
	w := openWS(t, dir, Options{Approver: ap})
	policy := command.Policy{Allowed: []string{"ls"}}
	run := func(w *Workspace, mode Mode, cmd string) engine.ToolResult {
		t.Helper()
		for _, tl := range w.Tools(mode, policy) {
			if tl.Spec().Name != ToolRunCommand {
				continue
			}
			raw, _ := json.Marshal(map[string]any{"command": cmd})
			res, err := tl.Call(context.Background(), engine.ToolInvocation{RunID: "run1", Call: machine.ToolCall{ID: "c1", Name: ToolRunCommand, Arguments: raw}})
			if err != nil {
				t.Fatalf("%q: %v", cmd, err)
			}
			return res
		}
		t.Fatalf("run_command is not offered in %s mode", mode)
		return engine.ToolResult{}
	}

	for _, c := range []string{"echo pwned > a.txt", "ls >> a.txt", "echo new > sub/b.txt", "true; echo new > b.txt"} {
		before := ap.count()
		res := run(w, ModeEdit, c)
		if ap.count() != before+1 || !strings.Contains(res.Output, "refused") {
			t.Errorf("edit mode %q: asked %d times, result %q; want asked once and refused", c, ap.count()-before, res.Output)
		}
	}
	if got := readDisk(t, dir, "a.txt"); got != "inside\n" {
		t.Errorf("a.txt after refused writes = %q", got)
	}
	for _, p := range []string{"b.txt", "sub/b.txt"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err == nil {
			t.Errorf("%s was created although the write was refused", p)
		}
	}
	if last := ap.asked[len(ap.asked)-1]; len(last.Unapproved) != 1 || last.Unapproved[0] != "> b.txt" {
		t.Errorf("the question names %q, want the write it is about", last.Unapproved)
	}

	// Allowed: the write lands. Reading, and /dev/null, ask nothing.
	ap.decision = DecisionAllowOnce
	if res := run(w, ModeEdit, "echo ok > a.txt"); res.IsError {
		t.Errorf("allowed write: %+v", res)
	}
	if got := readDisk(t, dir, "a.txt"); got != "ok\n" {
		t.Errorf("a.txt after an allowed write = %q", got)
	}
	n := ap.count()
	if res := run(w, ModeEdit, "ls < a.txt > /dev/null"); res.IsError || ap.count() != n {
		t.Errorf("reading in edit mode: asked %d, %+v", ap.count()-n, res)
	}

	// Auto mode: no question.
	if res := run(w, ModeAuto, "echo auto > a.txt"); res.IsError || ap.count() != n {
		t.Errorf("auto mode: asked %d, %+v", ap.count()-n, res)
	}
	if got := readDisk(t, dir, "a.txt"); got != "auto\n" {
		t.Errorf("a.txt after auto mode = %q", got)
	}

	// Edit mode with no one to ask: refused, nothing written.
	lone := openWS(t, dir, Options{})
	policy.AllowCommands = true
	if res := run(lone, ModeEdit, "echo lone > a.txt"); !strings.Contains(res.Output, "no one can be asked") {
		t.Errorf("no approver: %q", res.Output)
	}
	if got := readDisk(t, dir, "a.txt"); got != "auto\n" {
		t.Errorf("a.txt after a write with no one to ask = %q", got)
	}
}

// TestAutoModeAsksBeforeGitWritesGit: in auto mode, with git on the allow
// list, a commit still asks a question that names .git/ (ApprovalRequest
// .Protected, which the approval setting never answers), and an "always"
// answer is not remembered: the next commit asks again.
func TestAutoModeAsksBeforeGitWritesGit(t *testing.T) {
	dir := newTree(t, map[string]string{"a.txt": "a\n"})
	for _, args := range [][]string{{"init", "-q"}, {"config", "user.email", "a@b"}, {"config", "user.name", "a"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %q: %v\n%s", args, err, out)
		}
	}
	ap := &recordingApprover{decision: DecisionAllowAlways}
	w := withPolicy(openWS(t, dir, Options{Approver: ap}), command.Policy{Allowed: []string{"git"}})
	for i, line := range []string{"git add a.txt", "git add a.txt", "git commit -qm one"} {
		res := call(t, w, ToolRunCommand, map[string]any{"command": line})
		if res.IsError || !strings.HasSuffix(strings.TrimSpace(res.Output), "[exit code 0]") {
			t.Fatalf("%q: %s", line, res.Output)
		}
		if ap.count() != i+1 || ap.asked[i].Protected != ".git/" || ap.asked[i].Unapproved[0] != line {
			t.Fatalf("after %q the questions are %+v, want one more naming .git/", line, ap.asked)
		}
	}
	cmd := exec.Command("git", "log", "-1", "--format=%s")
	cmd.Dir = dir
	if out, err := cmd.Output(); err != nil || strings.TrimSpace(string(out)) != "one" {
		t.Errorf("the commit is not there: %q, %v", out, err)
	}
}
