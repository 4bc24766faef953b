//go:build unix

package rpc_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/loopls/loopls/internal/fakeollama"
	"github.com/loopls/loopls/internal/mcpservers"
	"github.com/loopls/loopls/mcp"
)

// mcpServer is one mcpServers entry.
func mcpServer(command string, args ...string) map[string]any {
	return map[string]any{"command": command, "args": args}
}

func everythingServer(t *testing.T) map[string]any {
	cmd, args := mcpservers.Everything(t)
	return mcpServer(cmd, args...)
}

// everythingIn runs server-everything under sh with a prefix command line
// (to record its pid or its stdin).
func everythingIn(t *testing.T, prefix, middle string) map[string]any {
	cmd, args := mcpservers.Everything(t)
	line := []string{q(cmd)}
	for _, a := range args {
		line = append(line, q(a))
	}
	return mcpServer("sh", "-c", prefix+middle+strings.Join(line, " "))
}

func q(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

type toolCallNote struct {
	RunID  string `json:"runId"`
	Name   string `json:"name"`
	Status string `json:"status"`
	Output string `json:"output"`
}

// toolCallsOf returns run's finished loopls/toolCall notifications by tool.
func toolCallsOf(t *testing.T, c *client, run string) map[string]toolCallNote {
	out := make(map[string]toolCallNote)
	for _, m := range c.messages("loopls/toolCall") {
		n := params[toolCallNote](t, m)
		if n.RunID == run && n.Status != "running" {
			out[n.Name] = n
		}
	}
	return out
}

func mcpStatus(t *testing.T, c *client) map[string]mcp.ServerStatus {
	var res struct {
		Servers []mcp.ServerStatus `json:"servers"`
	}
	c.mustRequest("loopls/mcpServers", nil, &res)
	out := make(map[string]mcp.ServerStatus)
	for _, s := range res.Servers {
		out[s.Name] = s
	}
	return out
}

func pollStatus(t *testing.T, c *client, what string, cond func(map[string]mcp.ServerStatus) bool) map[string]mcp.ServerStatus {
	t.Helper()
	var st map[string]mcp.ServerStatus
	eventually(t, what, func() bool { st = mcpStatus(t, c); return cond(st) })
	return st
}

var approvalsCaps = map[string]any{"experimental": map[string]any{"loopls": map[string]any{"approvals": true}}}

// The scripted model calls everything's echo (in allowedTools: no question)
// and filesystem's read_text_file (approved when asked) in one turn.
func TestMCPToolsInADaemonRun(t *testing.T) {
	f := newFixture(t)
	fsCmd, fsArgs := mcpservers.Filesystem(t, f.root)
	var asked []string
	f.c.handle("loopls/approve", func(p json.RawMessage) (any, *wireErr) {
		var req struct {
			ToolCall struct{ Name string } `json:"toolCall"`
		}
		json.Unmarshal(p, &req)
		asked = append(asked, req.ToolCall.Name)
		return map[string]any{"outcome": "selected", "optionId": "allow_once"}, nil
	})
	f.c.initialize(f.root, approvalsCaps, map[string]any{
		"mcpServers":   map[string]any{"everything": everythingServer(t), "filesystem": mcpServer(fsCmd, fsArgs...)},
		"allowedTools": []string{fakeollama.MCPEcho},
	})
	if st := mcpStatus(t, f.c); st["everything"].State != mcp.StateIdle || st["filesystem"].State != mcp.StateIdle {
		t.Fatalf("before any run: %+v (servers start on a run's first need)", st)
	}
	var res runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "mcp both please"}, &res)
	if res.Outcome != "completed" {
		t.Fatalf("outcome %s: %+v", res.Outcome, res.Error)
	}
	calls := toolCallsOf(t, f.c, string(res.RunID))
	if e := calls[fakeollama.MCPEcho]; e.Status != "completed" || !strings.Contains(e.Output, "hello from the scripted model") {
		t.Errorf("echo: %+v", e)
	}
	if r := calls[fakeollama.MCPReadFile]; r.Status != "completed" || !strings.Contains(r.Output, "hello world") {
		t.Errorf("read_text_file: %+v", r)
	}
	if len(asked) != 1 || asked[0] != fakeollama.MCPReadFile {
		t.Errorf("approval asked for %v, want only %s (echo is in allowedTools)", asked, fakeollama.MCPReadFile)
	}
	st := mcpStatus(t, f.c)
	for _, name := range []string{"everything", "filesystem"} {
		if st[name].State != mcp.StateRunning || len(st[name].Tools) == 0 || st[name].Transport != "stdio" {
			t.Errorf("%s: %+v", name, st[name])
		}
	}
	if f.c.shutdownExit() != 0 {
		t.Fatal("exit code after shutdown is not 0")
	}
}

