package machine

import "errors"

// Role says who wrote a message.
type Role string

// The roles a conversation holds. Tool results are messages of role RoleTool,
// one message per result, as Ollama and OpenAI both expect them.
const (
	RoleSystem    Role = "system"
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
	RoleTool      Role = "tool"
)

// Typed identifiers keep a run id from being passed where a session id belongs.
type (
	// RunID names one run (one AcceptInput … Terminal walk).
	RunID string
	// SessionID names a session: committed history plus its runs.
	SessionID string
	// ToolCallID is the id a model gave one tool call.
	ToolCallID string
)

// ToolCall is one call the model asked for. Arguments is the JSON object the
// model produced, kept verbatim so nothing is lost in a round trip.
type ToolCall struct {
	ID        ToolCallID `json:"id"`
	Name      string     `json:"name"`
	Arguments RawJSON    `json:"arguments,omitempty"`
}

// Message is one entry of a conversation.
//
// An assistant message may carry Thinking and ToolCalls beside Content. A tool
// result is a RoleTool message naming the call it answers (ToolCallID,
// ToolName); IsError marks a result that reports a failure to the model.
type Message struct {
	Role       Role       `json:"role"`
	Content    string     `json:"content,omitempty"`
	Thinking   string     `json:"thinking,omitempty"`
	ToolCalls  []ToolCall `json:"tool_calls,omitempty"`
	ToolCallID ToolCallID `json:"tool_call_id,omitempty"`
	ToolName   string     `json:"tool_name,omitempty"`
	IsError    bool       `json:"is_error,omitempty"`
}

// UserMessage returns a user message holding text.
func UserMessage(text string) Message { return Message{Role: RoleUser, Content: text} }

// ToolResultMessage returns the message that answers call with output.
func ToolResultMessage(call ToolCall, output string, isError bool) Message {
	return Message{Role: RoleTool, Content: output, ToolCallID: call.ID, ToolName: call.Name, IsError: isError}
}

// RawJSON is an encoded JSON value kept verbatim, as encoding/json's
// RawMessage is: it encodes as itself. (This package imports no
// encoding/json, whose dependencies do I/O.)
type RawJSON []byte

// MarshalJSON returns r as its own encoding, null when r is nil.
func (r RawJSON) MarshalJSON() ([]byte, error) {
	if r == nil {
		return []byte("null"), nil
	}
	return r, nil
}

// UnmarshalJSON sets *r to a copy of data.
func (r *RawJSON) UnmarshalJSON(data []byte) error {
	if r == nil {
		return errors.New("machine.RawJSON: UnmarshalJSON on a nil pointer")
	}
	*r = append((*r)[0:0], data...)
	return nil
}
