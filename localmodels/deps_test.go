package localmodels

import (
	"os/exec"
	"strings"
	"testing"
)

// ollamaModule is the official client's module: loopls speaks Ollama's
// API itself (docs/contract.md C1), and only test servers may use it.
const ollamaModule = "github.com/ollama/ollama"

// depsOf asks the go tool for every package pkg links, directly or not.
func depsOf(t *testing.T, pkg string) []string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go tool is needed to list %s's dependencies: %v", pkg, err)
	}
	out, err := exec.Command(goTool, "list", "-deps", pkg).Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v", pkg, err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 2 || deps[len(deps)-1] != pkg {
		t.Fatalf("go list -deps did not list %s: %q", pkg, deps)
	}
	return deps
}

func fromModule(deps []string, module string) []string {
	var out []string
	for _, d := range deps {
		if d == module || strings.HasPrefix(d, module+"/") {
			out = append(out, d)
		}
	}
	return out
}

// The binary links nothing of the official Ollama client: its package
// init, its dependencies' (x/crypto/ssh, an ordered map, YAML…) and an
// 8 MiB buffer per streamed call are what leaving it saved.
func TestBinaryLinksNoOllamaClient(t *testing.T) {
	if bad := fromModule(depsOf(t, "github.com/loopls/loopls/cmd/loopls"), ollamaModule); len(bad) > 0 {
		t.Errorf("cmd/loopls links %v; localmodels speaks Ollama's API itself", bad)
	}
	// The check sees the module where it is linked: the scripted server
	// of the tests still builds on the official types.
	if got := fromModule(depsOf(t, "github.com/loopls/loopls/internal/fakeollama"), ollamaModule); len(got) == 0 {
		t.Errorf("the check found no %s package in internal/fakeollama, which imports %s/api", ollamaModule, ollamaModule)
	}
}
