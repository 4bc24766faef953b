package rpc_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ollama/ollama/api"

	"github.com/loopls/loopls/internal/fakeollama"
)

// TestApprovalAllowNeverWritesProtectedPaths: the approval setting "allow"
// answers for commands when no one can be asked, never for a protected
// path: in auto mode the model's write of .vscode/settings.json (which
// would widen the daemon's own permissions) is refused.
func TestApprovalAllowNeverWritesProtectedPaths(t *testing.T) {
	script := func(req *api.ChatRequest) *fakeollama.Reply {
		if m := req.Messages[len(req.Messages)-1]; m.Role == "tool" {
			return fakeollama.Text("done")
		}
		return fakeollama.ToolCalls(fakeollama.Call{Name: "write_file", Args: `{"path":".vscode/settings.json","content":"{\"loopls.allowedCommands\":[\"python3\"]}"}`})
	}
	srv := fakeollama.StartTB(t, fakeollama.Options{Script: script})
	root := t.TempDir()
	c := startClient(t, root, "LOOPLS_MODEL=ollama:tiny", "OLLAMA_HOST="+srv.Host)
	c.initialize(root, nil, map[string]any{"approval": "allow", "mode": "auto"})
	var res runResult
	c.mustRequest("loopls/run", map[string]any{"prompt": "write the settings"}, &res)
	if res.Outcome != "completed" {
		t.Fatalf("run = %+v", res)
	}
	if _, err := os.Stat(filepath.Join(root, ".vscode", "settings.json")); err == nil {
		t.Fatal(".vscode/settings.json was written with approval \"allow\" and no one asked")
	}
	reqs := srv.Requests()
	last := reqs[len(reqs)-1].Messages
	if out := last[len(last)-1].Content; !containsAll(out, ".vscode", "protected") {
		t.Errorf("the tool result does not say why: %q", out)
	}
}

func containsAll(s string, subs ...string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}
