// Package jsonhttptest holds what the tests of the model clients share about
// the network: linked only into tests.
package jsonhttptest

import (
	"net"
	"testing"
)

// ClosedAddr returns a 127.0.0.1 address where nothing listens: a port just
// freed, so a request to it is refused.
func ClosedAddr(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return addr
}
