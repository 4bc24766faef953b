package workspace

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// hostileSetup is a workspace with a symlink out of it and a directory
// outside it whose files must stay untouched and unread.
type hostileSetup struct {
	dir     string // the workspace
	outside string // a directory outside it
	w       *Workspace
	ap      *recordingApprover
	mu      sync.Mutex
	ran     [][]string
}

func newHostile(t *testing.T, allowed ...string) *hostileSetup {
	t.Helper()
	h := &hostileSetup{dir: newTree(t, map[string]string{"a.txt": "inside\n"}), outside: t.TempDir()}
	if err := os.WriteFile(filepath.Join(h.outside, "secret"), []byte("OUTSIDE-BYTES\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for name, target := range map[string]string{"link": h.outside, "flink": filepath.Join(h.outside, "secret"), "dangling": filepath.Join(h.outside, "new")} {
		if err := os.Symlink(target, filepath.Join(h.dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	h.ap = &recordingApprover{decision: DecisionRejectOnce}
	h.w = withPolicy(openWS(t, h.dir, Options{Approver: h.ap}), CommandPolicy{Allowed: allowed})
	h.w.execHook = func(e execution) {
		if e.Ran {
			h.mu.Lock()
			h.ran = append(h.ran, e.Args)
			h.mu.Unlock()
		}
	}
	return h
}

// outsideUntouched fails the test when anything outside the workspace was
// created or changed.
func (h *hostileSetup) outsideUntouched(t *testing.T, what string) {
	t.Helper()
	ents, err := os.ReadDir(h.outside)
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) != 1 || ents[0].Name() != "secret" {
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Errorf("%s: the directory outside the workspace now holds %q", what, names)
	}
	if b, _ := os.ReadFile(filepath.Join(h.outside, "secret")); string(b) != "OUTSIDE-BYTES\n" {
		t.Errorf("%s: the file outside was changed to %q", what, b)
	}
}

// TestInterpreterJudgesWhatRuns: each line, with only readers allowed and a
// refusing approver, runs nothing it should not, writes nothing outside and
// shows no byte from outside; the lines that hide a program are asked for.
func TestInterpreterJudgesWhatRuns(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatal("git is needed for the git cases")
	}
	h := newHostile(t, "ls", "cat", "find", "sed", "awk", "git status", "echo", "tar", "sort", "head")
	sh, _ := exec.LookPath("sh")
	tests := []struct {
		cmd   string
		asked bool
	}{
		{"ls", false},
		{"((sh<x))", false}, // arithmetic here: runs nothing
		{"ls > link/made", false},
		{"ls > flink", false},
		{"ls > dangling", false},
		{"ls >> ../escape", false},
		{"cat < link/secret", false},
		{"cat link/secret", true},
		{"cat flink", true},
		{"cat /proc/$$/environ", true},
		{"cat /proc/$PPID/environ", true},
		{"cat ../" + filepath.Base(h.outside) + "/secret", true},
		{"ls " + h.outside, true},
		{"echo " + h.outside + "/*", false}, // a builtin: the glob cannot read outside
		{"PATH=" + h.outside + ":$PATH; ls", true},
		{"export LD_PRELOAD=" + h.outside + "/x.so; ls", true},
		{"FOO=1 ls", true},
		{"find . -fprint " + h.outside + "/made", true},
		{"find . -fprint made", true},
		{"find . -exec touch {}.x ;", true},
		{"find . -delete", true},
		{"sed -n '1e touch " + h.outside + "/made' a.txt", false}, // runs in --sandbox: sed refuses e
		{"sed -n '1e touch pwned' a.txt", false},
		{"sed 'w pwned' a.txt", false},
		{"awk 'BEGIN{system(\"touch pwned\")}'", true},
		{`awk '{print > "pwned"}' a.txt`, true},
		{"tar --to-command=sh -cf x.tar a.txt", true},
		{"tar -I sh -cf x.tar a.txt", true},
		{"sort --compress-program=sh a.txt", true},
		{"git -c core.pager=sh status", true},
		{"git --exec-path=. status", true},
		{"eval 'touch pwned'", true},
		{"echo 'touch pwned' > s.sh; source s.sh", true},
		{"echo 'touch pwned' > s.sh; . ./s.sh", true},
		{"command touch pwned", true},
		{"builtin exec touch pwned", true},
		{"exec touch pwned", true},
		{"trap 'touch pwned' EXIT; ls", true},
		{"ls() { touch pwned; }; ls", true},
		{"alias ls='touch pwned'; ls", false}, // no alias expansion in a non-interactive shell: ls runs
		{"f=touch; $f pwned", true},
		{"IFS=,; c='touch,pwned'; $c", true},
		{"{touch,pwned}", true},
		{"$(echo touch) pwned", true},
		{"ls > $(touch pwned)", true},
		{"cat <(touch pwned)", true},
		{"cat <<EOF\n$(touch pwned)\nEOF", true},
		{"echo $((1+$(touch pwned)))", true},
		{"coproc touch pwned", false}, // the interpreter does not run coprocesses
		{"x=$(touch pwned)", true},
		{"printf '#!/bin/sh\\ntouch pwned\\n' > run.sh; chmod +x run.sh; ./run.sh", true},
		{"printf 'touch pwned\\n' > noshebang; chmod +x noshebang; ./noshebang", true},
		{"cd link && ls", false},
		{sh + " -c 'touch pwned'", true},
		{"cat a.txt | xargs touch", true},
		{"env touch pwned", true},
		{"ls | sh", true},
		{"time touch pwned", true},
		{"cat a.txt | head -1 | sort", false},
		{"ls .git", true}, // a protected path as an argument is asked for
		{"echo x > .git", false},
	}
	for _, tt := range tests {
		before := h.ap.count()
		res := call(t, h.w, ToolRunCommand, map[string]any{"command": tt.cmd})
		asked := h.ap.count() > before
		if asked != tt.asked {
			t.Errorf("%q: asked = %v, want %v\n%s", tt.cmd, asked, tt.asked, res.Output)
		}
		if strings.Contains(res.Output, "OUTSIDE-BYTES") {
			t.Errorf("%q: bytes from outside the workspace reached the result: %s", tt.cmd, res.Output)
		}
		if _, err := os.Lstat(filepath.Join(h.dir, "pwned")); err == nil {
			t.Errorf("%q: created pwned\n%s", tt.cmd, res.Output)
			os.Remove(filepath.Join(h.dir, "pwned"))
		}
		h.outsideUntouched(t, tt.cmd)
	}
	// Every program that ran unasked was on the allow list.
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, args := range h.ran {
		if !policyOf(h.w).matches(args) {
			t.Errorf("%q ran although it is not allowed and every question was refused", args)
		}
	}
}

// TestInterpreterAsksMidCommand: the question comes when the program is
// about to run; what ran before it stays done, nothing after it runs.
func TestInterpreterAsksMidCommand(t *testing.T) {
	h := newHostile(t, "ls")
	res := call(t, h.w, ToolRunCommand, map[string]any{"command": "ls > first; touch second; ls > third"})
	if !res.IsError || !strings.Contains(res.Output, "refused") || !strings.Contains(res.Output, "touch second") {
		t.Errorf("result = %+v, want touch refused by name", res)
	}
	for name, want := range map[string]bool{"first": true, "second": false, "third": false} {
		_, err := os.Stat(filepath.Join(h.dir, name))
		if (err == nil) != want {
			t.Errorf("%s exists = %v, want %v", name, err == nil, want)
		}
	}
	if req := h.ap.asked[0]; !slices.Equal(req.Unapproved, []string{"touch second"}) || len(req.Reasons) == 0 {
		t.Errorf("asked %+v, want touch second with a reason", req)
	}
	// Allowed once, it runs with its expanded arguments.
	h.ap.decision = DecisionAllowOnce
	if res := call(t, h.w, ToolRunCommand, map[string]any{"command": "n=second; touch $n"}); res.IsError {
		t.Errorf("approved: %+v", res)
	}
	if _, err := os.Stat(filepath.Join(h.dir, "second")); err != nil {
		t.Errorf("approved touch did not run: %v", err)
	}
}

// TestNoApproverFailsClosed: with allowCommands and no one to ask, what is
// not allowed is refused with a message naming it and the setting.
func TestNoApproverFailsClosed(t *testing.T) {
	dir := newTree(t, nil)
	w := withPolicy(openWS(t, dir, Options{}), CommandPolicy{AllowCommands: true, Allowed: []string{"ls"}})
	res := call(t, w, ToolRunCommand, map[string]any{"command": "ls; ((sh<x)); touch made"})
	if !res.IsError || !strings.Contains(res.Output, "touch made") || !strings.Contains(res.Output, "allowedCommands") {
		t.Errorf("result = %+v", res)
	}
	if _, err := os.Stat(filepath.Join(dir, "made")); err == nil {
		t.Error("touch ran without approval")
	}
	if res := call(t, w, ToolRunCommand, map[string]any{"command": "ls && ("}); !res.IsError || !strings.Contains(res.Output, "does not parse") {
		t.Errorf("unparsable = %+v", res)
	}
}

// TestGitRunsNoRepositoryCode: a repository whose .git/config names an
// fsmonitor and whose hooks are set gets "git status" run with both off.
func TestGitRunsNoRepositoryCode(t *testing.T) {
	h := newHostile(t, "git status", "git commit", "git add")
	git := func(args ...string) {
		cmd := exec.Command("git", args...)
		cmd.Dir = h.dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+h.dir)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %q: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	marker := filepath.Join(h.outside, "made")
	hook := "#!/bin/sh\ntouch " + marker + "\n"
	for _, p := range []string{".git/fsmon", ".git/hooks/pre-commit"} {
		if err := os.WriteFile(filepath.Join(h.dir, p), []byte(hook), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	git("config", "core.fsmonitor", filepath.Join(h.dir, ".git/fsmon"))
	git("config", "user.email", "a@b")
	git("config", "user.name", "a")
	for _, c := range []string{"git status", "git add a.txt && git commit -qm x"} {
		if res := call(t, h.w, ToolRunCommand, map[string]any{"command": c}); res.IsError {
			t.Errorf("%q: %+v", c, res)
		}
	}
	h.outsideUntouched(t, "git status with an fsmonitor and hooks")
}

// TestRedirectToProtectedPathRefused: the shell cannot write .git/ or
// .loopls.json, even with the writing program allowed.
func TestRedirectToProtectedPathRefused(t *testing.T) {
	h := newHostile(t, "echo", "cat", "cp")
	if err := os.MkdirAll(filepath.Join(h.dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []string{"echo x > .git/config", "echo x >> .loopls.json", "cat a.txt > sub/.git/hooks"} {
		res := call(t, h.w, ToolRunCommand, map[string]any{"command": c})
		if !strings.Contains(res.Output, "approval") {
			t.Errorf("%q = %+v, want refused", c, res)
		}
	}
	if res := call(t, h.w, ToolRunCommand, map[string]any{"command": "cp a.txt .git/config"}); !strings.Contains(res.Output, "refused") {
		t.Errorf("cp into .git = %+v, want asked and refused", res)
	}
	for _, p := range []string{".git/config", ".loopls.json"} {
		if _, err := os.Stat(filepath.Join(h.dir, p)); err == nil {
			t.Errorf("%s was written", p)
		}
	}
}

// TestCommandEnvHasNoSecrets: credentials are not in any program's
// environment.
func TestCommandEnvHasNoSecrets(t *testing.T) {
	for name, secret := range map[string]bool{"OPENAI_API_KEY": true, "GITHUB_TOKEN": true, "AWS_SECRET_ACCESS_KEY": true, "DB_PASSWORD": true, "HOME": false, "PATH": false, "GOPATH": false} {
		if isSecretEnv(name) != secret {
			t.Errorf("isSecretEnv(%s) = %v, want %v", name, !secret, secret)
		}
	}
	t.Setenv("GITHUB_TOKEN", "ghp-secret-value")
	w := withPolicy(openWS(t, newTree(t, nil), Options{}), CommandPolicy{AllowCommands: true, Allowed: []string{"env"}})
	if res := call(t, w, ToolRunCommand, map[string]any{"command": "env"}); strings.Contains(res.Output, "ghp-secret-value") || res.IsError {
		t.Errorf("env = %.300q", res.Output)
	}
}

// TestFileToolsProtectPaths: write_file and edit_file ask before writing
// under .git/ or .loopls.json, also through a symlink inside the root, and
// refuse when no one can be asked.
func TestFileToolsProtectPaths(t *testing.T) {
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

// TestFIFODeadlockEndsAtTimeout: a line whose process substitution the
// interpreter opens from both ends for reading blocks in a system call no
// context reaches; the timeout still ends it, with the usual message.
func TestFIFODeadlockEndsAtTimeout(t *testing.T) {
	w := withPolicy(openWS(t, newTree(t, nil), Options{}), CommandPolicy{AllowCommands: true, Allowed: []string{"cat", "ls"}})
	for _, c := range []string{"cat < >(ls)", "ls > <(ls)"} {
		done := make(chan string, 1)
		go func() { done <- call(t, w, ToolRunCommand, map[string]any{"command": c, "timeout_s": 1}).Output }()
		select {
		case out := <-done:
			if !strings.Contains(out, "timed out after 1s") {
				t.Errorf("%q = %q, want a timeout", c, out)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("%q did not end after its 1s timeout", c)
		}
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
	policy := CommandPolicy{Allowed: []string{"ls"}}
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
