package engine

import (
	"testing"
	"time"
)

func TestFallbackBreakerTable(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	type op struct {
		at      time.Duration // since t0
		do      string        // "route", "fail", "ok"
		index   int           // for fail/ok
		want    int           // route: expected index, -1 = exhausted
		state   FallbackState // after the op
		wantMov bool          // fail: expected moved
	}
	cases := []struct {
		name      string
		fallbacks int
		ops       []op
	}{
		{"trips after three primary failures", 1, []op{
			{do: "route", want: 0, state: FallbackPrimary},
			{do: "fail", index: 0, state: FallbackPrimary},
			{do: "fail", index: 0, state: FallbackPrimary},
			{do: "fail", index: 0, state: FallbackActive, wantMov: true},
			{do: "route", want: 1, state: FallbackActive},
		}},
		{"a success resets the primary's count", 1, []op{
			{do: "fail", index: 0, state: FallbackPrimary},
			{do: "fail", index: 0, state: FallbackPrimary},
			{do: "ok", index: 0, state: FallbackPrimary},
			{do: "fail", index: 0, state: FallbackPrimary},
			{do: "fail", index: 0, state: FallbackPrimary},
			{do: "route", want: 0, state: FallbackPrimary},
		}},
		{"no fallbacks never trips", 0, []op{
			{do: "fail", index: 0}, {do: "fail", index: 0}, {do: "fail", index: 0}, {do: "fail", index: 0},
			{do: "route", want: 0, state: FallbackPrimary},
		}},
		{"cooldown probes the primary; two successes recover", 1, []op{
			{do: "fail", index: 0}, {do: "fail", index: 0}, {do: "fail", index: 0, wantMov: true, state: FallbackActive},
			{at: 59 * time.Second, do: "route", want: 1, state: FallbackActive},
			{at: 60 * time.Second, do: "route", want: 0, state: FallbackRecovering},
			{at: 60 * time.Second, do: "ok", index: 0, state: FallbackRecovering},
			{at: 61 * time.Second, do: "route", want: 0, state: FallbackRecovering},
			{at: 61 * time.Second, do: "ok", index: 0, state: FallbackPrimary},
		}},
		{"a failed probe goes back to the fallback for a new cooldown", 1, []op{
			{do: "fail", index: 0}, {do: "fail", index: 0}, {do: "fail", index: 0, wantMov: true},
			{at: 60 * time.Second, do: "route", want: 0, state: FallbackRecovering},
			{at: 60 * time.Second, do: "fail", index: 0, wantMov: true, state: FallbackActive},
			{at: 119 * time.Second, do: "route", want: 1, state: FallbackActive},
			{at: 120 * time.Second, do: "route", want: 0, state: FallbackRecovering},
		}},
		{"an entry that failed twice is skipped; chain exhausted", 2, []op{
			{do: "fail", index: 0}, {do: "fail", index: 0}, {do: "fail", index: 0, wantMov: true},
			{do: "route", want: 1},
			{do: "fail", index: 1},
			{do: "route", want: 1},
			{do: "fail", index: 1, wantMov: true},
			{do: "route", want: 2},
			{do: "fail", index: 2},
			{do: "ok", index: 2},
			{do: "fail", index: 2},
			{do: "route", want: 2},
			{do: "fail", index: 2, wantMov: true},
			{do: "route", want: -1, state: FallbackActive},
			{at: 60 * time.Second, do: "route", want: 0, state: FallbackRecovering},
			{at: 60 * time.Second, do: "ok", index: 0},
			{at: 60 * time.Second, do: "ok", index: 0, state: FallbackPrimary},
			{at: 60 * time.Second, do: "fail", index: 0}, {at: 60 * time.Second, do: "fail", index: 0},
			{at: 60 * time.Second, do: "fail", index: 0, wantMov: true},
			{at: 60 * time.Second, do: "route", want: 1}, // recovery gave every entry a fresh chance
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := NewFallbackBreaker(FallbackConfig{}, tc.fallbacks)
			for i, o := range tc.ops {
				now := t0.Add(o.at)
				switch o.do {
				case "route":
					idx, ok := b.Route(now)
					if !ok {
						idx = -1
					}
					if idx != o.want {
						t.Fatalf("op %d: Route = %d, want %d", i, idx, o.want)
					}
				case "fail":
					if moved := b.RecordFailure(now, o.index); moved != o.wantMov {
						t.Fatalf("op %d: RecordFailure moved = %v, want %v", i, moved, o.wantMov)
					}
				case "ok":
					b.RecordSuccess(o.index)
				}
				if o.state != "" && b.State() != o.state {
					t.Fatalf("op %d (%s): state %s, want %s", i, o.do, b.State(), o.state)
				}
			}
		})
	}
}
