package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTraceCommandTable(t *testing.T) {
	path := filepath.Join("internal", "runtrace", "testdata", "one_tool_run.jsonl")
	var out, errb bytes.Buffer
	if code := cmdTrace([]string{path}, &out, &errb); code != 0 {
		t.Fatalf("loopls trace = %d; stderr %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 6 || !strings.Contains(lines[5], "AwaitingModel") || !strings.Contains(lines[5], "completed") {
		t.Errorf("table:\n%s", out.String())
	}
	empty := filepath.Join(t.TempDir(), "empty.jsonl")
	os.WriteFile(empty, nil, 0o644)
	errb.Reset()
	if code := cmdTrace([]string{"--mermaid", empty}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "no transitions") {
		t.Errorf("trace of an empty file = %d, %s", code, errb.String())
	}
}
