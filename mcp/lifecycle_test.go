//go:build unix

// These tests drive their servers through sh; mcp/process_windows_test.go
// holds the Windows side.

package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/loopls/loopls/config"
	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/internal/mcpservers"
)

// waitFor polls cond until it holds or the bound passes.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func readPid(t *testing.T, file string) int {
	t.Helper()
	var pid int
	waitFor(t, "the server's pid file", func() bool {
		b, err := os.ReadFile(file)
		if err != nil {
			return false
		}
		pid, err = strconv.Atoi(strings.TrimSpace(string(b)))
		return err == nil && pid > 0
	})
	return pid
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

// shellQuote quotes s for sh.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

func everythingLine(t *testing.T) string {
	cmd, args := mcpservers.Everything(t)
	q := []string{shellQuote(cmd)}
	for _, a := range args {
		q = append(q, shellQuote(a))
	}
	return strings.Join(q, " ")
}

// slowCall is a long call to the everything server in flight, with tee
// recording what loopls sends the server in log.
type slowCall struct {
	hub    *Hub
	log    string
	tools  []engine.Tool
	cancel context.CancelFunc
	done   chan error
}

// startSlowCall connects to the everything server through tee and starts
// its long-running operation, returning once the tools/call reached it.
func startSlowCall(t *testing.T, ctx context.Context) *slowCall {
	t.Helper()
	dir := t.TempDir()
	c := &slowCall{hub: newHub(t), log: filepath.Join(dir, "stdin.log"), done: make(chan error, 1)}
	srv := config.MCPServer{Command: "sh", Args: []string{"-c", "tee -a " + shellQuote(c.log) + " | " + everythingLine(t)}}
	tools, warns := c.hub.Tools(ctx, Want{Dir: dir, Settings: map[string]config.MCPServer{"everything": srv}})
	if len(warns) != 0 {
		t.Fatalf("warnings: %v", warns)
	}
	c.tools = tools
	slow := find(t, tools, "mcp__everything__trigger-long-running-operation")
	callCtx, cancel := context.WithCancel(ctx)
	c.cancel = cancel
	go func() {
		_, err := call(callCtx, slow, `{"duration":60,"steps":60}`)
		c.done <- err
	}()
	waitFor(t, "the tools/call to reach the server", func() bool {
		b, _ := os.ReadFile(c.log)
		return strings.Contains(string(b), `"trigger-long-running-operation"`)
	})
	return c
}

// cancelled cancels the call and checks it returned context.Canceled.
func (c *slowCall) cancelled(t *testing.T) {
	t.Helper()
	c.cancel()
	select {
	case err := <-c.done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled call returned %v, want context.Canceled", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the cancelled call did not return")
	}
}

func TestCancelSendsNotificationsCancelled(t *testing.T) {
	ctx := ctxT(t)
	c := startSlowCall(t, ctx)
	c.cancelled(t)
	waitFor(t, "notifications/cancelled to reach the server", func() bool {
		b, _ := os.ReadFile(c.log)
		return strings.Contains(string(b), `"notifications/cancelled"`)
	})
	// The server is still usable after a cancelled call.
	res, err := call(ctx, find(t, c.tools, "mcp__everything__echo"), `{"message":"still here"}`)
	if err != nil || !strings.Contains(res.Output, "still here") {
		t.Fatalf("echo after cancel = %+v, %v", res, err)
	}
}

func TestMissingCommandIsAWarningAndTheOthersGoOn(t *testing.T) {
	h := newHub(t)
	ctx := ctxT(t)
	tools, warns := h.Tools(ctx, Want{Dir: t.TempDir(), Settings: map[string]config.MCPServer{
		"everything": everything(t),
		"ghost":      {Command: "loopls-no-such-mcp-server"},
	}})
	if len(warns) != 1 || !strings.Contains(warns[0], `"ghost"`) || !strings.Contains(warns[0], "loopls-no-such-mcp-server") ||
		!strings.Contains(warns[0], "not found") {
		t.Fatalf("warnings = %q, want one naming ghost and its missing command", warns)
	}
	find(t, tools, "mcp__everything__echo")
	for _, st := range h.Status(nil) {
		if st.Name == "ghost" && (st.State != StateFailed || st.LastError == "") {
			t.Fatalf("ghost status = %+v", st)
		}
	}
	// A second run within the backoff does not try again, and says so.
	_, warns = h.Tools(ctx, Want{Dir: t.TempDir(), Settings: map[string]config.MCPServer{"ghost": {Command: "loopls-no-such-mcp-server"}}})
	if len(warns) != 1 || !strings.Contains(warns[0], "not found") {
		t.Fatalf("second warnings = %q", warns)
	}
}

func TestFailedStartShowsStderrTail(t *testing.T) {
	h := newHub(t)
	srv := config.MCPServer{Command: "sh", Args: []string{"-c", "echo 'config file missing: ~/.secretrc' >&2; exit 3"}}
	_, warns := h.Tools(ctxT(t), Want{Dir: t.TempDir(), Settings: map[string]config.MCPServer{"broken": srv}})
	if len(warns) != 1 || !strings.Contains(warns[0], "config file missing") {
		t.Fatalf("warnings = %q, want the server's stderr", warns)
	}
}

func TestStderrTailIsBounded(t *testing.T) {
	var tl tail
	for range 100 {
		tl.Write([]byte(strings.Repeat("x", 1000)))
	}
	tl.Write([]byte("the end"))
	s := tl.String()
	if len(s) != maxStderr || !strings.HasSuffix(s, "the end") {
		t.Fatalf("tail has %d bytes ending %q", len(s), s[max(0, len(s)-10):])
	}
}

