// Package mcpservers locates, for tests, the real MCP servers from npm that
// `make deps` installs into mcp/e2e/node_modules
// (@modelcontextprotocol/server-everything and server-filesystem, pinned by
// mcp/e2e/package-lock.json). A test that needs them fails, never skips,
// when they are missing.
package mcpservers

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// Dir is mcp/e2e, where package.json and node_modules live.
func Dir(tb testing.TB) string {
	tb.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		tb.Fatal("mcpservers: cannot locate the source file")
	}
	// Absolute on this drive: a test binary built elsewhere (for Windows, on
	// Linux) holds a path with no drive, which a server started in another
	// directory (another drive) would read as a path on its own drive.
	dir, err := filepath.Abs(filepath.Join(filepath.Dir(file), "..", "..", "mcp", "e2e"))
	if err != nil {
		tb.Fatal(err)
	}
	return dir
}

// Node returns the path of node, failing tb when it is not installed.
func Node(tb testing.TB) string {
	tb.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		tb.Fatalf("node is not on PATH: install Node.js 20 or later to run the MCP server tests: %v", err)
	}
	return node
}

func script(tb testing.TB, pkg string) string {
	tb.Helper()
	p := filepath.Join(Dir(tb), "node_modules", "@modelcontextprotocol", pkg, "dist", "index.js")
	if _, err := os.Stat(p); err != nil {
		tb.Fatalf("the MCP test server @modelcontextprotocol/%s is not installed (%v): run `make deps` (npm ci in mcp/e2e)", pkg, err)
	}
	return p
}

// Everything returns the command line of server-everything over stdio.
func Everything(tb testing.TB) (command string, args []string) {
	tb.Helper()
	return Node(tb), []string{script(tb, "server-everything"), "stdio"}
}

// Filesystem returns the command line of server-filesystem allowing dirs.
func Filesystem(tb testing.TB, dirs ...string) (command string, args []string) {
	tb.Helper()
	return Node(tb), append([]string{script(tb, "server-filesystem")}, dirs...)
}
