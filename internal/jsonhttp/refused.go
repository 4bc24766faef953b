package jsonhttp

import (
	"errors"
	"net"
	"syscall"
)

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
