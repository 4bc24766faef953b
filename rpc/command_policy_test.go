package rpc_test

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/ollama/ollama/api"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/fakeollama"
	"github.com/loopls/loopls/rpc"
)

// Two runs in flight at once, each started under a different command
// policy (allowedCommands changed between their starts): each run's
// run_command follows the policy of its own start, not the other's. Run A
// starts under ["basename"] and its model is held until run B, started
// under ["expr"], has run its tools; then A runs the same two commands.
// (Programs, not shell builtins such as echo: builtins need no approval.)
func TestCommandPolicyIsPerRun(t *testing.T) {
	asked := make(chan struct{}) // run A's model was asked
	release := make(chan struct{})
	var hold sync.Once
	calls := func(who string) *fakeollama.Reply {
		return fakeollama.ToolCalls(
			fakeollama.Call{Name: "run_command", Args: `{"command":"basename ` + who + `-basename"}`},
			fakeollama.Call{Name: "run_command", Args: `{"command":"expr ` + who + `-expr"}`},
		)
	}
	srv := fakeollama.StartTB(t, fakeollama.Options{Script: func(req *api.ChatRequest) *fakeollama.Reply {
		last := req.Messages[len(req.Messages)-1]
		if last.Role != "user" {
			return nil // after the tools: the default script's final answer
		}
		switch {
		case strings.HasPrefix(last.Content, "policy A"):
			hold.Do(func() {
				close(asked)
				<-release
			})
			return calls("A")
		case strings.HasPrefix(last.Content, "policy B"):
			return calls("B")
		}
		return nil
	}})
	// Registered after the server, so it runs before the server's close:
	// a failed test does not leave run A's request held.
	released := false
	free := func() {
		if !released {
			released = true
			close(release)
		}
	}
	t.Cleanup(free)
	root := t.TempDir()
	c := startClient(t, root, "LOOPLS_MODEL=ollama:tiny", "OLLAMA_HOST="+srv.Host)
	// No way to ask the user: in mode edit, a command off the allow list is
	// refused.
	c.initialize(root, nil, map[string]any{"allowCommands": true, "allowedCommands": []string{"basename"}})

	_, runA := c.send("loopls/run", map[string]any{"prompt": "policy A", "mode": "edit"})
	select {
	case <-asked:
	case <-timeAfter():
		t.Fatal("run A never asked its model")
	}
	c.notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"loopls": map[string]any{"allowedCommands": []string{"expr"}}}})
	var b runResult
	c.mustRequest("loopls/run", map[string]any{"prompt": "policy B", "mode": "edit"}, &b)
	free()
	m := c.await(runA)
	if m.Error != nil {
		t.Fatalf("run A: %v", m.Error)
	}
	var a runResult
	if err := json.Unmarshal(m.Result, &a); err != nil {
		t.Fatal(err)
	}
	if a.Outcome != "completed" || b.Outcome != "completed" {
		t.Fatalf("runs ended %s and %s, want both completed", a.Outcome, b.Outcome)
	}

	ended := map[string]rpc.ToolCallParams{} // by run and command
	for _, msg := range c.messages("loopls/toolCall") {
		p := params[rpc.ToolCallParams](t, msg)
		if p.Status == engine.ToolCompleted || p.Status == engine.ToolFailed {
			ended[string(p.RunID)+" "+string(p.Arguments)] = p
		}
	}
	check := func(run machine.RunID, who, command string, allowed bool) {
		t.Helper()
		printed := "\n" + who + "-" + command + "\n" // the program's output line
		key := string(run) + ` {"command":"` + command + " " + who + "-" + command + `"}`
		p, ok := ended[key]
		switch {
		case !ok:
			t.Errorf("run %s: no end of %s %s-%s among %v", who, command, who, command, ended)
		case allowed && (p.Status != engine.ToolCompleted || !strings.Contains(p.Output, printed)):
			t.Errorf("run %s: %s was refused (%s: %q), but its run's policy allows it", who, command, p.Status, p.Output)
		case !allowed && (p.Status != engine.ToolFailed || strings.Contains(p.Output, printed)):
			t.Errorf("run %s: %s ran (%s: %q), but its run's policy does not allow it", who, command, p.Status, p.Output)
		}
	}
	check(a.RunID, "A", "basename", true)
	check(a.RunID, "A", "expr", false)
	check(b.RunID, "B", "basename", false)
	check(b.RunID, "B", "expr", true)
}
