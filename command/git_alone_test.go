//go:build !windows

// Through the confined child, which loopls does not have on Windows.

package command

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGitRunsNoProgramTheLineNames: through the real confined child, with
// every question answered yes (.git/ too), a git program that writes .git
// runs no editor, pager or helper that the line names by the environment
// or by -c/--config-env: the line is refused, naming the program, and
// nothing ran (issue 31).
func TestGitRunsNoProgramTheLineNames(t *testing.T) {
	g := newGitWorld(t, true)
	t.Setenv("EVIL", "touch ran-config-env")
	for i, line := range []string{
		"GIT_EDITOR='touch ran' git commit --allow-empty",
		"GIT_SEQUENCE_EDITOR='touch ran' git rebase -i HEAD",
		"EDITOR='touch ran' git commit --allow-empty",
		"export VISUAL='touch ran'; git tag -a v1",
		"GIT_PAGER='touch ran' git -p log",
		"GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.editor GIT_CONFIG_VALUE_0='touch ran' git commit --allow-empty",
		"git -c core.editor='touch ran' commit --allow-empty",
		"git -c sequence.editor='touch ran' rebase -i HEAD",
		"git -c Core.Pager='touch ran' log",
		"git -c pager.log='touch ran' log",
		"git -c diff.external='touch ran' diff HEAD",
		"git -c core.sshCommand='touch ran' fetch ssh://x/y",
		"git --config-env=core.editor=EVIL commit --allow-empty",
	} {
		res := call(t, g.cfg, line)
		if _, err := os.Lstat(filepath.Join(g.dir, "ran")); err == nil {
			t.Errorf("%d %s: the program the line named ran:\n%s", i, line, res.Output)
			os.Remove(filepath.Join(g.dir, "ran"))
		}
		if !res.IsError || !strings.Contains(res.Output, "would have git run") || !(strings.Contains(res.Output, "touch ran") || strings.Contains(res.Output, "$EVIL")) {
			t.Errorf("%d %s: not refused naming the program:\n%s", i, line, res.Output)
		}
	}
}

// TestGitEditorAndStdinArePinned: the user's own EDITOR (in the daemon's
// environment, so not the line's doing) is not what an approved git
// commit runs, and a git program that writes .git reads /dev/null, not
// the line's pipe; one that only reads keeps its stdin.
func TestGitEditorAndStdinArePinned(t *testing.T) {
	g := newGitWorld(t, true)
	t.Setenv("EDITOR", "touch ran-editor")
	res := call(t, g.cfg, "git commit --allow-empty")
	if _, err := os.Lstat(filepath.Join(g.dir, "ran-editor")); err == nil {
		t.Errorf("git commit ran the user's EDITOR for the model:\n%s", res.Output)
	}
	res = call(t, g.cfg, "echo msg-from-stdin | git commit --allow-empty -F -")
	if got := g.git("log", "-1", "--format=%s"); got == "msg-from-stdin" {
		t.Errorf("git commit read the line's stdin:\n%s", res.Output)
	}
	res = call(t, g.cfg, "echo a.txt | git check-ignore --stdin --no-index -v -n")
	if !strings.Contains(res.Output, "a.txt") {
		t.Errorf("git check-ignore, which only reads, lost its stdin:\n%s", res.Output)
	}
}

// TestGitInitDirIsGitsAlone: after an approved git init DIR, a program of
// the same line other than git that writes DIR/.git (a hook, fsmonitor in
// its config) gets nothing kept: a later git program on the line is
// refused, and DIR/.git is removed after the line and named in the
// result. A line where only git writes it keeps it (issue 31).
func TestGitInitDirIsGitsAlone(t *testing.T) {
	// With the layer off (the escape hatch) the other program's write is on
	// the disk and removed after the line; with it on (the default) it is in
	// the layer and asked about by name: TestLayerGitInitThenOnlyGit.
	t.Setenv(LayerEnv, "off")
	g := newGitWorld(t, true)
	res := call(t, g.cfg, "git init -q s1 && sh -c 'printf \"[core]\\n\\tfsmonitor = touch ran\\n\" >> s1/.git/config'")
	if _, err := os.Lstat(filepath.Join(g.dir, "s1", ".git")); err == nil {
		t.Errorf("s1/.git, written by sh after git init, was kept:\n%s", res.Output)
	}
	if !strings.Contains(res.Output, "s1/.git") {
		t.Errorf("the result does not name s1/.git as removed:\n%s", res.Output)
	}
	res = call(t, g.cfg, "git init -q s2 && sh -c 'printf \"#!/bin/sh\\ntouch ran\\n\" > s2/.git/hooks/pre-commit; chmod +x s2/.git/hooks/pre-commit' ; cd s2 && git commit -q --allow-empty -m x")
	if _, err := os.Lstat(filepath.Join(g.dir, "s2", ".git")); err == nil || !strings.Contains(res.Output, "only git may write it") {
		t.Errorf("git ran on s2/.git after sh wrote it, or it was kept:\n%s", res.Output)
	}
	res = call(t, g.cfg, "git init -q s3 && cd s3 && git status --short && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m x && git log --oneline | cat")
	if _, err := os.Stat(filepath.Join(g.dir, "s3", ".git", "HEAD")); err != nil || !strings.HasSuffix(strings.TrimSpace(res.Output), "[exit code 0]") {
		t.Errorf("git init, status and commit on s3 by git alone did not keep s3/.git:\n%s", res.Output)
	}
	if _, err := os.Lstat(filepath.Join(g.dir, "ran")); err == nil {
		t.Error("the hook or fsmonitor ran")
	}
}
