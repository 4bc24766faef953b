package localmodels

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// toChatMessages converts the conversation to Ollama's messages, the system
// prompt first.
func toChatMessages(system string, msgs []machine.Message) []chatMessage {
	out := make([]chatMessage, 0, len(msgs)+1)
	if system != "" {
		out = append(out, chatMessage{Role: "system", Content: system})
	}
	for _, m := range msgs {
		cm := chatMessage{
			Role:     string(m.Role),
			Content:  m.Content,
			Thinking: m.Thinking,
		}
		switch m.Role {
		case machine.RoleAssistant:
			for i, c := range m.ToolCalls {
				cm.ToolCalls = append(cm.ToolCalls, toChatToolCall(i, c))
			}
		case machine.RoleTool:
			cm.ToolName = m.ToolName
			cm.ToolCallID = string(m.ToolCallID)
			if m.IsError {
				// Ollama has no error flag on a tool result; say it in words
				// so the model knows to correct itself.
				cm.Content = "error: " + m.Content
			}
		}
		out = append(out, cm)
	}
	return out
}

// toChatToolCall converts a call of the history back to Ollama's form.
// Arguments that are not a JSON object (a malformed call kept as a string)
// go back as an empty object: the tool's error result already told the model.
func toChatToolCall(index int, c machine.ToolCall) chatToolCall {
	args := json.RawMessage("{}")
	if raw := bytes.TrimSpace(c.Arguments); len(raw) > 0 && raw[0] == '{' && json.Valid(raw) {
		args = json.RawMessage(raw)
	}
	return chatToolCall{
		ID:       string(c.ID),
		Function: chatFunctionCall{Index: index, Name: c.Name, Arguments: args},
	}
}

// toChatTools converts the engine's tool specs; their parameters are JSON
// schemas, which Ollama takes as they are. A schema without "type" or
// "properties" gets "object" and {}, which Ollama's templates expect.
func toChatTools(specs []engine.ToolSpec) ([]chatTool, error) {
	if len(specs) == 0 {
		return nil, nil
	}
	tools := make([]chatTool, 0, len(specs))
	for _, s := range specs {
		params, err := schemaObject(s)
		if err != nil {
			return nil, err
		}
		tools = append(tools, chatTool{
			Type:     "function",
			Function: chatFunctionDef{Name: s.Name, Description: s.Description, Parameters: params},
		})
	}
	return tools, nil
}

// schemaObject returns a tool's parameters as the schema object to send.
func schemaObject(s engine.ToolSpec) (json.RawMessage, error) {
	raw := bytes.TrimSpace(s.Parameters)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return json.RawMessage(`{"type":"object","properties":{}}`), nil
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		return nil, fmt.Errorf("tool %q: its parameters are not a JSON schema object: %w", s.Name, err)
	}
	if obj == nil {
		return nil, fmt.Errorf("tool %q: its parameters are not a JSON schema object", s.Name)
	}
	_, hasType := obj["type"]
	props, hasProps := obj["properties"]
	if hasType && hasProps && !bytes.Equal(bytes.TrimSpace(props), []byte("null")) {
		return json.RawMessage(raw), nil // as given, key order and all
	}
	if !hasType {
		obj["type"] = json.RawMessage(`"object"`)
	}
	if !hasProps || bytes.Equal(bytes.TrimSpace(props), []byte("null")) {
		obj["properties"] = json.RawMessage(`{}`)
	}
	out, err := json.Marshal(obj)
	if err != nil {
		return nil, fmt.Errorf("tool %q: its parameters: %w", s.Name, err)
	}
	return out, nil
}
