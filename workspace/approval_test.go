package workspace

import (
	"github.com/loopls/loopls/command"

	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/loopls/loopls/engine"
)

// recordingApprover answers with a fixed decision and records what it was asked.
type recordingApprover struct {
	mu       sync.Mutex
	decision Decision
	asked    []ApprovalRequest
}

func (a *recordingApprover) Approve(ctx context.Context, req ApprovalRequest) (Decision, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.asked = append(a.asked, req)
	return a.decision, nil
}

func (a *recordingApprover) count() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.asked)
}

// TestRunCommandApprovalCorpus runs the corpus through run_command
// with ls, go and cat allowed and an approver that refuses: only the first
// and the last run without asking.
func TestRunCommandApprovalCorpus(t *testing.T) {
	dir := newTree(t, map[string]string{"x": "echo from-x\n", "go.mod": "module m\n"})
	ap := &recordingApprover{decision: DecisionRejectOnce}
	w := withPolicy(openWS(t, dir, Options{Approver: ap}), command.Policy{Allowed: []string{"ls", "go", "cat"}})
	corpus := []struct {
		cmd   string
		asked bool
	}{
		{"ls", false},
		{"ls && rm -rf /", true},
		{"cat x | sh", true},
		{"echo $(curl http://127.0.0.1:1/x)", true},
		{"go test ./... > out.txt", false},
	}
	for _, c := range corpus {
		before := ap.count()
		res := call(t, w, ToolRunCommand, map[string]any{"command": c.cmd})
		asked := ap.count() > before
		if asked != c.asked {
			t.Errorf("%q: asked = %v, want %v", c.cmd, asked, c.asked)
		}
		if c.asked && (!res.IsError || !strings.Contains(res.Output, "refused")) {
			t.Errorf("%q refused: result %+v, want an error result saying it was refused", c.cmd, res)
		}
		if !c.asked && !strings.Contains(res.Output, "[exit code") {
			t.Errorf("%q: result %+v, want it run", c.cmd, res)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "out.txt")); err != nil {
		t.Errorf("go test > out.txt did not run: %v", err)
	}
	req := ap.asked[0]
	if req.Command != "ls && rm -rf /" || !slices.Equal(req.Unapproved, []string{"rm -rf /"}) || req.RunID != "run1" || req.Call.Name != ToolRunCommand {
		t.Errorf("first request = %+v", req)
	}
}

func TestRunCommandAllowAlwaysAndRejectAlways(t *testing.T) {
	dir := newTree(t, nil)
	ap := &recordingApprover{decision: DecisionAllowAlways}
	w := openWS(t, dir, Options{Approver: ap})
	for range 2 {
		if res := call(t, w, ToolRunCommand, map[string]any{"command": "ls -a"}); res.IsError || !strings.Contains(res.Output, "[exit code 0]") {
			t.Fatalf("ls -a: %+v", res)
		}
	}
	if ap.count() != 1 {
		t.Errorf("asked %d times for an always-allowed part, want 1", ap.count())
	}
	// Allowing "ls -a" always does not allow other ls commands.
	call(t, w, ToolRunCommand, map[string]any{"command": "ls -l"})
	if ap.count() != 2 {
		t.Errorf("asked %d times, want 2 (a different part is asked for)", ap.count())
	}
	ap.decision = DecisionRejectAlways
	call(t, w, ToolRunCommand, map[string]any{"command": "touch nope"})
	res := call(t, w, ToolRunCommand, map[string]any{"command": "touch nope"})
	if ap.count() != 3 || !res.IsError {
		t.Errorf("after reject_always: asked %d times (want 3), result %+v", ap.count(), res)
	}
	if _, err := os.Stat(filepath.Join(dir, "nope")); err == nil {
		t.Error("a refused command ran")
	}
}

