package localmodels

import (
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
)

// DefaultHost is where Ollama listens when OLLAMA_HOST is unset.
const DefaultHost = "http://127.0.0.1:11434"

// ParseHost turns an OLLAMA_HOST value into the server's base URL, with the
// rules measured against `ollama serve` v0.17.4:
//
//	""                     → http://127.0.0.1:11434
//	"127.0.0.1:11555"      → http://127.0.0.1:11555
//	":11555"               → http://127.0.0.1:11555
//	"host"                 → http://host:11434
//	"http://host"          → http://host:80   (a scheme without a port means the scheme's port)
//	"https://host"         → https://host:443
//	"http://host:8080/x"   → http://host:8080/x
//
// A wildcard address (0.0.0.0, [::]) is what a server binds to, not where a
// client can find it, so it becomes the loopback address.
func ParseHost(host string) (*url.URL, error) {
	s := strings.TrimSpace(host)
	if s == "" {
		s = DefaultHost
	}
	scheme, rest, hasScheme := strings.Cut(s, "://")
	port := "11434"
	switch {
	case !hasScheme:
		scheme, rest = "http", s
	case strings.EqualFold(scheme, "http"):
		scheme, port = "http", "80"
	case strings.EqualFold(scheme, "https"):
		scheme, port = "https", "443"
	default:
		return nil, fmt.Errorf("ollama host %q: scheme %q is not http or https: set OLLAMA_HOST (or ollamaHost) to host:port or http://host:port", host, scheme)
	}
	hostport, path, _ := strings.Cut(rest, "/")
	if strings.ContainsAny(hostport, "?#@ \t") {
		return nil, fmt.Errorf("ollama host %q: %q is not a host[:port]: set OLLAMA_HOST (or ollamaHost) to host:port or http://host:port", host, hostport)
	}
	name := hostport
	if h, p, err := net.SplitHostPort(hostport); err == nil {
		name, port = h, p
	} else if strings.Count(hostport, ":") > 1 && !strings.HasPrefix(hostport, "[") {
		// A bare IPv6 address without brackets and without a port.
		name = hostport
	} else if strings.HasSuffix(hostport, ":") {
		return nil, fmt.Errorf("ollama host %q: the port is empty: write host:port, e.g. 127.0.0.1:11434", host)
	} else {
		name = strings.Trim(hostport, "[]")
	}
	n, err := strconv.Atoi(port)
	if err != nil || n <= 0 || n > 65535 {
		return nil, fmt.Errorf("ollama host %q: port %q is not a number between 1 and 65535", host, port)
	}
	ip := net.ParseIP(name)
	if name == "" || (ip != nil && ip.IsUnspecified()) {
		name, ip = "127.0.0.1", net.IPv4(127, 0, 0, 1)
	}
	if ip == nil && !validHostname(name) {
		return nil, fmt.Errorf("ollama host %q: %q is neither an IP address nor a host name: set OLLAMA_HOST (or ollamaHost) to host:port or http://host:port", host, name)
	}
	u := &url.URL{Scheme: scheme, Host: net.JoinHostPort(name, strconv.Itoa(n))}
	if path = strings.Trim(path, "/"); path != "" {
		u.Path = "/" + path
	}
	return u, nil
}

// validHostname accepts DNS names (letters, digits, '-', '_', '.'), which is
// what a URL's host may hold unescaped.
func validHostname(s string) bool {
	if s == "" || len(s) > 253 {
		return false
	}
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '.', r == '_':
		default:
			return false
		}
	}
	return true
}
