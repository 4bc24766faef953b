package engine

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"

	"github.com/loopls/loopls/engine/machine"
)

// Tool calls written as text.
//
// A model whose chat template or server misses a tool call (a small model
// through Ollama, llama.cpp's server without --jinja, vLLM without a tool
// parser) leaves it in the answer's text. The driver reads such an answer
// back into calls here, for every adapter, after the stream ends
// (streamOnce). The rule is strict so that prose is never taken for a call:
//
//   - the whole answer, whitespace aside, is calls in one format; prose
//     before, between or after them makes the answer prose, since a call
//     shown inside an explanation is an example, not a request;
//   - every call names a tool the request offered and its arguments decode
//     to a JSON object (a JSON string holding one is decoded, as
//     ObjectArguments does); one call that does not makes the whole answer
//     prose, never half a turn of calls.
//
// The formats, each a TextCallFormat: Qwen and Hermes <tool_call>…</tool_call>
// (one or several), a fenced ```json (or bare ```) block, a bare JSON object
// (or array of them), Llama 3.x's <|python_tag|> prefix, and Mistral's
// [TOOL_CALLS] prefix. A call object is {"name", "arguments"}, with Llama's
// "parameters" for "arguments", or OpenAI's {"function": {"name",
// "arguments"}}. The JSON is read by encoding/json's Decoder over each
// candidate span, never by patterns.

// TextCallFormat names the text format calls were read from.
type TextCallFormat string

// The formats ParseTextCalls reads.
const (
	FormatToolCallTag TextCallFormat = "tool_call_tag" // <tool_call>{…}</tool_call>, Qwen and Hermes
	FormatFencedJSON  TextCallFormat = "fenced_json"   // ```json\n{…}\n```
	FormatBareJSON    TextCallFormat = "bare_json"     // {…} or [{…}, …] as the whole answer
	FormatPythonTag   TextCallFormat = "python_tag"    // <|python_tag|>{…}, Llama 3.x
	FormatMistral     TextCallFormat = "mistral"       // [TOOL_CALLS][{…}, …]
)

// The markers of the formats.
const (
	tagToolCall    = "<tool_call>"
	tagToolCallEnd = "</tool_call>"
	fence          = "```"
	tagPython      = "<|python_tag|>"
	tagMistral     = "[TOOL_CALLS]"
)

// llamaEndTokens are the end-of-message tokens Llama 3.x may leave after a
// <|python_tag|> call when a server passes special tokens through.
var llamaEndTokens = []string{"<|eom_id|>", "<|eot_id|>"}

// ParseTextCalls returns the tool calls text spells and their format, when
// the whole text is calls to tools named in offered (see the rule above);
// else nil, and the text is the answer. The calls carry canonical
// arguments and no ids (the driver gives them ids).
func ParseTextCalls(text string, offered []string) ([]machine.ToolCall, TextCallFormat) {
	s := strings.TrimSpace(text)
	if s == "" || len(offered) == 0 {
		return nil, ""
	}
	var (
		vals   []json.RawMessage
		ok     bool
		format TextCallFormat
	)
	switch {
	case strings.HasPrefix(s, tagToolCall):
		vals, ok, format = taggedValues(s), true, FormatToolCallTag
	case strings.HasPrefix(s, fence):
		vals, ok, format = fencedValues(s), true, FormatFencedJSON
	case strings.HasPrefix(s, tagPython):
		rest := strings.TrimSpace(s[len(tagPython):])
		for _, end := range llamaEndTokens {
			rest = strings.TrimSpace(strings.TrimSuffix(rest, end))
		}
		vals, ok = jsonValues(rest)
		format = FormatPythonTag
	case strings.HasPrefix(s, tagMistral):
		vals, ok = jsonValues(s[len(tagMistral):])
		format = FormatMistral
	case s[0] == '{' || s[0] == '[':
		vals, ok = jsonValues(s)
		format = FormatBareJSON
	}
	if !ok || len(vals) == 0 {
		return nil, ""
	}
	calls := make([]machine.ToolCall, 0, len(vals))
	for _, v := range vals {
		c, ok := callOf(v, offered)
		if !ok {
			return nil, ""
		}
		calls = append(calls, c)
	}
	return calls, format
}

// decodeValue reads one JSON value at the start of s (after whitespace) and
// returns it with the text that follows it.
func decodeValue(s string) (json.RawMessage, string, bool) {
	dec := json.NewDecoder(strings.NewReader(s))
	var v json.RawMessage
	if err := dec.Decode(&v); err != nil {
		return nil, "", false
	}
	return v, s[dec.InputOffset():], true
}

