package localmodels

import (
	"net"
	"net/url"
	"strings"
)

// freeMemoryOf is what the window sizing (window.go) knows of the memory of
// the machine Ollama at base runs on: this machine's, when base is a
// loopback address; unknown otherwise (another machine's memory cannot be
// asked for over Ollama's API).
func freeMemoryOf(base *url.URL, free func() (int64, error)) (int64, string) {
	if !isLoopback(base.Hostname()) {
		return 0, "Ollama at " + base.String() + " is not this machine"
	}
	n, err := free()
	if err != nil || n <= 0 {
		return 0, "free memory is unknown on this system"
	}
	return n, ""
}

// isLoopback says host names this machine: localhost, a loopback address,
// or the unspecified address (ParseHost's 0.0.0.0).
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && (ip.IsLoopback() || ip.IsUnspecified())
}
