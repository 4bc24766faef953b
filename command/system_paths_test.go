package command

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The go command that findSystemPaths asks for GOROOT and GOMODCACHE must
// fork no telemetry sidecar: that child outlives go and the daemon and
// writes into the user's config directory afterwards (it was what made
// rpc's TestApprovalPolicyWithoutAClientToAsk fail its temp dir's cleanup,
// "directory not empty", about once in 200 runs under load). A go on PATH
// that records its environment stands in for the real one.
func TestGoEnvForksNoTelemetrySidecar(t *testing.T) {
	bin := t.TempDir()
	record := filepath.Join(t.TempDir(), "env")
	goroot, modcache := t.TempDir(), t.TempDir()
	script := "#!/bin/sh\nenv > '" + record + "'\nprintf '{\"GOROOT\": \"%s\", \"GOMODCACHE\": \"%s\"}\\n' '" + goroot + "' '" + modcache + "'\n"
	if err := os.WriteFile(filepath.Join(bin, "go"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	s := findSystemPaths()
	if s.gomodcache != modcache || !slices.Contains(s.read, goroot) {
		t.Fatalf("system paths = %+v, want the stand-in go's GOROOT and GOMODCACHE", s)
	}
	b, err := os.ReadFile(record)
	if err != nil {
		t.Fatalf("the stand-in go did not run: %v", err)
	}
	if env := strings.Split(string(b), "\n"); !slices.Contains(env, noTelemetrySidecar) {
		t.Errorf("go env ran without %s, so it may fork a telemetry sidecar that outlives the daemon; its environment:\n%s", noTelemetrySidecar, b)
	}
}
