//go:build realollama

package main

import (
	"bufio"
	"encoding/json"
	"strings"
	"testing"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/rpc"
)

// TestRealRunReadsToolCallsWrittenAsText: the tiny model writes a list_dir
// call as text in each family's format (docs/real-ollama.md), which Ollama
// passes through as content on every endpoint; loopls runs it as a call —
// through each of the three adapters — and the user never sees the markup.
// Prose that shows a call stays the answer.
func TestRealRunReadsToolCallsWrittenAsText(t *testing.T) {
	host := realOllamaForModels(t)
	adapters := []struct {
		name string
		env  []string
	}{
		{"ollama", nil},
		{"openai", []string{"LOOPLS_MODEL=openai:tiny", "OPENAI_BASE_URL=http://" + host + "/v1", "OPENAI_API_KEY=unused"}},
		{"anthropic", []string{"LOOPLS_MODEL=anthropic:tiny", "ANTHROPIC_BASE_URL=http://" + host, "ANTHROPIC_API_KEY=unused"}},
	}
	for _, a := range adapters {
		for _, prompt := range []string{"tagged call", "fenced call", "pytag call", "mistral call", "example of a call"} {
			t.Run(a.name+"/"+prompt, func(t *testing.T) {
				e := newRealEnv(t, host)
				e.env = a.env
				code, stdout, stderr := e.run("run", "--json", prompt)
				if code != 0 {
					t.Fatalf("exit %d; stderr:\n%s", code, stderr)
				}
				run, text, calls := readRunStream(t, stdout)
				if text != run.Output {
					t.Errorf("the user saw %q, the answer is %q", text, run.Output)
				}
				if prompt == "example of a call" {
					want := "A call looks like this:\n```json\n{\"name\": \"list_dir\", \"arguments\": {\"path\": \".\"}}\n```"
					if run.Outcome != machine.OutcomeCompleted || run.Output != want || len(calls) != 0 || run.TextToolCalls != 0 {
						t.Errorf("prose showing a call: run %+v, calls %+v", run, calls)
					}
					return
				}
				if run.Outcome != machine.OutcomeCompleted || run.Output != "The tool result was received." || run.Turns != 2 || run.TextToolCalls != 1 {
					t.Errorf("run = %+v", run)
				}
				if len(calls) != 2 || calls[0].Name != "list_dir" || string(calls[0].Arguments) != `{"path":"."}` || calls[1].Status != engine.ToolCompleted {
					t.Errorf("tool calls = %+v", calls)
				}
			})
		}
	}
}

// readRunStream reads loopls run --json: the Run record, the text lane's
// deltas put together, and the toolCall lines.
func readRunStream(t *testing.T, stdout string) (engine.Run, string, []rpc.ToolCallParams) {
	t.Helper()
	var run engine.Run
	var text strings.Builder
	var calls []rpc.ToolCallParams
	sc := bufio.NewScanner(strings.NewReader(stdout))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var l streamLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("line %s: %v", sc.Bytes(), err)
		}
		switch l.Type {
		case "run":
			if err := json.Unmarshal(sc.Bytes(), &run); err != nil {
				t.Fatal(err)
			}
		case "delta":
			var d rpc.DeltaParams
			if err := json.Unmarshal(sc.Bytes(), &d); err != nil {
				t.Fatal(err)
			}
			if d.Lane == engine.LaneText {
				text.WriteString(d.Text)
			}
		case "toolCall":
			var c rpc.ToolCallParams
			if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
				t.Fatal(err)
			}
			calls = append(calls, c)
		}
	}
	return run, text.String(), calls
}
