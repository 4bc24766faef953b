package remotemodels

import (
	"bytes"
	"encoding/json"
)

// The JSON of OpenAI's chat completions API that loopls sends and reads:
// POST {base}chat/completions with "stream": true, and GET {base}models.
// Only the fields loopls uses are modelled; a server's others are ignored.

// chatRequest is the body of a streamed chat completion.
type chatRequest struct {
	Model         string            `json:"model"`
	Messages      []chatMessage     `json:"messages"`
	Tools         []chatTool        `json:"tools,omitempty"`
	MaxTokens     int               `json:"max_tokens"`
	Stream        bool              `json:"stream"`
	StreamOptions chatStreamOptions `json:"stream_options"`
}

type chatStreamOptions struct {
	// IncludeUsage asks for a last chunk with the usage of the whole call.
	IncludeUsage bool `json:"include_usage"`
}

// chatMessage is one message of the conversation. Content is nil only for an
// assistant turn that is only tool calls.
type chatMessage struct {
	Role       string         `json:"role"`
	Content    *string        `json:"content,omitempty"`
	ToolCalls  []chatToolCall `json:"tool_calls,omitempty"`
	ToolCallID string         `json:"tool_call_id,omitempty"`
}

type chatToolCall struct {
	ID       string           `json:"id"`
	Type     string           `json:"type"` // "function"
	Function chatFunctionCall `json:"function"`
}

type chatFunctionCall struct {
	Name      string `json:"name"`
	Arguments string `json:"arguments"` // JSON text
}

type chatTool struct {
	Type     string          `json:"type"` // "function"
	Function chatFunctionDef `json:"function"`
}

type chatFunctionDef struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Parameters  json.RawMessage `json:"parameters"` // a JSON schema object
}

// chatChunk is one chat.completion.chunk of the stream, or an error event
// some servers send instead of one.
type chatChunk struct {
	Choices []chatChoice    `json:"choices"`
	Usage   *chatUsage      `json:"usage"`
	Error   json.RawMessage `json:"error"`
}

type chatChoice struct {
	Index        int64     `json:"index"`
	Delta        chatDelta `json:"delta"`
	FinishReason string    `json:"finish_reason"`
}

type chatDelta struct {
	Content string `json:"content"`
	// ReasoningContent and Reasoning carry reasoning text beside content,
	// under the two names servers use (vLLM, llama.cpp, OpenRouter, LM
	// Studio); a server that puts something else there is not followed.
	ReasoningContent json.RawMessage     `json:"reasoning_content"`
	Reasoning        json.RawMessage     `json:"reasoning"`
	ToolCalls        []chatToolCallDelta `json:"tool_calls"`
}

// chatToolCallDelta is one fragment of a tool call: the first of an index
// carries the id and the name, the rest pieces of the arguments.
type chatToolCallDelta struct {
	Index    int64             `json:"index"`
	ID       string            `json:"id"`
	Function chatFunctionDelta `json:"function"`
}

type chatFunctionDelta struct {
	Name      string      `json:"name"`
	Arguments lenientText `json:"arguments"`
}

type chatUsage struct {
	PromptTokens     int64 `json:"prompt_tokens"`
	CompletionTokens int64 `json:"completion_tokens"`
}

// chatModelList is the answer of GET {base}models.
type chatModelList struct {
	Data []chatModel `json:"data"`
}

// chatModel is one listed model with the fields OpenAI-compatible servers
// use, beyond OpenAI's own schema, for its window: OpenRouter, vLLM, LM
// Studio, and others.
type chatModel struct {
	ID               string          `json:"id"`
	ContextLength    json.RawMessage `json:"context_length"`
	MaxModelLen      json.RawMessage `json:"max_model_len"`
	MaxContextLength json.RawMessage `json:"max_context_length"`
	ContextWindow    json.RawMessage `json:"context_window"`
}

// window is the first of the window fields that is a positive integer.
func (m chatModel) window() int {
	for _, raw := range []json.RawMessage{m.ContextLength, m.MaxModelLen, m.MaxContextLength, m.ContextWindow} {
		var n int
		if len(raw) > 0 && json.Unmarshal(raw, &n) == nil && n > 0 {
			return n
		}
	}
	return 0
}

// lenientText is a string some servers send as another JSON value: a
// string is its text, null nothing, and anything else (tool arguments as
// an object) its JSON text.
type lenientText string

func (t *lenientText) UnmarshalJSON(raw []byte) error {
	var s string
	switch {
	case bytes.Equal(raw, []byte("null")):
		*t = ""
	case json.Unmarshal(raw, &s) == nil:
		*t = lenientText(s)
	default:
		*t = lenientText(raw)
	}
	return nil
}

// jsonString returns raw's text when raw is a JSON string, else "".
func jsonString(raw json.RawMessage) string {
	var s string
	if len(raw) == 0 || json.Unmarshal(raw, &s) != nil {
		return ""
	}
	return s
}
