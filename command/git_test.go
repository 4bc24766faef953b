package command

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/loopls/loopls/confine"
)

// TestGitWrites: what decides the question is the git command that runs,
// and a sub-command not known to only read counts as writing.
func TestGitWrites(t *testing.T) {
	for line, want := range map[string]bool{
		"git status": false, "git log -1": false, "git diff --stat": false, "git --no-pager show": false,
		"git branch": false, "git branch -a": false, "git tag": false, "git stash list": false,
		"git remote -v": false, "git config --get user.name": false, "git config user.name": false,
		"git --version": false, "git": false, "ls": false,
		"git commit -m x": true, "git add a": true, "git checkout b": true, "git switch b": true,
		"git branch new": true, "git tag v1": true, "git stash": true, "git config user.name x": true,
		"git init": true, "git reset --hard": true, "git gc": true, "git frobnicate": true,
		"git -c core.hooksPath=/dev/null commit -m x": true, "git -C sub status": false,
	} {
		if got := gitWrites(strings.Fields(line)); got != want {
			t.Errorf("gitWrites(%q) = %v, want %v", line, got, want)
		}
	}
}

// gitWorld is a repository in a confined workspace with .vscode/ beside
// .git, and an approver that answers the protected questions as told and
// allows every other one.
type gitWorld struct {
	dir  string
	git  func(args ...string) string
	ap   *protectedApprover
	cfg  Config
	tree string // a digest of .git as it was before the line
}

func newGitWorld(t *testing.T, allowProtected bool) *gitWorld {
	t.Helper()
	if st := Confinement(); st.Level != confine.Full {
		t.Fatalf("confinement here is %s; these tests need Landlock and user namespaces", st)
	}
	g := &gitWorld{dir: newTree(t, map[string]string{"a.txt": "a\n", ".vscode/settings.json": "{}\n"})}
	g.git = gitIn(t, g.dir)
	g.git("init", "-q", "-b", "main")
	g.git("config", "user.email", "a@b")
	g.git("config", "user.name", "a")
	g.git("add", "a.txt", ".vscode/settings.json")
	g.git("commit", "-qm", "first")
	g.ap = &protectedApprover{allowProtected: allowProtected}
	g.cfg = openCfg(t, g.dir, Policy{Allowed: []string{"git", "sh", "echo"}}, g.ap)
	g.tree = digest(t, filepath.Join(g.dir, ".git"))
	return g
}

// protectedApprover allows every question about a program and answers
// the protected ones (Question.Protected) with allowProtected, recording
// them.
type protectedApprover struct {
	mu             sync.Mutex
	allowProtected bool
	protected      []Question
}

func (a *protectedApprover) Approve(_ context.Context, q Question) (Answer, error) {
	if q.Protected == "" {
		return Answer{Asked: true}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.protected = append(a.protected, q)
	if a.allowProtected {
		return Answer{Asked: true}, nil
	}
	return Answer{Asked: true, Refusal: "the user refused writing " + q.Protected}, nil
}

func (a *protectedApprover) asked() []Question {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]Question(nil), a.protected...)
}

