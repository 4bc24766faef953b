package machine

import (
	"testing"
)

// A restored machine whose tools were in flight re-runs only the tools
// named rerunnable; every other call without a result gets the
// interruption notice, and a call that already had its result keeps it.
func TestInterruptToolsKeepsOnlyRerunnableCalls(t *testing.T) {
	m := machineIn(t, "AwaitingModel")
	msg := toolCallMsg("read_file", "edit_file", "no_such_tool")
	mustMove(t)(m.ModelResponse(msg, 10, testTools))
	snap, err := marshalMachine(m)
	if err != nil {
		t.Fatal(err)
	}
	var r LoopMachine
	if err := unmarshalMachine(snap, &r); err != nil {
		t.Fatal(err)
	}
	r.InterruptTools([]string{"read_file"})
	step := r.NextStep(tablePolicy)
	if step.Kind != StepCallTools || len(step.Calls) != 3 {
		t.Fatalf("NextStep = %+v, want CallTools with 3 calls", step)
	}
	if step.Calls[0].Preresolved != nil {
		t.Errorf("read_file (read-only) was not left to run again: %+v", step.Calls[0].Preresolved)
	}
	got := step.Calls[1].Preresolved
	want := ToolResultMessage(msg.ToolCalls[1], InterruptedToolText, true)
	if got == nil || !messagesEqual(*got, want) {
		t.Errorf("edit_file in flight = %+v, want the interruption notice %+v", got, want)
	}
	if p := step.Calls[2].Preresolved; p == nil || p.Content != "tool 'no_such_tool' is not available; the tools offered are: read_file, list_dir, edit_file" {
		t.Errorf("a call with its result already = %+v, want that result kept", p)
	}
	// Nothing moved, and the change survives a snapshot.
	if r.State() != m.State() {
		t.Errorf("state = %+v, want %+v", r.State(), m.State())
	}
	again, _ := marshalMachine(&r)
	var r2 LoopMachine
	if err := unmarshalMachine(again, &r2); err != nil {
		t.Fatal(err)
	}
	if p := r2.NextStep(tablePolicy).Calls[1].Preresolved; p == nil || p.Content != InterruptedToolText {
		t.Errorf("after a second snapshot the notice is %+v", p)
	}
}

func TestInterruptToolsOutsideAwaitingToolsChangesNothing(t *testing.T) {
	for _, st := range []string{"Start", "AwaitingModel", "AwaitingCompaction", "Terminal completed", "Terminal failed"} {
		m := machineIn(t, st)
		before, _ := marshalMachine(m)
		m.InterruptTools(nil)
		after, _ := marshalMachine(m)
		if string(before) != string(after) {
			t.Errorf("%s: InterruptTools changed the machine:\n%s\n%s", st, before, after)
		}
	}
}
