package jsonhttp

import (
	"strings"
	"testing"
)

func TestQuote(t *testing.T) {
	if got := Quote([]byte("  bad\n\tgateway \xff ")); got != "bad gateway" {
		t.Errorf("Quote = %q", got)
	}
	long := Quote([]byte(strings.Repeat("a", maxQuote+10)))
	if long != strings.Repeat("a", maxQuote)+" …" {
		t.Errorf("Quote of a long body = %q (%d bytes)", long, len(long))
	}
}
