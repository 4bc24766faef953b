package machine

import (
	"encoding/json"
	"strings"
	"testing"
)

// assertRoundTrip restores a copy of m from its JSON and checks the copy is
// the same machine: same bytes, same NextStep under p.
func assertRoundTrip(t testing.TB, m *LoopMachine, p Policy) *LoopMachine {
	t.Helper()
	data := snapshot(t, m)
	var restored LoopMachine
	if err := unmarshalMachine([]byte(data), &restored); err != nil {
		t.Fatalf("restore %s: %v", data, err)
	}
	if again := snapshot(t, &restored); again != data {
		t.Fatalf("round trip is lossy:\nsaved    %s\nrestored %s", data, again)
	}
	a, b := m.NextStep(p), restored.NextStep(p)
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Fatalf("restored machine answers %s, the original %s", jb, ja)
	}
	return &restored
}

func TestJSONRoundTripEverySituation(t *testing.T) {
	for situation := range stateFeedTable {
		t.Run(situation, func(t *testing.T) {
			m := machineIn(t, situation)
			restored := assertRoundTrip(t, m, tablePolicy)
			// The restored machine takes the same feeds with the same results.
			for _, f := range feeds {
				a, b := machineIn(t, situation), assertRoundTrip(t, machineIn(t, situation), tablePolicy)
				mva, erra := f.feed(a)
				mvb, errb := f.feed(b)
				if (erra == nil) != (errb == nil) || describeMove(mva) != describeMove(mvb) || snapshot(t, a) != snapshot(t, b) {
					t.Errorf("%s: original gave (%s, %v), restored (%s, %v)", f.name, describeMove(mva), erra, describeMove(mvb), errb)
				}
			}
			if m.IsTerminal() != restored.IsTerminal() {
				t.Errorf("terminal %v restored as %v", m.IsTerminal(), restored.IsTerminal())
			}
		})
	}
}

func TestRestoredTerminalStaysTerminal(t *testing.T) {
	for _, situation := range []string{"Terminal completed", "Terminal failed"} {
		m := assertRoundTrip(t, machineIn(t, situation), tablePolicy)
		want := m.State().Outcome.Name
		_ = m.Cancel()
		_, _ = m.Begin(Step{Kind: StepCallLLM}, tablePolicy)
		_, _ = m.ModelResponse(answerMsg("late"), 1, testTools)
		_, _ = m.Fail(Cancelled())
		if st := m.State(); st.Name != StateTerminal || st.Outcome.Name != want {
			t.Errorf("%s restored then fed: %+v", situation, st)
		}
		if got := m.NextStep(tablePolicy); got.Kind != StepDone || got.Outcome.Name != want {
			t.Errorf("%s restored answers %+v", situation, got)
		}
	}
}

func TestJSONShape(t *testing.T) {
	m := machineIn(t, "AwaitingTools")
	got := snapshot(t, m)
	for _, want := range []string{`"state":{"name":"AwaitingTools","turn":0}`, `"turns_taken":1`, `"context_tokens":10`, `"cancelled":false`, `"pending_tools":[{"call":{"id":"call_0","name":"read_file","arguments":{"path":"README.md"}}}]`} {
		if !strings.Contains(got, want) {
			t.Errorf("snapshot lacks %s:\n%s", want, got)
		}
	}
	m = machineIn(t, "Terminal failed")
	if got, want := snapshot(t, m), `"state":{"name":"Terminal","turn":0,"outcome":{"name":"failed","err":{"kind":"Api","message":"boom","status":500}}}`; !strings.Contains(got, want) {
		t.Errorf("snapshot lacks %s:\n%s", want, got)
	}
}

func TestUnmarshalRefusesBrokenSnapshots(t *testing.T) {
	base := `"history":[],"pending":[],"cancelled":false`
	tests := map[string]string{
		"not json":                 `{`,
		"unknown state":            `{` + base + `,"state":{"name":"Dancing"},"turns_taken":0,"context_tokens":0,"pending_tools":[]}`,
		"terminal without outcome": `{` + base + `,"state":{"name":"Terminal"},"turns_taken":0,"context_tokens":0,"pending_tools":[]}`,
		"unknown outcome":          `{` + base + `,"state":{"name":"Terminal","outcome":{"name":"exploded"}},"turns_taken":0,"context_tokens":0,"pending_tools":[]}`,
		"failed without error":     `{` + base + `,"state":{"name":"Terminal","outcome":{"name":"failed"}},"turns_taken":0,"context_tokens":0,"pending_tools":[]}`,
		"model turn mismatch":      `{` + base + `,"state":{"name":"AwaitingModel","turn":3},"turns_taken":0,"context_tokens":0,"pending_tools":[]}`,
		"tools without calls":      `{` + base + `,"state":{"name":"AwaitingTools","turn":0},"turns_taken":1,"context_tokens":0,"pending_tools":[]}`,
		"calls outside tools":      `{` + base + `,"state":{"name":"Start"},"turns_taken":1,"context_tokens":0,"pending_tools":[{"call":{"id":"a","name":"b"}}]}`,
		"unknown reason":           `{` + base + `,"state":{"name":"AwaitingCompaction","reason":"Bored"},"turns_taken":0,"context_tokens":0,"pending_tools":[]}`,
		"negative tokens":          `{` + base + `,"state":{"name":"Start"},"turns_taken":0,"context_tokens":-1,"pending_tools":[]}`,
		"outcome outside terminal": `{` + base + `,"state":{"name":"Start","outcome":{"name":"completed"}},"turns_taken":0,"context_tokens":0,"pending_tools":[]}`,
	}
	for name, data := range tests {
		t.Run(name, func(t *testing.T) {
			m := machineIn(t, "AwaitingTools")
			before := snapshot(t, m)
			if err := unmarshalMachine([]byte(data), m); err == nil {
				t.Fatalf("restored a broken snapshot")
			}
			if after := snapshot(t, m); after != before {
				t.Errorf("a refused restore changed the machine")
			}
		})
	}
}