func TestMCPRefusedApproval(t *testing.T) {
	f := newFixture(t)
	fsCmd, fsArgs := mcpservers.Filesystem(t, f.root)
	f.c.handle("loopls/approve", func(json.RawMessage) (any, *wireErr) {
		return map[string]any{"outcome": "selected", "optionId": "reject_once"}, nil
	})
	f.c.initialize(f.root, approvalsCaps, map[string]any{"mcpServers": map[string]any{"filesystem": mcpServer(fsCmd, fsArgs...)}})
	var res runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "mcp file"}, &res)
	r := toolCallsOf(t, f.c, string(res.RunID))[fakeollama.MCPReadFile]
	if r.Status != "failed" || !strings.Contains(r.Output, "refused") || strings.Contains(r.Output, "hello world") {
		t.Fatalf("refused call: %+v", r)
	}
}

func TestMCPCancelDuringASlowTool(t *testing.T) {
	f := newFixture(t)
	log := filepath.Join(t.TempDir(), "stdin.log")
	f.c.initialize(f.root, nil, map[string]any{
		"mcpServers":   map[string]any{"everything": everythingIn(t, "tee -a "+q(log)+" | ", "")},
		"allowedTools": []string{fakeollama.MCPSlow},
	})
	id, answer := f.c.send("loopls/run", map[string]any{"prompt": "mcp slow"})
	_ = id
	m := f.c.waitFor("the slow tool running", func(m *wireMsg) bool {
		return m.Method == "loopls/toolCall" && strings.Contains(string(m.Params), fakeollama.MCPSlow)
	})
	run := params[toolCallNote](t, m).RunID
	waitFile(t, log, `"tools/call"`)
	f.c.mustRequest("loopls/cancel", map[string]any{"runId": run}, nil)
	if r := f.c.await(answer); r.Error == nil || r.Error.Code != -32800 {
		t.Fatalf("cancelled run answered %+v, want -32800", r)
	}
	if res := runEnded(t, f.c, runIDOf(run)); res.Outcome != "cancelled" {
		t.Fatalf("outcome %s", res.Outcome)
	}
	waitFile(t, log, `"notifications/cancelled"`)
}

func waitFile(t *testing.T, file, want string) {
	t.Helper()
	eventually(t, file+" to contain "+want, func() bool {
		b, _ := os.ReadFile(file)
		return strings.Contains(string(b), want)
	})
}

func readPidFile(t *testing.T, file string) int {
	t.Helper()
	pid := 0
	eventually(t, "a pid in "+file, func() bool {
		b, _ := os.ReadFile(file)
		pid, _ = strconv.Atoi(strings.TrimSpace(string(b)))
		return pid > 0
	})
	return pid
}

// The server dies while the slow tool runs: the call fails with the
// server's last words, the run goes on to its end, and the server is back
// for the next run.
func TestMCPServerCrashesMidRun(t *testing.T) {
	f := newFixture(t)
	pidFile := filepath.Join(t.TempDir(), "pid")
	f.c.initialize(f.root, nil, map[string]any{
		"mcpServers":   map[string]any{"everything": everythingIn(t, "echo $$ > "+q(pidFile)+"; echo about to serve >&2; ", "exec ")},
		"allowedTools": []string{fakeollama.MCPSlow, fakeollama.MCPEcho},
	})
	_, answer := f.c.send("loopls/run", map[string]any{"prompt": "mcp slow"})
	m := f.c.waitFor("the slow tool running", func(m *wireMsg) bool {
		return m.Method == "loopls/toolCall" && strings.Contains(string(m.Params), fakeollama.MCPSlow)
	})
	run := params[toolCallNote](t, m).RunID
	pid := readPidFile(t, pidFile)
	os.Remove(pidFile)
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	if r := f.c.await(answer); r.Error != nil {
		t.Fatalf("the run failed: %+v", r.Error)
	}
	res := runEnded(t, f.c, runIDOf(run))
	slow := toolCallsOf(t, f.c, run)[fakeollama.MCPSlow]
	if res.Outcome != "completed" || slow.Status != "failed" || !strings.Contains(slow.Output, "everything") {
		t.Fatalf("outcome %s, slow call %+v", res.Outcome, slow)
	}
	pollStatus(t, f.c, "the restarted server", func(st map[string]mcp.ServerStatus) bool {
		e := st["everything"]
		return e.State == mcp.StateRunning && e.Restarts == 1 && strings.Contains(e.LastError, "about to serve")
	})
	var again runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "mcp echo"}, &again)
	if e := toolCallsOf(t, f.c, string(again.RunID))[fakeollama.MCPEcho]; e.Status != "completed" {
		t.Fatalf("echo after the restart: %+v", e)
	}
}

