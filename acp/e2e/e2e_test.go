// Package e2e drives the real `loopls acp` binary with the official ACP
// TypeScript client (@agentclientprotocol/sdk 2.4.0) against the scripted
// Ollama server: the checks are in acp-e2e.mjs; this test builds loopls,
// serves the scripted model, runs the harness and checks what only the
// server can see (the model stream closed on cancel).
package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/loopls/loopls/internal/fakeollama"
	"github.com/loopls/loopls/internal/mcpservers"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// here is this directory, where the harness and its node_modules live.
func here(t *testing.T) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("cannot locate the test file")
	}
	return filepath.Dir(file)
}

func TestACPWithOfficialClient(t *testing.T) {
	dir := here(t)
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@agentclientprotocol", "sdk", "package.json")); err != nil {
		t.Fatalf("the ACP client is not installed: run %s (npm ci) first", filepath.Join(dir, "install.sh"))
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("node is not on PATH: install Node.js 20 to run the ACP client harness: %v", err)
	}

	tmp := t.TempDir()
	bin := filepath.Join(tmp, "loopls")
	build := exec.Command("go", "build", "-o", bin, "./cmd/loopls")
	build.Dir = filepath.Join(dir, "..", "..")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/loopls: %v\n%s", err, out)
	}

	srv := fakeollama.StartTB(t, fakeollama.Options{})

	ws := filepath.Join(tmp, "workspace")
	state := filepath.Join(tmp, "state")
	for _, d := range []string{ws, state} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(ws, "README.md"), []byte("# Demo\n\nA workspace for the ACP harness.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ws, "hello.txt"), []byte("hello world\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	results := filepath.Join(tmp, "results.json")
	cmd := exec.CommandContext(ctx, node, filepath.Join(dir, "acp-e2e.mjs"), "--workspace", ws, "--out", results, "--", bin, "acp")
	cmd.Dir = tmp
	evCmd, evArgs := mcpservers.Everything(t)
	fsCmd, fsArgs := mcpservers.Filesystem(t, ws)
	teedLog := filepath.Join(tmp, "everything-stdin.log")
	teed := "tee -a '" + teedLog + "' | '" + evCmd + "' '" + strings.Join(evArgs, "' '") + "'"
	mcpEnv, err := json.Marshal(map[string]any{
		"everything": map[string]any{"command": evCmd, "args": evArgs},
		"filesystem": map[string]any{"command": fsCmd, "args": fsArgs},
		"teed":       map[string]any{"command": "sh", "args": []string{"-c", teed}},
		"teedLog":    teedLog,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(teedLog, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd.Env = append(os.Environ(),
		"LOOPLS_E2E_MCP="+string(mcpEnv),
		"OLLAMA_HOST="+srv.Host,
		"LOOPLS_MODEL=ollama:tiny",
		"XDG_STATE_HOME="+state,
		"HOME="+tmp,
	)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	runErr := cmd.Run()
	t.Logf("harness output:\n%s", out.String())
	if runErr != nil {
		t.Errorf("the ACP harness failed: %v (see the FAIL lines above; results in %s)", runErr, results)
	}

	var res struct {
		Checks []struct {
			Name string `json:"name"`
			OK   bool   `json:"ok"`
		} `json:"checks"`
	}
	b, err := os.ReadFile(results)
	if err != nil {
		t.Fatalf("no results file: %v", err)
	}
	if err := json.Unmarshal(b, &res); err != nil {
		t.Fatalf("results: %v", err)
	}
	if len(res.Checks) < 50 {
		t.Errorf("the harness ran %d checks, want every scenario's (50 or more)", len(res.Checks))
	}
	// The cancel closed the model's HTTP stream: the scripted server saw
	// the client go away mid-stream.
	if srv.Disconnects() < 1 {
		t.Errorf("the scripted Ollama saw %d disconnects, want the cancelled stream closed", srv.Disconnects())
	}
}
