//go:build windows

package mcp

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"golang.org/x/sys/windows"

	"github.com/loopls/loopls/config"
)

// A stdio server configured through a .cmd shim (npx.cmd starts node the
// same way) starts, and dies with its Job: killing the tree kills the
// server cmd.exe started, which would otherwise be left running.
func TestCmdShimServerDiesWithItsJob(t *testing.T) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pid")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	shim := filepath.Join(dir, "server.cmd")
	if err := os.WriteFile(shim, []byte("@\""+exe+"\" %*\r\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	p, err := startProcess(config.MCPServer{Command: shim, Env: map[string]string{
		testServerEnv: "1", "LOOPLS_MCP_TEST_PIDFILE": pidFile,
	}}, dir)
	if err != nil {
		t.Fatalf("start through %s: %v", shim, err)
	}
	// The server's answer to initialize is the event: by then it has
	// written its pid.
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}` + "\n"
	if _, err := p.stdin.Write([]byte(init)); err != nil {
		p.reap()
		t.Fatal(err)
	}
	answered := make(chan error, 1)
	go func() {
		_, err := bufio.NewReader(p.stdout).ReadString('\n')
		answered <- err
	}()
	select {
	case err := <-answered:
		if err != nil {
			p.reap()
			t.Fatalf("the server behind the .cmd shim did not answer initialize: %v", err)
		}
	case <-time.After(30 * time.Second):
		p.reap()
		t.Fatal("the server behind the .cmd shim did not answer initialize in 30s")
	}
	b, err := os.ReadFile(pidFile)
	pid, _ := strconv.Atoi(string(b))
	if err != nil || pid == 0 {
		p.reap()
		t.Fatalf("the server wrote no pid: %q, %v", b, err)
	}
	h, err := windows.OpenProcess(windows.SYNCHRONIZE, false, uint32(pid))
	if err != nil {
		p.reap()
		t.Fatalf("open the server process %d: %v", pid, err)
	}
	defer windows.CloseHandle(h)
	if err := p.tree.Kill(); err != nil {
		t.Fatalf("kill the tree: %v", err)
	}
	if ev, err := windows.WaitForSingleObject(h, 30_000); err != nil || ev != windows.WAIT_OBJECT_0 {
		t.Fatalf("the server behind the shim outlived its Job's kill (wait: %d, %v)", ev, err)
	}
	<-p.exited
	p.reap()
}
