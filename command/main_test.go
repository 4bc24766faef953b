package command

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/loopls/loopls/engine"
)

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}

// newTree writes files (path → content) under a fresh temp dir and returns
// it, symlinks resolved.
func newTree(t testing.TB, files map[string]string) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for p, content := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// openCfg is a Config on dir with policy p and approver ap (nil: no one
// to ask); the root is closed when the test ends.
func openCfg(t testing.TB, dir string, p Policy, ap Approver) Config {
	t.Helper()
	r, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return Config{Root: r, Dir: dir, Policy: p, Approver: ap}
}

// call runs cmdline under cfg with run_command's default timeout.
func call(t testing.TB, cfg Config, cmdline string) engine.ToolResult {
	t.Helper()
	return callTimeout(t, cfg, cmdline, 120*time.Second)
}

func callTimeout(t testing.TB, cfg Config, cmdline string, timeout time.Duration) engine.ToolResult {
	t.Helper()
	res, err := Run(context.Background(), cfg, cmdline, timeout)
	if err != nil {
		t.Fatalf("%q: Go error %v (failures must be error results)", cmdline, err)
	}
	return res
}

// recordingApprover records every question and allows them all or refuses
// them all, as a user would (the refusal worded as workspace words it).
type recordingApprover struct {
	mu    sync.Mutex
	allow bool
	asked []Question
}

func (a *recordingApprover) Approve(_ context.Context, q Question) (Answer, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.asked = append(a.asked, q)
	if a.allow {
		return Answer{Asked: true}, nil
	}
	return Answer{Asked: true, Refusal: "the user refused it"}, nil
}

func (a *recordingApprover) setAllow(allow bool) {
	a.mu.Lock()
	a.allow = allow
	a.mu.Unlock()
}

func (a *recordingApprover) count() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.asked)
}
