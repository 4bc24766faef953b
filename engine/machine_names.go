package engine

import "github.com/loopls/loopls/engine/machine"

// The machine lives in package engine/machine, which imports nothing that
// does I/O (its TestMachineImportsNoIO proves it). These names keep the
// rest of loopls, which speaks of engine.Message, engine.LoopError,
// engine.StateTerminal and so on, unchanged: each is the machine's own.

type (
	CheckpointPoint  = machine.CheckpointPoint
	CompactReason    = machine.CompactReason
	Compaction       = machine.Compaction
	ErrorKind        = machine.ErrorKind
	Event            = machine.Event
	IllegalFeedError = machine.IllegalFeedError
	LoopError        = machine.LoopError
	LoopMachine      = machine.LoopMachine
	Message          = machine.Message
	Move             = machine.Move
	Outcome          = machine.Outcome
	OutcomeName      = machine.OutcomeName
	PendingToolCall  = machine.PendingToolCall
	Policy           = machine.Policy
	RawJSON          = machine.RawJSON
	Role             = machine.Role
	RunID            = machine.RunID
	SessionID        = machine.SessionID
	State            = machine.State
	StateName        = machine.StateName
	Step             = machine.Step
	StepKind         = machine.StepKind
	ToolCall         = machine.ToolCall
	ToolCallID       = machine.ToolCallID
)

const (
	CompactEmergency          = machine.CompactEmergency
	CompactThresholdExceeded  = machine.CompactThresholdExceeded
	DefaultCompactThreshold   = machine.DefaultCompactThreshold
	DefaultMaxTurns           = machine.DefaultMaxTurns
	EventAcceptInput          = machine.EventAcceptInput
	EventCallLLM              = machine.EventCallLLM
	EventCancel               = machine.EventCancel
	EventCompact              = machine.EventCompact
	EventCompactionNoop       = machine.EventCompactionNoop
	EventCompactionResult     = machine.EventCompactionResult
	EventFail                 = machine.EventFail
	EventMaxTurns             = machine.EventMaxTurns
	EventModelResponse        = machine.EventModelResponse
	EventToolResults          = machine.EventToolResults
	InterruptedToolText       = machine.InterruptedToolText
	KindAPI                   = machine.KindAPI
	KindCancelled             = machine.KindCancelled
	KindContextExceeded       = machine.KindContextExceeded
	KindFallbackExhausted     = machine.KindFallbackExhausted
	KindInternal              = machine.KindInternal
	KindLoopDetected          = machine.KindLoopDetected
	KindMaxTurnsExceeded      = machine.KindMaxTurnsExceeded
	KindRateLimitEscalation   = machine.KindRateLimitEscalation
	KindToolRecoveryExhausted = machine.KindToolRecoveryExhausted
	OutcomeCancelled          = machine.OutcomeCancelled
	OutcomeCompleted          = machine.OutcomeCompleted
	OutcomeContextExceeded    = machine.OutcomeContextExceeded
	OutcomeFailed             = machine.OutcomeFailed
	OutcomeMaxTurnsExceeded   = machine.OutcomeMaxTurnsExceeded
	PointCompacted            = machine.PointCompacted
	PointModelAnswered        = machine.PointModelAnswered
	PointRunEnded             = machine.PointRunEnded
	PointRunStarted           = machine.PointRunStarted
	PointToolResults          = machine.PointToolResults
	RoleAssistant             = machine.RoleAssistant
	RoleSystem                = machine.RoleSystem
	RoleTool                  = machine.RoleTool
	RoleUser                  = machine.RoleUser
	StateAwaitingCompaction   = machine.StateAwaitingCompaction
	StateAwaitingModel        = machine.StateAwaitingModel
	StateAwaitingTools        = machine.StateAwaitingTools
	StateStart                = machine.StateStart
	StateTerminal             = machine.StateTerminal
	StepCallLLM               = machine.StepCallLLM
	StepCallTools             = machine.StepCallTools
	StepCompact               = machine.StepCompact
	StepDone                  = machine.StepDone
)

// Sentinels for errors.Is: the machine's own values.
var (
	ErrAPI                   = machine.ErrAPI
	ErrCancelled             = machine.ErrCancelled
	ErrContextExceeded       = machine.ErrContextExceeded
	ErrFallbackExhausted     = machine.ErrFallbackExhausted
	ErrIllegalFeed           = machine.ErrIllegalFeed
	ErrInternal              = machine.ErrInternal
	ErrLoopDetected          = machine.ErrLoopDetected
	ErrMaxTurnsExceeded      = machine.ErrMaxTurnsExceeded
	ErrRateLimitEscalation   = machine.ErrRateLimitEscalation
	ErrToolRecoveryExhausted = machine.ErrToolRecoveryExhausted
)

// NewMachine returns a machine in Start holding history (machine.NewMachine).
func NewMachine(history []Message) *LoopMachine { return machine.NewMachine(history) }

// DefaultPolicy is machine.DefaultPolicy.
func DefaultPolicy() Policy { return machine.DefaultPolicy() }

// UserMessage returns a user message holding text.
func UserMessage(text string) Message { return machine.UserMessage(text) }

// ToolResultMessage returns the message that answers call with output.
func ToolResultMessage(call ToolCall, output string, isError bool) Message {
	return machine.ToolResultMessage(call, output, isError)
}

// IsCancelled reports whether err is a cancellation.
func IsCancelled(err error) bool { return machine.IsCancelled(err) }

// Cancelled is the error of a run the user stopped.
func Cancelled() *LoopError { return machine.Cancelled() }

// MaxTurnsExceeded is the error of a run that hit its turn cap.
func MaxTurnsExceeded(max int) *LoopError { return machine.MaxTurnsExceeded(max) }

// ContextExceeded is the error of a run whose conversation of used tokens
// no longer fits the model's window of limit tokens.
func ContextExceeded(used, limit int) *LoopError { return machine.ContextExceeded(used, limit) }

// Internal is the error of a broken invariant inside loopls.
func Internal(msg string) *LoopError { return machine.Internal(msg) }

// LoopDetected is the error of a run stopped because the model kept making
// the same call with the same result.
func LoopDetected(tool string, repeats int) *LoopError { return machine.LoopDetected(tool, repeats) }

// ToolRecoveryExhausted is the error of a run whose model kept making a tool
// call that kept failing.
func ToolRecoveryExhausted(tool string, attempts int) *LoopError {
	return machine.ToolRecoveryExhausted(tool, attempts)
}

// OutcomeOf is the outcome of a run that ended with err (machine.OutcomeOf).
func OutcomeOf(err error) OutcomeName { return machine.OutcomeOf(err) }
