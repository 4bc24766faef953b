package localmodels

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/ollama/ollama/api"

	"github.com/loopls/loopls/engine"
)

// toAPIMessages converts the conversation to Ollama's messages, the system
// prompt first.
func toAPIMessages(system string, msgs []engine.Message) []api.Message {
	out := make([]api.Message, 0, len(msgs)+1)
	if system != "" {
		out = append(out, api.Message{Role: "system", Content: system})
	}
	for _, m := range msgs {
		am := api.Message{
			Role:     string(m.Role),
			Content:  m.Content,
			Thinking: m.Thinking,
		}
		switch m.Role {
		case engine.RoleAssistant:
			for i, c := range m.ToolCalls {
				am.ToolCalls = append(am.ToolCalls, toAPIToolCall(i, c))
			}
		case engine.RoleTool:
			am.ToolName = m.ToolName
			am.ToolCallID = string(m.ToolCallID)
			if m.IsError {
				// Ollama has no error flag on a tool result; say it in words
				// so the model knows to correct itself.
				am.Content = "error: " + m.Content
			}
		}
		out = append(out, am)
	}
	return out
}

// toAPIToolCall converts a call of the history back to Ollama's form.
// Arguments that are not a JSON object (a malformed call kept as a string)
// go back as an empty object: the tool's error result already told the model.
func toAPIToolCall(index int, c engine.ToolCall) api.ToolCall {
	args := api.NewToolCallFunctionArguments()
	if raw := bytes.TrimSpace(c.Arguments); len(raw) > 0 && raw[0] == '{' {
		if err := args.UnmarshalJSON(raw); err != nil {
			args = api.NewToolCallFunctionArguments()
		}
	}
	return api.ToolCall{
		ID:       string(c.ID),
		Function: api.ToolCallFunction{Index: index, Name: c.Name, Arguments: args},
	}
}

// toAPITools converts the engine's tool specs; their parameters are JSON
// schemas, which Ollama takes as they are.
func toAPITools(specs []engine.ToolSpec) (api.Tools, error) {
	if len(specs) == 0 {
		return nil, nil
	}
	tools := make(api.Tools, 0, len(specs))
	for _, s := range specs {
		params := api.ToolFunctionParameters{Type: "object", Properties: api.NewToolPropertiesMap()}
		if raw := bytes.TrimSpace(s.Parameters); len(raw) > 0 && !bytes.Equal(raw, []byte("null")) {
			if err := json.Unmarshal(raw, &params); err != nil {
				return nil, fmt.Errorf("tool %q: its parameters are not a JSON schema object: %w", s.Name, err)
			}
			if params.Properties == nil {
				params.Properties = api.NewToolPropertiesMap()
			}
		}
		tools = append(tools, api.Tool{
			Type: "function",
			Function: api.ToolFunction{
				Name:        s.Name,
				Description: s.Description,
				Parameters:  params,
			},
		})
	}
	return tools, nil
}
