package workspace

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/loopls/loopls/beneath"
	"github.com/loopls/loopls/command"
	"github.com/loopls/loopls/internal/symlinktest"
)

// The daemon's own writes follow nothing a command left (issue 31): a
// directory that a confined command swapped for a link to .git between the
// check and the write, or since a run's edit, is refused, never written
// through. Each test makes the swap with the real confined child, at the
// exact moment a test hook gives it.

const (
	gitConfig = "[core]\n\trepositoryformatversion = 0\n"
	evil      = "[core]\n\tfsmonitor = touch /tmp/pwned\n"
)

// swapTree is a workspace with a git directory and an ordinary directory d
// holding a file named like git's config.
func swapTree(t *testing.T) (string, *Workspace) {
	t.Helper()
	dir := newTree(t, map[string]string{
		"d/config": evil, ".git/config": gitConfig, ".git/HEAD": "ref: refs/heads/main\n",
		".git/objects/.keep": "", ".git/refs/.keep": "",
		// what a model-written Makefile does once the user allows make
		"Makefile": "swap-link:\n\tmv d d.old && ln -s .git d\nswap-dir:\n\tmv d d.old && mkdir d && cp d.old/config d/config\n",
	})
	w := withPolicy(openWS(t, dir, Options{}), command.Policy{AllowCommands: true, Allowed: []string{"make"}})
	return dir, w
}

// runLine runs line through run_command (the confined child) and fails the
// test unless it exits 0.
func runLine(t *testing.T, w *Workspace, line string) {
	t.Helper()
	res := call(t, w, ToolRunCommand, map[string]any{"command": line})
	if res.IsError || !strings.HasSuffix(strings.TrimSpace(res.Output), "[exit code 0]") {
		t.Fatalf("%q: %s", line, res.Output)
	}
}

// TestWriteFileFollowsNoSwappedLink: write_file d/config is checked (d/config
// is no protected path), then, just before the write opens d, a confined
// command swaps d for a link to .git. The write is refused and names the
// link; .git/config is untouched.
//
// With the layer on (the default) the line's swap reaches the disk only when
// applied, and its link to .git is dropped then: d is gone, not a link, and
// the write is refused for that. The escape hatch (layer off) swaps d on the
// disk mid-write, and the write names the link.
func TestWriteFileFollowsNoSwappedLink(t *testing.T) {
	for _, tier := range []struct{ layer, why string }{
		{"off", "d is now a symbolic link"},
		{"on", "d/config was deleted since it was read"},
	} {
		for _, tool := range []string{ToolWriteFile, ToolEditFile} {
			t.Run("layer="+tier.layer+"/"+tool, func(t *testing.T) {
				t.Setenv(command.LayerEnv, tier.layer)
				dir, w := swapTree(t)
				if err := os.WriteFile(filepath.Join(dir, ".git/config"), []byte(gitConfig), 0o644); err != nil {
					t.Fatal(err)
				}
				var once sync.Once
				w.under.SetHook(func(s beneath.Step, rel string) {
					if s == beneath.StepOpen && rel == "d" {
						once.Do(func() { runLine(t, w, "make -s swap-link") })
					}
				})
				args := map[string]any{"path": "d/config", "content": evil + "\tuntrackedCache = true\n"}
				if tool == ToolEditFile {
					args = map[string]any{"path": "d/config", "old_string": "fsmonitor = touch /tmp/pwned", "new_string": "fsmonitor = touch /tmp/pwned2"}
				}
				res := call(t, w, tool, args)
				if !res.IsError || !strings.Contains(res.Output, tier.why) {
					t.Errorf("%s through a swapped directory: %s", tool, res.Output)
				}
				if got := readDisk(t, dir, ".git/config"); got != gitConfig {
					t.Errorf(".git/config = %q: the write went through the link", got)
				}
				if got := readDisk(t, dir, "d.old/config"); got != evil {
					t.Errorf("d.old/config = %q, want it unchanged", got)
				}
			})
		}
	}
}

