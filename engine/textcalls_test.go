package engine

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/loopls/loopls/engine/machine"
)

var offeredTools = []string{"read_file", "list_dir", "grep"}

// TestParseTextCallsFormats is the corpus: one case per family's format,
// each as a model writes it, and the prose that must stay the answer.
func TestParseTextCallsFormats(t *testing.T) {
	read := machine.ToolCall{Name: "read_file", Arguments: machine.RawJSON(`{"path":"main.go"}`)}
	list := machine.ToolCall{Name: "list_dir", Arguments: machine.RawJSON(`{"path":"."}`)}
	cases := []struct {
		name   string
		text   string
		want   []machine.ToolCall
		format TextCallFormat
	}{
		{"qwen tool_call", "<tool_call>\n{\"name\": \"read_file\", \"arguments\": {\"path\": \"main.go\"}}\n</tool_call>", []machine.ToolCall{read}, FormatToolCallTag},
		{"hermes two tool_calls", "<tool_call>\n{\"name\": \"read_file\", \"arguments\": {\"path\": \"main.go\"}}\n</tool_call>\n<tool_call>\n{\"name\": \"list_dir\", \"arguments\": {\"path\": \".\"}}\n</tool_call>", []machine.ToolCall{read, list}, FormatToolCallTag},
		{"tool_call without its closing tag", "<tool_call>{\"name\":\"read_file\",\"arguments\":{\"path\":\"main.go\"}}", []machine.ToolCall{read}, FormatToolCallTag},
		{"closing tag inside a string", "<tool_call>{\"name\":\"grep\",\"arguments\":{\"pattern\":\"</tool_call>\"}}</tool_call>", []machine.ToolCall{{Name: "grep", Arguments: machine.RawJSON(`{"pattern":"</tool_call>"}`)}}, FormatToolCallTag},
		{"fenced json", "```json\n{\"name\": \"read_file\", \"arguments\": {\"path\": \"main.go\"}}\n```", []machine.ToolCall{read}, FormatFencedJSON},
		{"fenced without language, an array", "```\n[{\"name\": \"read_file\", \"arguments\": {\"path\": \"main.go\"}}, {\"name\": \"list_dir\", \"arguments\": {\"path\": \".\"}}]\n```\n", []machine.ToolCall{read, list}, FormatFencedJSON},
		{"bare object", "  {\"name\": \"read_file\", \"arguments\": {\"path\": \"main.go\"}}\n", []machine.ToolCall{read}, FormatBareJSON},
		{"llama parameters", `{"type": "function", "name": "read_file", "parameters": {"path": "main.go"}}`, []machine.ToolCall{read}, FormatBareJSON},
		{"llama python_tag", "<|python_tag|>{\"name\": \"read_file\", \"parameters\": {\"path\": \"main.go\"}}<|eom_id|>", []machine.ToolCall{read}, FormatPythonTag},
		{"llama calls joined by semicolons", `{"name": "read_file", "parameters": {"path": "main.go"}}; {"name": "list_dir", "parameters": {"path": "."}}`, []machine.ToolCall{read, list}, FormatBareJSON},
		{"mistral", `[TOOL_CALLS] [{"name": "read_file", "arguments": {"path": "main.go"}}]`, []machine.ToolCall{read}, FormatMistral},
		{"arguments as a JSON string", `{"name": "read_file", "arguments": "{\"path\": \"main.go\"}"}`, []machine.ToolCall{read}, FormatBareJSON},
		{"openai function object", `{"type":"function","function":{"name":"read_file","arguments":"{\"path\":\"main.go\"}"}}`, []machine.ToolCall{read}, FormatBareJSON},

		// Prose stays the answer.
		{"prose explaining an API", "The endpoint takes a body like this:\n```json\n{\"name\": \"read_file\", \"arguments\": {\"path\": \"main.go\"}}\n```", nil, ""},
		{"a call followed by prose", "{\"name\": \"read_file\", \"arguments\": {\"path\": \"main.go\"}}\nThat reads the file.", nil, ""},
		{"a call inside prose", "I would call <tool_call>{\"name\":\"read_file\",\"arguments\":{\"path\":\"main.go\"}}</tool_call> next.", nil, ""},
		{"JSON naming no offered tool", `{"name": "Alice", "arguments": {"age": 3}}`, nil, ""},
		{"unknown tool", `<tool_call>{"name": "open_file", "arguments": {"path": "main.go"}}</tool_call>`, nil, ""},
		{"one of two calls unknown", "<tool_call>{\"name\":\"read_file\",\"arguments\":{\"path\":\"main.go\"}}</tool_call><tool_call>{\"name\":\"open_file\",\"arguments\":{}}</tool_call>", nil, ""},
		{"arguments not an object", `{"name": "read_file", "arguments": ["main.go"]}`, nil, ""},
		{"no arguments", `{"name": "read_file"}`, nil, ""},
		{"plain data object", `{"path": "main.go", "lines": 12}`, nil, ""},
		{"half a call", `<tool_call>{"name": "read_file", "arguments": {"path": "ma`, nil, ""},
		{"a go fence", "```go\nfunc main() {}\n```", nil, ""},
		{"a markdown link", "[read_file](https://example.com) reads files.", nil, ""},
		{"plain answer", "The file defines main.", nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, format := ParseTextCalls(c.text, offeredTools)
			if !slices.EqualFunc(got, c.want, sameCall) || format != c.format {
				t.Fatalf("ParseTextCalls(%q) = %s %q, want %s %q", c.text, showCalls(got), format, showCalls(c.want), c.format)
			}
		})
	}
	if got, _ := ParseTextCalls(`{"name":"read_file","arguments":{}}`, nil); got != nil {
		t.Errorf("a call read with no tools offered: %v", got)
	}
}

