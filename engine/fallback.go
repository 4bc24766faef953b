package engine

import (
	"fmt"
	"github.com/loopls/loopls/engine/machine"
	"strings"
	"time"
)

// FallbackState is the position of the model fallback breaker.
type FallbackState string

// The states of the model fallback breaker (SPEC §2.2).
const (
	// FallbackPrimary: requests go to the configured model.
	FallbackPrimary FallbackState = "Primary"
	// FallbackActive: the primary failed too often; requests go to the first
	// fallback that has not failed twice.
	FallbackActive FallbackState = "Fallback"
	// FallbackRecovering: the cooldown passed; requests probe the primary
	// until it succeeds often enough to be trusted again.
	FallbackRecovering FallbackState = "Recovering"
)

// FallbackConfig tunes the model fallback breaker. Zero fields take the
// defaults.
type FallbackConfig struct {
	// TripThreshold is how many consecutive primary failures (each after its
	// retries) move requests to the fallbacks. Default 3.
	TripThreshold int
	// Cooldown is how long requests stay on a fallback before the primary is
	// probed again. Default 60 s.
	Cooldown time.Duration
	// RecoverySuccesses is how many successful probes return to the
	// primary. Default 2.
	RecoverySuccesses int
	// MaxEntryFailures is how many consecutive failures take one fallback
	// out of the chain until the primary recovers. Default 2.
	MaxEntryFailures int
}

func (c FallbackConfig) withDefaults() FallbackConfig {
	if c.TripThreshold <= 0 {
		c.TripThreshold = 3
	}
	if c.Cooldown <= 0 {
		c.Cooldown = 60 * time.Second
	}
	if c.RecoverySuccesses <= 0 {
		c.RecoverySuccesses = 2
	}
	if c.MaxEntryFailures <= 0 {
		c.MaxEntryFailures = 2
	}
	return c
}

// FallbackBreaker decides which model of a chain (index 0 the primary, then
// the fallbacks in order) serves the next request. It is a pure policy: time
// comes in as an argument and it performs no I/O. It is not safe for
// concurrent use; the driver owns it.
type FallbackBreaker struct {
	cfg          FallbackConfig
	fallbacks    int // chain length minus the primary
	state        FallbackState
	failures     int   // consecutive primary failures while Primary
	successes    int   // successful probes while Recovering
	entryFails   []int // consecutive failures per fallback (index i-1 for chain entry i)
	switchedAt   time.Time
	lastServedAt int
}

// NewFallbackBreaker returns a breaker over a primary and n fallbacks, in
// state Primary.
func NewFallbackBreaker(cfg FallbackConfig, fallbacks int) *FallbackBreaker {
	return &FallbackBreaker{
		cfg:        cfg.withDefaults(),
		fallbacks:  fallbacks,
		state:      FallbackPrimary,
		entryFails: make([]int, fallbacks),
	}
}

// State returns the breaker's position.
func (b *FallbackBreaker) State() FallbackState { return b.state }

// Route returns the chain index that must serve a request made at now. It
// moves Fallback to Recovering once the cooldown has passed. With the whole
// chain failed it answers ok=false: the caller must fail the run with
// FallbackExhausted without sending anything.
func (b *FallbackBreaker) Route(now time.Time) (index int, ok bool) {
	if b.state == FallbackActive && !now.Before(b.switchedAt.Add(b.cfg.Cooldown)) {
		b.state = FallbackRecovering
		b.successes = 0
	}
	switch b.state {
	case FallbackActive:
		for i, n := range b.entryFails {
			if n < b.cfg.MaxEntryFailures {
				return i + 1, true
			}
		}
		return 0, false
	default:
		return 0, true
	}
}

// RecordSuccess notes that the request served by chain entry index
// succeeded.
func (b *FallbackBreaker) RecordSuccess(index int) {
	switch {
	case index == 0 && b.state == FallbackPrimary:
		b.failures = 0
	case index == 0 && b.state == FallbackRecovering:
		b.successes++
		if b.successes >= b.cfg.RecoverySuccesses {
			b.reset()
		}
	case index > 0 && index <= b.fallbacks:
		b.entryFails[index-1] = 0
	}
}

// RecordFailure notes that the request served by chain entry index failed
// after its retries, at now. Cancellations must never be recorded. It
// reports whether requests move to another entry because of it.
func (b *FallbackBreaker) RecordFailure(now time.Time, index int) (moved bool) {
	switch {
	case index == 0 && b.state == FallbackPrimary:
		if b.fallbacks == 0 {
			return false // nowhere to go: keep serving the primary
		}
		b.failures++
		if b.failures >= b.cfg.TripThreshold {
			b.state = FallbackActive
			b.switchedAt = now
			b.failures = 0
			b.successes = 0
			return true
		}
		return false
	case index == 0 && b.state == FallbackRecovering:
		// The probe failed: back to the fallbacks for another cooldown.
		b.state = FallbackActive
		b.switchedAt = now
		b.successes = 0
		return true
	case index > 0 && index <= b.fallbacks && b.state == FallbackActive:
		b.entryFails[index-1]++
		return b.entryFails[index-1] >= b.cfg.MaxEntryFailures
	}
	return false
}

// reset returns to Primary with every counter cleared: the primary is
// trusted again and every fallback gets a fresh chance next time.
func (b *FallbackBreaker) reset() {
	b.state = FallbackPrimary
	b.failures = 0
	b.successes = 0
	clear(b.entryFails)
}

// FallbackExhausted is the error of a run whose primary model and every
// fallback failed. names lists the chain, primary first; cooldown is when the
// primary is tried again.
func FallbackExhausted(names []string, cooldown time.Duration) *machine.LoopError {
	return &machine.LoopError{Kind: machine.KindFallbackExhausted,
		Message: fmt.Sprintf("every model failed (%s): check that the providers are reachable, or configure other fallbackModels; the primary is tried again %s after it tripped",
			strings.Join(names, ", "), cooldown)}
}
