//go:build linux

package command

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/loopls/loopls/confine"
)

// midLineApprover allows every program, runs hook (once) when asked about
// one that starts with "sleep" (the test's point in the middle of a line),
// and answers questions about protected paths with protected.
type midLineApprover struct {
	mu        sync.Mutex
	hook      func()
	protected bool
	asked     []Question
}

func (a *midLineApprover) Approve(_ context.Context, q Question) (Answer, error) {
	a.mu.Lock()
	a.asked = append(a.asked, q)
	hook := a.hook
	if strings.HasPrefix(q.Part, "sleep") {
		a.hook = nil
	}
	a.mu.Unlock()
	if strings.HasPrefix(q.Part, "sleep") && hook != nil {
		hook()
	}
	if q.Protected != "" && !a.protected {
		return Answer{Asked: true, Refusal: "the user refused it"}, nil
	}
	return Answer{Asked: true}, nil
}

// layerWorld is a workspace whose lines run with the layer on, every
// program but sleep allowed (sleep is asked: the hook runs then).
func layerWorld(t *testing.T, files map[string]string, ap *midLineApprover) (string, Config) {
	t.Helper()
	if st := Confinement(); !st.Layer {
		t.Fatalf("no layer here (%s): these tests need overlayfs in a user namespace", st.LayerWhy)
	}
	t.Setenv(LayerEnv, "on")
	dir := newTree(t, files)
	return dir, openCfg(t, dir, Policy{Allowed: []string{"sh", "mv", "mkdir", "cp", "echo", "cat", "rm", "touch", "git", "ls", "true", "sed"}}, ap)
}

func readWS(t *testing.T, dir, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, rel))
	if err != nil {
		return "<missing>"
	}
	return string(b)
}

// gitDirFiles is a git directory at prefix, by its contents.
func gitDirFiles(prefix string) map[string]string {
	return map[string]string{
		prefix + "/HEAD": "ref: refs/heads/main\n", prefix + "/config": "[core]\n",
		prefix + "/objects/.keep": "", prefix + "/refs/heads/.keep": "",
	}
}

