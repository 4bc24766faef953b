package machine

import (
	"os/exec"
	"strings"
	"testing"
)

// noIO are packages a pure machine must not depend on, even indirectly:
// each does I/O, reads the clock or runs goroutines (or is how those are
// done). A path equal to one of them or below it counts.
var noIO = []string{"os", "net", "time", "context", "sync", "io/fs", "syscall", "os/exec", "log", "runtime/pprof", "math/rand", "crypto/rand", "embed"}

// ioDeps returns the packages among deps that noIO names.
func ioDeps(deps []string) []string {
	var bad []string
	for _, d := range deps {
		for _, n := range noIO {
			if d == n || strings.HasPrefix(d, n+"/") {
				bad = append(bad, d)
				break
			}
		}
	}
	return bad
}

// TestMachineImportsNoIO asks the go tool for every package the machine
// depends on, directly or not, and fails if one of them does I/O: the
// proof that the machine is pure is its import graph, not a list of files.
func TestMachineImportsNoIO(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go tool is needed to list the machine's dependencies: %v", err)
	}
	out, err := exec.Command(goTool, "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 2 || deps[len(deps)-1] != "github.com/loopls/loopls/engine/machine" {
		t.Fatalf("go list -deps did not list the machine: %q", deps)
	}
	if bad := ioDeps(deps); len(bad) > 0 {
		t.Errorf("the machine depends on packages that do I/O: %v (all deps: %v)", bad, deps)
	}
}

// The check itself must catch what it claims to: a package that imports
// fmt or encoding/json pulls in os, sync and time.
func TestIODepsCatches(t *testing.T) {
	got := ioDeps([]string{"errors", "sync/atomic", "os", "strconv", "time", "net/http", "internal/syscall/unix", "io", "context"})
	want := []string{"sync/atomic", "os", "time", "net/http", "context"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("ioDeps = %v, want %v", got, want)
	}
}
