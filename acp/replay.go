package acp

import (
	sdk "github.com/coder/acp-go-sdk"

	"github.com/loopls/loopls/engine"
)

// replayUpdates is the committed history of a session as the updates a
// client would have seen live (session/load): user and agent message chunks,
// thoughts, and each tool call closed with its result. System messages (the
// compaction summary among them) are shown as agent text so the user sees
// what the model will remember.
func replayUpdates(root string, history []engine.Message) []sdk.SessionUpdate {
	var ups []sdk.SessionUpdate
	calls := make(map[engine.ToolCallID]engine.ToolCall)
	for _, m := range history {
		switch m.Role {
		case engine.RoleUser:
			if m.Content != "" {
				ups = append(ups, sdk.UpdateUserMessageText(m.Content))
			}
		case engine.RoleSystem:
			if m.Content != "" {
				ups = append(ups, sdk.UpdateAgentMessageText(m.Content))
			}
		case engine.RoleAssistant:
			if m.Thinking != "" {
				ups = append(ups, sdk.UpdateAgentThoughtText(m.Thinking))
			}
			if m.Content != "" {
				ups = append(ups, sdk.UpdateAgentMessageText(m.Content))
			}
			for _, c := range m.ToolCalls {
				calls[c.ID] = c
				ups = append(ups, toolCallStart(root, c, sdk.ToolCallStatusPending))
			}
		case engine.RoleTool:
			c, ok := calls[m.ToolCallID]
			if !ok {
				// A result whose call was compacted away: announce it alone.
				c = engine.ToolCall{ID: m.ToolCallID, Name: m.ToolName}
				ups = append(ups, toolCallStart(root, c, sdk.ToolCallStatusPending))
			}
			status := engine.ToolCompleted
			if m.IsError {
				status = engine.ToolFailed
			}
			ups = append(ups, toolCallEnd(root, c, status, m.Content))
		}
	}
	return ups
}