// expand turns one decoded value into the call candidates it holds: an
// object is one, an array is its elements.
func expand(v json.RawMessage) ([]json.RawMessage, bool) {
	v = bytes.TrimSpace(v)
	if len(v) == 0 {
		return nil, false
	}
	switch v[0] {
	case '{':
		return []json.RawMessage{v}, true
	case '[':
		var items []json.RawMessage
		if err := json.Unmarshal(v, &items); err != nil || len(items) == 0 {
			return nil, false
		}
		return items, true
	}
	return nil, false
}

// jsonValues reads s as one or more JSON objects or arrays of them,
// separated by whitespace or semicolons (Llama 3.2 joins several calls
// with ";"), and nothing else.
func jsonValues(s string) ([]json.RawMessage, bool) {
	var out []json.RawMessage
	for {
		s = strings.TrimLeft(s, " \t\r\n")
		if len(out) > 0 {
			s = strings.TrimLeft(s, " \t\r\n;")
		}
		if s == "" {
			return out, len(out) > 0
		}
		v, rest, ok := decodeValue(s)
		if !ok {
			return nil, false
		}
		items, ok := expand(v)
		if !ok {
			return nil, false
		}
		out = append(out, items...)
		s = rest
	}
}

// taggedValues reads s as one or more <tool_call>JSON</tool_call> blocks
// and nothing else. The last block's closing tag may be missing (a model
// stopped at it), the JSON must then end the text.
func taggedValues(s string) []json.RawMessage {
	var out []json.RawMessage
	for {
		s = strings.TrimSpace(s)
		if s == "" {
			return out
		}
		if !strings.HasPrefix(s, tagToolCall) {
			return nil
		}
		v, rest, ok := decodeValue(s[len(tagToolCall):])
		if !ok {
			return nil
		}
		items, ok := expand(v)
		if !ok {
			return nil
		}
		out = append(out, items...)
		rest = strings.TrimSpace(rest)
		switch {
		case strings.HasPrefix(rest, tagToolCallEnd):
			s = rest[len(tagToolCallEnd):]
		case rest == "":
			return out
		default:
			return nil
		}
	}
}

// fencedValues reads s as one or more fenced blocks, each ```json (or ```
// with no language) holding JSON calls, and nothing else.
func fencedValues(s string) []json.RawMessage {
	var out []json.RawMessage
	for {
		s = strings.TrimSpace(s)
		if s == "" {
			return out
		}
		if !strings.HasPrefix(s, fence) {
			return nil
		}
		s = s[len(fence):]
		nl := strings.IndexByte(s, '\n')
		if nl < 0 || !callFenceInfo(s[:nl]) {
			return nil
		}
		s = s[nl+1:]
		for {
			s = strings.TrimLeft(s, " \t\r\n")
			if strings.HasPrefix(s, fence) {
				s = s[len(fence):]
				break
			}
			v, rest, ok := decodeValue(s)
			if !ok {
				return nil
			}
			items, ok := expand(v)
			if !ok {
				return nil
			}
			out = append(out, items...)
			s = rest
		}
	}
}

// callFenceInfo reports whether a fence's info string may hold calls: none,
// or json.
func callFenceInfo(info string) bool {
	info = strings.TrimSpace(info)
	return info == "" || strings.EqualFold(info, "json")
}

// textCall is the shape of one call object.
type textCall struct {
	Name       *string         `json:"name"`
	Arguments  json.RawMessage `json:"arguments"`
	Parameters json.RawMessage `json:"parameters"`
	Function   *struct {
		Name      *string         `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	} `json:"function"`
}

// callOf reads one call object: it must name an offered tool and carry
// arguments (or parameters) that decode to an object.
func callOf(v json.RawMessage, offered []string) (machine.ToolCall, bool) {
	var c textCall
	if err := json.Unmarshal(v, &c); err != nil {
		return machine.ToolCall{}, false
	}
	name, args := c.Name, c.Arguments
	if args == nil {
		args = c.Parameters
	}
	if name == nil && c.Function != nil {
		name, args = c.Function.Name, c.Function.Arguments
	}
	if name == nil || !slices.Contains(offered, *name) || args == nil {
		return machine.ToolCall{}, false
	}
	obj, ok := ObjectArguments(args)
	if !ok {
		return machine.ToolCall{}, false
	}
	return machine.ToolCall{Name: *name, Arguments: machine.RawJSON(obj)}, true
}