func TestRunCommandOffered(t *testing.T) {
	dir := newTree(t, nil)
	has := func(w *Workspace, mode Mode) bool {
		for _, tl := range w.Tools(mode, policyOf(w)) {
			if tl.Spec().Name == ToolRunCommand {
				return true
			}
		}
		return false
	}
	w := openWS(t, dir, Options{})
	if has(w, ModeAuto) {
		t.Error("run_command offered without allowCommands and without an approver")
	}
	withPolicy(w, command.Policy{AllowCommands: true, Allowed: []string{"ls"}})
	if !has(w, ModeAuto) {
		t.Error("run_command not offered with allowCommands")
	}
	if has(w, ModeReadOnly) {
		t.Error("run_command offered in read-only mode")
	}
	// allowCommands without an approver: unlisted commands are refused.
	res := call(t, w, ToolRunCommand, map[string]any{"command": "touch x"})
	if !res.IsError || !strings.Contains(res.Output, "allowedCommands") {
		t.Errorf("unlisted command without approver: %+v", res)
	}
	if w2 := openWS(t, dir, Options{Approver: &recordingApprover{}}); !has(w2, ModeAuto) {
		t.Error("run_command not offered with an approver")
	}
	names := func(tools []engine.Tool) []string {
		var out []string
		for _, tl := range tools {
			out = append(out, tl.Spec().Name)
		}
		return out
	}
	if got := names(w.Tools(ModeReadOnly, policyOf(w))); !slices.Equal(got, []string{"read_file", "list_dir", "glob", "grep"}) {
		t.Errorf("read-only tools = %v", got)
	}
}

func TestApproveToolsAsksBeforeEveryCall(t *testing.T) {
	dir := newTree(t, map[string]string{"a.txt": "a\n"})
	ap := &recordingApprover{decision: DecisionRejectOnce}
	w := openWS(t, dir, Options{Approver: ap, ApproveTools: []string{ToolWriteFile}})
	res := call(t, w, ToolWriteFile, map[string]any{"path": "a.txt", "content": "b\n"})
	if !res.IsError || ap.count() != 1 || readDisk(t, dir, "a.txt") != "a\n" {
		t.Errorf("refused write_file: %+v, asked %d times, disk %q", res, ap.count(), readDisk(t, dir, "a.txt"))
	}
	ap.decision = DecisionAllowOnce
	if res := call(t, w, ToolWriteFile, map[string]any{"path": "a.txt", "content": "b\n"}); res.IsError || readDisk(t, dir, "a.txt") != "b\n" {
		t.Errorf("approved write_file: %+v", res)
	}
	if res := call(t, w, ToolReadFile, map[string]any{"path": "a.txt"}); res.IsError || ap.count() != 2 {
		t.Errorf("read_file (not marked) asked: count %d, %+v", ap.count(), res)
	}
	// Marked, with no one to ask: refused.
	w2 := openWS(t, dir, Options{ApproveTools: []string{ToolEditFile}})
	if res := call(t, w2, ToolEditFile, map[string]any{"path": "a.txt", "old_string": "b", "new_string": "c"}); !res.IsError {
		t.Errorf("marked edit_file without an approver = %+v, want refused", res)
	}
}

// unreachableApprover cannot ask anyone.
type unreachableApprover struct{ recordingApprover }

func (*unreachableApprover) CanAsk() bool { return false }

func TestUnreachableApproverIsNoApprover(t *testing.T) {
	ap := &unreachableApprover{recordingApprover{decision: DecisionAllowOnce}}
	w := openWS(t, newTree(t, nil), Options{Approver: ap})
	for _, tl := range w.Tools(ModeAuto, command.Policy{}) {
		if tl.Spec().Name == ToolRunCommand {
			t.Fatal("run_command offered with an approver that cannot ask and without allowCommands")
		}
	}
	withPolicy(w, command.Policy{AllowCommands: true})
	if res := call(t, w, ToolRunCommand, map[string]any{"command": "touch x"}); !res.IsError || ap.count() != 0 {
		t.Errorf("unlisted command: %+v, asked %d times; want refused without asking", res, ap.count())
	}
}
