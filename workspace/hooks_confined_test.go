//go:build !windows

// Through the confined child, which loopls does not have on Windows.

package workspace

import (
	"github.com/loopls/loopls/command"

	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// While the kernel confines commands here, no command is handed to a
// Runner (an editor's terminal runs outside the confinement): it runs in
// the confined child, and the Runner never hears of it (issue 23).
func TestRunnerNeverGetsACommandWhileConfined(t *testing.T) {
	if st := command.Confinement(); !st.Confined() {
		t.Fatalf("the kernel cannot confine commands on this machine (%s): this test needs Landlock and user namespaces", st.Why)
	}
	dir := newTree(t, nil)
	r := &scriptedRunner{run: func(ctx context.Context, req CommandRequest) (CommandResult, error) {
		return CommandResult{Output: "terminal\n"}, nil
	}}
	ap := &recordingApprover{decision: DecisionAllowOnce}
	w := withPolicy(openWS(t, dir, Options{Runner: r, Approver: ap}), command.Policy{AllowCommands: true, Allowed: []string{"pwd", "touch"}})
	for _, cmd := range []string{"pwd", "touch made"} {
		if res := call(t, w, ToolRunCommand, map[string]any{"command": cmd}); res.IsError || strings.Contains(res.Output, "terminal") || !strings.Contains(res.Output, "[exit code 0]") {
			t.Errorf("%q = %+v, want it run here", cmd, res)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "made")); err != nil {
		t.Errorf("touch did not run in the confined child: %v", err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.reqs) != 0 {
		t.Errorf("the Runner was handed %+v while the kernel confines commands", r.reqs)
	}
	if n := ap.count(); n != 0 {
		t.Errorf("asked %d times for allowed programs under the confinement", n)
	}
}
