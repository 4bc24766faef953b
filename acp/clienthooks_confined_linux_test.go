//go:build linux

package acp

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/loopls/loopls/command"
	"github.com/loopls/loopls/engine/machine"
)

// While the kernel confines run_command here, a command is never handed to
// the client's terminal: the editor runs that, outside the confinement. It
// runs in loopls's confined child, and the tool call shows its output
// (issue 23). The client's terminal below really runs what it is given, so
// a command handed to it would write outside the workspace.
func TestConfinedCommandNeverRunsInTheClientTerminal(t *testing.T) {
	if st := command.Confinement(); !st.Confined() {
		t.Fatalf("the kernel cannot confine commands on this machine (%s): this test needs Landlock and user namespaces", st.Why)
	}
	outside := t.TempDir()
	marker := filepath.Join(outside, "marker")
	var root string
	run := &toolRun{root: &root, calls: []machine.ToolCall{
		toolCall("call_out", "run_command", fmt.Sprintf(`{"command":"touch %s"}`, marker)),
		toolCall("call_in", "run_command", `{"command":"touch inside"}`),
	}}
	client := &testClient{terms: newFakeTerminals()}
	client.terms.execute = true
	h := newHarness(t, run.script, client)
	root = h.root
	s := h.start(sdk.ClientCapabilities{Terminal: true})
	if r, err := h.prompt(s.SessionId, "touch"); err != nil || r.StopReason != sdk.StopReasonEndTurn {
		t.Fatalf("prompt = %v, %v", r.StopReason, err)
	}
	if _, err := os.Stat(marker); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a command run for the ACP client wrote outside the workspace (stat: %v)", err)
	}
	if calls, _ := client.terms.snapshot(); len(calls) != 0 {
		t.Errorf("the client's terminal was handed %v, want nothing while loopls confines commands", calls)
	}
	if out := run.output(0); !strings.Contains(out, "touch") || strings.Contains(out, "[exit code 0]") {
		t.Errorf("touch outside = %q, want it failed under the confinement", out)
	}
	// Inside the workspace the same program works: the command ran, in
	// loopls's own child.
	if _, err := os.Stat(filepath.Join(root, "inside")); err != nil || !strings.Contains(run.output(1), "[exit code 0]") {
		t.Errorf("touch inside: %v, output %q; want it run", err, run.output(1))
	}
	// The editor is shown the output in the tool call, not a terminal.
	ups, _ := client.snapshot()
	for _, id := range []string{"call_out", "call_in"} {
		last := lastToolUpdate(ups, id)
		if last == nil || len(last.Content) != 1 || last.Content[0].Content == nil || last.Content[0].Content.Content.Text == nil ||
			!strings.Contains(last.Content[0].Content.Content.Text.Text, "$ touch") {
			t.Errorf("%s: last update = %+v, want the output as the tool call's content", id, last)
		}
	}
}
