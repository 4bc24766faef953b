package command

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestConfinedProtectedPaths: with every program approved, an existing
// .git cannot be written, moved or unmounted (bind mount), and a git
// directory a command creates (by name or by its contents) is removed
// after it and named in the result.
func TestConfinedProtectedPaths(t *testing.T) {
	// The scan after the line, which this holds, runs only with the layer
	// off (the escape hatch); with it on the line never writes the disk and
	// protected paths are asked by name (layer_test.go).
	t.Setenv(LayerEnv, "off")
	a := newAttackWorld(t)
	if err := os.MkdirAll(filepath.Join(a.ws, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(a.ws, ".git", "config"), []byte("[core]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res := call(t, a.cfg, "sh -c 'echo x >> .git/config' ; mv .git g2 ; umount .git ; sh -c 'echo y >> .git/config'")
	if b, _ := os.ReadFile(filepath.Join(a.ws, ".git", "config")); string(b) != "[core]\n" {
		t.Errorf(".git/config became %q:\n%s", b, res.Output)
	}
	if _, err := os.Stat(filepath.Join(a.ws, "g2")); err == nil || strings.HasSuffix(strings.TrimSpace(res.Output), "[exit code 0]") {
		t.Errorf(".git was moved, or the line reported success:\n%s", res.Output)
	}
	// Made without a question that names them (git init asks by name, and
	// keeps what it made with that approval: TestApprovedGitInitKeepsItsGitDir).
	res = call(t, a.cfg, "sh -c 'mkdir -p sub/.git/hooks' && mkdir -p bare/objects && touch bare/HEAD && ls sub/.git bare >/dev/null")
	for _, p := range []string{"sub/.git", "bare"} {
		if _, err := os.Lstat(filepath.Join(a.ws, p)); err == nil {
			t.Errorf("%s, created by the command, is still there:\n%s", p, res.Output)
		}
		if !strings.Contains(res.Output, p) || !strings.Contains(res.Output, "removed what the command created at protected paths") {
			t.Errorf("the result does not name %s as removed:\n%s", p, res.Output)
		}
	}
}

// TestUnconfinedAsksEverything: where the kernel does not confine
// (LOOPLS_CONFINE=off stands for an old kernel), an allowed program is
// asked for too, and the question says why.
func TestUnconfinedAsksEverything(t *testing.T) {
	t.Setenv(ConfineEnv, "off")
	dir := newTree(t, map[string]string{"a.txt": "a\n"})
	ap := &recordingApprover{}
	res := call(t, openCfg(t, dir, Policy{Allowed: []string{"ls"}}, ap), "ls")
	if strings.Contains(res.Output, "a.txt") || ap.count() != 1 {
		t.Fatalf("ls ran unasked (%d questions):\n%s", ap.count(), res.Output)
	}
	if why := strings.Join(ap.asked[0].Reasons, "; "); !strings.Contains(why, "the kernel cannot confine commands here") {
		t.Errorf("the question does not say why: %q", why)
	}
}

// TestAfterLineRemovalFollowsNoSwappedParent: a line creates n/m/.git; after
// the scan saw it and before its removal, a parallel confined line swaps n
// for a link to another project whose m/.git is real. The removal must not
// follow the link (the old removal by absolute path deleted the other
// project's .git): it refuses, and the .git the line made is removed where
// it went.
func TestAfterLineRemovalFollowsNoSwappedParent(t *testing.T) {
	// The scan after the line, which this holds, runs only with the layer
	// off (the escape hatch); with it on the line never writes the disk and
	// protected paths are asked by name (layer_test.go).
	t.Setenv(LayerEnv, "off")
	a := newAttackWorld(t)
	other := filepath.Join(a.outside, "project")
	for _, p := range []string{"m/.git/objects/x", "m/.git/HEAD", "m/.git/config"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(other, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(other, p), []byte("theirs\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := a.cfg
	var once sync.Once
	swapped := false
	cfg.seams.removing = func(rel string) {
		if rel != "n/m/.git" {
			return
		}
		once.Do(func() {
			res := call(t, a.cfg, "mv n n.old && ln -s "+other+" n")
			swapped = strings.HasSuffix(strings.TrimSpace(res.Output), "[exit code 0]")
			if !swapped {
				t.Errorf("the swap did not run:\n%s", res.Output)
			}
		})
	}
	res := call(t, cfg, "mkdir -p n/m/.git/objects && touch n/m/.git/HEAD n/m/.git/config")
	for _, p := range []string{"m/.git/objects/x", "m/.git/HEAD", "m/.git/config"} {
		if b, err := os.ReadFile(filepath.Join(other, p)); err != nil || string(b) != "theirs\n" {
			t.Errorf("the other project's %s was removed or changed (%v):\n%s", p, err, res.Output)
		}
	}
	if !swapped {
		t.Fatal("the hook did not swap")
	}
	// The swapping line's own scan, or this one's second, finds the .git
	// where it went and removes it.
	if _, err := os.Lstat(filepath.Join(a.ws, "n.old/m/.git")); err == nil {
		t.Errorf("n.old/m/.git, made by the line, is still there:\n%s", res.Output)
	}
	if strings.Contains(res.Output, "removed what the command created at protected paths: n/m/.git") {
		t.Errorf("the result claims a removal through the link:\n%s", res.Output)
	}
}
