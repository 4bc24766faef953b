package remotemodels

import "encoding/json"

// The JSON of Anthropic's Messages API that loopls sends and reads: POST
// /v1/messages with "stream": true, GET /v1/models and /v1/models/{id}.
// Only the fields loopls uses are modelled.

// anthropicVersion is the API version every request names.
const anthropicVersion = "2023-06-01"

// msgRequest is the body of a streamed Messages call.
type msgRequest struct {
	Model     string       `json:"model"`
	MaxTokens int          `json:"max_tokens"`
	System    []msgBlock   `json:"system,omitempty"`
	Messages  []msgMessage `json:"messages"`
	Tools     []msgTool    `json:"tools,omitempty"`
	Stream    bool         `json:"stream"`
}

// msgMessage is one turn: "user" or "assistant", strictly alternating.
type msgMessage struct {
	Role    string     `json:"role"`
	Content []msgBlock `json:"content"`
}

// msgBlock is a content block: text, tool_use or tool_result.
type msgBlock struct {
	Type string `json:"type"`
	// text
	Text *string `json:"text,omitempty"`
	// tool_use
	ID    string          `json:"id,omitempty"`
	Name  string          `json:"name,omitempty"`
	Input json.RawMessage `json:"input,omitempty"`
	// tool_result
	ToolUseID string     `json:"tool_use_id,omitempty"`
	Content   []msgBlock `json:"content,omitempty"`
	IsError   *bool      `json:"is_error,omitempty"`
}

func textBlock(s string) msgBlock { return msgBlock{Type: "text", Text: &s} }

func toolUseBlock(id, name string, input json.RawMessage) msgBlock {
	return msgBlock{Type: "tool_use", ID: id, Name: name, Input: input}
}

func toolResultBlock(id, content string, isError bool) msgBlock {
	return msgBlock{Type: "tool_result", ToolUseID: id, Content: []msgBlock{textBlock(content)}, IsError: &isError}
}

type msgTool struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	InputSchema json.RawMessage `json:"input_schema"`
}

// msgEvent is one event of the stream; its "type" says which fields it
// fills.
type msgEvent struct {
	Type  string `json:"type"`
	Index int64  `json:"index"`
	// message_start
	Message struct {
		Usage msgUsage `json:"usage"`
	} `json:"message"`
	// content_block_start
	ContentBlock struct {
		Type     string `json:"type"`
		ID       string `json:"id"`
		Name     string `json:"name"`
		Text     string `json:"text"`
		Thinking string `json:"thinking"`
	} `json:"content_block"`
	// content_block_delta, message_delta
	Delta struct {
		Type        string      `json:"type"`
		Text        string      `json:"text"`
		Thinking    string      `json:"thinking"`
		PartialJSON lenientText `json:"partial_json"`
		StopReason  string      `json:"stop_reason"`
	} `json:"delta"`
	// message_delta
	Usage msgUsage `json:"usage"`
	// error
	Error struct {
		Type    string `json:"type"`
		Message string `json:"message"`
	} `json:"error"`
}

type msgUsage struct {
	InputTokens              int64 `json:"input_tokens"`
	CacheCreationInputTokens int64 `json:"cache_creation_input_tokens"`
	CacheReadInputTokens     int64 `json:"cache_read_input_tokens"`
	OutputTokens             int64 `json:"output_tokens"`
}

// input is the usage's input tokens, cached or not.
func (u msgUsage) input() int64 {
	return u.InputTokens + u.CacheCreationInputTokens + u.CacheReadInputTokens
}

// msgModel is one model of GET /v1/models, or GET /v1/models/{id}.
type msgModel struct {
	ID             string `json:"id"`
	MaxInputTokens int64  `json:"max_input_tokens"`
}

// msgModelPage is one page of GET /v1/models.
type msgModelPage struct {
	Data    []msgModel `json:"data"`
	HasMore bool       `json:"has_more"`
	LastID  string     `json:"last_id"`
}
