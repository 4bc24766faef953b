package jsonhttp

import (
	"errors"
	"net"
	"syscall"
)

// ErrUnreachable is the kind of a failure IsRefused finds: nothing answers
// at the model server's address. Every adapter wraps its refused dials in
// it, so one errors.Is holds for Ollama and the remote providers alike.
var ErrUnreachable = errors.New("the model server is unreachable")

// IsRefused reports whether err is a failure to connect at all: refused,
// no route, a name that does not resolve, or any failed dial. Nothing
// listens there, so a retry will not help; the adapters say so.
func IsRefused(err error) bool {
	if errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.EHOSTUNREACH) || errors.Is(err, syscall.ENETUNREACH) {
		return true
	}
	var dnsErr *net.DNSError
	if errors.As(err, &dnsErr) {
		return true
	}
	var opErr *net.OpError
	return errors.As(err, &opErr) && opErr.Op == "dial"
}
