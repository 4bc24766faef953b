package engine

import (
	"encoding/json"
	"time"
)

// Transition is one move of a run's machine, as observers and the editor see
// it. Seq starts at 1 and rises by one per transition of a run.
type Transition struct {
	RunID         RunID       `json:"runId"`
	SessionID     SessionID   `json:"sessionId"`
	Seq           int         `json:"seq"`
	From          StateName   `json:"from"`
	To            StateName   `json:"to"`
	Event         Event       `json:"event"`
	Turn          int         `json:"turn"`
	ContextTokens int         `json:"contextTokens"`
	Outcome       OutcomeName `json:"outcome,omitempty"`
	Error         *LoopError  `json:"error,omitempty"`
}

// ToolStatus is the life of one tool call (SPEC §3.3 loopls/toolCall).
type ToolStatus string

// Tool call statuses.
const (
	ToolPending   ToolStatus = "pending"
	ToolRunning   ToolStatus = "running"
	ToolCompleted ToolStatus = "completed"
	ToolFailed    ToolStatus = "failed"
	ToolCancelled ToolStatus = "cancelled"
)

// ToolEvent reports one tool call's progress.
type ToolEvent struct {
	RunID    RunID
	Turn     int
	Call     ToolCall
	Status   ToolStatus
	Output   string        // set on completed/failed
	Duration time.Duration // set on completed/failed
}

// Run is the audit record of one run, kept in its session's trail and sent
// to the editor as loopls/runEnded.
type Run struct {
	ID        RunID       `json:"runId"`
	SessionID SessionID   `json:"sessionId"`
	Prompt    string      `json:"prompt"`
	Model     string      `json:"model,omitempty"`
	Outcome   OutcomeName `json:"outcome"`
	Output    string      `json:"output"`
	Turns     int         `json:"turns"`
	Usage     Usage       `json:"usage"`
	Error     *LoopError  `json:"error,omitempty"`
	StartedAt time.Time   `json:"startedAt"`
	EndedAt   time.Time   `json:"endedAt,omitempty"`
	Edits     []Edit      `json:"edits"`
	// Resumable is set on a run whose daemon died under it when its machine
	// snapshot was kept: loopls/resumeRun continues it where it stopped.
	Resumable bool `json:"resumable,omitempty"`
	// StoppedIn is where a resumable run stopped.
	StoppedIn *StoppedIn `json:"stoppedIn,omitempty"`
}

// StoppedIn is the state and turn a run's last checkpoint left it in.
type StoppedIn struct {
	State StateName `json:"state"`
	Turn  int       `json:"turn"`
}

// Edit names one file a run changed (filled by the workspace journal).
type Edit struct {
	Path   string     `json:"path"`
	ToolID ToolCallID `json:"toolCallId,omitempty"`
}

// Observer sees everything a run does. Embed NopObserver to implement only
// the callbacks you need. Callbacks run on the driver's goroutine (tool
// callbacks on the dispatching goroutine) and must not block: forward to a
// queue if the work is slow.
type Observer interface {
	OnRunStart(run Run)
	OnTransition(t Transition)
	OnDelta(runID RunID, lane Lane, text string)
	OnResponse(runID RunID, turn int, resp ModelResponse)
	OnToolPre(ev ToolEvent)
	OnToolPost(ev ToolEvent)
	OnCompaction(runID RunID, reason string, before, after int)
	OnFallback(runID RunID, from, to string)
	OnLoopDetected(runID RunID, tool string, repeats int, stopped bool)
	OnStreamFailure(runID RunID, turn int, model string, err error)
	// OnModelWait fires at most once per model call that stayed silent
	// past AgentConfig.ModelWaitNotice (from a timer goroutine, serialized
	// with the other callbacks), always before that call's result.
	OnModelWait(w ModelWait)
	OnRunEnd(run Run)
	// OnCheckpoint fires at every point where what must survive a crash
	// changed: a run started, a turn's model answer asked for tools, the
	// tools' results were fed, a compaction committed, a run ended.
	OnCheckpoint(c Checkpoint)
}

// Checkpoint is what the store writes at a commit point: the session's
// committed history, the run record so far (Outcome empty while in flight)
// and the machine's JSON snapshot.
type Checkpoint struct {
	SessionID SessionID
	Point     CheckpointPoint
	Run       Run
	History   []Message
	Machine   json.RawMessage
	// Seq is the seq of the run's last transition before this point, so a
	// resumed run numbers its transitions on from there.
	Seq int
}

// NopObserver implements Observer with callbacks that do nothing.
type NopObserver struct{}

func (NopObserver) OnRunStart(Run)                            {}
func (NopObserver) OnTransition(Transition)                   {}
func (NopObserver) OnDelta(RunID, Lane, string)               {}
func (NopObserver) OnResponse(RunID, int, ModelResponse)      {}
func (NopObserver) OnToolPre(ToolEvent)                       {}
func (NopObserver) OnToolPost(ToolEvent)                      {}
func (NopObserver) OnCompaction(RunID, string, int, int)      {}
func (NopObserver) OnFallback(RunID, string, string)          {}
func (NopObserver) OnLoopDetected(RunID, string, int, bool)   {}
func (NopObserver) OnStreamFailure(RunID, int, string, error) {}
func (NopObserver) OnModelWait(ModelWait)                     {}
func (NopObserver) OnRunEnd(Run)                              {}
func (NopObserver) OnCheckpoint(Checkpoint)                   {}
