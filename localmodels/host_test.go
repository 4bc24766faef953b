package localmodels

import (
	"net/url"
	"strings"
	"testing"
)

func TestParseHost(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "http://127.0.0.1:11434"},
		{"   ", "http://127.0.0.1:11434"},
		{"127.0.0.1:11555", "http://127.0.0.1:11555"},
		{":11555", "http://127.0.0.1:11555"},
		{"localhost", "http://localhost:11434"},
		{"ollama.internal", "http://ollama.internal:11434"},
		{"http://ollama.internal", "http://ollama.internal:80"},
		{"https://ollama.internal", "https://ollama.internal:443"},
		{"HTTP://box:8080", "http://box:8080"},
		{"http://box:8080/", "http://box:8080"},
		{"http://box:8080/proxy/ollama/", "http://box:8080/proxy/ollama"},
		{"0.0.0.0", "http://127.0.0.1:11434"},
		{"0.0.0.0:11500", "http://127.0.0.1:11500"},
		{"[::1]:11434", "http://[::1]:11434"},
		{"[::]:11434", "http://127.0.0.1:11434"},
		{"::1", "http://[::1]:11434"},
	} {
		u, err := ParseHost(tc.in)
		if err != nil {
			t.Errorf("ParseHost(%q): %v", tc.in, err)
			continue
		}
		if u.String() != tc.want {
			t.Errorf("ParseHost(%q) = %s, want %s", tc.in, u, tc.want)
		}
	}
}

func TestParseHostRefuses(t *testing.T) {
	for _, in := range []string{"ftp://box", "box:0", "box:70000", "box:port", "box:", "user@box", "http://box:11434?x=1"} {
		if u, err := ParseHost(in); err == nil {
			t.Errorf("ParseHost(%q) = %s, want an error", in, u)
		} else if !strings.Contains(err.Error(), "OLLAMA_HOST") && !strings.Contains(err.Error(), "port") {
			t.Errorf("ParseHost(%q): error %q says not what to fix", in, err)
		}
	}
}

func FuzzParseHost(f *testing.F) {
	for _, s := range []string{"", ":11555", "127.0.0.1:11434", "http://h", "https://h:1/p", "[::1]:2", "0.0.0.0", "a:b:c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		u, err := ParseHost(in)
		if err != nil {
			return
		}
		// Whatever it accepts is a usable base URL: an http(s) scheme, a
		// host with a port, and a form that parses back to itself.
		if u.Scheme != "http" && u.Scheme != "https" {
			t.Fatalf("ParseHost(%q): scheme %q", in, u.Scheme)
		}
		if u.Port() == "" || u.Hostname() == "" {
			t.Fatalf("ParseHost(%q) = %s: no host or port", in, u)
		}
		back, err := url.Parse(u.String())
		if err != nil || back.Host != u.Host {
			t.Fatalf("ParseHost(%q) = %s does not parse back: %v", in, u, err)
		}
	})
}
