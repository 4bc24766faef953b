package mcp

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/loopls/loopls/config"
	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/mcpservers"
)

func everything(t *testing.T) config.MCPServer {
	cmd, args := mcpservers.Everything(t)
	return config.MCPServer{Command: cmd, Args: args}
}

func newHub(t *testing.T) *Hub {
	h := NewHub(Options{})
	t.Cleanup(func() { h.Close() })
	return h
}

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	return ctx
}

func find(t *testing.T, tools []engine.Tool, name string) engine.Tool {
	t.Helper()
	var names []string
	for _, tl := range tools {
		if tl.Spec().Name == name {
			return tl
		}
		names = append(names, tl.Spec().Name)
	}
	t.Fatalf("no tool %s among %v", name, names)
	return nil
}

// jsonString is s as a JSON string (a Windows path's backslashes escaped).
func jsonString(t *testing.T, s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func call(ctx context.Context, tl engine.Tool, args string) (engine.ToolResult, error) {
	return tl.Call(ctx, engine.ToolInvocation{RunID: "run_t", Call: machine.ToolCall{ID: "c1", Name: tl.Spec().Name, Arguments: machine.RawJSON(args)}})
}

func TestEverythingEcho(t *testing.T) {
	dir := t.TempDir() // before the hub: its server, working in dir, ends first (Windows will not remove a process's working directory)
	h := newHub(t)
	ctx := ctxT(t)
	tools, warns := h.Tools(ctx, Want{Dir: dir, Settings: map[string]config.MCPServer{"everything": everything(t)}})
	if len(warns) != 0 {
		t.Fatalf("warnings: %v", warns)
	}
	echo := find(t, tools, "mcp__everything__echo")
	var schema map[string]any
	if err := json.Unmarshal(echo.Spec().Parameters, &schema); err != nil || schema["type"] != "object" {
		t.Fatalf("echo schema = %s (%v)", echo.Spec().Parameters, err)
	}
	res, err := call(ctx, echo, `{"message":"hi from loopls"}`)
	if err != nil || res.IsError || !strings.Contains(res.Output, "hi from loopls") {
		t.Fatalf("echo = %+v, %v", res, err)
	}
	st := h.Status(nil)
	t.Logf("everything: %d list_changed, %d tools", st[0].ListChanges, len(st[0].Tools))
	if len(st) != 1 || st[0].State != StateRunning || st[0].Name != "everything" || len(st[0].Tools) == 0 {
		t.Fatalf("status = %+v", st)
	}
}

func TestFilesystemReadsAFile(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("the filesystem server read me\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd, args := mcpservers.Filesystem(t, dir)
	h := newHub(t)
	ctx := ctxT(t)
	tools, warns := h.Tools(ctx, Want{Dir: dir, Settings: map[string]config.MCPServer{"filesystem": {Command: cmd, Args: args}}})
	if len(warns) != 0 {
		t.Fatalf("warnings: %v", warns)
	}
	res, err := call(ctx, find(t, tools, "mcp__filesystem__read_text_file"), `{"path":`+jsonString(t, filepath.Join(dir, "notes.txt"))+`}`)
	if err != nil || res.IsError || !strings.Contains(res.Output, "the filesystem server read me") {
		t.Fatalf("read_text_file = %+v, %v", res, err)
	}
	res, err = call(ctx, find(t, tools, "mcp__filesystem__read_text_file"), `{"path":"/etc/passwd"}`)
	if err != nil || !res.IsError {
		t.Fatalf("reading outside the allowed directory = %+v, %v; want an error result", res, err)
	}
}