func TestCrashedServerIsRestarted(t *testing.T) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pid")
	srv := config.MCPServer{Command: "sh", Args: []string{"-c", "echo $$ > " + shellQuote(pidFile) + "; exec " + everythingLine(t)}}
	h := newHub(t)
	ctx := ctxT(t)
	want := Want{Dir: dir, Settings: map[string]config.MCPServer{"everything": srv}}
	tools, _ := h.Tools(ctx, want)
	echo := find(t, tools, "mcp__everything__echo")
	pid := readPid(t, pidFile)
	os.Remove(pidFile)
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the death to be seen", func() bool {
		st := h.Status(nil)
		return strings.Contains(st[0].LastError, "died") && strings.Contains(st[0].LastError, "killed")
	})
	waitFor(t, "the restart", func() bool {
		st := h.Status(nil)
		return st[0].State == StateRunning && st[0].Restarts == 1
	})
	if readPid(t, pidFile) == pid {
		t.Fatal("the restarted server has the dead one's pid")
	}
	// The tool from before the crash reaches the new process.
	res, err := call(ctx, echo, `{"message":"after restart"}`)
	if err != nil || !strings.Contains(res.Output, "after restart") {
		t.Fatalf("echo after restart = %+v, %v", res, err)
	}
}

func TestCallOnADeadServerIsAnError(t *testing.T) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pid")
	srv := config.MCPServer{Command: "sh", Args: []string{"-c", "echo $$ > " + shellQuote(pidFile) + "; echo going down >&2; exec " + everythingLine(t)}}
	saved := firstBackoff
	firstBackoff = time.Hour // no restart during this test
	t.Cleanup(func() { firstBackoff = saved })
	h := newHub(t)
	ctx := ctxT(t)
	tools, _ := h.Tools(ctx, Want{Dir: dir, Settings: map[string]config.MCPServer{"everything": srv}})
	echo := find(t, tools, "mcp__everything__echo")
	syscall.Kill(readPid(t, pidFile), syscall.SIGKILL)
	waitFor(t, "the death to be seen", func() bool { return h.Status(nil)[0].State == StateRestarting })
	_, err := call(ctx, echo, `{"message":"x"}`)
	if err == nil || !strings.Contains(err.Error(), "not available") || !strings.Contains(err.Error(), "going down") {
		t.Fatalf("call on a dead server = %v, want not available with its stderr", err)
	}
}

func TestCloseStopsTheWholeProcessGroup(t *testing.T) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "child")
	// A child that ignores stdin would outlive the server without the
	// group kill (as npx's node child would).
	srv := config.MCPServer{Command: "sh", Args: []string{"-c", "sleep 600 < /dev/null & echo $! > " + shellQuote(pidFile) + "; exec " + everythingLine(t)}}
	h := NewHub(Options{})
	if _, warns := h.Tools(ctxT(t), Want{Dir: dir, Settings: map[string]config.MCPServer{"everything": srv}}); len(warns) != 0 {
		t.Fatal(warns)
	}
	child := readPid(t, pidFile)
	if !alive(child) {
		t.Fatal("the child is not running")
	}
	h.Close()
	waitFor(t, "the child to be gone", func() bool { return !alive(child) })
	if st := h.Status(nil); st[0].State != StateStopped {
		t.Fatalf("state after Close = %s", st[0].State)
	}
}

func TestListChangedIsPickedUp(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	srv := config.MCPServer{Command: self, Env: map[string]string{testServerEnv: "1"}}
	h := newHub(t)
	ctx := ctxT(t)
	want := Want{Dir: t.TempDir(), Settings: map[string]config.MCPServer{"dyn": srv}}
	tools, warns := h.Tools(ctx, want)
	if len(warns) != 0 || len(tools) != 1 {
		t.Fatalf("tools %d, warnings %v", len(tools), warns)
	}
	if _, err := call(ctx, find(t, tools, "mcp__dyn__grow"), `{}`); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the new tool after list_changed", func() bool {
		st := h.Status(nil)[0]
		return st.ListChanges >= 1 && len(st.Tools) == 2
	})
	tools, _ = h.Tools(ctx, want)
	res, err := call(ctx, find(t, tools, "mcp__dyn__late"), `{}`)
	if err != nil || res.Output != "late tool called" {
		t.Fatalf("late = %+v, %v", res, err)
	}
}

// A cancelled call whose run ends at once (loopls run after Ctrl-C: the
// run is cancelled, then the hub closes) still reaches the server as
// notifications/cancelled before its stdin closes. The SDK sends its own from
// a goroutine after the call returned, which lost that race; closing now
// tells the server of every call it has not answered (outstanding.go).
func TestCloseRightAfterACancelTellsTheServer(t *testing.T) {
	c := startSlowCall(t, ctxT(t))
	c.cancelled(t)
	c.hub.Close() // the server has exited when Close returns: tee wrote all it read
	b, _ := os.ReadFile(c.log)
	var callID any
	for _, line := range strings.Split(string(b), "\n") {
		var m struct {
			ID     any    `json:"id"`
			Method string `json:"method"`
			Params struct {
				RequestID any `json:"requestId"`
			} `json:"params"`
		}
		if json.Unmarshal([]byte(line), &m) != nil {
			continue
		}
		switch m.Method {
		case "tools/call":
			callID = m.ID
		case "notifications/cancelled":
			if callID != nil && m.Params.RequestID == callID {
				return
			}
		}
	}
	t.Fatalf("the server was not told the cancelled call (id %v) was cancelled before it was closed; it read:\n%s", callID, b)
}
