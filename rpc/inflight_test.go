package rpc

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/sourcegraph/jsonrpc2"
)

// TestInflightCancelsTheRequestItNames: a cancel reaches the request of its
// id only, and only while it is being answered.
func TestInflightCancelsTheRequestItNames(t *testing.T) {
	var r inflight
	num, doneNum := r.start(context.Background(), jsonrpc2.ID{Num: 7})
	str, doneStr := r.start(context.Background(), jsonrpc2.ID{Str: "7", IsString: true})
	defer doneStr()
	if !r.cancel(jsonrpc2.ID{Num: 7}) {
		t.Fatal("cancel of a request being answered reported none")
	}
	if num.Err() == nil {
		t.Error("the cancelled request's context is not done")
	}
	if str.Err() != nil {
		t.Error(`cancelling id 7 cancelled id "7"`)
	}
	doneNum()
	if r.cancel(jsonrpc2.ID{Num: 7}) {
		t.Error("cancel of an answered request reported one")
	}
	if r.cancel(jsonrpc2.ID{Num: 8}) {
		t.Error("cancel of an unknown id reported one")
	}
	r.mu.Lock()
	n := len(r.cancels)
	r.mu.Unlock()
	if n != 1 {
		t.Errorf("%d requests remembered, want the one still being answered", n)
	}
}

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
