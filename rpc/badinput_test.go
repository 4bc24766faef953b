package rpc_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// Bad input of every kind is answered and none of it is fatal: after each,
// the daemon still answers a well-formed request.
func TestBadInput(t *testing.T) {
	f := newFixture(t)
	f.c.initialize(f.root, nil, nil)
	frame := func(body string) []byte {
		return []byte(fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body))
	}
	huge := make([]byte, 0, 65<<20)
	huge = append(huge, `{"jsonrpc":"2.0","id":99,"method":"loopls/sessions","params":{"pad":"`...)
	huge = append(huge, bytes.Repeat([]byte("x"), 65<<20-len(huge)-3)...)
	huge = append(huge, `"}}`...)

	for _, tc := range []struct {
		name string
		raw  []byte
		// want is the error the raw message is answered with; id is the
		// id of that answer as JSON.
		code int64
		id   string
		msg  string
	}{
		{"malformed JSON", frame(`{"jsonrpc":"2.0","id":1,"method":`), -32700, "null", "not valid JSON"},
		{"batch", frame(`[{"jsonrpc":"2.0","id":2,"method":"loopls/sessions"}]`), -32600, "null", "batch"},
		{"not an object", frame(`42`), -32600, "null", "object"},
		{"no Content-Length", []byte("Content-Type: application/json\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"loopls/sessions\"}"), -32700, "null", "Content-Length"},
		{"bad Content-Length", []byte("Content-Length: lots\r\n\r\n{}"), -32700, "null", "Content-Length"},
		{"huge message", append([]byte(fmt.Sprintf("Content-Length: %d\r\n\r\n", len(huge))), huge...), -32600, "null", "exceeds"},
		{"unknown method", frame(`{"jsonrpc":"2.0","id":4,"method":"loopls/nope"}`), -32601, "4", "loopls/nope"},
		{"wrong params type", frame(`{"jsonrpc":"2.0","id":5,"method":"loopls/run","params":{"prompt":5}}`), -32602, "5", "prompt"},
		{"missing prompt", frame(`{"jsonrpc":"2.0","id":6,"method":"loopls/run","params":{}}`), -32602, "6", "prompt"},
		{"negative maxTurns", frame(`{"jsonrpc":"2.0","id":7,"method":"loopls/run","params":{"prompt":"chat","maxTurns":-1}}`), -32602, "7", "maxTurns"},
		{"unknown command", frame(`{"jsonrpc":"2.0","id":8,"method":"workspace/executeCommand","params":{"command":"loopls.nope"}}`), -32602, "8", "loopls.nope"},
		{"command without arguments", frame(`{"jsonrpc":"2.0","id":9,"method":"workspace/executeCommand","params":{"command":"loopls.run"}}`), -32602, "9", "arguments"},
		{"negative id", frame(`{"jsonrpc":"2.0","id":-5,"method":"loopls/nope"}`), -32601, "-5", "loopls/nope"},
		{"fractional id", frame(`{"jsonrpc":"2.0","id":1.5,"method":"loopls/nope"}`), -32601, "1.5", "loopls/nope"},
		{"string id", frame(`{"jsonrpc":"2.0","id":"abc","method":"loopls/nope"}`), -32601, `"abc"`, "loopls/nope"},
		{"object id", frame(`{"jsonrpc":"2.0","id":{},"method":"loopls/nope"}`), -32600, "null", "id"},
		{"method not a string", frame(`{"jsonrpc":"2.0","id":10,"method":7}`), -32600, "10", "method"},
		{"params a string", frame(`{"jsonrpc":"2.0","id":11,"method":"loopls/sessions","params":"x"}`), -32600, "11", "params"},
		{"session of wrong type", frame(`{"jsonrpc":"2.0","id":12,"method":"loopls/session","params":{"sessionId":[]}}`), -32602, "12", "sessionId"},
		{"fix without range", frame(`{"jsonrpc":"2.0","id":13,"method":"loopls/run","params":{"fix":{"uri":"file:///x"}}}`), -32602, "13", "range"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := len(f.c.responses())
			f.c.writeRaw(tc.raw)
			f.c.waitFor("the answer", func(*wireMsg) bool { return len(f.c.responses()) > before })
			m := f.c.responses()[before]
			if m.Error == nil || m.Error.Code != tc.code || !strings.Contains(m.Error.Message, tc.msg) {
				t.Errorf("answer %+v, want code %d naming %q", m.Error, tc.code, tc.msg)
			}
			if string(m.ID) != tc.id && !(tc.id == "null" && len(m.ID) == 0) {
				t.Errorf("answer id %s, want %s", m.ID, tc.id)
			}
			var list []json.RawMessage
			f.c.mustRequest("loopls/sessions", nil, &list) // still serving
		})
	}
}

// responses returns the answers the client could not match to a request
// of its own (answers to raw frames).
func (c *client) responses() []*wireMsg {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []*wireMsg
	for _, m := range c.log {
		if m.Method == "" {
			out = append(out, m)
		}
	}
	return out
}

// $/cancelRequest works for an id jsonrpc2 cannot represent natively.
func TestCancelRequestWithNegativeID(t *testing.T) {
	f := newFixture(t)
	f.c.initialize(f.root, nil, nil)
	f.c.writeRaw([]byte(frameOf(`{"jsonrpc":"2.0","id":-7,"method":"loopls/run","params":{"prompt":"stall"}}`)))
	f.c.waitFor("the run's model call", func(m *wireMsg) bool {
		return m.Method == "loopls/transition" && strings.Contains(string(m.Params), `"AwaitingModel"`)
	})
	f.c.notify("$/cancelRequest", map[string]any{"id": -7})
	m := f.c.waitFor("the answer to id -7", func(m *wireMsg) bool { return m.Method == "" && string(m.ID) == "-7" })
	if m.Error == nil || m.Error.Code != -32800 {
		t.Errorf("answer %+v, want -32800", m.Error)
	}
}

func frameOf(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }
