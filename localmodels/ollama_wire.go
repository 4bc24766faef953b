package localmodels

import (
	"encoding/json"
	"strconv"
	"time"
)

// The JSON of Ollama's native API that loopls sends and reads (Ollama's
// docs/api.md): POST /api/chat streamed as NDJSON, POST /api/show, GET
// /api/tags. Only the fields loopls uses are modelled; a server's others
// are ignored.

// chatRequest is the body of a streamed /api/chat call.
type chatRequest struct {
	Model    string        `json:"model"`
	Messages []chatMessage `json:"messages"`
	Tools    []chatTool    `json:"tools,omitempty"`
	Stream   bool          `json:"stream"`
	// Think is true or false, or "low", "medium", "high" for the models
	// that take a level; nil leaves the model's default.
	Think     any         `json:"think,omitempty"`
	Options   chatOptions `json:"options"`
	KeepAlive *keepAlive  `json:"keep_alive,omitempty"`
	// Truncate and Shift are always sent false: an over-long prompt is an
	// error, never a silent cut of the conversation.
	Truncate bool `json:"truncate"`
	Shift    bool `json:"shift"`
}

// chatOptions are the model options loopls sets.
type chatOptions struct {
	// NumCtx is the context window to load the model with; 0 leaves the
	// server's default.
	NumCtx int `json:"num_ctx,omitempty"`
	// NumPredict bounds the tokens of one answer.
	NumPredict int `json:"num_predict"`
}

// chatMessage is one message of the conversation, sent or streamed back.
// Role is system, user, assistant or tool.
type chatMessage struct {
	Role       string         `json:"role"`
	Content    string         `json:"content"`
	Thinking   string         `json:"thinking,omitempty"`
	ToolCalls  []chatToolCall `json:"tool_calls,omitempty"`
	ToolName   string         `json:"tool_name,omitempty"`
	ToolCallID string         `json:"tool_call_id,omitempty"`
}

type chatToolCall struct {
	ID       string           `json:"id,omitempty"`
	Function chatFunctionCall `json:"function"`
}

type chatFunctionCall struct {
	Index int    `json:"index"`
	Name  string `json:"name"`
	// Arguments is a JSON object, not a string as in OpenAI's API.
	Arguments json.RawMessage `json:"arguments"`
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

// chatChunk is one line of a /api/chat stream: a piece of the message,
// and on the last line done with the reason and token counts. A line
// with error instead is the server's failure mid-stream.
type chatChunk struct {
	Message         chatMessage `json:"message"`
	Done            bool        `json:"done"`
	DoneReason      string      `json:"done_reason"`
	PromptEvalCount int         `json:"prompt_eval_count"`
	EvalCount       int         `json:"eval_count"`
	// The server's timings, in nanoseconds, on the done line.
	LoadDuration       int64  `json:"load_duration"`
	PromptEvalDuration int64  `json:"prompt_eval_duration"`
	EvalDuration       int64  `json:"eval_duration"`
	Error              string `json:"error"`
}

// keepAlive is how long the server keeps the model loaded after the
// request: a Go duration string, or -1 for ever.
type keepAlive struct{ d time.Duration }

func (k keepAlive) MarshalJSON() ([]byte, error) {
	if k.d < 0 {
		return []byte("-1"), nil
	}
	return []byte(strconv.Quote(k.d.String())), nil
}

// showRequest is the body of POST /api/show.
type showRequest struct {
	Model string `json:"model"`
}

// showResponse is what loopls reads of /api/show. The values of
// model_info stay raw: only two of its keys are read, and a model's
// metadata can be large.
type showResponse struct {
	Capabilities []string                   `json:"capabilities"`
	ModelInfo    map[string]json.RawMessage `json:"model_info"`
}

// tagsResponse is what loopls reads of GET /api/tags.
type tagsResponse struct {
	Models []struct {
		Name  string `json:"name"`
		Model string `json:"model"`
		Size  int64  `json:"size"` // the model's file, in bytes
	} `json:"models"`
}

// errorBody is Ollama's error answer, {"error":"…"}, with an error status
// or as a line of a stream.
type errorBody struct {
	Error string `json:"error"`
}
