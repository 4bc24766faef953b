package machine

import "slices"

// InterruptedToolText is the result a tool call gets when the daemon died
// while it was running and the call is not safe to run again.
const InterruptedToolText = "interrupted: loopls stopped while this tool was running, so it may or may not have completed; it was not run again because it can change the workspace. Check the result (read the file, list the directory) before calling it again."

// InterruptTools prepares a restored machine whose tools were in flight when
// its driver died (AwaitingTools): every call without a result whose tool is
// not in rerunnable gets InterruptedToolText as an error result, so the
// driver dispatches only the calls that are safe to repeat (read-only
// tools). It moves nothing, and does nothing in any other state.
func (m *LoopMachine) InterruptTools(rerunnable []string) {
	if ok, _ := m.admit(FeedInterruptTools, ""); !ok {
		return // every other state ignores it (the table)
	}
	for i := range m.pendingTools {
		pc := &m.pendingTools[i]
		if pc.Preresolved != nil || slices.Contains(rerunnable, pc.Call.Name) {
			continue
		}
		res := ToolResultMessage(pc.Call, InterruptedToolText, true)
		pc.Preresolved = &res
	}
}
