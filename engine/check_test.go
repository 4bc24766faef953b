package engine

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/loopls/loopls/engine/machine"
)

// A checked run that is still failing is given the check's next input, as
// the next user message of the same run, until the check passes: one Run
// record, its turns summed, the verdict in it, every attempt committed.
func TestCheckedRunRetriesUntilFixed(t *testing.T) {
	model := &fakeModel{name: "fake", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		return say("attempt", emit)
	}}
	rec := newRecorder()
	a := NewAgent(AgentConfig{Model: model, Observers: []Observer{rec}, Retry: fastRetry}, "ses_1", nil)
	checks := 0
	check := func(context.Context) (Verdict, string) {
		checks++
		if checks < 2 {
			return Verdict{Remaining: []string{"a.go:1:1: error still broken"}}, "Still broken:\na.go:1:1: error still broken"
		}
		return Verdict{Fixed: true}, ""
	}
	run, err := a.Run(context.Background(), RunInput{ID: "run_1", Prompt: "fix it", Check: check, Retries: 2})
	if err != nil || run.Outcome != machine.OutcomeCompleted {
		t.Fatalf("run = %+v, %v", run, err)
	}
	if run.Verdict == nil || !run.Verdict.Fixed || run.Verdict.Retries != 1 {
		t.Fatalf("verdict = %+v, want fixed after 1 retry", run.Verdict)
	}
	if run.Turns != 2 || model.calls() != 2 {
		t.Errorf("turns = %d, model calls = %d; want 2 and 2", run.Turns, model.calls())
	}
	second := model.request(1).Messages
	if last := second[len(second)-1]; last.Role != machine.RoleUser || !strings.HasPrefix(last.Content, "Still broken:") {
		t.Errorf("the retry's last message = %+v, want the check's next input", last)
	}
	history := a.History()
	var roles []machine.Role
	for _, m := range history {
		roles = append(roles, m.Role)
	}
	if want := []machine.Role{machine.RoleUser, machine.RoleAssistant, machine.RoleUser, machine.RoleAssistant}; !slices.Equal(roles, want) {
		t.Errorf("history roles = %v, want %v (both attempts committed)", roles, want)
	}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if len(rec.ends) != 1 {
		t.Errorf("%d run ends reported, want 1", len(rec.ends))
	}
	var accepts int
	for _, tr := range rec.transitions {
		if tr.Event == machine.EventAcceptInput {
			accepts++
		}
	}
	if accepts != 2 {
		t.Errorf("%d accept_input transitions, want 2 (the prompt, the retry)", accepts)
	}
}

// Retries bound the attempts: a check that never passes ends the run after
// Retries more, completed, with the verdict saying what remains. A run that
// did not complete is not checked.
func TestCheckedRunRetriesAreBounded(t *testing.T) {
	model := &fakeModel{name: "fake", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		return say("attempt", emit)
	}}
	a := NewAgent(AgentConfig{Model: model, Retry: fastRetry}, "ses_1", nil)
	checks := 0
	check := func(context.Context) (Verdict, string) {
		checks++
		return Verdict{Remaining: []string{"a.go:1:1: error still broken"}}, "Still broken"
	}
	run, err := a.Run(context.Background(), RunInput{ID: "run_1", Prompt: "fix it", Check: check, Retries: 2})
	if err != nil || run.Outcome != machine.OutcomeCompleted {
		t.Fatalf("run = %+v, %v", run, err)
	}
	if checks != 3 || model.calls() != 3 {
		t.Errorf("checks = %d, model calls = %d; want 3 and 3 (the attempt, 2 retries)", checks, model.calls())
	}
	if v := run.Verdict; v == nil || v.Fixed || v.Retries != 2 || !slices.Equal(v.Remaining, []string{"a.go:1:1: error still broken"}) {
		t.Errorf("verdict = %+v, want not fixed after 2 retries, with what remains", v)
	}

	failing := &fakeModel{name: "fake", reply: func(ctx context.Context, n int, req ModelRequest, emit func(Delta)) (ModelResponse, error) {
		return ModelResponse{}, machine.Internal("boom")
	}}
	b := NewAgent(AgentConfig{Model: failing, Retry: fastRetry}, "ses_2", nil)
	checks = 0
	run, _ = b.Run(context.Background(), RunInput{ID: "run_2", Prompt: "fix it", Check: check, Retries: 2})
	if run.Outcome == machine.OutcomeCompleted || checks != 0 || run.Verdict != nil {
		t.Errorf("a failed run: outcome %s, %d checks, verdict %+v; want no check", run.Outcome, checks, run.Verdict)
	}
}
