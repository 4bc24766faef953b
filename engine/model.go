package engine

import (
	"context"
	"encoding/json"
	"github.com/loopls/loopls/engine/machine"
	"time"
)

// Lane names one stream of deltas within a model response.
type Lane string

// The lanes a response streams on. The assembled message is exactly the
// concatenation of each lane's deltas.
const (
	LaneText     Lane = "text"
	LaneThinking Lane = "thinking"
	LaneTool     Lane = "tool"
)

// Delta is one piece of a streamed response. On LaneTool, ToolCall holds a
// whole call once the adapter has assembled it (providers that stream argument
// fragments are assembled inside the adapter).
type Delta struct {
	Lane     Lane
	Text     string
	ToolCall *machine.ToolCall
}

// ToolSpec is what the model is told about one tool: its name, what it does,
// and the JSON schema of its arguments.
type ToolSpec struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Parameters  json.RawMessage `json:"parameters"`
}

// ModelRequest is one model call.
type ModelRequest struct {
	System   string
	Messages []machine.Message
	Tools    []ToolSpec
	// ContextWindow is the effective window in tokens for this call (0 = the
	// provider's default). Adapters that can set it (Ollama's num_ctx) must.
	ContextWindow int
}

// Usage is what the provider reported for one call. Zero means "not reported".
type Usage struct {
	InputTokens  int `json:"inputTokens"`
	OutputTokens int `json:"outputTokens"`
}

// ModelResponse is a finished model call.
type ModelResponse struct {
	Message    machine.Message
	Usage      Usage
	StopReason string // provider's words: "stop", "length", "tool_calls", …
	Model      string // the model that served the call
	// TextCalls is set when the calls were read from the answer's text
	// (ParseTextCalls), not sent as the provider's tool calls: the format.
	TextCalls TextCallFormat
	// Timings are the server's own account of the call, when it gives one
	// (Ollama does); zero otherwise.
	Timings Timings
}

// Timings are how long a server says it spent on one model call.
type Timings struct {
	Load       time.Duration // loading the model before the call
	PromptEval time.Duration // evaluating the prompt tokens not already cached
	Eval       time.Duration // generating the answer
}

// Model is a chat model that streams. Implementations live outside the engine
// (localmodels, remotemodels) and the engine imports none of them.
//
// Stream calls onDelta for every piece as it arrives, in order, from the
// calling goroutine, and returns the assembled response. It must return
// promptly once ctx is done, closing the underlying request, with an error
// for which errors.Is(err, context.Canceled) holds. A failure the caller may
// retry (connection reset, 429, 5xx, a stream cut or stalled) is reported as
// an *APIError with Transient set.
type Model interface {
	Name() string
	Stream(ctx context.Context, req ModelRequest, onDelta func(Delta)) (ModelResponse, error)
}

// WindowProber is implemented by models that can say how large their context
// window is (Ollama's /api/show). A return of 0 means unknown.
type WindowProber interface {
	ContextWindow(ctx context.Context) (int, error)
}
