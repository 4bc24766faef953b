package command

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// hostileSetup is a workspace with a symlink out of it and a directory
// outside it whose files must stay untouched and unread.
type hostileSetup struct {
	dir     string // the workspace
	outside string // a directory outside it
	cfg     Config
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
	h.ap = &recordingApprover{}
	h.cfg = openCfg(t, h.dir, Policy{Allowed: allowed}, h.ap)
	h.cfg.seams.record = func(e execution) {
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
		{"git -c core.pager=sh status", false}, // refused unasked: it names a program for git to run
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
		res := call(t, h.cfg, tt.cmd)
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
		if !h.cfg.Policy.matches(args) {
			t.Errorf("%q ran although it is not allowed and every question was refused", args)
		}
	}
}

// TestInterpreterAsksMidCommand: the question comes when the program is
// about to run; what ran before it stays done, nothing after it runs.
func TestInterpreterAsksMidCommand(t *testing.T) {
	h := newHostile(t, "ls")
	res := call(t, h.cfg, "ls > first; touch second; ls > third")
	if !res.IsError || !strings.Contains(res.Output, "refused") || !strings.Contains(res.Output, "touch second") {
		t.Errorf("result = %+v, want touch refused by name", res)
	}
	for name, want := range map[string]bool{"first": true, "second": false, "third": false} {
		_, err := os.Stat(filepath.Join(h.dir, name))
		if (err == nil) != want {
			t.Errorf("%s exists = %v, want %v", name, err == nil, want)
		}
	}
	if req := h.ap.asked[0]; req.Part != "touch second" || len(req.Reasons) == 0 {
		t.Errorf("asked %+v, want touch second with a reason", req)
	}
	// Allowed once, it runs with its expanded arguments.
	h.ap.setAllow(true)
	if res := call(t, h.cfg, "n=second; touch $n"); res.IsError {
		t.Errorf("approved: %+v", res)
	}
	if _, err := os.Stat(filepath.Join(h.dir, "second")); err != nil {
		t.Errorf("approved touch did not run: %v", err)
	}
}

// TestGitRunsNoRepositoryCode: a repository whose .git/config names an
// fsmonitor and whose hooks are set gets "git status" run with both off;
// so does a commit the user let write .git, which lands.
func TestGitRunsNoRepositoryCode(t *testing.T) {
	h := newHostile(t, "git status", "git commit", "git add")
	git := gitIn(t, h.dir)
	git("init", "-q")
	marker := filepath.Join(h.outside, "made")
	hook := "#!/bin/sh\ntouch " + marker + " hook-ran\n"
	for _, p := range []string{".git/fsmon", ".git/hooks/pre-commit"} {
		if err := os.WriteFile(filepath.Join(h.dir, p), []byte(hook), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	git("config", "core.fsmonitor", filepath.Join(h.dir, ".git/fsmon"))
	git("config", "user.email", "a@b")
	git("config", "user.name", "a")
	h.ap.setAllow(true) // .git may be written: the hooks still must not run
	for _, c := range []string{"git status", "git add a.txt && git commit -qm x"} {
		if res := call(t, h.cfg, c); res.IsError || !strings.HasSuffix(strings.TrimSpace(res.Output), "[exit code 0]") {
			t.Errorf("%q: %+v", c, res)
		}
	}
	if got := git("log", "-1", "--format=%s"); got != "x" {
		t.Errorf("the commit is not there: git log says %q", got)
	}
	if _, err := os.Stat(filepath.Join(h.dir, "hook-ran")); err == nil {
		t.Error("the repository's hook or fsmonitor ran")
	}
	h.outsideUntouched(t, "git status with an fsmonitor and hooks")
}

// gitIn returns a function that runs git in dir, outside loopls (the
// test's own set-up and checks), and returns its trimmed output.
func gitIn(t *testing.T, dir string) func(args ...string) string {
	return func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %q: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
}

// TestRedirectToProtectedPathRefused: the shell cannot write .git/ or
// .loopls.json, even with the writing program allowed.
func TestRedirectToProtectedPathRefused(t *testing.T) {
	h := newHostile(t, "echo", "cat", "cp")
	if err := os.MkdirAll(filepath.Join(h.dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []string{"echo x > .git/config", "echo x >> .loopls.json", "cat a.txt > sub/.git/hooks"} {
		res := call(t, h.cfg, c)
		if !strings.Contains(res.Output, "approval") {
			t.Errorf("%q = %+v, want refused", c, res)
		}
	}
	if res := call(t, h.cfg, "cp a.txt .git/config"); !strings.Contains(res.Output, "refused") {
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
	cfg := openCfg(t, newTree(t, nil), Policy{AllowCommands: true, Allowed: []string{"env"}}, nil)
	if res := call(t, cfg, "env"); strings.Contains(res.Output, "ghp-secret-value") || res.IsError {
		t.Errorf("env = %.300q", res.Output)
	}
}

// TestFIFODeadlockEndsAtTimeout: a line whose process substitution the
// interpreter opens from both ends for reading blocks in a system call no
// context reaches; the timeout still ends it, with the usual message.
func TestFIFODeadlockEndsAtTimeout(t *testing.T) {
	cfg := openCfg(t, newTree(t, nil), Policy{AllowCommands: true, Allowed: []string{"cat", "ls"}}, nil)
	for _, c := range []string{"cat < >(ls)", "ls > <(ls)"} {
		done := make(chan string, 1)
		go func() { done <- callTimeout(t, cfg, c, time.Second).Output }()
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
