package machine

import (
	"strconv"
	"testing"
)

// The seed's boundaries, each pinned on both sides so that moving it by one
// (a >= turned >, 95 turned 94 or 96, a > 0 turned >= 0) fails a test here,
// in the machine's own fast tests rather than as a hang in the engine's.

// startAt is a machine in Start whose run's estimate is tokens.
func startAt(t *testing.T, tokens int) *LoopMachine {
	t.Helper()
	m := NewMachine(nil)
	if _, err := m.AcceptInput("question"); err != nil {
		t.Fatal(err)
	}
	if err := m.SetContextTokens(tokens); err != nil {
		t.Fatal(err)
	}
	return m
}

// stepAt is what a machine at tokens answers under p.
func stepAt(t *testing.T, tokens int, p Policy) Step {
	t.Helper()
	return startAt(t, tokens).NextStep(p)
}

func wantStep(t *testing.T, what string, got Step, kind StepKind, reason CompactReason) {
	t.Helper()
	if got.Kind != kind || got.Reason != reason {
		t.Errorf("%s: step = %s, want %s %s", what, describeStep(got), kind, reason)
	}
}

// The emergency guard compacts at exactly 95 % of the window, and not one
// token below, whatever the threshold settings say.
func TestEmergencyAtExactly95Percent(t *testing.T) {
	for _, p := range []Policy{
		{MaxTurns: 10, ContextWindow: 1000, AutoCompact: false},
		{MaxTurns: 10, ContextWindow: 1000, AutoCompact: true, CompactThreshold: 0},
		{MaxTurns: 10, ContextWindow: 1000, AutoCompact: true, CompactThreshold: 99},
	} {
		wantStep(t, "950 of 1000", stepAt(t, 950, p), StepCompact, CompactEmergency)
		wantStep(t, "949 of 1000", stepAt(t, 949, p), StepCallLLM, "")
	}
	// A window that is no multiple of 100: 95 % of 999 is 949.05, floored.
	p := Policy{MaxTurns: 10, ContextWindow: 999}
	wantStep(t, "949 of 999", stepAt(t, 949, p), StepCompact, CompactEmergency)
	wantStep(t, "948 of 999", stepAt(t, 948, p), StepCallLLM, "")

	// The compaction it begins records the emergency's limits.
	m := startAt(t, 950)
	p = Policy{MaxTurns: 10, ContextWindow: 1000}
	if _, err := m.Begin(m.NextStep(p), p); err != nil {
		t.Fatal(err)
	}
	if got := m.compaction; got != (CompactionLimits{Window: 1000, Trigger: 950, Percent: 95}) {
		t.Errorf("emergency compaction limits = %+v, want window 1000, trigger 950, 95 %%", got)
	}
}

// The threshold guard is strict: at exactly the threshold's share the run
// calls the model; one token above, it compacts. Off when AutoCompact is
// false or the threshold is 0.
func TestThresholdIsStrict(t *testing.T) {
	p := Policy{MaxTurns: 10, ContextWindow: 1000, AutoCompact: true, CompactThreshold: 80}
	wantStep(t, "800 of 1000 at 80 %", stepAt(t, 800, p), StepCallLLM, "")
	wantStep(t, "801 of 1000 at 80 %", stepAt(t, 801, p), StepCompact, CompactThresholdExceeded)

	off := p
	off.AutoCompact = false
	wantStep(t, "801 of 1000, auto-compaction off", stepAt(t, 801, off), StepCallLLM, "")
	off = p
	off.CompactThreshold = 0
	wantStep(t, "801 of 1000, threshold 0", stepAt(t, 801, off), StepCallLLM, "")
	wantStep(t, "1 of 1000, threshold 0", stepAt(t, 1, off), StepCallLLM, "")

	m := startAt(t, 801)
	if _, err := m.Begin(m.NextStep(p), p); err != nil {
		t.Fatal(err)
	}
	if got := m.compaction; got != (CompactionLimits{Window: 1000, Trigger: 800, Percent: 80}) {
		t.Errorf("threshold compaction limits = %+v, want window 1000, trigger 800, 80 %%", got)
	}
}

// A window of 0 (or less) is "no window policy": neither guard fires, at
// any estimate, including 0.
func TestWindowZeroDisablesBothGuards(t *testing.T) {
	for _, window := range []int{0, -1} {
		p := Policy{MaxTurns: 10, ContextWindow: window, AutoCompact: true, CompactThreshold: 80}
		for _, tokens := range []int{0, 1, 1 << 40} {
			wantStep(t, "window "+strconv.Itoa(window)+", "+strconv.Itoa(tokens)+" tokens", stepAt(t, tokens, p), StepCallLLM, "")
		}
	}
	// A window of 1 is a window: 95 % of it floors to 0, so any estimate is
	// at the emergency.
	wantStep(t, "window 1", stepAt(t, 0, Policy{MaxTurns: 10, ContextWindow: 1}), StepCompact, CompactEmergency)
}

// A compaction that frees nothing (after == before) ends the run
// ContextExceeded with the buffers untouched; one token saved is progress.
// Both the rewriting pass and the no-op pass hold the rule.
func TestCompactionNoProgressAtEquality(t *testing.T) {
	p := Policy{MaxTurns: 10, ContextWindow: 1000}
	compacting := func() *LoopMachine {
		t.Helper()
		m := startAt(t, 960)
		if _, err := m.Begin(m.NextStep(p), p); err != nil {
			t.Fatal(err)
		}
		if m.State().Name != StateAwaitingCompaction {
			t.Fatalf("state = %s, want AwaitingCompaction", m.State().Name)
		}
		return m
	}
	rewritten := []Message{UserMessage("summary")}
	feeds := map[string]func(m *LoopMachine, before, after int) (Move, error){
		"CompactionResult": func(m *LoopMachine, before, after int) (Move, error) {
			return m.CompactionResult(rewritten, before, after)
		},
		"CompactionNoop": func(m *LoopMachine, before, after int) (Move, error) {
			return m.CompactionNoop(before, after)
		},
	}
	for name, feed := range feeds {
		for _, c := range []struct{ before, after int }{{960, 960}, {960, 961}, {0, 0}} {
			m := compacting()
			if _, err := feed(m, c.before, c.after); err != nil {
				t.Fatalf("%s(%d, %d): %v", name, c.before, c.after, err)
			}
			st := m.State()
			if st.Name != StateTerminal || st.Outcome == nil || st.Outcome.Name != OutcomeContextExceeded {
				t.Errorf("%s(%d, %d): state %+v, want Terminal ContextExceeded", name, c.before, c.after, st)
				continue
			}
			if st.Outcome.Error(p.MaxTurns) == nil {
				t.Errorf("%s(%d, %d): ContextExceeded without its error", name, c.before, c.after)
			}
			if len(m.history) != 0 || len(m.pending) != 1 {
				t.Errorf("%s(%d, %d): buffers touched: history %d, pending %d", name, c.before, c.after, len(m.history), len(m.pending))
			}
		}
		m := compacting()
		if _, err := feed(m, 960, 959); err != nil {
			t.Fatalf("%s(960, 959): %v", name, err)
		}
		if st := m.State(); st.Name != StateStart || m.contextTokens != 959 {
			t.Errorf("%s(960, 959): state %s, estimate %d; want Start at 959", name, st.Name, m.contextTokens)
		}
	}
}
