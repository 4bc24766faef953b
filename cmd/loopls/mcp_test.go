package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/fakeollama"
	"github.com/loopls/loopls/internal/mcpservers"
)

// mcpConfig writes a --mcp-config file.
func mcpConfig(t *testing.T, servers map[string]any, allowed ...string) string {
	t.Helper()
	b, err := json.Marshal(map[string]any{"mcpServers": servers, "allowedTools": allowed})
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "mcp.json")
	if err := os.WriteFile(file, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return file
}

func stdioServer(cmd string, args []string) map[string]any {
	return map[string]any{"command": cmd, "args": args}
}

// runLong runs loopls to its end with a bound that allows for node servers
// starting on a loaded machine.
func (e *env) runLong(args ...string) result {
	e.t.Helper()
	return e.runWithin(3*time.Minute, args...)
}

// toolResults returns the tool messages of the workspace's only session.
func (e *env) toolResults() map[string]machine.Message {
	st := e.openStore()
	list, err := st.Sessions(context.Background())
	if err != nil || len(list) != 1 {
		e.t.Fatalf("sessions = %+v, %v", list, err)
	}
	rec, err := st.Session(context.Background(), list[0].ID)
	if err != nil {
		e.t.Fatal(err)
	}
	out := make(map[string]machine.Message)
	for _, m := range rec.History {
		if m.Role == machine.RoleTool {
			out[m.ToolName] = m
		}
	}
	return out
}

func TestRunCallsMCPTools(t *testing.T) {
	e := newEnv(t, fakeollama.Options{})
	evCmd, evArgs := mcpservers.Everything(t)
	fsCmd, fsArgs := mcpservers.Filesystem(t, e.root)
	cfg := mcpConfig(t, map[string]any{"everything": stdioServer(evCmd, evArgs), "filesystem": stdioServer(fsCmd, fsArgs)},
		fakeollama.MCPEcho, fakeollama.MCPReadFile)
	r := e.runLong("run", "--mcp-config", cfg, "mcp both")
	if r.code != 0 || r.stdout != "The tool result was received.\n" {
		t.Fatalf("exit %d, stdout %q; stderr:\n%s", r.code, r.stdout, r.stderr)
	}
	for _, want := range []string{"tool " + fakeollama.MCPEcho + " completed", "tool " + fakeollama.MCPReadFile + " completed"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
		}
	}
	res := e.toolResults()
	if m := res[fakeollama.MCPEcho]; m.IsError || !strings.Contains(m.Content, "hello from the scripted model") {
		t.Errorf("echo result %+v", m)
	}
	if m := res[fakeollama.MCPReadFile]; m.IsError || m.Content != "hello\n" {
		t.Errorf("read_text_file result %+v", m)
	}
}

// Without allowedTools, loopls run (which can ask no one) does not offer
// MCP tools, and says so.
func TestRunOffersNoUnapprovableMCPTools(t *testing.T) {
	e := newEnv(t, fakeollama.Options{})
	evCmd, evArgs := mcpservers.Everything(t)
	cfg := mcpConfig(t, map[string]any{"everything": stdioServer(evCmd, evArgs)})
	r := e.runLong("run", "--mcp-config", cfg, "mcp echo")
	if r.code != 0 || strings.Contains(r.stderr, "tool "+fakeollama.MCPEcho) {
		t.Fatalf("exit %d; stderr:\n%s", r.code, r.stderr)
	}
	if !strings.Contains(r.stderr, "MCP tools are not offered: no one can approve them here") {
		t.Errorf("stderr does not say why:\n%s", r.stderr)
	}
	for _, req := range e.srv.Requests() {
		for _, tl := range req.Tools {
			if strings.HasPrefix(tl.Function.Name, "mcp__") {
				t.Fatalf("the model was offered %s", tl.Function.Name)
			}
		}
	}
}

// Ctrl-C during a slow MCP tool cancels the run (exit 130) and the server
// is told with notifications/cancelled.
func TestRunCancelledDuringASlowMCPTool(t *testing.T) {
	e := newEnv(t, fakeollama.Options{})
	evCmd, evArgs := mcpservers.Everything(t)
	log := filepath.Join(t.TempDir(), "stdin.log")
	line := "tee -a '" + log + "' | '" + evCmd + "' '" + strings.Join(evArgs, "' '") + "'"
	cfg := mcpConfig(t, map[string]any{"everything": stdioServer("sh", []string{"-c", line})}, fakeollama.MCPSlow)
	p := e.start("run", "--mcp-config", cfg, "mcp slow")
	deadline := time.Now().Add(3 * time.Minute)
	for {
		b, _ := os.ReadFile(log)
		if strings.Contains(string(b), `"tools/call"`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the slow call never reached the server; stderr:\n%s", p.stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := p.cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if code := p.wait(t); code != exitCancelled {
		t.Fatalf("exit %d, want %d; stderr:\n%s", code, exitCancelled, p.stderr.String())
	}
	b, _ := os.ReadFile(log)
	if !strings.Contains(string(b), `"notifications/cancelled"`) {
		t.Fatalf("the server was not told of the cancel; it read:\n%s", b)
	}
}

func TestMCPListCommand(t *testing.T) {
	e := newEnv(t, fakeollama.Options{})
	evCmd, evArgs := mcpservers.Everything(t)
	cfg := mcpConfig(t, map[string]any{"everything": stdioServer(evCmd, evArgs), "ghost": stdioServer("loopls-no-such-mcp-server", nil)})
	r := e.runLong("mcp", "list", "--mcp-config", cfg)
	if r.code != exitFailed {
		t.Errorf("exit %d, want %d (a server did not start)", r.code, exitFailed)
	}
	for _, want := range []string{"everything  running  stdio", "  " + fakeollama.MCPEcho + " (says read-only)\n", "ghost  failed  stdio loopls-no-such-mcp-server",
		"last error: start failed", "executable file not found"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, r.stdout)
		}
	}
	r = e.runLong("mcp", "list", "--json", "--mcp-config", cfg)
	var res struct {
		Servers []struct {
			Name  string `json:"name"`
			State string `json:"state"`
			Tools []struct {
				Name string `json:"name"`
			} `json:"tools"`
		} `json:"servers"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil || len(res.Servers) != 2 || res.Servers[0].Name != "everything" || len(res.Servers[0].Tools) == 0 {
		t.Fatalf("--json: %v\n%s", err, r.stdout)
	}
	if r := e.runLong("mcp", "list", "--mcp-config", filepath.Join(t.TempDir(), "none.json")); r.code != exitUsage {
		t.Errorf("a missing config file: exit %d", r.code)
	}
}
