package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// oneToolRun is the trace of SPEC §3.3's run with one tool call.
const oneToolRun = `{"runId":"r1","sessionId":"s1","seq":1,"from":"Start","to":"Start","event":"accept_input","turn":0,"contextTokens":10}
{"runId":"r1","sessionId":"s1","seq":2,"from":"Start","to":"AwaitingModel","event":"call_llm","turn":1,"contextTokens":10}
{"runId":"r1","sessionId":"s1","seq":3,"from":"AwaitingModel","to":"AwaitingTools","event":"model_response","turn":1,"contextTokens":30}
{"runId":"r1","sessionId":"s1","seq":4,"from":"AwaitingTools","to":"Start","event":"tool_results","turn":1,"contextTokens":80}
{"runId":"r1","sessionId":"s1","seq":5,"from":"Start","to":"AwaitingModel","event":"call_llm","turn":2,"contextTokens":80}
{"runId":"r1","sessionId":"s1","seq":6,"from":"AwaitingModel","to":"Terminal","event":"model_response","turn":2,"contextTokens":95,"outcome":"completed"}
`

func TestTraceCommandTable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.jsonl")
	if err := os.WriteFile(path, []byte(oneToolRun), 0o644); err != nil {
		t.Fatal(err)
	}
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
