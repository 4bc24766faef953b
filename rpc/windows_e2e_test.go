//go:build windows

package rpc_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A Windows user's path through loopls.exe serve (make test-windows runs it
// under Wine, LOOPLS_TEST_BINARY naming the loopls.exe built for Windows):
// initialize with a file:///c%3A/… root, a run that edits a CRLF file with
// a BOM (kept as they were), a run whose command is asked (every command is,
// on Windows) and refused, then shutdown and exit 0. TestCancelPaths is the
// cancel.
func TestWindowsUserPath(t *testing.T) {
	f := newFixture(t)
	crlf := "\uFEFFhello world\r\nsecond line\r\n"
	writeFile(t, filepath.Join(f.root, "hello.txt"), crlf)
	asked := make(chan json.RawMessage, 4)
	f.c.handle("loopls/approve", func(p json.RawMessage) (any, *wireErr) {
		asked <- p
		return map[string]any{"outcome": "selected", "optionId": "reject_once"}, nil
	})
	f.c.initialize(f.root, map[string]any{"experimental": map[string]any{"loopls": map[string]any{"approvals": true}}}, nil)

	var res runResult
	f.c.mustRequest("loopls/run", map[string]any{"prompt": "edit"}, &res)
	if res.Outcome != "completed" {
		t.Fatalf("edit run: %+v", res)
	}
	got, err := os.ReadFile(filepath.Join(f.root, "hello.txt"))
	if want := "\uFEFFgoodbye world\r\nsecond line\r\n"; err != nil || string(got) != want {
		t.Errorf("hello.txt after the edit = %q, %v; want %q (CRLF and BOM kept)", got, err, want)
	}

	f.c.mustRequest("loopls/run", map[string]any{"prompt": "shell: hostname"}, &res)
	select {
	case raw := <-asked:
		if !strings.Contains(string(raw), "hostname") {
			t.Errorf("the question does not name hostname: %s", raw)
		}
	default:
		t.Fatal("hostname ran without loopls/approve being asked")
	}
	if code := f.c.shutdownExit(); code != 0 {
		t.Errorf("exit code %d after shutdown, want 0", code)
	}
}
