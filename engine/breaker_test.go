package engine

import (
	"testing"
	"time"
)

func TestToolBreakerTable(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	type op struct {
		at    time.Duration
		do    string // "allow", "fail", "ok"
		want  bool   // allow: expected
		state BreakerState
	}
	cases := []struct {
		name string
		ops  []op
	}{
		{"three consecutive failures open it", []op{
			{do: "allow", want: true}, {do: "fail", state: BreakerClosed},
			{do: "fail", state: BreakerClosed},
			{do: "fail", state: BreakerOpen},
			{do: "allow", want: false, state: BreakerOpen},
			{at: 29 * time.Second, do: "allow", want: false},
		}},
		{"a success in between resets the count", []op{
			{do: "fail"}, {do: "fail"}, {do: "ok"}, {do: "fail"}, {do: "fail", state: BreakerClosed},
			{do: "allow", want: true},
		}},
		{"after 30s exactly one probe; success closes", []op{
			{do: "fail"}, {do: "fail"}, {do: "fail", state: BreakerOpen},
			{at: 30 * time.Second, do: "allow", want: true, state: BreakerHalfOpen},
			{at: 30 * time.Second, do: "allow", want: false, state: BreakerHalfOpen},
			{at: 31 * time.Second, do: "ok", state: BreakerClosed},
			{at: 31 * time.Second, do: "allow", want: true},
		}},
		{"a failed probe re-opens for a new cooldown", []op{
			{do: "fail"}, {do: "fail"}, {do: "fail"},
			{at: 30 * time.Second, do: "allow", want: true},
			{at: 31 * time.Second, do: "fail", state: BreakerOpen},
			{at: 60 * time.Second, do: "allow", want: false},
			{at: 61 * time.Second, do: "allow", want: true, state: BreakerHalfOpen},
		}},
		{"a probe that never reports is replaced after its lease", []op{
			{do: "fail"}, {do: "fail"}, {do: "fail"},
			{at: 30 * time.Second, do: "allow", want: true},
			{at: 59 * time.Second, do: "allow", want: false},
			{at: 60 * time.Second, do: "allow", want: true, state: BreakerHalfOpen},
		}},
		{"a late success while open is ignored, a late failure restarts the cooldown", []op{
			{do: "fail"}, {do: "fail"}, {do: "fail"},
			{at: 10 * time.Second, do: "ok", state: BreakerOpen},
			{at: 20 * time.Second, do: "fail", state: BreakerOpen},
			{at: 45 * time.Second, do: "allow", want: false},
			{at: 50 * time.Second, do: "allow", want: true},
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := NewToolBreakers(BreakerConfig{})
			for i, o := range tc.ops {
				now := t0.Add(o.at)
				switch o.do {
				case "allow":
					if ok, _ := b.Allow("grep", now); ok != o.want {
						t.Fatalf("op %d: Allow = %v, want %v", i, ok, o.want)
					}
				case "fail":
					b.Record("grep", now, true)
				case "ok":
					b.Record("grep", now, false)
				}
				if o.state != "" && b.State("grep") != o.state {
					t.Fatalf("op %d: state %s, want %s", i, b.State("grep"), o.state)
				}
			}
			if b.State("other") != BreakerClosed {
				t.Error("breakers are not per tool")
			}
		})
	}
}

func TestToolBreakerRefusalSaysWhenToRetry(t *testing.T) {
	t0 := time.Now()
	b := NewToolBreakers(BreakerConfig{FailureThreshold: 1, OpenFor: 10 * time.Second})
	b.Record("x", t0, true)
	ok, wait := b.Allow("x", t0.Add(4*time.Second))
	if ok || wait != 6*time.Second {
		t.Fatalf("Allow = %v, %s; want refused with 6s to wait", ok, wait)
	}
}
