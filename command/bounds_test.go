package command

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/loopls/loopls/confine"
)

// boundedCfg is a Config whose lines are bounded by b instead of the
// machine's sizes, every program approved.
func boundedCfg(t *testing.T, dir string, b confine.Bounds) Config {
	cfg := openCfg(t, dir, Policy{AllowCommands: true}, &recordingApprover{allow: true})
	cfg.seams.bounds = &b
	return cfg
}

// failedLine reports whether a result says the line failed: an exit
// status other than 0, a timeout or a failure.
func failedLine(out string) bool {
	return !strings.HasSuffix(strings.TrimSpace(out), "[exit code 0]")
}

// TestLineBoundsHold: through the real confined child, a line's programs
// together get no more processes and no more memory than its bounds: 300
// forks under a bound of 128 fail, and so does 600 MiB under 256 MiB,
// each as a failed command (issue 31: a fork bomb was the laptop's
// problem).
func TestLineBoundsHold(t *testing.T) {
	if st := Confinement(); st.Level != confine.Full {
		t.Fatalf("confinement here is %s", st)
	}
	cfg := boundedCfg(t, newTree(t, nil), confine.Bounds{Procs: 128, Memory: 256 << 20})
	forks := `python3 -c "
import os, sys, time
n = 0
try:
    for i in range(300):
        if os.fork() == 0:
            time.sleep(2)
            os._exit(0)
        n += 1
except OSError as e:
    print('fork', n, 'failed:', e)
    sys.exit(3)
print('forked', n)
"`
	res := callTimeout(t, cfg, forks, 60*time.Second)
	if !failedLine(res.Output) || strings.Contains(res.Output, "forked 300") || !strings.Contains(res.Output, "bound of processes") {
		t.Errorf("300 processes under a bound of 128:\n%s", res.Output)
	}
	res = callTimeout(t, cfg, `python3 -c "b = bytearray(600 << 20); print('allocated', len(b))"`, 60*time.Second)
	if !failedLine(res.Output) || strings.Contains(res.Output, "allocated 629145600") || !strings.Contains(res.Output, "bound of memory") {
		t.Errorf("600 MiB under a bound of 256 MiB:\n%s", res.Output)
	}
}

// TestForkBombEndsAsAFailedCommand: a fork bomb under the line's bounds
// ends as a failed command (at the line's timeout at the latest: its PID
// namespace ends every process in it), and leaves nothing running.
func TestForkBombEndsAsAFailedCommand(t *testing.T) {
	cfg := boundedCfg(t, newTree(t, nil), confine.Bounds{Procs: 200, Memory: 512 << 20})
	res := callTimeout(t, cfg, "bash -c 'f() { f | f; }; f'", 8*time.Second)
	if !failedLine(res.Output) {
		t.Errorf("the fork bomb did not end as a failed command:\n%s", res.Output)
	}
}

// TestToolchainsRunUnderTheBounds: node and go test, with the bounds a
// line gets on this machine, run as they do unbounded (the bounds are on
// processes and data, not address space, which V8 and Go reserve in
// gigabytes).
func TestToolchainsRunUnderTheBounds(t *testing.T) {
	for _, p := range []string{"node", "go"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Fatalf("%s is needed", p)
		}
	}
	dir := newTree(t, map[string]string{
		"go.mod":    "module m\n\ngo 1.22\n",
		"m_test.go": "package m\n\nimport \"testing\"\n\nfunc TestOK(t *testing.T) {}\n",
	})
	// A build cache kept from run to run (the one a workspace gets is
	// new with each temporary directory: the standard library again).
	cache, err := os.UserCacheDir()
	if err != nil {
		t.Fatal(err)
	}
	cache = filepath.Join(cache, "loopls", "confined-go-build", "command-tests")
	if err := os.MkdirAll(cache, 0o700); err != nil {
		t.Fatal(err)
	}
	cfg := openCfg(t, dir, Policy{AllowCommands: true, Allowed: []string{"node", "go test"}, GoCache: cache}, nil)
	res := callTimeout(t, cfg, `node -e "const a = new Array(1e6).fill(1); console.log('node-ok', a.length)"`, 60*time.Second)
	if res.IsError || !strings.Contains(res.Output, "node-ok 1000000") {
		t.Errorf("node under the bounds:\n%s", res.Output)
	}
	res = callTimeout(t, cfg, "go test -count=1 ./...", 5*time.Minute)
	if res.IsError || !strings.Contains(res.Output, "ok") {
		t.Errorf("go test under the bounds:\n%s", res.Output)
	}
}
