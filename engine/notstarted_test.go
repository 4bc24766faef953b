package engine

import (
	"context"
	"errors"
	"github.com/loopls/loopls/engine/machine"
	"slices"
	"testing"
	"time"
)

// A run whose model could not be resolved ends through the engine like any
// run: accepted, then failed with its cause; both checkpoints; history kept.
func TestEndNotStartedFailsWithItsCause(t *testing.T) {
	history := []machine.Message{machine.UserMessage("earlier"), {Role: machine.RoleAssistant, Content: "ok"}}
	rec := newRecorder()
	a := NewAgent(AgentConfig{Observers: []Observer{rec}}, "s1", history)
	unreachable := errors.New("ollama unreachable")
	started := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	run, err := a.EndNotStarted(context.Background(), NotStarted{ID: "run_x", Prompt: "hi", Model: "ollama:m", StartedAt: started, Cause: unreachable})
	if !errors.Is(err, unreachable) || !errors.Is(err, machine.ErrAPI) {
		t.Fatalf("err = %v, want an API error wrapping the cause", err)
	}
	if run.ID != "run_x" || run.Outcome != machine.OutcomeFailed || run.Error == nil || run.Error.Kind != machine.KindAPI ||
		run.Model != "ollama:m" || !run.StartedAt.Equal(started) || run.EndedAt.IsZero() || run.Turns != 0 {
		t.Errorf("run = %+v", run)
	}
	want := []string{"Start->Start accept_input", "Start->Terminal fail failed"}
	if got := rec.transitionLines(); !slices.Equal(got, want) {
		t.Errorf("transitions = %q, want %q", got, want)
	}
	for _, tr := range rec.transitions {
		if tr.ContextTokens != 0 || tr.RunID != "run_x" || tr.SessionID != "s1" {
			t.Errorf("transition %+v: want run_x of s1 with no measured context", tr)
		}
	}
	var points []machine.CheckpointPoint
	for _, c := range rec.checkpoints {
		points = append(points, c.Point)
		if len(c.History) != 2 {
			t.Errorf("checkpoint %s carries %d history messages, want the 2 committed", c.Point, len(c.History))
		}
	}
	if !slices.Equal(points, []machine.CheckpointPoint{machine.PointRunStarted, machine.PointRunEnded}) {
		t.Errorf("checkpoints = %v", points)
	}
	if len(rec.ends) != 1 || rec.ends[0].Outcome != machine.OutcomeFailed {
		t.Errorf("OnRunEnd = %+v", rec.ends)
	}
	if h := a.History(); len(h) != 2 {
		t.Errorf("history = %d messages, want the 2 it had", len(h))
	}
}

// Cancelled while the model was being resolved: the run ends cancelled,
// never failed.
func TestEndNotStartedCancelledIsNotAFailure(t *testing.T) {
	rec := newRecorder()
	a := NewAgent(AgentConfig{Observers: []Observer{rec}}, "s1", nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	run, err := a.EndNotStarted(ctx, NotStarted{Prompt: "hi", Cause: context.Canceled})
	if !machine.IsCancelled(err) || run.Outcome != machine.OutcomeCancelled {
		t.Fatalf("run = %+v, %v; want cancelled", run, err)
	}
	want := []string{"Start->Start accept_input", "Start->Terminal cancel cancelled"}
	if got := rec.transitionLines(); !slices.Equal(got, want) {
		t.Errorf("transitions = %q, want %q", got, want)
	}
	if run.ID == "" {
		t.Error("no run id was given")
	}
}
