package runtrace

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// oneToolRun is the trace of SPEC §3.3's run with one tool call, with a
// blank line inside as a hand-edited trace may have. cmd/loopls's tests read
// the same file.
var oneToolRun = func() string {
	b, err := os.ReadFile(filepath.Join("testdata", "one_tool_run.jsonl"))
	if err != nil {
		panic(err)
	}
	return string(b)
}()

func TestMermaidOfOneToolRun(t *testing.T) {
	ts, err := Parse(strings.NewReader(oneToolRun))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := Mermaid(&b, ts); err != nil {
		t.Fatal(err)
	}
	want := `stateDiagram-v2
    %% run r1, session s1
    [*] --> Start
    Start --> Start: 1 accept_input, turn 0
    Start --> AwaitingModel: 2 call_llm, turn 1
    AwaitingModel --> AwaitingTools: 3 model_response, turn 1
    AwaitingTools --> Start: 4 tool_results, turn 1
    Start --> AwaitingModel: 5 call_llm, turn 2
    AwaitingModel --> Terminal: 6 model_response, turn 2, completed
    Terminal --> [*]
`
	if b.String() != want {
		t.Errorf("mermaid:\n%s\nwant:\n%s", b.String(), want)
	}
}

func TestMermaidOfUnfinishedRunHasNoExit(t *testing.T) {
	ts, _ := Parse(strings.NewReader(strings.Join(strings.Split(oneToolRun, "\n")[:2], "\n")))
	var b strings.Builder
	Mermaid(&b, ts)
	if strings.Contains(b.String(), "--> [*]") {
		t.Errorf("a run without Terminal got an exit edge:\n%s", b.String())
	}
}

func TestParseTraceErrorsNameTheLine(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"{\"from\":\"Start\",\"to\":\"Start\",\"event\":\"accept_input\"}\nnot json\n", "line 2"},
		{`{"from":"Start","to":"Start"}`, "line 1"},
		{`{"from":"Start","to":"Start","event":"x"} {"from":"a"}`, "more than one value"},
		{`[1,2]`, "line 1"},
	} {
		_, err := Parse(strings.NewReader(tc.in))
		if !errors.Is(err, ErrNotTrace) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q) error = %v, want ErrNotTrace naming %q", tc.in, err, tc.want)
		}
	}
}

func TestPickRun(t *testing.T) {
	two := oneToolRun + strings.ReplaceAll(oneToolRun, `"r1"`, `"r2"`)
	ts, err := Parse(strings.NewReader(two))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Pick(ts, ""); err == nil || !strings.Contains(err.Error(), "--run") {
		t.Errorf("two runs without --run: %v, want an error saying to pick one", err)
	}
	got, err := Pick(ts, "r2")
	if err != nil || len(got) != 6 || got[0].RunID != "r2" {
		t.Errorf("Pick(r2) = %d transitions, %v", len(got), err)
	}
	if _, err := Pick(ts, "r3"); err == nil {
		t.Errorf("Pick(r3) found a run that is not there")
	}
}

// edgeLine is the only shape an edge may take: a label can never end the
// line early or smuggle mermaid syntax in.
var edgeLine = regexp.MustCompile(`^    [A-Za-z0-9_]+ --> [A-Za-z0-9_]+: [^:;{}<>"#\n\[\]|` + "`" + `]*$`)

func FuzzParseTrace(f *testing.F) {
	f.Add([]byte(oneToolRun))
	f.Add([]byte(`{"from":"Start","to":"Terminal","event":"fail","error":{"kind":"Api","message":"x: y; z"}}`))
	f.Add([]byte("{\"from\":\"A:B\",\"to\":\"-->\",\"event\":\"e\\n[*]\"}\n"))
	f.Add([]byte("\n\n  \n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ts, err := Parse(bytes.NewReader(data))
		if err != nil {
			return
		}
		// What parses, re-encodes and parses to the same transitions.
		var again bytes.Buffer
		for _, tr := range ts {
			b, err := json.Marshal(tr)
			if err != nil {
				t.Fatalf("marshal %+v: %v", tr, err)
			}
			again.Write(append(b, '\n'))
		}
		ts2, err := Parse(&again)
		if err != nil || !reflect.DeepEqual(ts, ts2) {
			t.Fatalf("round trip: %v\n%+v\n%+v", err, ts, ts2)
		}
		var out strings.Builder
		if err := Mermaid(&out, ts); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if lines[0] != "stateDiagram-v2" {
			t.Fatalf("first line %q", lines[0])
		}
		edges := 0
		for _, l := range lines[1:] {
			switch {
			case strings.HasPrefix(l, "    %% "), l == "    [*] --> Start", l == "    Terminal --> [*]":
				if strings.HasPrefix(l, "    %% ") && strings.ContainsAny(l, "\n") {
					t.Fatalf("comment spans lines: %q", l)
				}
			case edgeLine.MatchString(l):
				edges++
			default:
				t.Fatalf("line %q is not a diagram line", l)
			}
		}
		if edges != len(ts) {
			t.Fatalf("%d edges for %d transitions", edges, len(ts))
		}
		var table strings.Builder
		if err := Table(&table, ts); err != nil {
			t.Fatal(err)
		}
	})
}