// TestUndoRefusesAPathThatChanged: run1 writes d/config with the text
// .git/config has; later a confined command replaces d (by a link to .git,
// by another directory), or d becomes a git directory by its contents.
// Undo must not revert anything there, and says why. Before the fix undo
// compared the text only and wrote the model's fsmonitor into .git/config.
func TestUndoRefusesAPathThatChanged(t *testing.T) {
	// A confined line swaps d on the disk only with the layer off (the
	// escape hatch); with it on the line's link to .git is dropped when
	// applied (rpc's trust corpus, layer=on, holds undo there).
	t.Setenv(command.LayerEnv, "off")
	for _, c := range []struct {
		name, line, why string
		after           func(t *testing.T, dir string)
	}{
		{name: "link", line: "make -s swap-link", why: "d is now a symbolic link"},
		{name: "another directory", line: "make -s swap-dir", why: "d is now another directory"},
		{name: "protected now", why: "protected path", after: func(t *testing.T, dir string) {
			// the user makes d a git directory of its own
			for _, p := range []string{"d/HEAD", "d/objects"} {
				if err := os.WriteFile(filepath.Join(dir, p), nil, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir, w := swapTree(t)
			res := callRun(t, w, "run1", ToolWriteFile, map[string]any{"path": "d/config", "content": gitConfig})
			if res.IsError {
				t.Fatal(res.Output)
			}
			if c.line != "" {
				runLine(t, w, c.line)
			}
			if c.after != nil {
				c.after(t, dir)
			}
			applied, why, err := w.UndoRun(context.Background(), "run1")
			if err != nil || applied || !strings.Contains(why, c.why) {
				t.Errorf("UndoRun = %v, %q, %v; want refused: %s", applied, why, err, c.why)
			}
			if got := readDisk(t, dir, ".git/config"); got != gitConfig {
				t.Errorf(".git/config = %q: undo wrote through the link", got)
			}
			if got := readDisk(t, dir, "d/config"); got != gitConfig {
				t.Errorf("d/config = %q, want it left as it is", got)
			}
		})
	}
}

// TestUndoStillRevertsThroughLinksInside: a link inside the workspace that
// leads inside it (pnpm's node_modules) is legitimate: a write through it
// lands on its target, and undo reverts it there.
func TestUndoStillRevertsThroughLinksInside(t *testing.T) {
	symlinktest.Require(t)
	dir := newTree(t, map[string]string{"packages/a/index.js": "one\n"})
	if err := os.MkdirAll(filepath.Join(dir, "node_modules"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../packages/a", filepath.Join(dir, "node_modules/a")); err != nil {
		t.Fatal(err)
	}
	w := openWS(t, dir, Options{})
	if res := callRun(t, w, "run1", ToolEditFile, map[string]any{"path": "node_modules/a/index.js", "old_string": "one", "new_string": "two"}); res.IsError {
		t.Fatal(res.Output)
	}
	if got := readDisk(t, dir, "packages/a/index.js"); got != "two\n" {
		t.Fatalf("packages/a/index.js = %q", got)
	}
	if fi, err := os.Lstat(filepath.Join(dir, "node_modules/a")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v, %v", fi, err)
	}
	if applied, why, err := w.UndoRun(context.Background(), "run1"); !applied || err != nil {
		t.Fatalf("UndoRun = %v, %q, %v", applied, why, err)
	}
	if got := readDisk(t, dir, "packages/a/index.js"); got != "one\n" {
		t.Errorf("after undo packages/a/index.js = %q", got)
	}
}

// TestWriteThroughLinkJudgesItsTarget: a link inside the workspace that
// leads to a protected path asks, naming the target.
func TestWriteThroughLinkJudgesItsTarget(t *testing.T) {
	symlinktest.Require(t)
	dir := newTree(t, map[string]string{".vscode/settings.json": "{}\n"})
	if err := os.Symlink(".vscode", filepath.Join(dir, "cfg")); err != nil {
		t.Fatal(err)
	}
	ap := &recordingApprover{decision: DecisionRejectOnce}
	w := openWS(t, dir, Options{Approver: ap})
	res := call(t, w, ToolWriteFile, map[string]any{"path": "cfg/settings.json", "content": `{"x":1}`})
	if !res.IsError || ap.count() != 1 || ap.asked[0].Protected != ".vscode/settings.json" {
		t.Errorf("write through a link to .vscode: %s; asked %+v", res.Output, ap.asked)
	}
	if got := readDisk(t, dir, ".vscode/settings.json"); got != "{}\n" {
		t.Errorf(".vscode/settings.json = %q", got)
	}
}

// TestEditorIsNotAskedThroughASwappedLink: an editor that writes itself
// (workspace/applyEdit; recordingEditor stands for it) cannot write beneath a descriptor; the target is
// checked just before it is asked, and a directory swapped for a link
// since the tool's check means it is not asked at all.
func TestEditorIsNotAskedThroughASwappedLink(t *testing.T) {
	symlinktest.Require(t)
	dir := newTree(t, map[string]string{"d/config": "x\n", ".git/config": gitConfig})
	ed := &recordingEditor{}
	w := openWS(t, dir, Options{Editor: ed})
	var once sync.Once
	w.under.SetHook(func(s beneath.Step, rel string) {
		// the tool's own resolve passes d; the check before asking walks again
		if s == beneath.StepOpen && rel == "d" {
			once.Do(func() {
				if err := os.Rename(filepath.Join(dir, "d"), filepath.Join(dir, "d.old")); err != nil {
					t.Error(err)
				}
				if err := os.Symlink(".git", filepath.Join(dir, "d")); err != nil {
					t.Error(err)
				}
			})
		}
	})
	res := call(t, w, ToolWriteFile, map[string]any{"path": "d/config", "content": evil})
	if !res.IsError || len(ed.edits) != 0 {
		t.Errorf("the editor was asked through the link: %s; edits %+v", res.Output, ed.edits)
	}
}
