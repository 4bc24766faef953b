package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/redact"
)

// ToolName is the name a server's tool is offered under.
func ToolName(server, tool string) string { return "mcp__" + server + "__" + tool }

// tool is one server tool as an engine tool.
type tool struct {
	srv  *server
	def  remoteTool
	spec engine.ToolSpec
}

func newTool(s *server, def remoteTool) *tool {
	desc := def.Description
	if desc == "" {
		desc = def.Title
	}
	prefix := "[MCP server " + s.name
	if def.ReadOnly {
		prefix += ", says read-only"
	}
	desc = prefix + "] " + desc
	return &tool{srv: s, def: def, spec: engine.ToolSpec{Name: ToolName(s.name, def.Name), Description: desc, Parameters: def.Schema}}
}

func (t *tool) Spec() engine.ToolSpec { return t.spec }

// ReadOnlyHint reports what the server says about the tool; it is shown,
// never trusted.
func (t *tool) ReadOnlyHint() bool { return t.def.ReadOnly }

// Call sends tools/call. A cancelled ctx makes the SDK send
// notifications/cancelled for the request and return at once.
func (t *tool) Call(ctx context.Context, inv engine.ToolInvocation) (engine.ToolResult, error) {
	args := bytes.TrimSpace(inv.Call.Arguments)
	if len(args) == 0 || bytes.Equal(args, []byte("null")) {
		args = []byte("{}")
	}
	if args[0] == '"' { // small models send the object as a JSON string
		if s, err := strconv.Unquote(string(args)); err == nil {
			args = []byte(s)
		}
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(args, &obj); err != nil || obj == nil {
		return engine.ToolResult{Output: t.spec.Name + ": the arguments must be a JSON object as the schema describes", IsError: true}, nil
	}
	c, err := t.srv.ensure(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return engine.ToolResult{}, ctx.Err()
		}
		return engine.ToolResult{}, fmt.Errorf("MCP server %s is not available: %s", t.srv.name, redact.String(err.Error()))
	}
	res, err := c.cs.CallTool(ctx, &sdk.CallToolParams{Name: t.def.Name, Arguments: json.RawMessage(args)})
	if err != nil {
		if ctx.Err() != nil {
			return engine.ToolResult{}, ctx.Err()
		}
		var rpcErr *jsonrpc.Error
		if errors.As(err, &rpcErr) {
			// The server answered with an error (unknown tool, bad
			// arguments): the model can correct that.
			return engine.ToolResult{Output: fmt.Sprintf("%s: the MCP server refused the call: %s", t.spec.Name, cut(rpcErr.Message, 2000)), IsError: true}, nil
		}
		return engine.ToolResult{}, fmt.Errorf("MCP server %s: %s", t.srv.name, redact.String(cut(err.Error(), 2000)))
	}
	return engine.ToolResult{Output: render(res), IsError: res.IsError}, nil
}

// render turns a tool result into the text the model reads, at most
// maxOutput bytes.
func render(res *sdk.CallToolResult) string {
	var b strings.Builder
	add := func(s string) {
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(cut(s, maxOutput-b.Len()))
	}
	for _, c := range res.Content {
		if b.Len() >= maxOutput {
			break
		}
		switch c := c.(type) {
		case *sdk.TextContent:
			add(c.Text)
		case *sdk.ImageContent:
			add(fmt.Sprintf("[image %s, %d bytes]", cut(c.MIMEType, 100), len(c.Data)))
		case *sdk.AudioContent:
			add(fmt.Sprintf("[audio %s, %d bytes]", cut(c.MIMEType, 100), len(c.Data)))
		case *sdk.ResourceLink:
			add(fmt.Sprintf("[resource %s %s]", cut(c.URI, 1000), cut(c.Name, 200)))
		case *sdk.EmbeddedResource:
			if r := c.Resource; r != nil {
				if r.Text != "" {
					add(r.Text)
				} else {
					add(fmt.Sprintf("[resource %s, %d bytes]", cut(r.URI, 1000), len(r.Blob)))
				}
			}
		}
	}
	if b.Len() == 0 && res.StructuredContent != nil {
		if j, err := json.Marshal(res.StructuredContent); err == nil {
			add(string(j))
		}
	}
	return b.String()
}

// cut returns s cut to at most n bytes, on a character boundary, valid UTF-8.
func cut(s string, n int) string {
	if n <= 0 {
		return ""
	}
	if len(s) > n {
		s = s[:n]
	}
	// Invalid bytes (and a character cut at n) are dropped: the result
	// stays within n bytes.
	return strings.ToValidUTF8(s, "")
}

// quoteCut quotes a name from a server for a message, cut short.
func quoteCut(s string) string { return strconv.Quote(cut(s, 60)) }
