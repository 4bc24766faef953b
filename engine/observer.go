package engine

import (
	"encoding/json"
	"github.com/loopls/loopls/engine/machine"
	"time"
)

// Transition is one move of a run's machine, as observers and the editor see
// it. Seq starts at 1 and rises by one per transition of a run.
type Transition struct {
	RunID         machine.RunID       `json:"runId"`
	SessionID     machine.SessionID   `json:"sessionId"`
	Seq           int                 `json:"seq"`
	From          machine.StateName   `json:"from"`
	To            machine.StateName   `json:"to"`
	Event         machine.Event       `json:"event"`
	Turn          int                 `json:"turn"`
	ContextTokens int                 `json:"contextTokens"`
	Outcome       machine.OutcomeName `json:"outcome,omitempty"`
	Error         *machine.LoopError  `json:"error,omitempty"`
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
	RunID machine.RunID
	Turn  int
	// Index is the call's place among its turn's calls, from 0, in the
	// model's order: calls run side by side start in any order, and an
	// editor draws them in this one.
	Index    int
	Call     machine.ToolCall
	Status   ToolStatus
	Output   string        // set on completed/failed
	Duration time.Duration // set on completed/failed
}

// Run is the audit record of one run, kept in its session's trail and sent
// to the editor as loopls/runEnded.
type Run struct {
	ID        machine.RunID     `json:"runId"`
	SessionID machine.SessionID `json:"sessionId"`
	Prompt    string            `json:"prompt"`
	Model     string            `json:"model,omitempty"`
	// Mode is the mode the run started in ("ask", "edit", "auto"; "" when
	// not recorded): a resumed run keeps it.
	Mode      string              `json:"mode,omitempty"`
	Outcome   machine.OutcomeName `json:"outcome"`
	Output    string              `json:"output"`
	Turns     int                 `json:"turns"`
	Usage     Usage               `json:"usage"`
	Error     *machine.LoopError  `json:"error,omitempty"`
	StartedAt time.Time           `json:"startedAt"`
	EndedAt   time.Time           `json:"endedAt,omitempty"`
	Edits     []Edit              `json:"edits"`
	// TextToolCalls counts the tool calls read from answer text
	// (ParseTextCalls) rather than sent as the provider's tool calls.
	TextToolCalls int `json:"textToolCalls,omitempty"`
	// Resumable is set on a run whose daemon died under it when its machine
	// snapshot was kept: loopls/resumeRun continues it where it stopped.
	Resumable bool `json:"resumable,omitempty"`
	// StoppedIn is where a resumable run stopped.
	StoppedIn *StoppedIn `json:"stoppedIn,omitempty"`
	// Verdict is what the check of a run that completed found (a fix run's:
	// engine.Check); nil when the run was not checked.
	Verdict *Verdict `json:"verdict,omitempty"`
}

// StoppedIn is the state and turn a run's last checkpoint left it in.
type StoppedIn struct {
	State machine.StateName `json:"state"`
	Turn  int               `json:"turn"`
}

// Edit names one file a run changed (filled by the workspace journal).
type Edit struct {
	Path   string             `json:"path"`
	ToolID machine.ToolCallID `json:"toolCallId,omitempty"`
}

// Observer sees everything a run does. Embed NopObserver to implement only
// the callbacks you need. Callbacks run on the driver's goroutine (tool
// callbacks on the dispatching goroutine) and must not block: forward to a
// queue if the work is slow.
type Observer interface {
	OnRunStart(run Run)
	OnTransition(t Transition)
	OnDelta(runID machine.RunID, lane Lane, text string)
	OnResponse(runID machine.RunID, turn int, resp ModelResponse)
	OnToolPre(ev ToolEvent)
	OnToolPost(ev ToolEvent)
	OnCompaction(runID machine.RunID, reason string, before, after int)
	OnFallback(runID machine.RunID, from, to string)
	OnLoopDetected(runID machine.RunID, tool string, repeats int, stopped bool)
	OnStreamFailure(runID machine.RunID, turn int, model string, err error)
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
	SessionID machine.SessionID
	Point     machine.CheckpointPoint
	Run       Run
	History   []machine.Message
	Machine   json.RawMessage
	// Seq is the seq of the run's last transition before this point, so a
	// resumed run numbers its transitions on from there.
	Seq int
}

// NopObserver implements Observer with callbacks that do nothing.
type NopObserver struct{}

func (NopObserver) OnRunStart(Run)                                    {}
func (NopObserver) OnTransition(Transition)                           {}
func (NopObserver) OnDelta(machine.RunID, Lane, string)               {}
func (NopObserver) OnResponse(machine.RunID, int, ModelResponse)      {}
func (NopObserver) OnToolPre(ToolEvent)                               {}
func (NopObserver) OnToolPost(ToolEvent)                              {}
func (NopObserver) OnCompaction(machine.RunID, string, int, int)      {}
func (NopObserver) OnFallback(machine.RunID, string, string)          {}
func (NopObserver) OnLoopDetected(machine.RunID, string, int, bool)   {}
func (NopObserver) OnStreamFailure(machine.RunID, int, string, error) {}
func (NopObserver) OnModelWait(ModelWait)                             {}
func (NopObserver) OnRunEnd(Run)                                      {}
func (NopObserver) OnCheckpoint(Checkpoint)                           {}
