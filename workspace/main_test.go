package workspace

import (
	"github.com/loopls/loopls/command"

	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"go.uber.org/goleak"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) != "" {
		runChild()
		return
	}
	goleak.VerifyTestMain(m)
}

// newTree writes files (path → content) under a fresh temp dir and returns it.
func newTree(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, content := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// openWS opens a workspace on dir and closes it when the test ends.
func openWS(t testing.TB, dir string, opts Options) *Workspace {
	t.Helper()
	w, err := Open(context.Background(), dir, opts)
	if err != nil {
		t.Fatalf("Open(%s): %v", dir, err)
	}
	t.Cleanup(func() {
		if err := w.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return w
}

// testPolicies holds the command policy a test gives a workspace's runs.
var testPolicies sync.Map // *Workspace → command.Policy

// withPolicy makes p the command policy of w's tools in this test.
func withPolicy(w *Workspace, p command.Policy) *Workspace {
	testPolicies.Store(w, p)
	return w
}

func policyOf(w *Workspace) command.Policy {
	if p, ok := testPolicies.Load(w); ok {
		return p.(command.Policy)
	}
	return command.Policy{}
}

// tool returns the tool named name among w's edit-mode tools.
func tool(t testing.TB, w *Workspace, name string) engine.Tool {
	t.Helper()
	for _, tl := range w.Tools(ModeAuto, policyOf(w)) {
		if tl.Spec().Name == name {
			return tl
		}
	}
	t.Fatalf("tool %s is not offered", name)
	return nil
}

// call invokes the tool name with args (marshalled to JSON) as run "run1".
func call(t testing.TB, w *Workspace, name string, args any) engine.ToolResult {
	t.Helper()
	return callRun(t, w, "run1", name, args)
}

func callRun(t testing.TB, w *Workspace, run machine.RunID, name string, args any) engine.ToolResult {
	t.Helper()
	raw, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	res, err := tool(t, w, name).Call(context.Background(), engine.ToolInvocation{
		RunID: run,
		Call:  machine.ToolCall{ID: "call_1", Name: name, Arguments: raw},
	})
	if err != nil {
		t.Fatalf("%s(%s): Go error %v (tool failures must be error results)", name, raw, err)
	}
	return res
}

// readDisk returns the content of dir/p.
func readDisk(t testing.TB, dir, p string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
