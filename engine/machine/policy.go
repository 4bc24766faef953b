package machine

// Policy is the part of a run's configuration the machine decides with. It is
// passed fresh to every NextStep and Begin call and never stored in the
// machine, so a restored machine obeys whatever policy the driver has now.
type Policy struct {
	// MaxTurns caps the model responses one run may take. A run that has
	// taken MaxTurns responses ends MaxTurnsExceeded without another model
	// call (and without a compaction). 0 ends a run before its first call.
	MaxTurns int
	// ContextWindow is the model's window in tokens. 0 (or less) means "no
	// window policy" and disables both compaction guards.
	ContextWindow int
	// CompactThreshold is the percentage of ContextWindow above which the
	// conversation is compacted before the next call. 0 (or less) disables
	// the threshold guard only; the emergency guard at 95 % stays on.
	CompactThreshold int
	// AutoCompact false disables the threshold guard only.
	AutoCompact bool
}

// Defaults of SPEC §2.1 and §3.
const (
	DefaultMaxTurns         = 200
	DefaultCompactThreshold = 80
	// emergencyPercent is the always-on compaction guard: a conversation at
	// or above this share of the window is compacted whatever the settings.
	emergencyPercent = 95
)

// DefaultPolicy returns the policy of a run nobody configured: 200 turns, no
// window policy, threshold 80 %, auto-compaction on.
func DefaultPolicy() Policy {
	return Policy{
		MaxTurns:         DefaultMaxTurns,
		ContextWindow:    0,
		CompactThreshold: DefaultCompactThreshold,
		AutoCompact:      true,
	}
}

// maxInt is the largest int, spelled without importing math.
const maxInt = int(^uint(0) >> 1)

// PercentOf returns floor(window*percent/100) in integer arithmetic,
// computed so that it cannot overflow where the true value fits, and
// saturating at the largest int where it does not: a huge window must never
// wrap into a negative limit.
func PercentOf(window, percent int) int {
	if window <= 0 || percent <= 0 {
		return 0
	}
	q, r := window/100, window%100
	if q > maxInt/percent {
		return maxInt
	}
	whole, part := q*percent, r*percent/100 // r*percent/100 < percent: no overflow
	if whole > maxInt-part {
		return maxInt
	}
	return whole + part
}
