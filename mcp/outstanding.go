package mcp

import (
	"context"
	"encoding/json"
	"sync"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// The SDK (go-sdk v1.8) sends notifications/cancelled for a cancelled tool
// call from a goroutine of its own, after the call has returned, so that a
// slow server cannot hold the caller. loopls run ends right after a Ctrl-C,
// and its hub then closed the server's stdin before that goroutine had
// written anything: the server was never told. So a stdio connection keeps
// the ids of the tools/call requests the server has not answered, and
// closing the connection first tells the server, synchronously, that each of
// them is cancelled. A server that also gets the SDK's notification for the
// same id ignores the second (MCP: a cancel for a finished or unknown request
// is ignored).

// cancelsOnClose wraps a transport to track its connection's tools/call
// requests; conn is set once Connect has run.
type cancelsOnClose struct {
	sdk.Transport
	conn *trackedConn
}

func (t *cancelsOnClose) Connect(ctx context.Context) (sdk.Connection, error) {
	c, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	t.conn = &trackedConn{Connection: c, calls: make(map[jsonrpc.ID]struct{})}
	return t.conn, nil
}

// cancelOutstanding tells the server that every call it has not answered is
// cancelled (nothing when the transport never connected).
func (t *cancelsOnClose) cancelOutstanding(ctx context.Context) {
	if t.conn != nil {
		t.conn.cancelOutstanding(ctx)
	}
}

// trackedConn is a connection that knows its unanswered tools/call ids.
type trackedConn struct {
	sdk.Connection
	mu    sync.Mutex
	calls map[jsonrpc.ID]struct{}
}

func (c *trackedConn) Write(ctx context.Context, m jsonrpc.Message) error {
	if req, ok := m.(*jsonrpc.Request); ok {
		switch {
		case req.Method == "tools/call" && req.ID.IsValid():
			c.mu.Lock()
			c.calls[req.ID] = struct{}{}
			c.mu.Unlock()
		case req.Method == "notifications/cancelled":
			if id, ok := cancelledID(req.Params); ok {
				c.mu.Lock()
				delete(c.calls, id)
				c.mu.Unlock()
			}
		}
	}
	return c.Connection.Write(ctx, m)
}

func (c *trackedConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	m, err := c.Connection.Read(ctx)
	if resp, ok := m.(*jsonrpc.Response); ok && err == nil {
		c.mu.Lock()
		delete(c.calls, resp.ID)
		c.mu.Unlock()
	}
	return m, err
}

func (c *trackedConn) cancelOutstanding(ctx context.Context) {
	c.mu.Lock()
	ids := make([]jsonrpc.ID, 0, len(c.calls))
	for id := range c.calls {
		ids = append(ids, id)
	}
	clear(c.calls)
	c.mu.Unlock()
	for _, id := range ids {
		params, err := json.Marshal(map[string]any{"requestId": id.Raw(), "reason": "loopls closed the connection"})
		if err != nil {
			continue
		}
		// Best effort, like the SDK's: a server that stopped reading is
		// stopped next anyway.
		_ = c.Connection.Write(ctx, &jsonrpc.Request{Method: "notifications/cancelled", Params: params})
	}
}

// cancelledID is the requestId of notifications/cancelled params.
func cancelledID(params json.RawMessage) (jsonrpc.ID, bool) {
	var p struct {
		RequestID any `json:"requestId"`
	}
	if json.Unmarshal(params, &p) != nil {
		return jsonrpc.ID{}, false
	}
	id, err := jsonrpc.MakeID(p.RequestID)
	return id, err == nil && id.IsValid()
}