func sameCall(a, b machine.ToolCall) bool {
	return a.ID == b.ID && a.Name == b.Name && bytes.Equal(a.Arguments, b.Arguments)
}

func showCalls(calls []machine.ToolCall) string {
	var parts []string
	for _, c := range calls {
		parts = append(parts, c.Name+string(c.Arguments))
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// TestCallHoldReleasesAsSoonAsTheStartRulesCallsOut streams answers one
// byte at a time: prose, and starts that look like a format at first, are
// released at the byte that rules every format out.
func TestCallHoldReleasesAsSoonAsTheStartRulesCallsOut(t *testing.T) {
	cases := []struct {
		text     string
		heldUpTo int // bytes held before the release
	}{
		{"Hello", 0},
		{"  Hello", 2},
		{"```go\nfunc", 3},
		{"```json\nhello", 8},
		{"{name} is a placeholder", 1},
		{"[link](x)", 1},
		{"<tool>", 5},
		{"<tool_call>hello", 11},
		{"[TOOL_CALLS] hi", 13},
	}
	for _, c := range cases {
		h := newCallHold(1)
		var out strings.Builder
		released := -1
		for i := range len(c.text) {
			got := h.write(c.text[i : i+1])
			if got != "" && released < 0 {
				released = i
			}
			out.WriteString(got)
		}
		if released != c.heldUpTo || out.String() != c.text || h.holding() {
			t.Errorf("%q: released at byte %d (want %d), out %q, holding %v", c.text, released, c.heldUpTo, out.String(), h.holding())
		}
	}
	// A call is held whole.
	h := newCallHold(1)
	for _, s := range []string{"<tool", "_call>\n", `{"name":`, `"read_file"}`, "</tool_call>"} {
		if got := h.write(s); got != "" {
			t.Fatalf("released %q of a call", got)
		}
	}
	if !h.holding() {
		t.Fatal("a call is not held")
	}
	// Past MaxHeldText the text is released.
	if got := h.write(strings.Repeat(" ", MaxHeldText)); !strings.HasPrefix(got, "<tool_call>") || h.holding() {
		t.Fatalf("past MaxHeldText: released %d bytes, holding %v", len(got), h.holding())
	}
	if got := newCallHold(0).write("{"); got != "{" {
		t.Errorf("with no tools offered the hold held %q", "{")
	}
}

// FuzzTextCalls checks, for any answer text split into any deltas: a call
// read names an offered tool and has an object as arguments; an answer read
// as calls was never released by the hold (the user saw none of it); and
// what the hold released, plus what it still holds, is the text.
func FuzzTextCalls(f *testing.F) {
	for _, s := range []string{
		"<tool_call>\n{\"name\": \"read_file\", \"arguments\": {\"path\": \"main.go\"}}\n</tool_call>",
		"```json\n{\"name\": \"grep\", \"arguments\": \"{\\\"pattern\\\": \\\"x\\\"}\"}\n```",
		`[TOOL_CALLS][{"name": "list_dir", "arguments": {"path": "."}}]`,
		`<|python_tag|>{"name": "read_file", "parameters": {"path": "a"}}<|eot_id|>`,
		`{"name": "read_file", "parameters": {"path": "a"}}; {"name": "grep", "parameters": {}}`,
		"Some prose {\"name\": \"read_file\"}",
	} {
		f.Add(s, uint8(3))
	}
	f.Fuzz(func(t *testing.T, text string, step uint8) {
		calls, format := ParseTextCalls(text, offeredTools)
		if (calls == nil) != (format == "") {
			t.Fatalf("calls %v with format %q", calls, format)
		}
		for _, c := range calls {
			if !slices.Contains(offeredTools, c.Name) {
				t.Fatalf("call to %q, not offered", c.Name)
			}
			var obj map[string]any
			if err := json.Unmarshal(c.Arguments, &obj); err != nil || obj == nil {
				t.Fatalf("arguments %s are no object: %v", c.Arguments, err)
			}
		}
		n := int(step%16) + 1
		h := newCallHold(len(offeredTools))
		var out strings.Builder
		for i := 0; i < len(text); i += n {
			out.WriteString(h.write(text[i:min(i+n, len(text))]))
		}
		if calls != nil && len(text) <= MaxHeldText && out.Len() > 0 {
			t.Fatalf("text read as %s calls was shown: %q", format, out.String())
		}
		if out.String()+h.held.String() != text {
			t.Fatalf("released %q + held %q != text %q", out.String(), h.held.String(), text)
		}
	})
}
