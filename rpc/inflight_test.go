package rpc

import (
	"context"
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
