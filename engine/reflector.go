package engine

import (
	"github.com/loopls/loopls/engine/machine"
	"sync"
)

// reflector is tool recovery: it counts the failed attempts of each tool
// call (tool + canonical arguments) in a run. A failed attempt is an error
// result shown to the model, or an infrastructure failure retried in place;
// past the budget the run ends ToolRecoveryExhausted rather than letting the
// model hammer a call that cannot succeed.
type reflector struct {
	max int

	mu       sync.Mutex
	attempts map[string]int
}

func newReflector(max int) *reflector {
	return &reflector{max: max, attempts: make(map[string]int)}
}

// callKey identifies a call by tool and canonical arguments.
func callKey(c machine.ToolCall) string {
	canon, _ := CanonicalArguments(c.Arguments)
	return c.Name + "\x00" + string(canon)
}

// failed notes one failed attempt of the call and returns how many there
// have been in this run.
func (r *reflector) failed(key string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.attempts[key]++
	return r.attempts[key]
}

// canRetry reports whether another in-place attempt fits in the budget.
func (r *reflector) canRetry(key string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.attempts[key] < r.max
}

// exhausted reports whether the call has failed more often than allowed.
func (r *reflector) exhausted(key string) (int, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := r.attempts[key]
	return n, n > r.max
}
