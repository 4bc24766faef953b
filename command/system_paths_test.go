package command

import (
	"os"
	"os/exec"
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

// The daemon's own go env (the toolchain probe) runs outside the workspace,
// with GOTOOLCHAIN=local and no GOFLAGS (issue 31): a model-written go.mod
// asking for go 1.99.0 in the daemon's directory, GOTOOLCHAIN naming a
// toolchain to download and a GOFLAGS go rejects all leave it answering.
// The real go runs; GOPROXY=off makes a download fail at once.
func TestToolchainProbeRunsNothingOfTheWorkspace(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatal("go is needed")
	}
	ws := t.TempDir()
	if err := os.WriteFile(filepath.Join(ws, "go.mod"), []byte("module m\n\ngo 1.99.0\n\ntoolchain go1.99.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(ws)
	t.Setenv("GOTOOLCHAIN", "go1.99.0")
	t.Setenv("GOPROXY", "off")
	t.Setenv("GOFLAGS", "-notaflag")
	if s := findSystemPaths(); s.gomodcache == "" {
		t.Fatalf("the toolchain probe failed: it read the workspace's go.mod, GOTOOLCHAIN or GOFLAGS (%+v)", s)
	}
	env := toolchainProbeEnv([]string{"GOFLAGS=-toolexec=x", "GOTOOLCHAIN=auto", "HOME=/h"})
	if slices.ContainsFunc(env, func(kv string) bool { return strings.HasPrefix(kv, "GOFLAGS=") }) || !slices.Contains(env, "GOTOOLCHAIN=local") || slices.Contains(env, "GOTOOLCHAIN=auto") {
		t.Errorf("probe environment %q", env)
	}
}
