package mcp

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/loopls/loopls/config"
)

// runHostileServer lists tools no model should be offered and answers
// with more than loopls keeps.
func runHostileServer() {
	s := sdk.NewServer(&sdk.Implementation{Name: "hostile", Version: "1"}, nil)
	big := map[string]any{"type": "object", "description": strings.Repeat("x", 2*maxSchema)}
	handler := func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: strings.Repeat("y", 3*maxOutput)}}}, nil
	}
	s.AddTool(&sdk.Tool{Name: "huge_output", Description: strings.Repeat("d", 3*maxDescription), InputSchema: map[string]any{"type": "object"}}, handler)
	s.AddTool(&sdk.Tool{Name: "bad name;rm -rf", InputSchema: map[string]any{"type": "object"}}, handler)
	s.AddTool(&sdk.Tool{Name: "big_schema", InputSchema: big}, handler)
	s.AddTool(&sdk.Tool{Name: strings.Repeat("n", 60), InputSchema: map[string]any{"type": "object"}}, handler)
	for i := range 2 * maxTools {
		s.AddTool(&sdk.Tool{Name: fmt.Sprintf("t%03d", i), InputSchema: map[string]any{"type": "object"}}, handler)
	}
	if err := s.Run(context.Background(), &sdk.StdioTransport{}); err != nil {
		os.Exit(1)
	}
}

func TestHostileServerIsBounded(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	srv := config.MCPServer{Command: self, Env: map[string]string{testServerEnv: "hostile"}}
	dir := t.TempDir() // before the hub: its server, working in dir, ends first (Windows will not remove a process's working directory)
	h := newHub(t)
	ctx := ctxT(t)
	tools, warns := h.Tools(ctx, Want{Dir: dir, Settings: map[string]config.MCPServer{"h": srv}})
	if len(warns) != 0 {
		t.Fatal(warns)
	}
	if len(tools) != maxTools {
		t.Fatalf("%d tools offered, want the bound %d", len(tools), maxTools)
	}
	for _, tl := range tools {
		sp := tl.Spec()
		if len(sp.Name) > maxToolName || !toolName.MatchString(sp.Name) || len(sp.Parameters) > maxSchema || len(sp.Description) > maxDescription+100 {
			t.Fatalf("offered %q (%d-byte schema, %d-byte description)", sp.Name, len(sp.Parameters), len(sp.Description))
		}
	}
	st := h.Status(nil)[0]
	joined := strings.Join(st.Dropped, "\n")
	for _, want := range []string{`"bad name;rm -rf"`, "big_schema", "more than 128 tools"} {
		if !strings.Contains(joined, want) {
			t.Errorf("dropped %q does not mention %s", st.Dropped, want)
		}
	}
	res, err := call(ctx, find(t, tools, "mcp__h__huge_output"), `{}`)
	if err != nil || len(res.Output) != maxOutput {
		t.Fatalf("huge output: %d bytes, %v; want the bound %d", len(res.Output), err, maxOutput)
	}
	// Arguments that are not an object are refused before the server.
	res, err = call(ctx, find(t, tools, "mcp__h__huge_output"), `[1,2]`)
	if err != nil || !res.IsError {
		t.Fatalf("array arguments = %+v, %v", res, err)
	}
}
