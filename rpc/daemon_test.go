package rpc_test

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"go.uber.org/goleak"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/fakeollama"
)

// loopls is the binary under test, built once by TestMain.
var loopls string

// editorEnv makes this test binary a stand-in editor process: it lives
// until its stdin ends or it is killed (on every system; no sleep(1) on
// Windows).
const editorEnv = "LOOPLS_RPC_TEST_EDITOR"

func TestMain(m *testing.M) {
	if os.Getenv(editorEnv) != "" {
		_, _ = io.Copy(io.Discard, os.Stdin)
		os.Exit(0)
	}
	dir, err := os.MkdirTemp("", "loopls-rpc-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	loopls = filepath.Join(dir, "loopls")
	// LOOPLS_TEST_BINARY runs the tests against a binary built elsewhere
	// (the Makefile's, or one built with -race); LOOPLS_TEST_VSIX against
	// the one inside a VS Code package, installed as VS Code installs it
	// (make test-windows: the release's win32-x64 package).
	if vsix := os.Getenv("LOOPLS_TEST_VSIX"); vsix != "" {
		bin, err := installVSIX(vsix, dir, vscodeTarget())
		if err != nil {
			fmt.Fprintln(os.Stderr, "installing", vsix+":", err)
			os.RemoveAll(dir)
			os.Exit(1)
		}
		loopls = bin
	} else if bin := os.Getenv("LOOPLS_TEST_BINARY"); bin != "" {
		loopls = bin
	} else {
		build := exec.Command("go", "build", "-o", loopls, "../cmd/loopls")
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			fmt.Fprintln(os.Stderr, "building loopls:", err)
			os.RemoveAll(dir)
			os.Exit(1)
		}
	}
	goleak.VerifyTestMain(m, goleak.Cleanup(func(int) { os.RemoveAll(dir) }))
}

// fixture is one test's world: a scripted Ollama, a workspace root with a
// README and hello.txt, and a daemon started on it.
type fixture struct {
	srv  *fakeollama.Server
	root string
	c    *client
}

func newFixture(t testing.TB, env ...string) *fixture {
	t.Helper()
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "README.md"), "# demo\n\nA project for loopls tests.\n")
	writeFile(t, filepath.Join(root, "hello.txt"), "hello world\n")
	env = append([]string{"LOOPLS_MODEL=ollama:tiny", "OLLAMA_HOST=" + srv.Host}, env...)
	return &fixture{srv: srv, root: root, c: startClient(t, root, env...)}
}

func writeFile(t testing.TB, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// runResult is loopls/run's result, and the data of its errors.
type runResult struct {
	RunID     machine.RunID     `json:"runId"`
	SessionID machine.SessionID `json:"sessionId"`
	Outcome   string            `json:"outcome"`
	Output    string            `json:"output"`
	Turns     int               `json:"turns"`
	Usage     *struct {
		InputTokens  int `json:"inputTokens"`
		OutputTokens int `json:"outputTokens"`
	} `json:"usage"`
	Edits []json.RawMessage `json:"edits"`
	Error *struct {
		Kind    string `json:"kind"`
		Message string `json:"message"`
	} `json:"error"`
}

// transitionsOf returns the loopls/transition notifications of run.
func transitionsOf(t *testing.T, c *client, run machine.RunID) []engine.Transition {
	var out []engine.Transition
	for _, m := range c.messages("loopls/transition") {
		tr := params[engine.Transition](t, m)
		if tr.RunID == run {
			out = append(out, tr)
		}
	}
	return out
}

// runEnded waits for run's loopls/runEnded.
func runEnded(t *testing.T, c *client, run machine.RunID) runResult {
	t.Helper()
	m := c.waitFor("loopls/runEnded of "+string(run), func(m *wireMsg) bool {
		return m.Method == "loopls/runEnded" && params[runResult](t, m).RunID == run
	})
	return params[runResult](t, m)
}

func runIDOf(s string) machine.RunID { return machine.RunID(s) }
