package acp

import (
	sdk "github.com/coder/acp-go-sdk"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// replayUpdates is the committed history of a session as the updates a
// client would have seen live (session/load): user and agent message chunks,
// thoughts, and each tool call closed with its result. System messages (the
// compaction summary among them) are shown as agent text so the user sees
// what the model will remember.
func replayUpdates(root string, history []machine.Message) []sdk.SessionUpdate {
	var ups []sdk.SessionUpdate
	calls := make(map[machine.ToolCallID]machine.ToolCall)
	for _, m := range history {
		switch m.Role {
		case machine.RoleUser:
			if m.Content != "" {
				ups = append(ups, sdk.UpdateUserMessageText(m.Content))
			}
		case machine.RoleSystem:
			if m.Content != "" {
				ups = append(ups, sdk.UpdateAgentMessageText(m.Content))
			}
		case machine.RoleAssistant:
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
		case machine.RoleTool:
			c, ok := calls[m.ToolCallID]
			if !ok {
				// A result whose call was compacted away: announce it alone.
				c = machine.ToolCall{ID: m.ToolCallID, Name: m.ToolName}
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
