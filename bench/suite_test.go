package bench

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// The built-in suite is what the issue asks for: at least 16 tasks, each
// language and kind.
func TestBuiltinSuiteCoversLanguagesAndKinds(t *testing.T) {
	tasks := Builtin()
	if len(tasks) < 16 {
		t.Fatalf("%d built-in tasks, want at least 16", len(tasks))
	}
	langs, kinds := map[string]bool{}, map[string]bool{}
	for _, tk := range tasks {
		langs[tk.Spec.Language] = true
		kinds[tk.Spec.Kind] = true
	}
	for _, l := range []string{"go", "python", "javascript", "shell", "config"} {
		if !langs[l] {
			t.Errorf("no %s task", l)
		}
	}
	for _, k := range []string{"fix-test", "implement", "rename", "multi-file", "answer", "refactor", "command"} {
		if !kinds[k] {
			t.Errorf("no task of kind %s", k)
		}
	}
}

// A task whose check passes on its starting files grades nothing: none
// does. The check runs as after a run that changed nothing.
func TestEveryBuiltinTaskFailsOnItsStartingFiles(t *testing.T) {
	// The go command's own cache, warm with the standard library: a cold
	// one costs half a minute of CPU (the default bench makes its own).
	out, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	cache := strings.TrimSpace(string(out))
	for _, tk := range Builtin() {
		t.Run(tk.Name, func(t *testing.T) {
			for _, p := range tk.Toolchain() {
				if _, err := exec.LookPath(p); err != nil {
					t.Fatalf("%s is not on PATH: the test machine must have every toolchain", p)
				}
			}
			dir := t.TempDir()
			if err := copyStart(tk, dir); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			g, err := gradeRun(ctx, tk, dir, "", gradeOptions{GoCache: cache, Approver: checkApproverFor(true), Timeout: time.Minute})
			if err != nil {
				t.Fatal(err)
			}
			if g.Passed || g.Why == "" {
				t.Fatalf("the check passes on the starting files (why %q)", g.Why)
			}
			t.Logf("fails: %s", g.Why)
			if _, err := os.Stat(dir); err != nil {
				t.Fatal(err)
			}
		})
	}
}
