package rpc

import (
	"testing"

	"go.lsp.dev/uri"
)

// Root URIs as editors send them become paths of the daemon's system: on
// Windows a drive letter (escaped or not) and a UNC share, both ways
// spelled as VS Code does.
func TestRootURIBecomesAPathOfThisSystem(t *testing.T) {
	for _, c := range []struct {
		uri      string
		platform uri.Platform
		want     string
	}{
		{"file:///home/u/src", uri.PlatformPOSIX, "/home/u/src"},
		{"file:///home/u/a%20b", uri.PlatformPOSIX, "/home/u/a b"},
		{"file:///c%3A/Users/u/src", uri.PlatformWindows, `c:\Users\u\src`},
		{"file:///C:/Users/u/src", uri.PlatformWindows, `c:\Users\u\src`}, // drive letters are one case to Windows
		{"file://server/share/src", uri.PlatformWindows, `\\server\share\src`},
	} {
		got, ok := uriToPathFor(c.uri, c.platform)
		if !ok || got != c.want {
			t.Errorf("uriToPathFor(%q) = %q, %v; want %q", c.uri, got, ok, c.want)
		}
	}
	for _, bad := range []string{"http://x/y", "file:", "not a uri"} {
		if got, ok := uriToPathFor(bad, uri.PlatformPOSIX); ok {
			t.Errorf("uriToPathFor(%q) = %q, want refused", bad, got)
		}
	}
}
