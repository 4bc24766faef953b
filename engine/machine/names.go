package machine

// StateName is the name of a machine state as it appears on the wire.
type StateName string

// The states of SPEC §2.1.
const (
	StateStart              StateName = "Start"
	StateAwaitingModel      StateName = "AwaitingModel"
	StateAwaitingTools      StateName = "AwaitingTools"
	StateAwaitingCompaction StateName = "AwaitingCompaction"
	StateTerminal           StateName = "Terminal"
)

// Event names the feed or step that caused a transition (SPEC §3.3).
type Event string

// The transition events of SPEC §3.3.
const (
	EventAcceptInput      Event = "accept_input"
	EventCallLLM          Event = "call_llm"
	EventModelResponse    Event = "model_response"
	EventToolResults      Event = "tool_results"
	EventCompact          Event = "compact"
	EventCompactionResult Event = "compaction_result"
	EventCompactionNoop   Event = "compaction_noop"
	EventCancel           Event = "cancel"
	EventFail             Event = "fail"
	EventMaxTurns         Event = "max_turns"
)

// OutcomeName is how a terminal outcome is spelled on the wire.
type OutcomeName string

// The outcomes of SPEC §3.3.
const (
	OutcomeCompleted        OutcomeName = "completed"
	OutcomeCancelled        OutcomeName = "cancelled"
	OutcomeMaxTurnsExceeded OutcomeName = "max_turns_exceeded"
	OutcomeContextExceeded  OutcomeName = "context_exceeded"
	OutcomeFailed           OutcomeName = "failed"
)

// CheckpointPoint says why a checkpoint was taken.
type CheckpointPoint string

// The commit points of a run.
const (
	PointRunStarted CheckpointPoint = "run_started"
	// PointModelAnswered: a turn's model answer is complete and asked for
	// tools (AwaitingTools). A final answer is made durable by run_ended,
	// which follows it at once.
	PointModelAnswered CheckpointPoint = "model_answered"
	// PointToolResults: the turn's tool results were fed (back in Start).
	PointToolResults CheckpointPoint = "tool_results"
	PointCompacted   CheckpointPoint = "compacted"
	PointRunEnded    CheckpointPoint = "run_ended"
)
