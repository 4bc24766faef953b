package bench

import (
	"strings"
	"sync"
	"time"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// Figures are what one run of a task measured (docs/bench.md says what
// each means).
type Figures struct {
	Turns     int `json:"turns"`
	ToolCalls int `json:"toolCalls"`
	// RecoveredCalls are tool calls read from the answer's text.
	RecoveredCalls int `json:"recoveredCalls"`
	// RefusedEdits are edit_file calls refused as ambiguous or unmatched.
	RefusedEdits int `json:"refusedEdits"`
	// UnknownTools are calls to tools that were not offered.
	UnknownTools int `json:"unknownTools"`
	InputTokens  int `json:"inputTokens"`
	OutputTokens int `json:"outputTokens"`
	// TTFTMs is the time from the first model request to its first delta.
	TTFTMs int64 `json:"ttftMs"`
	// TokensPerSec is output tokens per second of the server's eval time
	// (of streaming time when the server gives none).
	TokensPerSec float64 `json:"tokensPerSec"`
	// The server's own durations, summed over the run's model calls.
	LoadMs       int64 `json:"loadMs"`
	PromptEvalMs int64 `json:"promptEvalMs"`
	EvalMs       int64 `json:"evalMs"`
	// PromptTokensSent is the estimated size of every prompt sent;
	// PromptTokensEvaluated the prompt tokens the server evaluated (the
	// rest came from its KV cache); KVReuse is 1 - evaluated/sent over
	// the calls after the first, 0 when there were none.
	PromptTokensSent      int     `json:"promptTokensSent"`
	PromptTokensEvaluated int     `json:"promptTokensEvaluated"`
	KVReuse               float64 `json:"kvReuse"`
	WallMs                int64   `json:"wallMs"`
	// Outcome is how the run ended (completed, max_turns_exceeded, …).
	Outcome string `json:"outcome"`
}

// meter is the engine observer that fills a run's Figures.
type meter struct {
	engine.NopObserver
	known map[string]bool // the tools offered

	mu         sync.Mutex
	started    time.Time
	callStart  time.Time
	firstDelta bool
	calls      int
	sent       []int // estimated prompt size of each call
	evaluated  []int
	streamTime time.Duration
	f          Figures
	answer     string
}

func newMeter(known []string) *meter {
	m := &meter{known: map[string]bool{}, started: time.Now()}
	for _, k := range known {
		m.known[k] = true
	}
	return m
}

func (m *meter) OnTransition(t engine.Transition) {
	if t.To != machine.StateAwaitingModel {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.callStart, m.firstDelta = time.Now(), false
	m.sent = append(m.sent, t.ContextTokens)
}

func (m *meter) OnDelta(machine.RunID, engine.Lane, string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.firstDelta || m.callStart.IsZero() {
		return
	}
	m.firstDelta = true
	if m.calls == 0 && m.f.TTFTMs == 0 {
		m.f.TTFTMs = max(time.Since(m.callStart).Milliseconds(), 0)
	}
}

func (m *meter) OnResponse(_ machine.RunID, _ int, r engine.ModelResponse) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls++
	if !m.callStart.IsZero() {
		m.streamTime += time.Since(m.callStart)
	}
	m.f.InputTokens += r.Usage.InputTokens
	m.f.OutputTokens += r.Usage.OutputTokens
	m.evaluated = append(m.evaluated, r.Usage.InputTokens)
	m.f.LoadMs += r.Timings.Load.Milliseconds()
	m.f.PromptEvalMs += r.Timings.PromptEval.Milliseconds()
	m.f.EvalMs += r.Timings.Eval.Milliseconds()
	if r.TextCalls != "" {
		m.f.RecoveredCalls += len(r.Message.ToolCalls)
	}
	for _, c := range r.Message.ToolCalls {
		if !m.known[c.Name] {
			m.f.UnknownTools++
		}
	}
}

func (m *meter) OnToolPre(engine.ToolEvent) {
	m.mu.Lock()
	m.f.ToolCalls++
	m.mu.Unlock()
}

func (m *meter) OnToolPost(ev engine.ToolEvent) {
	if ev.Call.Name != "edit_file" || ev.Status != engine.ToolFailed {
		return
	}
	if strings.Contains(ev.Output, "old_string is ambiguous") || strings.Contains(ev.Output, "old_string was not found") ||
		strings.Contains(ev.Output, "matches more than once") {
		m.mu.Lock()
		m.f.RefusedEdits++
		m.mu.Unlock()
	}
}

func (m *meter) OnRunEnd(run engine.Run) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.f.Turns = run.Turns
	m.f.Outcome = string(run.Outcome)
	m.answer = run.Output
}

// figures returns the figures so far, with the derived ones computed.
func (m *meter) figures() (Figures, string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	f := m.f
	f.WallMs = time.Since(m.started).Milliseconds()
	switch {
	case f.EvalMs > 0:
		f.TokensPerSec = float64(f.OutputTokens) / (float64(f.EvalMs) / 1000)
	case m.streamTime > 0:
		f.TokensPerSec = float64(f.OutputTokens) / m.streamTime.Seconds()
	}
	n := min(len(m.sent), len(m.evaluated))
	for i := range n {
		f.PromptTokensSent += m.sent[i]
		f.PromptTokensEvaluated += m.evaluated[i]
	}
	var sentLater, evalLater int
	for i := 1; i < n; i++ {
		sentLater += m.sent[i]
		evalLater += m.evaluated[i]
	}
	if sentLater > 0 {
		f.KVReuse = max(0, 1-float64(evalLater)/float64(sentLater))
	}
	return f, m.answer
}