// digest is every path under dir with its mode, size and content.
func digest(t *testing.T, dir string) string {
	t.Helper()
	h := sha256.New()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s %v %d\n", p, fi.Mode(), fi.Size())
		if fi.Mode().IsRegular() {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			h.Write(b)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

// TestApprovedGitCommitLands: in the confined child, a commit asks for
// .git by name, once per git program that writes it, and with the answer
// yes it lands; a program of the same line that was not asked about .git
// (sh, allowed as a program) still cannot write it.
func TestApprovedGitCommitLands(t *testing.T) {
	g := newGitWorld(t, true)
	if err := os.WriteFile(filepath.Join(g.dir, "a.txt"), []byte("b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res := call(t, g.cfg, "git status --short | cat && git add a.txt && git commit -qm second; sh -c 'echo pwned >> .git/config'")
	if got := g.git("log", "-1", "--format=%s"); got != "second" {
		t.Fatalf("the commit did not land (git log says %q):\n%s", got, res.Output)
	}
	asked := g.ap.asked()
	if len(asked) != 2 || asked[0].Protected != ".git/" || !strings.HasPrefix(asked[0].Part, "git add") || !strings.HasPrefix(asked[1].Part, "git commit") {
		t.Errorf("protected questions = %+v, want git add and git commit, each naming .git/", asked)
	}
	for _, q := range asked {
		if why := strings.Join(q.Reasons, " "); !strings.Contains(why, ".git/") || !strings.Contains(why, "protected") {
			t.Errorf("the question does not say what it writes: %q", why)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(g.dir, ".git", "config")); strings.Contains(string(b), "pwned") {
		t.Errorf("sh wrote .git/config although only the git programs were let:\n%s", res.Output)
	}
}

// TestRefusedGitWriteLeavesGitUntouched: refused, the line stops at the
// git program, named, and .git is as it was.
func TestRefusedGitWriteLeavesGitUntouched(t *testing.T) {
	g := newGitWorld(t, false)
	if err := os.WriteFile(filepath.Join(g.dir, "a.txt"), []byte("b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res := call(t, g.cfg, "git add a.txt && git commit -qm second; echo ran-after")
	if !res.IsError || !strings.Contains(res.Output, "git add a.txt") || !strings.Contains(res.Output, "refused writing .git/") {
		t.Errorf("result = %s, want the git program refused by name", res.Output)
	}
	if strings.Count(res.Output, "ran-after") > 1 { // the line itself is echoed once
		t.Errorf("the line went on after the refusal:\n%s", res.Output)
	}
	if len(g.ap.asked()) != 1 {
		t.Errorf("asked %+v, want the one question about git add", g.ap.asked())
	}
	if got := digest(t, filepath.Join(g.dir, ".git")); got != g.tree {
		t.Error(".git changed although writing it was refused")
	}
}

// TestOtherProtectedPathsStayReadOnly: a git program let write .git still
// cannot write another protected path: checking out a branch that changes
// .vscode/settings.json leaves it as it was.
func TestOtherProtectedPathsStayReadOnly(t *testing.T) {
	g := newGitWorld(t, true)
	g.git("checkout", "-qb", "other")
	if err := os.WriteFile(filepath.Join(g.dir, ".vscode", "settings.json"), []byte(`{"loopls.allowedCommands":["sh"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	g.git("commit", "-qam", "widen")
	g.git("checkout", "-q", "main")
	res := call(t, g.cfg, "git checkout -q other")
	if b, _ := os.ReadFile(filepath.Join(g.dir, ".vscode", "settings.json")); string(b) != "{}\n" {
		t.Errorf(".vscode/settings.json became %q:\n%s", b, res.Output)
	}
	if len(g.ap.asked()) != 1 || g.ap.asked()[0].Protected != ".git/" {
		t.Errorf("protected questions = %+v, want one, for .git/", g.ap.asked())
	}
}

// TestApprovedGitInitKeepsItsGitDir: git init DIR asks for DIR/.git by
// name, and the directory it made with that approval is kept after the
// line (an unapproved one is removed).
func TestApprovedGitInitKeepsItsGitDir(t *testing.T) {
	g := newGitWorld(t, true)
	res := call(t, g.cfg, "git init -q sub")
	if asked := g.ap.asked(); len(asked) != 1 || asked[0].Protected != "sub/.git/" {
		t.Errorf("protected questions = %+v, want one naming sub/.git/", asked)
	}
	if _, err := os.Stat(filepath.Join(g.dir, "sub", ".git", "HEAD")); err != nil {
		t.Errorf("sub/.git, made with approval, is gone (%v):\n%s", err, res.Output)
	}
}

// TestGitDirThroughALinkIsNamedWhereItLeads: a git program run in a link
// inside the workspace (sub → victim) is asked for the git directory git
// will really write, victim/.git, not the name the link suggests; with
// the answer yes that one directory is writable and the add lands.
func TestGitDirThroughALinkIsNamedWhereItLeads(t *testing.T) {
	g := newGitWorld(t, true)
	victim := filepath.Join(g.dir, "victim")
	if err := os.MkdirAll(victim, 0o755); err != nil {
		t.Fatal(err)
	}
	vgit := gitIn(t, victim)
	vgit("init", "-q", "-b", "main")
	if err := os.WriteFile(filepath.Join(victim, "v.txt"), []byte("v\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("victim", filepath.Join(g.dir, "sub")); err != nil {
		t.Fatal(err)
	}
	res := call(t, g.cfg, "cd sub && git add v.txt")
	asked := g.ap.asked()
	if len(asked) != 1 || asked[0].Protected != "victim/.git/" {
		t.Errorf("protected questions = %+v, want one naming victim/.git/:\n%s", asked, res.Output)
	}
	if got := vgit("diff", "--cached", "--name-only"); got != "v.txt" {
		t.Errorf("the add did not land in victim/.git (staged %q):\n%s", got, res.Output)
	}
}
