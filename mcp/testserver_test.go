package mcp

import (
	"context"
	"os"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// testServerEnv makes the test binary a tiny MCP server over stdio: the one
// case the npm servers do not cover on demand is a tool list that changes
// while connected. Its tool "grow" adds the tool "late", which the SDK
// announces with notifications/tools/list_changed.
const testServerEnv = "LOOPLS_MCP_TEST_SERVER"

type empty struct{}

func runTestServer() {
	s := sdk.NewServer(&sdk.Implementation{Name: "grower", Version: "1"}, nil)
	sdk.AddTool(s, &sdk.Tool{Name: "grow", Description: "adds the tool late"},
		func(context.Context, *sdk.CallToolRequest, empty) (*sdk.CallToolResult, any, error) {
			sdk.AddTool(s, &sdk.Tool{Name: "late", Description: "added by grow"},
				func(context.Context, *sdk.CallToolRequest, empty) (*sdk.CallToolResult, any, error) {
					return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "late tool called"}}}, nil, nil
				})
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "grown"}}}, nil, nil
		})
	if err := s.Run(context.Background(), &sdk.StdioTransport{}); err != nil {
		os.Exit(1)
	}
}