func merge(ms ...map[string]string) map[string]string {
	out := map[string]string{}
	for _, m := range ms {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

// TestLayerRenamedParentDoesNotEscape: the audit's high finding. Moving
// the parent of a protected path away and copying it back made the copy
// writable; with the layer the copy's .git/config is judged when applied
// and dropped, the original stays, and nothing the user had is removed.
func TestLayerRenamedParentDoesNotEscape(t *testing.T) {
	ap := &midLineApprover{}
	dir, cfg := layerWorld(t, merge(gitDirFiles("sub/.git"), map[string]string{
		"sub/.vscode/settings.json": "{}\n", "sub/code.go": "package sub\n",
	}), ap)
	res := call(t, cfg, "mv sub sub.old; mkdir sub; cp -a sub.old/. sub/; sh -c 'echo \"[core]\\n\\tfsmonitor = evil\" >> sub/.git/config; echo x >> sub/.vscode/settings.json'")
	if got := readWS(t, dir, "sub/.git/config"); got != "[core]\n" {
		t.Errorf("sub/.git/config = %q\n%s", got, res.Output)
	}
	if got := readWS(t, dir, "sub/.vscode/settings.json"); got != "{}\n" {
		t.Errorf("sub/.vscode/settings.json = %q\n%s", got, res.Output)
	}
	if _, err := os.Lstat(filepath.Join(dir, "sub.old", ".git")); err == nil {
		t.Errorf("the copy's git directory was applied:\n%s", res.Output)
	}
	if !strings.Contains(res.Output, "not applied, protected and not approved") || !strings.Contains(res.Output, "sub/.git") {
		t.Errorf("the result does not name what was dropped:\n%s", res.Output)
	}
}

// TestLayerProtectedNeverLive: a protected path a command creates is not
// a real file while the line runs (an editor's git would run its
// fsmonitor), and is dropped after it unless the user allows it by name.
func TestLayerProtectedNeverLive(t *testing.T) {
	ap := &midLineApprover{}
	var seen []string
	dir, cfg := layerWorld(t, merge(map[string]string{"a.txt": "a\n"}, map[string]string{"g/objects/.keep": "", "g/refs/.keep": ""}), ap)
	ap.hook = func() {
		for _, p := range []string{"new/.git/config", "g/HEAD", "b.txt"} {
			if _, err := os.Lstat(filepath.Join(dir, p)); err == nil {
				seen = append(seen, p)
			}
		}
	}
	res := call(t, cfg, `mkdir -p new/.git && sh -c "echo '[core]' > new/.git/config; echo ref > g/HEAD; echo b > b.txt" && sleep 0`)
	if len(seen) > 0 {
		t.Errorf("while the line ran the workspace had %v", seen)
	}
	for _, p := range []string{"new/.git", "g/HEAD"} {
		if _, err := os.Lstat(filepath.Join(dir, p)); err == nil {
			t.Errorf("%s was applied without approval:\n%s", p, res.Output)
		}
	}
	if got := readWS(t, dir, "b.txt"); got != "b\n" {
		t.Errorf("b.txt = %q (an ordinary write must be applied)\n%s", got, res.Output)
	}
	var named []string
	for _, q := range ap.asked {
		if q.Protected != "" {
			named = append(named, q.Protected)
		}
	}
	if strings.Join(named, ",") != "g,new/.git" && strings.Join(named, ",") != "new/.git,g" {
		t.Errorf("asked by name about %v, want g (a git directory on the merged view) and new/.git", named)
	}
}

// TestLayerKeepsWhatTheUserMadeDuringTheLine: the audit's low finding
// (the scan deleted protected files the user created while a line ran),
// and a conflict with a file the user saves during the line.
func TestLayerKeepsWhatTheUserMadeDuringTheLine(t *testing.T) {
	ap := &midLineApprover{}
	dir, cfg := layerWorld(t, map[string]string{"notes.txt": "v1\n", "d/old.txt": "o\n"}, ap)
	ap.hook = func() {
		for p, content := range map[string]string{".vscode/settings.json": "{\"user\":1}\n", ".envrc": "user\n", "notes.txt": "the user's save\n", "d/mine.txt": "mine\n"} {
			if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755); err != nil {
				t.Error(err)
			}
			if err := os.WriteFile(filepath.Join(dir, p), []byte(content), 0o644); err != nil {
				t.Error(err)
			}
		}
		if out, err := exec.Command("git", "init", "-q", filepath.Join(dir, "repo")).CombinedOutput(); err != nil {
			t.Errorf("git init: %v %s", err, out)
		}
	}
	res := call(t, cfg, "sleep 0; echo command > notes.txt; rm -rf d; echo fine > other.txt")
	for p, want := range map[string]string{".vscode/settings.json": "{\"user\":1}\n", ".envrc": "user\n", "notes.txt": "the user's save\n", "d/mine.txt": "mine\n", "other.txt": "fine\n"} {
		if got := readWS(t, dir, p); got != want {
			t.Errorf("%s = %q, want %q\n%s", p, got, want, res.Output)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "repo", ".git", "HEAD")); err != nil {
		t.Errorf("the user's git init was removed: %v", err)
	}
	if _, err := os.Lstat(filepath.Join(dir, "d", "old.txt")); err == nil {
		t.Errorf("d/old.txt, removed by the command, is still there")
	}
	if !strings.Contains(res.Output, "changed by someone else while the command ran") || !strings.Contains(res.Output, "notes.txt") {
		t.Errorf("the conflict is not reported:\n%s", res.Output)
	}
}

// TestLayerMoveDirectory: renaming a directory of the workspace gives
// EXDEV in the overlay (redirect_dir=nofollow); mv copies, and the layer
// holds a whiteout and a new directory, applied as a delete and a create.
// git mv, which writes .git, runs on the disk (the user allows it by
// name) and moves the directory there.
func TestLayerMoveDirectory(t *testing.T) {
	ap := &midLineApprover{protected: true}
	dir, cfg := layerWorld(t, map[string]string{"a/x.txt": "x\n", "a/run.sh": "#!/bin/sh\n", "b/y.txt": "y\n"}, ap)
	if err := os.Chmod(filepath.Join(dir, "a", "run.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	res := call(t, cfg, "mv a moved")
	if got := readWS(t, dir, "moved/x.txt"); got != "x\n" {
		t.Fatalf("moved/x.txt = %q\n%s", got, res.Output)
	}
	if fi, err := os.Stat(filepath.Join(dir, "moved", "run.sh")); err != nil || fi.Mode().Perm() != 0o755 {
		t.Errorf("moved/run.sh: %v %v, want mode 0755", fi, err)
	}
	if _, err := os.Lstat(filepath.Join(dir, "a")); err == nil {
		t.Errorf("a is still there after mv:\n%s", res.Output)
	}
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "init")
	res = call(t, cfg, "git mv b c")
	if got := readWS(t, dir, "c/y.txt"); got != "y\n" || strings.Contains(res.Output, "not applied") {
		t.Fatalf("git mv b c: c/y.txt = %q\n%s", got, res.Output)
	}
	if _, err := os.Lstat(filepath.Join(dir, "b")); err == nil {
		t.Errorf("b is still there after git mv:\n%s", res.Output)
	}
}

// gitOnlyApprover allows every program and git's own question about the
// git directory it writes, and refuses keeping what other programs wrote
// at protected paths.
type gitOnlyApprover struct {
	mu    sync.Mutex
	asked []Question
}

func (a *gitOnlyApprover) Approve(_ context.Context, q Question) (Answer, error) {
	a.mu.Lock()
	a.asked = append(a.asked, q)
	a.mu.Unlock()
	if q.Protected != "" && !strings.HasPrefix(q.Part, "git ") {
		return Answer{Asked: true, Refusal: "the user refused it"}, nil
	}
	return Answer{Asked: true}, nil
}

// TestLayerGitInitThenOnlyGit: git init DIR, allowed by name, runs on the
// disk and keeps what it made; another program of the same line that
// writes DIR/.git/config wrote the layer, and that is asked about by name
// after the line (refused here), so only git wrote the git directory.
func TestLayerGitInitThenOnlyGit(t *testing.T) {
	dir, cfg := layerWorld(t, map[string]string{"a.txt": "a\n"}, nil)
	ap := &gitOnlyApprover{}
	cfg.Approver = ap
	res := call(t, cfg, `git init -q sub && sh -c 'printf "[core]\n\tfsmonitor = touch /tmp/x\n" >> sub/.git/config'`)
	if _, err := os.Stat(filepath.Join(dir, "sub", ".git", "HEAD")); err != nil {
		t.Fatalf("sub/.git, made by git with approval, is not there (%v):\n%s", err, res.Output)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "sub", ".git", "config")); strings.Contains(string(b), "fsmonitor") {
		t.Errorf("another program's write to sub/.git/config was applied:\n%s\n%s", b, res.Output)
	}
	var parts []string
	for _, q := range ap.asked {
		if q.Protected != "" {
			parts = append(parts, q.Part)
		}
	}
	if len(parts) != 2 || !strings.HasPrefix(parts[1], "keep what the command wrote at sub/.git") {
		t.Errorf("protected questions %q: want git's, then one naming sub/.git for the other program's write", parts)
	}
}

// fakeBuffers are an editor's unsaved buffers: Write applies only to the
// version the buffer still has.
type fakeBuffers struct {
	mu     sync.Mutex
	bufs   map[string]Buffer
	writes map[string]string
}

func (f *fakeBuffers) Dirty() []Buffer {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []Buffer
	for _, b := range f.bufs {
		out = append(out, b)
	}
	return out
}

func (f *fakeBuffers) Write(_ context.Context, b Buffer, text string) (bool, string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	cur := f.bufs[b.Path]
	if cur.Version != b.Version || cur.Text != b.Text {
		return false, "the buffer changed", nil
	}
	cur.Text, cur.Version = text, cur.Version+1
	f.bufs[b.Path] = cur
	f.writes[b.Path] = text
	return true, "", nil
}

// TestLayerSeesAndWritesDirtyBuffers: a command reads the editor's unsaved
// text (with the file's mode and its BOM), and its change to a file with
// a dirty buffer goes to that buffer, never to the disk under the user's
// typing; a buffer the user changed meanwhile is a conflict.
func TestLayerSeesAndWritesDirtyBuffers(t *testing.T) {
	ap := &midLineApprover{}
	dir, cfg := layerWorld(t, map[string]string{
		"run.sh": "#!/bin/sh\necho from-disk\n", "bom.txt": "\ufeffold\n", "typed.txt": "disk\n", "plain.txt": "p\n",
	}, ap)
	if err := os.Chmod(filepath.Join(dir, "run.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	fb := &fakeBuffers{writes: map[string]string{}, bufs: map[string]Buffer{
		"run.sh":    {Path: "run.sh", Version: 3, Text: "#!/bin/sh\necho from-buffer\n"},
		"bom.txt":   {Path: "bom.txt", Version: 1, Text: "unsaved\n"},
		"typed.txt": {Path: "typed.txt", Version: 7, Text: "typing\n"},
	}}
	cfg.Buffers = fb
	ap.hook = func() {
		// The user types on while the line runs.
		fb.mu.Lock()
		b := fb.bufs["typed.txt"]
		b.Text, b.Version = "typing more\n", 8
		fb.bufs["typed.txt"] = b
		fb.mu.Unlock()
	}
	res := call(t, cfg, `./run.sh; cat bom.txt; sh -c "sed -i s/unsaved/changed/ bom.txt; echo command > typed.txt; echo q > plain.txt"; sleep 0`)
	if !strings.Contains(res.Output, "from-buffer") {
		t.Errorf("the line did not run the buffer's text (or lost its +x):\n%s", res.Output)
	}
	if !strings.Contains(res.Output, "\ufeffunsaved") {
		t.Errorf("the line did not read the buffer with its BOM restored:\n%q", res.Output)
	}
	if got := fb.writes["bom.txt"]; got != "changed\n" {
		t.Errorf("bom.txt's buffer got %q, want the command's change without the BOM\n%s", got, res.Output)
	}
	if got := readWS(t, dir, "bom.txt"); got != "\ufeffold\n" {
		t.Errorf("bom.txt on disk = %q: a change to a dirty buffer went to disk", got)
	}
	if _, wrote := fb.writes["typed.txt"]; wrote || readWS(t, dir, "typed.txt") != "disk\n" {
		t.Errorf("typed.txt, changed in the editor meanwhile, was overwritten (%q on disk)", readWS(t, dir, "typed.txt"))
	}
	if !strings.Contains(res.Output, "unsaved buffer of typed.txt") {
		t.Errorf("the conflict with the buffer is not reported:\n%s", res.Output)
	}
	if got := readWS(t, dir, "plain.txt"); got != "q\n" {
		t.Errorf("plain.txt (no buffer) = %q, want the command's write on disk", got)
	}
}

// TestLayerOnWithoutALayerAsksEverything: with the layer switched on where
// no layer can be had (no overlayfs in a user namespace; the probe's
// answer stood in for here), a line is not run writing the workspace
// directly: every program is asked, even one on the allow list, and the
// question says why.
func TestLayerOnWithoutALayerAsksEverything(t *testing.T) {
	t.Setenv(LayerEnv, "on")
	probed := machineConfinement
	machineConfinement = func() confine.Status {
		st := probed()
		st.Layer, st.LayerWhy = false, "overlayfs refused (test)"
		return st
	}
	t.Cleanup(func() { machineConfinement = probed })
	dir := newTree(t, map[string]string{"a.txt": "a\n"})
	ap := &recordingApprover{}
	res := call(t, openCfg(t, dir, Policy{Allowed: []string{"ls"}}, ap), "ls")
	if strings.Contains(res.Output, "a.txt") || ap.count() != 1 {
		t.Fatalf("ls ran unasked (%d questions):\n%s", ap.count(), res.Output)
	}
	if why := strings.Join(ap.asked[0].Reasons, "; "); !strings.Contains(why, "no layer") {
		t.Errorf("the question does not say why: %q", why)
	}
}

// TestLayerByDefaultWithoutALayerStaysConfined: with LayerEnv unset (the
// default) where no layer can be had, a line runs confined as with the
// layer off: programs on the allow list run unasked (unconfined, every one
// would be asked) and write the workspace. Only "on" asks for everything
// there (above): the default must not turn a machine without overlayfs in
// a user namespace into one where approved programs run unconfined.
func TestLayerByDefaultWithoutALayerStaysConfined(t *testing.T) {
	t.Setenv(LayerEnv, "")
	probed := machineConfinement
	machineConfinement = func() confine.Status {
		st := probed()
		st.Layer, st.LayerWhy = false, "overlayfs refused (test)"
		return st
	}
	t.Cleanup(func() { machineConfinement = probed })
	dir := newTree(t, map[string]string{"a.txt": "a\n"})
	ap := &recordingApprover{}
	res := call(t, openCfg(t, dir, Policy{Allowed: []string{"ls", "touch"}}, ap), "ls; touch b.txt")
	if !strings.Contains(res.Output, "a.txt") || ap.count() != 0 {
		t.Fatalf("ls or touch was asked for or did not run (%d questions: %+v):\n%s", ap.count(), ap.asked, res.Output)
	}
	if got := readWS(t, dir, "b.txt"); got != "" {
		t.Errorf("b.txt = %q, want the line's empty file", got)
	}
}

// LineTier is the one choice of how a line runs: the layer where the
// machine has one (unless LOOPLS_LAYER=off), confined without it, every
// program asked where nothing confines or the layer is required and
// missing; and it says why the layer is not used.
func TestLineTier(t *testing.T) {
	full := confine.Status{Level: confine.Full, Landlock: 6, Layer: true}
	noOverlay := confine.Status{Level: confine.Full, Landlock: 6, LayerWhy: "exit status 1: overlay: operation not permitted"}
	noUserNS := confine.Status{Level: confine.LandlockOnly, Landlock: 6, Why: "user namespaces: permission denied"}
	none := confine.Status{Level: confine.None, Why: "this kernel has no Landlock"}
	mac := confine.Status{Level: confine.Seatbelt}
	for _, c := range []struct {
		env    string
		st     confine.Status
		tier   Tier
		whyHas string
	}{
		{"", full, TierLayer, ""},
		{"on", full, TierLayer, ""},
		{"off", full, TierConfined, "LOOPLS_LAYER=off"},
		{"", noOverlay, TierConfined, "overlay: operation not permitted"},
		{"on", noOverlay, TierAsk, "overlay: operation not permitted"},
		{"", noUserNS, TierConfined, "user and mount namespaces"},
		{"on", noUserNS, TierAsk, "user namespaces: permission denied"},
		{"off", noUserNS, TierConfined, "LOOPLS_LAYER=off"},
		{"", mac, TierConfined, "macOS"},
		{"on", mac, TierAsk, "macOS"},
		{"", none, TierAsk, "no Landlock"},
		{"off", none, TierAsk, "no Landlock"},
	} {
		t.Setenv(LayerEnv, c.env)
		tier, why := LineTier(c.st)
		if tier != c.tier || !strings.Contains(why, c.whyHas) || (c.whyHas == "") != (why == "") {
			t.Errorf("LOOPLS_LAYER=%q, %+v: %s, %q; want %s, saying %q", c.env, c.st, tier.Name(), why, c.tier.Name(), c.whyHas)
		}
	}
}