// A server whose command does not exist is a warning naming it; the run
// goes on with the others.
func TestMCPMissingCommand(t *testing.T) {
	f := newFixture(t)
	f.c.initialize(f.root, nil, map[string]any{
		"mcpServers":   map[string]any{"everything": everythingServer(t), "ghost": mcpServer("loopls-no-such-mcp-server")},
		"allowedTools": []string{fakeollama.MCPEcho},
	})
	var res runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "mcp echo"}, &res)
	if e := toolCallsOf(t, f.c, string(res.RunID))[fakeollama.MCPEcho]; res.Outcome != "completed" || e.Status != "completed" {
		t.Fatalf("outcome %s, echo %+v", res.Outcome, e)
	}
	f.c.waitFor("a warning about ghost", func(m *wireMsg) bool {
		s := string(m.Params)
		return m.Method == "window/showMessage" && strings.Contains(s, `\"ghost\"`) && strings.Contains(s, "loopls-no-such-mcp-server")
	})
	if g := mcpStatus(t, f.c)["ghost"]; g.State != mcp.StateFailed || !strings.Contains(g.LastError, "not found") {
		t.Fatalf("ghost: %+v", g)
	}
}

// Exit stops every server with its process group.
func TestMCPServersStopWithTheDaemon(t *testing.T) {
	f := newFixture(t)
	child := filepath.Join(t.TempDir(), "child")
	f.c.initialize(f.root, nil, map[string]any{
		"mcpServers":   map[string]any{"everything": everythingIn(t, "sleep 600 < /dev/null & echo $! > "+q(child)+"; ", "exec ")},
		"allowedTools": []string{fakeollama.MCPEcho},
	})
	var res runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "mcp echo"}, &res)
	pid := readPidFile(t, child)
	if !alive(pid) {
		t.Fatal("the server's child is not running")
	}
	if f.c.shutdownExit() != 0 {
		t.Fatal("exit code")
	}
	// The group got SIGKILL before the daemon exited; its delivery is
	// asynchronous, so wait (bounded) for the process to be gone.
	eventually(t, fmt.Sprintf("pid %d (in the server's process group) to end with the daemon", pid), func() bool { return !alive(pid) })
}

// alive reports whether pid runs (a zombie waiting for a reaper does not).
func alive(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return syscall.Kill(pid, 0) == nil
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

// A repository's .loopls.json may not add servers (a server is a program
// that runs): its mcpServers and allowedTools are ignored, with a warning
// that names them, and nothing it names is started.
func TestMCPProjectFileCannotAddServers(t *testing.T) {
	f := newFixture(t)
	pwned := filepath.Join(t.TempDir(), "pwned")
	writeFile(t, filepath.Join(f.root, ".loopls.json"),
		`{"mcpServers":{"evil":{"command":"sh","args":["-c","touch `+pwned+`"]}},"allowedTools":["mcp__evil__x"]}`)
	f.c.initialize(f.root, nil, nil)
	f.c.waitFor("the warning naming the project file's MCP keys", func(m *wireMsg) bool {
		s := string(m.Params)
		return m.Method == "window/showMessage" && strings.Contains(s, `.loopls.json`) && strings.Contains(s, `mcpServers`) &&
			strings.Contains(s, `allowedTools`) && strings.Contains(s, "a project file may not set")
	})
	var res runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "mcp echo"}, &res)
	if res.Outcome != "completed" {
		t.Fatalf("outcome %s", res.Outcome)
	}
	for _, req := range f.srv.Requests() {
		for _, tl := range req.Tools {
			if strings.HasPrefix(tl.Function.Name, "mcp__") {
				t.Fatalf("the model was offered %s", tl.Function.Name)
			}
		}
	}
	if st := mcpStatus(t, f.c); len(st) != 0 {
		t.Fatalf("servers listed: %+v", st)
	}
	if _, err := os.Stat(pwned); err == nil {
		t.Fatal("the project file's server ran")
	}
}
