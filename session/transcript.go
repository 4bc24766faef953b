package session

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// EntryKind says what one transcript entry shows.
type EntryKind string

// The kinds of transcript entries, in the order a run usually makes them.
const (
	// EntryPrompt is the user's prompt as typed, with the context attached.
	EntryPrompt EntryKind = "prompt"
	// EntryThinking is a model's reasoning before an answer or tool calls.
	EntryThinking EntryKind = "thinking"
	// EntryAnswer is text the model wrote to the user.
	EntryAnswer EntryKind = "answer"
	// EntryToolCall is one tool call, its arguments, status and output.
	EntryToolCall EntryKind = "toolCall"
	// EntryNotice is something the loop did that the user should see: a
	// compaction, a model fallback, a loop stopped.
	EntryNotice EntryKind = "notice"
)

// Caps of what a transcript keeps. The model saw everything; the transcript
// is for drawing the conversation again, so long outputs are cut and say so.
const (
	// MaxEntryOutput caps one tool call's output.
	MaxEntryOutput = 4 << 10
	// MaxEntryArguments caps one tool call's arguments (write_file content).
	MaxEntryArguments = 16 << 10
	// MaxEntryText caps one answer or thinking entry.
	MaxEntryText = 64 << 10
)

// Entry is one thing a run showed: loopls/session returns each run's
// entries in order, enough to draw the conversation again.
type Entry struct {
	Kind EntryKind `json:"kind"`
	// Text is the prompt, the answer, the thinking or the notice.
	Text string `json:"text,omitempty"`
	// TextTruncated says Text was cut at MaxEntryText bytes.
	TextTruncated bool `json:"textTruncated,omitempty"`
	// Partial marks an answer or thinking the run ended in the middle of
	// (cancelled or failed mid-stream).
	Partial bool `json:"partial,omitempty"`
	// Context lists what the user attached to the prompt.
	Context []Attached `json:"context,omitempty"`

	// ID, Name, Arguments, Status and Output describe a tool call.
	ID        machine.ToolCallID `json:"id,omitempty"`
	Name      string             `json:"name,omitempty"`
	Arguments json.RawMessage    `json:"arguments,omitempty"`
	// ArgumentsTruncated: the arguments were longer than MaxEntryArguments;
	// Arguments is then a JSON string holding their first bytes.
	ArgumentsTruncated bool              `json:"argumentsTruncated,omitempty"`
	Status             engine.ToolStatus `json:"status,omitempty"`
	Output             string            `json:"output,omitempty"`
	// OutputTruncated says Output was cut at MaxEntryOutput bytes.
	OutputTruncated bool `json:"outputTruncated,omitempty"`
}

// recorder builds one run's transcript from its events. Tool callbacks come
// from the tools' goroutines, hence the lock.
type recorder struct {
	engine.NopObserver

	mu       sync.Mutex
	entries  []Entry
	calls    map[machine.ToolCallID]int // index of each call's entry
	text     strings.Builder            // the turn's answer streamed so far
	thinking strings.Builder            // the turn's thinking streamed so far
}

func newRecorder(prompt string, attached []Attached) *recorder {
	return &recorder{
		entries: []Entry{{Kind: EntryPrompt, Text: prompt, Context: attached}},
		calls:   make(map[machine.ToolCallID]int),
	}
}

// capText cuts s to at most n bytes on a rune boundary.
func capText(s string, n int) (string, bool) {
	if len(s) <= n {
		return s, false
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n], true
}

func (r *recorder) addText(kind EntryKind, s string, partial bool) {
	if strings.TrimSpace(s) == "" {
		return
	}
	t, cut := capText(s, MaxEntryText)
	r.entries = append(r.entries, Entry{Kind: kind, Text: t, TextTruncated: cut, Partial: partial})
}

func (r *recorder) OnDelta(_ machine.RunID, lane engine.Lane, text string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch lane {
	case engine.LaneText:
		if r.text.Len() < MaxEntryText {
			r.text.WriteString(text)
		}
	case engine.LaneThinking:
		if r.thinking.Len() < MaxEntryText {
			r.thinking.WriteString(text)
		}
	}
}

func (r *recorder) OnResponse(_ machine.RunID, _ int, resp engine.ModelResponse) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.text.Reset()
	r.thinking.Reset()
	m := resp.Message
	r.addText(EntryThinking, m.Thinking, false)
	r.addText(EntryAnswer, m.Content, false)
	for _, c := range m.ToolCalls {
		r.call(c).Status = engine.ToolPending
	}
}

// call returns the entry of c, adding it if it is new.
func (r *recorder) call(c machine.ToolCall) *Entry {
	if i, ok := r.calls[c.ID]; ok && c.ID != "" {
		return &r.entries[i]
	}
	e := Entry{Kind: EntryToolCall, ID: c.ID, Name: c.Name, Arguments: json.RawMessage(c.Arguments)}
	if len(e.Arguments) == 0 {
		e.Arguments = json.RawMessage("{}")
	}
	if len(e.Arguments) > MaxEntryArguments || !json.Valid(e.Arguments) {
		head, cut := capText(string(e.Arguments), MaxEntryArguments)
		e.Arguments, _ = json.Marshal(head)
		e.ArgumentsTruncated = cut
	}
	r.entries = append(r.entries, e)
	r.calls[c.ID] = len(r.entries) - 1
	return &r.entries[len(r.entries)-1]
}

func (r *recorder) OnToolPre(ev engine.ToolEvent) {
	r.mu.Lock()
	defer r.mu.Unlock()
	e := r.call(ev.Call)
	e.Status = ev.Status
	if e.Status == "" || e.Status == engine.ToolCompleted || e.Status == engine.ToolFailed {
		e.Status = engine.ToolRunning
	}
}

func (r *recorder) OnToolPost(ev engine.ToolEvent) {
	r.mu.Lock()
	defer r.mu.Unlock()
	e := r.call(ev.Call)
	e.Status = ev.Status
	if e.Status == "" || e.Status == engine.ToolPending || e.Status == engine.ToolRunning {
		e.Status = engine.ToolCompleted
	}
	e.Output, e.OutputTruncated = capText(ev.Output, MaxEntryOutput)
}

func (r *recorder) OnCompaction(_ machine.RunID, reason string, before, after int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.entries = append(r.entries, Entry{Kind: EntryNotice,
		Text: fmt.Sprintf("The conversation was compacted (%s): about %d tokens became %d.", reason, before, after)})
}

func (r *recorder) OnFallback(_ machine.RunID, from, to string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.entries = append(r.entries, Entry{Kind: EntryNotice, Text: fmt.Sprintf("Switched from model %s to %s.", from, to)})
}

func (r *recorder) OnLoopDetected(_ machine.RunID, tool string, repeats int, stopped bool) {
	if !stopped {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.entries = append(r.entries, Entry{Kind: EntryNotice, Text: fmt.Sprintf("Stopped a loop: %s was called %d times the same way.", tool, repeats)})
}

// finish closes the transcript when the run has ended: what was streamed
// and never completed becomes a partial entry, and a tool call that never
// finished is cancelled.
func (r *recorder) finish() []Entry {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.addText(EntryThinking, r.thinking.String(), true)
	r.addText(EntryAnswer, r.text.String(), true)
	r.text.Reset()
	r.thinking.Reset()
	for i := range r.entries {
		e := &r.entries[i]
		if e.Kind == EntryToolCall && (e.Status == engine.ToolPending || e.Status == engine.ToolRunning) {
			e.Status = engine.ToolCancelled
		}
	}
	out := make([]Entry, len(r.entries))
	copy(out, r.entries)
	return out
}
