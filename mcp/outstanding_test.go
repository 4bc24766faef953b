package mcp

import (
	"context"
	"encoding/json"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// fakeConn records what is written to it and reads what it is given.
type fakeConn struct {
	mu      sync.Mutex
	written []*jsonrpc.Request
	reads   chan jsonrpc.Message
}

func (f *fakeConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case m := <-f.reads:
		return m, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (f *fakeConn) Write(_ context.Context, m jsonrpc.Message) error {
	if r, ok := m.(*jsonrpc.Request); ok {
		f.mu.Lock()
		f.written = append(f.written, r)
		f.mu.Unlock()
	}
	return nil
}
func (f *fakeConn) Close() error      { return nil }
func (f *fakeConn) SessionID() string { return "" }

// cancelledIDs are the requestIds of the notifications/cancelled written.
func (f *fakeConn) cancelledIDs(t *testing.T) []any {
	t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	var ids []any
	for _, r := range f.written {
		if r.Method != "notifications/cancelled" {
			continue
		}
		var p struct {
			RequestID any `json:"requestId"`
		}
		if err := json.Unmarshal(r.Params, &p); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, p.RequestID)
	}
	return ids
}

func mustID(t *testing.T, v any) jsonrpc.ID {
	t.Helper()
	id, err := jsonrpc.MakeID(v)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// Only tools/call requests the server has neither answered nor been told
// are cancelled get a notifications/cancelled at close, once.
func TestCancelOutstandingTellsOfUnansweredCallsOnly(t *testing.T) {
	ctx := context.Background()
	f := &fakeConn{reads: make(chan jsonrpc.Message, 4)}
	c := &trackedConn{Connection: f, calls: make(map[jsonrpc.ID]struct{})}
	for _, r := range []*jsonrpc.Request{
		{ID: mustID(t, float64(1)), Method: "tools/list"},
		{ID: mustID(t, float64(2)), Method: "tools/call", Params: json.RawMessage(`{"name":"answered"}`)},
		{ID: mustID(t, float64(3)), Method: "tools/call", Params: json.RawMessage(`{"name":"told"}`)},
		{ID: mustID(t, float64(4)), Method: "tools/call", Params: json.RawMessage(`{"name":"in flight"}`)},
		{ID: mustID(t, "five"), Method: "tools/call", Params: json.RawMessage(`{"name":"in flight too"}`)},
		{Method: "notifications/cancelled", Params: json.RawMessage(`{"requestId":3,"reason":"the SDK's own"}`)},
	} {
		if err := c.Write(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	f.reads <- &jsonrpc.Response{ID: mustID(t, float64(2)), Result: json.RawMessage(`{}`)}
	if _, err := c.Read(ctx); err != nil {
		t.Fatal(err)
	}
	c.cancelOutstanding(ctx)
	got := f.cancelledIDs(t)
	// The SDK's notification for 3, then ours for 4 and "five" in any order.
	if len(got) != 3 || got[0] != float64(3) {
		t.Fatalf("cancelled ids written = %v, want 3 then 4 and five", got)
	}
	rest := map[any]bool{got[1]: true, got[2]: true}
	if !rest[float64(4)] || !rest["five"] {
		t.Fatalf("cancelled ids written = %v, want 3 then 4 and five", got)
	}
	c.cancelOutstanding(ctx)
	if again := f.cancelledIDs(t); len(again) != 3 {
		t.Fatalf("a second close told the server again: %v", again)
	}
}
