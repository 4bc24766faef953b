package engine

import (
	"github.com/loopls/loopls/engine/machine"
	"math"
	"unicode/utf8"
)

// perMessageTokens is what one message costs beyond its text: role markers
// and separators in every chat template. 20 characters' worth, as loopctl's
// heuristic counts it.
const perMessageChars = 20

// charsPerToken is the heuristic ratio of the estimate. Real tokenizers land
// between 3 and 4.5 characters per token for code and English; the per-Agent
// calibration corrects the rest from what the provider reports.
const charsPerToken = 4

// EstimateTokens is the one token estimate used everywhere in loopls: for
// each message 20 characters plus the characters of its content, thinking,
// tool names and arguments, all divided by four. Roles and ids are not
// counted. It is cheap, monotone in the text and deterministic, which is what
// the compaction guard needs; accuracy comes from calibration against the
// provider's counts (see counter).
func EstimateTokens(msgs []machine.Message) int {
	return messagesChars(msgs) / charsPerToken
}

// messagesChars is what EstimateTokens divides: parts of a conversation
// can be measured apart and added before the division, which then matches
// measuring the whole.
func messagesChars(msgs []machine.Message) int {
	chars := 0
	for i := range msgs {
		chars += messageChars(&msgs[i])
	}
	return chars
}

func messageChars(m *machine.Message) int {
	n := perMessageChars + utf8.RuneCountInString(m.Content) + utf8.RuneCountInString(m.Thinking)
	for _, c := range m.ToolCalls {
		n += len(c.Name) + len(c.Arguments)
	}
	return n
}

// counter measures a conversation for the machine, the ContextManager and
// the no-progress guard alike, so before and after are always comparable.
//
// It is EstimateTokens plus the request overhead (system prompt and tool
// schemas), scaled by a ratio learned from the provider: when a response
// reports usage, the reported prompt+completion tokens are the truth for the
// conversation that was sent plus the reply, and the ratio truth/estimate
// is kept (in per-mille, integer arithmetic) for the next measurements.
type counter struct {
	overhead int // estimated tokens of the system prompt and tool schemas
	// permille scales estimates; 1000 means uncalibrated.
	permille int
}

func newCounter() counter { return counter{permille: 1000} }

// Bounds of the calibration: a provider whose counts are wildly off the
// heuristic (a broken usage report) must not make the estimate useless.
const (
	minPermille = 250
	maxPermille = 4000
)

// count measures msgs as they would be sent.
func (c *counter) count(msgs []machine.Message) int {
	return c.countChars(messagesChars(msgs))
}

// countChars measures a conversation of chars characters (as
// messagesChars counts them), for callers that add up parts without
// building one slice.
func (c *counter) countChars(chars int) int {
	return scalePermille(chars/charsPerToken+c.overhead, c.permille)
}

// calibrate learns from a provider report: reported tokens for a
// conversation of chars characters. A zero report is ignored (the provider
// said nothing).
func (c *counter) calibrate(chars, reported int) {
	raw := chars/charsPerToken + c.overhead
	if reported <= 0 || raw <= 0 {
		return
	}
	p := reported * 1000 / raw
	if reported > math.MaxInt/1000 {
		p = maxPermille
	}
	c.permille = min(max(p, minPermille), maxPermille)
}

func scalePermille(n, permille int) int {
	if permille == 1000 {
		return n
	}
	if n > math.MaxInt/maxPermille {
		return n // too large to scale safely; the estimate already saturates any window
	}
	return n * permille / 1000
}

// overheadOf estimates the fixed part of every request: the system prompt
// and the JSON of the tool schemas.
func overheadOf(system string, specs []ToolSpec) int {
	chars := 0
	if system != "" {
		chars += perMessageChars + utf8.RuneCountInString(system)
	}
	for _, s := range specs {
		chars += len(s.Name) + len(s.Description) + len(s.Parameters) + perMessageChars
	}
	return chars / charsPerToken
}
