package jsonhttp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"testing"

	"github.com/loopls/loopls/internal/jsonhttp/jsonhttptest"
)

func TestIsRefused(t *testing.T) {
	_, _, sendErr := Send(context.Background(), &http.Client{}, Request{Method: http.MethodGet, URL: "http://" + jsonhttptest.ClosedAddr(t) + "/api/tags"})
	if sendErr == nil {
		t.Fatal("a request to a closed port succeeded")
	}
	for _, tc := range []struct {
		name string
		err  error
		want bool
	}{
		{"a request to a closed port", sendErr, true},
		{"wrapped", fmt.Errorf("list models: %w", sendErr), true},
		{"a name that does not resolve", &net.DNSError{Err: "no such host", Name: "ollama.invalid", IsNotFound: true}, true},
		{"a failed dial of any kind", &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("i/o timeout")}, true},
		{"a connection reset mid-answer", &net.OpError{Op: "read", Net: "tcp", Err: errors.New("connection reset by peer")}, false},
		{"a cut body", io.ErrUnexpectedEOF, false},
		{"a cancel", context.Canceled, false},
	} {
		if got := IsRefused(tc.err); got != tc.want {
			t.Errorf("%s: IsRefused(%v) = %v, want %v", tc.name, tc.err, got, tc.want)
		}
	}
}
