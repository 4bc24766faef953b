package rpc

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sourcegraph/jsonrpc2"
)

// TestRequestIDUndoesTheFramingsAliases: $/cancelRequest names a request by
// the id the client wrote; the stream maps it to the id jsonrpc2 knows,
// alias or not.
func TestRequestIDUndoesTheFramingsAliases(t *testing.T) {
	s := newStream(strings.NewReader(""), nil, nil)
	var aliased jsonrpc2.ID
	if err := json.Unmarshal(s.alias(json.RawMessage("-5")), &aliased.Str); err != nil {
		t.Fatal(err)
	}
	aliased.IsString = true
	tests := []struct {
		raw  string
		want jsonrpc2.ID
		ok   bool
	}{
		{"-5", aliased, true},
		{" -5 ", aliased, true},
		{"12", jsonrpc2.ID{Num: 12}, true},
		{`"abc"`, jsonrpc2.ID{Str: "abc", IsString: true}, true},
		{"-6", jsonrpc2.ID{}, false}, // never aliased: no request has it
		{"1.5", jsonrpc2.ID{}, false},
		{"{}", jsonrpc2.ID{}, false},
	}
	for _, tt := range tests {
		got, ok := s.requestID(json.RawMessage(tt.raw))
		if ok != tt.ok || (ok && got != tt.want) {
			t.Errorf("requestID(%s) = %+v, %v; want %+v, %v", tt.raw, got, ok, tt.want, tt.ok)
		}
	}
}
