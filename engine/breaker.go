package engine

import (
	"sync"
	"time"
)

// BreakerState is the position of one tool's circuit breaker.
type BreakerState string

// The states of the per-tool circuit breaker (SPEC §2.2).
const (
	// BreakerClosed: calls go through; consecutive failures are counted.
	BreakerClosed BreakerState = "Closed"
	// BreakerOpen: calls are refused with an error result until the
	// cooldown passes.
	BreakerOpen BreakerState = "Open"
	// BreakerHalfOpen: one probe call is in flight; others are refused.
	BreakerHalfOpen BreakerState = "HalfOpen"
)

// BreakerConfig tunes the per-tool circuit breakers. Zero fields take the
// defaults.
type BreakerConfig struct {
	// FailureThreshold is how many consecutive failures open a tool's
	// breaker. Default 3.
	FailureThreshold int
	// OpenFor is how long an open breaker refuses calls. Default 30 s.
	OpenFor time.Duration
	// ProbeTimeout is how long a probe may run before another caller may
	// probe instead (a probe that never reports must not shut the tool
	// out forever). Default 30 s.
	ProbeTimeout time.Duration
}

func (c BreakerConfig) withDefaults() BreakerConfig {
	if c.FailureThreshold <= 0 {
		c.FailureThreshold = 3
	}
	if c.OpenFor <= 0 {
		c.OpenFor = 30 * time.Second
	}
	if c.ProbeTimeout <= 0 {
		c.ProbeTimeout = 30 * time.Second
	}
	return c
}

// ToolBreakers holds one circuit breaker per tool name. A failure is an
// infrastructure failure of the tool (a Go error or a panic), not an error
// result the model can correct (a missing file). Time comes in as an
// argument; it is safe for concurrent use because tools dispatch in
// parallel.
type ToolBreakers struct {
	cfg BreakerConfig
	mu  sync.Mutex
	m   map[string]*toolBreaker
}

type toolBreaker struct {
	state        BreakerState
	failures     int
	openedAt     time.Time
	probeStarted time.Time
}

// NewToolBreakers returns an empty set of breakers (every tool Closed).
func NewToolBreakers(cfg BreakerConfig) *ToolBreakers {
	return &ToolBreakers{cfg: cfg.withDefaults(), m: make(map[string]*toolBreaker)}
}

func (t *ToolBreakers) get(name string) *toolBreaker {
	b := t.m[name]
	if b == nil {
		b = &toolBreaker{state: BreakerClosed}
		t.m[name] = b
	}
	return b
}

// Allow reports whether a call of tool name may be dispatched at now. In
// Open past the cooldown, the first caller becomes the probe (HalfOpen);
// while a probe is in flight other callers are refused. When refused, wait
// says how long until the tool may be tried again.
func (t *ToolBreakers) Allow(name string, now time.Time) (ok bool, wait time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	b := t.get(name)
	switch b.state {
	case BreakerOpen:
		until := b.openedAt.Add(t.cfg.OpenFor)
		if now.Before(until) {
			return false, until.Sub(now)
		}
		b.state = BreakerHalfOpen
		b.probeStarted = now
		return true, 0
	case BreakerHalfOpen:
		lease := b.probeStarted.Add(t.cfg.ProbeTimeout)
		if now.Before(lease) {
			return false, lease.Sub(now)
		}
		b.probeStarted = now // the last probe never reported: this caller probes
		return true, 0
	default:
		return true, 0
	}
}

// Record notes the result of a dispatched call of tool name.
func (t *ToolBreakers) Record(name string, now time.Time, failed bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	b := t.get(name)
	switch b.state {
	case BreakerClosed:
		if !failed {
			b.failures = 0
			return
		}
		b.failures++
		if b.failures >= t.cfg.FailureThreshold {
			b.open(now)
		}
	case BreakerHalfOpen:
		if failed {
			b.open(now)
			return
		}
		b.state = BreakerClosed
		b.failures = 0
	case BreakerOpen:
		// A late result of a call admitted before the breaker opened: a
		// success proves nothing about now, a failure restarts the cooldown.
		if failed {
			b.openedAt = now
		}
	}
}

func (b *toolBreaker) open(now time.Time) {
	b.state = BreakerOpen
	b.openedAt = now
	b.failures = 0
}

// State returns tool name's breaker state at now without changing it (an
// Open breaker past its cooldown still reads Open until a caller probes).
func (t *ToolBreakers) State(name string) BreakerState {
	t.mu.Lock()
	defer t.mu.Unlock()
	if b := t.m[name]; b != nil {
		return b.state
	}
	return BreakerClosed
}
