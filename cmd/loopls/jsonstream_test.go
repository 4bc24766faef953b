package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/fakeollama"
	"github.com/loopls/loopls/rpc"
)

// lastLine is the last line of a --json stream: the Run record.
func lastLine(stdout string) []byte {
	lines := strings.Split(strings.TrimRight(stdout, "\n"), "\n")
	return []byte(lines[len(lines)-1])
}

// streamLine is one line of loopls run --json, decoded by its "type".
type streamLine struct {
	Type string `json:"type"`
	raw  []byte
}

// TestRunJSONStream: loopls run --json prints JSON lines as the run goes —
// each transition, delta and tool call in the shape of its notification,
// with "type" — and the Run record last. Parsed line by line.
func TestRunJSONStream(t *testing.T) {
	e := newEnv(t, fakeollama.Options{})
	trace := filepath.Join(t.TempDir(), "trace.jsonl")
	r := e.run("run", "--json", "--trace", trace, "read the readme")
	if r.code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", r.code, r.stderr)
	}
	var lines []streamLine
	sc := bufio.NewScanner(strings.NewReader(r.stdout))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		b := append([]byte(nil), sc.Bytes()...)
		var l streamLine
		if err := json.Unmarshal(b, &l); err != nil || l.Type == "" {
			t.Fatalf("line %d is not a typed JSON object (%v): %s", len(lines)+1, err, b)
		}
		l.raw = b
		lines = append(lines, l)
	}
	if len(lines) == 0 {
		t.Fatal("no output")
	}

	last := lines[len(lines)-1]
	var run engine.Run
	if last.Type != "run" || json.Unmarshal(last.raw, &run) != nil || run.Outcome != machine.OutcomeCompleted || run.ID == "" || run.Turns != 2 {
		t.Fatalf("last line is not the completed Run record: %s", last.raw)
	}

	var transitions []engine.Transition
	var text strings.Builder
	var calls []rpc.ToolCallParams
	for i, l := range lines[:len(lines)-1] {
		switch l.Type {
		case "transition":
			var tr engine.Transition
			if err := json.Unmarshal(l.raw, &tr); err != nil || tr.RunID != run.ID || tr.SessionID != run.SessionID || tr.To == "" {
				t.Errorf("line %d: transition %s (%v)", i+1, l.raw, err)
			}
			transitions = append(transitions, tr)
		case "delta":
			var d rpc.DeltaParams
			if err := json.Unmarshal(l.raw, &d); err != nil || d.RunID != run.ID || d.Lane != engine.LaneText {
				t.Errorf("line %d: delta %s (%v)", i+1, l.raw, err)
			}
			text.WriteString(d.Text)
		case "toolCall":
			var c rpc.ToolCallParams
			if err := json.Unmarshal(l.raw, &c); err != nil || c.RunID != run.ID || c.Name != "read_file" {
				t.Errorf("line %d: toolCall %s (%v)", i+1, l.raw, err)
			}
			calls = append(calls, c)
		default:
			t.Errorf("line %d: unexpected type %q: %s", i+1, l.Type, l.raw)
		}
	}
	// Transitions in order, every one of them: the same walk --trace wrote.
	for i, tr := range transitions {
		if tr.Seq != i+1 {
			t.Errorf("transition %d has seq %d", i+1, tr.Seq)
		}
	}
	traced, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(traced), "\n"); n != len(transitions) || transitions[len(transitions)-1].Outcome != machine.OutcomeCompleted {
		t.Errorf("%d transitions streamed, %d traced; last %+v", len(transitions), n, transitions[len(transitions)-1])
	}
	// The tool call: running, then completed with its output.
	if len(calls) != 2 || calls[0].Status != engine.ToolRunning || calls[1].Status != engine.ToolCompleted ||
		calls[0].ID != calls[1].ID || !strings.Contains(calls[1].Output, "# demo") || string(calls[0].Arguments) != `{"path":"README.md"}` {
		t.Errorf("tool calls = %+v", calls)
	}
	// The deltas add up to the answer, and they came before the record.
	if text.String() != run.Output || run.Output == "" {
		t.Errorf("deltas %q, output %q", text.String(), run.Output)
	}
}

// A run that fails still ends the stream with its Run record.
func TestRunJSONStreamFailure(t *testing.T) {
	e := newEnv(t, fakeollama.Options{})
	r := e.run("run", "--json", "--max-turns", "1", "again")
	if r.code != exitMaxTurns {
		t.Fatalf("exit %d; stderr:\n%s", r.code, r.stderr)
	}
	var run struct {
		Type    string              `json:"type"`
		Outcome machine.OutcomeName `json:"outcome"`
		Error   *machine.LoopError  `json:"error"`
	}
	if err := json.Unmarshal(lastLine(r.stdout), &run); err != nil || run.Type != "run" || run.Outcome != machine.OutcomeMaxTurnsExceeded || run.Error == nil {
		t.Errorf("last line %s (%v)", lastLine(r.stdout), err)
	}
}
