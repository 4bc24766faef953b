package engine

import (
	"fmt"
	"hash/fnv"
	"strings"
	"unicode"
)

// LoopConfig tunes loop detection. Zero fields take the defaults.
type LoopConfig struct {
	// WarnAt is how many identical calls (same tool, arguments and result)
	// earn one warning to the observers and to the model. Default 3.
	WarnAt int
	// StopAt is how many identical calls end the run LoopDetected: the
	// next dispatch after the StopAt-th is refused. Default 10.
	StopAt int
	// Window is how many recent calls are remembered. Default 50.
	Window int
}

func (c LoopConfig) withDefaults() LoopConfig {
	if c.WarnAt <= 0 {
		c.WarnAt = 3
	}
	if c.StopAt <= 0 {
		c.StopAt = 10
	}
	if c.Window <= 0 {
		c.Window = 50
	}
	return c
}

// CallSignature identifies a tool call by what it did: the tool, its
// arguments in canonical JSON (sorted keys, so Ollama's random key order does
// not hide a repeat) and a hash of its output. Calls whose output changes
// have different signatures and never look like a loop.
type CallSignature struct {
	Tool string
	Hash uint64
}

// SignatureOf returns the signature of a call of tool with raw arguments
// that produced output.
func SignatureOf(tool string, args []byte, output string) CallSignature {
	canon, _ := CanonicalArguments(args) // malformed arguments hash as their text
	h := fnv.New64a()
	h.Write([]byte(tool))
	h.Write([]byte{0})
	h.Write(canon)
	h.Write([]byte{0})
	h.Write([]byte(output))
	return CallSignature{Tool: tool, Hash: h.Sum64()}
}

// LoopVerdict is what the detector says about one recorded call.
type LoopVerdict struct {
	Repeats int  // identical calls in the window, this one included
	Warn    bool // first time this signature reached WarnAt
	Stop    bool // this signature reached StopAt: the next dispatch is refused
}

// LoopDetector counts identical tool calls. It is a pure policy, not safe
// for concurrent use; the driver records a batch's calls in the model's
// order after the batch ran.
type LoopDetector struct {
	cfg    LoopConfig
	recent []CallSignature
	warned map[CallSignature]bool
	stop   *CallSignature // a stop armed by the StopAt-th repeat
	stopN  int
}

// NewLoopDetector returns an empty detector.
func NewLoopDetector(cfg LoopConfig) *LoopDetector {
	return &LoopDetector{cfg: cfg.withDefaults(), warned: make(map[CallSignature]bool)}
}

// Record notes one executed call.
func (d *LoopDetector) Record(sig CallSignature) LoopVerdict {
	d.recent = append(d.recent, sig)
	if len(d.recent) > d.cfg.Window {
		d.recent = d.recent[len(d.recent)-d.cfg.Window:]
	}
	n := 0
	for _, s := range d.recent {
		if s == sig {
			n++
		}
	}
	v := LoopVerdict{Repeats: n}
	if n >= d.cfg.WarnAt && !d.warned[sig] {
		d.warned[sig] = true
		v.Warn = true
	}
	if n >= d.cfg.StopAt {
		s := sig
		d.stop, d.stopN = &s, n
		v.Stop = true
	}
	return v
}

// PendingStop reports an armed stop: the tool that repeated and how often.
// The driver refuses the next dispatch while one is armed.
func (d *LoopDetector) PendingStop() (tool string, repeats int, ok bool) {
	if d.stop == nil {
		return "", 0, false
	}
	return d.stop.Tool, d.stopN, true
}

// Fire consumes an armed stop, forgetting the calls that led to it so the
// session's next run starts clean.
func (d *LoopDetector) Fire() { d.clear() }

// EndRun clears a stop that was armed but never fired (the model gave its
// final answer instead of repeating again), so it cannot refuse the first
// call of the next run.
func (d *LoopDetector) EndRun() {
	if d.stop != nil {
		d.clear()
	}
}

func (d *LoopDetector) clear() {
	d.recent = d.recent[:0]
	clear(d.warned)
	d.stop, d.stopN = nil, 0
}

// loopWarning is the message added to the result of a call that reached the
// warning threshold, telling the model why it should change course.
func loopWarning(tool string, repeats int) string {
	return fmt.Sprintf("\n\n[loopls] You have called %s %d times with the same arguments and got the same result. Do not repeat it: use the result you have, try something different, or give your final answer.", tool, repeats)
}

// ConvergenceDetector warns when final answers stop changing across runs (a
// streak of near-identical answers, by word-set similarity). It only warns:
// an answer is never thrown away because it resembles the last one.
type ConvergenceDetector struct {
	Threshold float64 // Jaccard similarity that counts as the same; default 0.95
	Streak    int     // how many similar answers in a row warn; default 3
	last      map[string]struct{}
	streak    int
}

// Record notes a run's final answer and reports the streak and whether it
// just reached the warning length.
func (c *ConvergenceDetector) Record(text string) (streak int, converged bool) {
	threshold, want := c.Threshold, c.Streak
	if threshold <= 0 {
		threshold = 0.95
	}
	if want <= 0 {
		want = 3
	}
	words := wordSet(text)
	switch {
	case len(words) == 0:
		c.streak = 0
	case c.last != nil && jaccard(c.last, words) >= threshold:
		c.streak++
	default:
		c.streak = 1
	}
	c.last = words
	return c.streak, c.streak == want
}

func wordSet(s string) map[string]struct{} {
	out := make(map[string]struct{})
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		out[w] = struct{}{}
	}
	return out
}

func jaccard(a, b map[string]struct{}) float64 {
	inter := 0
	for w := range a {
		if _, ok := b[w]; ok {
			inter++
		}
	}
	union := len(a) + len(b) - inter
	if union == 0 {
		return 1
	}
	return float64(inter) / float64(union)
}
