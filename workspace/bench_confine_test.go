package workspace

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// benchRunCommand runs `ls` (allowed) through run_command b.N times.
func benchRunCommand(b *testing.B) {
	dir := newTree(b, map[string]string{"a.txt": "a\n"})
	w := openWS(b, dir, Options{Approver: &recordingApprover{decision: DecisionAllowOnce}})
	tl := &runCommandTool{w: w, policy: CommandPolicy{AllowCommands: true, Allowed: []string{"ls"}}}
	raw, _ := json.Marshal(map[string]any{"command": "ls"})
	inv := engine.ToolInvocation{RunID: "bench", Call: machine.ToolCall{Name: ToolRunCommand, Arguments: raw}}
	b.ResetTimer()
	for b.Loop() {
		res, err := tl.Call(context.Background(), inv)
		if err != nil || !strings.Contains(res.Output, "a.txt") {
			b.Fatalf("%v %s", err, res.Output)
		}
	}
}

// BenchmarkRunCommandConfined is one run_command in the confined child.
func BenchmarkRunCommandConfined(b *testing.B) {
	if !Confinement().Confined() {
		b.Fatalf("confinement is %s here", Confinement())
	}
	benchRunCommand(b)
}

// BenchmarkRunCommandInProcess is the same with confinement off (the
// interpreter in the daemon, as where the kernel cannot confine).
func BenchmarkRunCommandInProcess(b *testing.B) {
	b.Setenv(ConfineEnv, "off")
	benchRunCommand(b)
}
