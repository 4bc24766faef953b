package workspace

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/uri"

	"github.com/loopls/loopls/command"
)

// TestCommandSeesTheEditorsBuffer: with the layer on and an editor over
// LSP, the agent's cat shows the unsaved buffer, and the command's change
// to that file reaches the buffer as a versioned workspace/applyEdit
// against the text the command saw; the disk stays as the user left it.
func TestCommandSeesTheEditorsBuffer(t *testing.T) {
	t.Setenv(command.LayerEnv, "on")
	dir := newTree(t, map[string]string{"hello.txt": "hello\n"})
	client := &fakeClient{t: t, buffers: map[string]string{}, open: map[string]bool{}}
	w := withPolicy(openWS(t, dir, Options{Approver: &recordingApprover{decision: DecisionAllowAlways}}), command.Policy{Allowed: []string{"cat", "sed"}})
	w.editor = NewLSPEditor(client.applyEdit(t))
	u := string(uri.File(w.Root() + "/hello.txt"))
	client.buffers[u], client.open[u] = "goodbye\n", true
	if err := w.DidOpen(u, 4, "goodbye\n"); err != nil {
		t.Fatal(err)
	}
	res := call(t, w, ToolRunCommand, map[string]any{"command": "cat hello.txt; sed -i s/goodbye/farewell/ hello.txt"})
	if res.IsError || !strings.Contains(res.Output, "goodbye") {
		t.Fatalf("cat did not show the unsaved buffer:\n%s", res.Output)
	}
	if len(client.got) != 1 {
		t.Fatalf("applyEdit called %d times, want 1:\n%s", len(client.got), res.Output)
	}
	if got := client.buffers[u]; got != "farewell\n" {
		t.Errorf("the buffer = %q, want the command's change", got)
	}
	if got := readDisk(t, dir, "hello.txt"); got != "hello\n" {
		t.Errorf("disk = %q: the command's change went under the user's unsaved text", got)
	}
}

// TestUndoRevertsWhatALineApplied: with the layer on, what a line applied
// is journaled under its run, so undoing the run restores the file it
// changed, removes the one it made and brings back the one it deleted.
func TestUndoRevertsWhatALineApplied(t *testing.T) {
	t.Setenv(command.LayerEnv, "on")
	dir := newTree(t, map[string]string{"a.txt": "a\n", "gone.txt": "keep me\n"})
	w := withPolicy(openWS(t, dir, Options{Approver: &recordingApprover{decision: DecisionAllowAlways}}), command.Policy{Allowed: []string{"sh"}})
	res := callRun(t, w, "r7", ToolRunCommand, map[string]any{"command": "sh -c 'echo changed > a.txt; echo new > made.txt; rm gone.txt'"})
	if res.IsError || readDisk(t, dir, "a.txt") != "changed\n" {
		t.Fatalf("the line: %s", res.Output)
	}
	applied, why, err := w.UndoRun(context.Background(), "r7")
	if err != nil || !applied {
		t.Fatalf("UndoRun = %v, %q, %v", applied, why, err)
	}
	if got := readDisk(t, dir, "a.txt"); got != "a\n" {
		t.Errorf("a.txt = %q after undo", got)
	}
	if got := readDisk(t, dir, "gone.txt"); got != "keep me\n" {
		t.Errorf("gone.txt = %q after undo", got)
	}
	if _, err := os.Lstat(filepath.Join(dir, "made.txt")); !os.IsNotExist(err) {
		t.Errorf("made.txt is still there after undo")
	}
}
