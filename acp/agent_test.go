package acp

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/workspace"
)

// emitter plays the events of a run the way the engine's driver does.
type emitter struct {
	req RunRequest
	seq int
}

func (e *emitter) transition(from, to machine.StateName, ev machine.Event, turn int, outcome machine.OutcomeName) {
	e.seq++
	e.req.Observer.OnTransition(engine.Transition{RunID: e.req.RunID, SessionID: e.req.SessionID, Seq: e.seq,
		From: from, To: to, Event: ev, Turn: turn, Outcome: outcome})
}

func (e *emitter) run(outcome machine.OutcomeName, output string, lerr *machine.LoopError) engine.Run {
	return engine.Run{ID: e.req.RunID, SessionID: e.req.SessionID, Prompt: e.req.Prompt, Outcome: outcome,
		Output: output, Turns: 2, Error: lerr, StartedAt: time.Now(), EndedAt: time.Now(), Edits: []engine.Edit{}}
}

var readCall = machine.ToolCall{ID: "call_read1", Name: "read_file", Arguments: machine.RawJSON(`{"path":"README.md"}`)}

// oneToolCall is a run with one read_file call, then a final answer.
func oneToolCall(_ context.Context, req RunRequest, _ Hooks) (engine.Run, error) {
	e := &emitter{req: req}
	o := req.Observer
	e.transition(machine.StateStart, machine.StateStart, machine.EventAcceptInput, 0, "")
	e.transition(machine.StateStart, machine.StateAwaitingModel, machine.EventCallLLM, 1, "")
	o.OnDelta(req.RunID, engine.LaneTool, "")
	o.OnResponse(req.RunID, 1, engine.ModelResponse{Message: machine.Message{Role: machine.RoleAssistant, ToolCalls: []machine.ToolCall{readCall}}})
	e.transition(machine.StateAwaitingModel, machine.StateAwaitingTools, machine.EventModelResponse, 1, "")
	o.OnToolPre(engine.ToolEvent{RunID: req.RunID, Turn: 1, Call: readCall, Status: engine.ToolRunning})
	o.OnToolPost(engine.ToolEvent{RunID: req.RunID, Turn: 1, Call: readCall, Status: engine.ToolCompleted, Output: "# Demo\n"})
	e.transition(machine.StateAwaitingTools, machine.StateStart, machine.EventToolResults, 1, "")
	e.transition(machine.StateStart, machine.StateAwaitingModel, machine.EventCallLLM, 2, "")
	o.OnDelta(req.RunID, engine.LaneThinking, "Reading ")
	o.OnDelta(req.RunID, engine.LaneThinking, "done.")
	for _, chunk := range []string{"The tool ", "result was ", "received."} {
		o.OnDelta(req.RunID, engine.LaneText, chunk)
	}
	o.OnResponse(req.RunID, 2, engine.ModelResponse{Message: machine.Message{Role: machine.RoleAssistant, Content: "The tool result was received."}})
	e.transition(machine.StateAwaitingModel, machine.StateTerminal, machine.EventModelResponse, 2, machine.OutcomeCompleted)
	return e.run(machine.OutcomeCompleted, "The tool result was received.", nil), nil
}

func TestPromptWithOneToolCall(t *testing.T) {
	h := newHarness(t, oneToolCall, nil)
	s := h.start(sdk.ClientCapabilities{})
	resp, err := h.prompt(s.SessionId, "read the README")
	if err != nil {
		t.Fatalf("session/prompt: %v", err)
	}
	if resp.StopReason != sdk.StopReasonEndTurn {
		t.Errorf("stopReason = %q, want end_turn", resp.StopReason)
	}
	ups, trs := h.client.snapshot()

	// The tool call's updates, in order, and where the text goes.
	var kinds []string
	for _, u := range ups {
		k := updateKind(u)
		if n := len(kinds); n > 0 && kinds[n-1] == k && (k == "agent_message_chunk" || k == "agent_thought_chunk") {
			continue // chunks of one lane may arrive merged or split
		}
		kinds = append(kinds, k)
	}
	want := []string{"tool_call", "tool_call_update", "tool_call_update", "agent_thought_chunk", "agent_message_chunk"}
	if !reflect.DeepEqual(kinds, want) {
		t.Errorf("update kinds = %v, want %v", kinds, want)
	}
	tc := ups[0].ToolCall
	if tc == nil {
		t.Fatalf("first update is not a tool_call: %+v", ups[0])
	}
	if tc.ToolCallId != "call_read1" || tc.Kind != sdk.ToolKindRead || tc.Title != "Read README.md" || tc.Status != sdk.ToolCallStatusPending {
		t.Errorf("tool_call = id %q kind %q title %q status %q", tc.ToolCallId, tc.Kind, tc.Title, tc.Status)
	}
	if len(tc.Locations) != 1 || tc.Locations[0].Path != filepath.Join(h.root, "README.md") {
		t.Errorf("tool_call locations = %+v, want the absolute README.md", tc.Locations)
	}
	if st := ups[1].ToolCallUpdate.Status; st == nil || *st != sdk.ToolCallStatusInProgress {
		t.Errorf("second update status = %v, want in_progress", st)
	}
	done := ups[2].ToolCallUpdate
	if done.Status == nil || *done.Status != sdk.ToolCallStatusCompleted {
		t.Errorf("third update status = %v, want completed", done.Status)
	}
	if len(done.Content) != 1 || done.Content[0].Content == nil || done.Content[0].Content.Content.Text.Text != "# Demo\n" {
		t.Errorf("completed tool call content = %+v, want the tool's output", done.Content)
	}
	if got := text(ups, "agent_message_chunk"); got != "The tool result was received." {
		t.Errorf("message chunks = %q, want the final text exactly", got)
	}
	if got := text(ups, "agent_thought_chunk"); got != "Reading done." {
		t.Errorf("thought chunks = %q", got)
	}

	// The six transitions of a one-tool-call run, as `_loopls/transition`.
	var events []machine.Event
	for i, tr := range trs {
		events = append(events, tr.Event)
		if tr.Seq != i+1 || tr.SessionID != machine.SessionID(s.SessionId) {
			t.Errorf("transition %d: seq %d session %q", i, tr.Seq, tr.SessionID)
		}
	}
	wantEv := []machine.Event{machine.EventAcceptInput, machine.EventCallLLM, machine.EventModelResponse, machine.EventToolResults, machine.EventCallLLM, machine.EventModelResponse}
	if !reflect.DeepEqual(events, wantEv) {
		t.Errorf("transitions = %v, want %v", events, wantEv)
	}

	reqs := h.backend.requests
	if len(reqs) != 1 || reqs[0].Prompt != "read the README" || reqs[0].Mode != ModeEdit || reqs[0].SessionID != machine.SessionID(s.SessionId) {
		t.Errorf("backend requests = %+v", reqs)
	}
}

func TestEndingsMapToStopReasons(t *testing.T) {
	tests := []struct {
		name     string
		outcome  machine.OutcomeName
		err      *machine.LoopError
		want     sdk.StopReason
		wantCode int
		wantNote string
	}{
		{"completed", machine.OutcomeCompleted, nil, sdk.StopReasonEndTurn, 0, ""},
		{"cancelled", machine.OutcomeCancelled, machine.Cancelled(), sdk.StopReasonCancelled, 0, ""},
		{"max turns", machine.OutcomeMaxTurnsExceeded, machine.MaxTurnsExceeded(3), sdk.StopReasonMaxTurnRequests, 0, ""},
		{"context exceeded", machine.OutcomeContextExceeded, machine.ContextExceeded(9000, 8192), sdk.StopReasonMaxTokens, 0, "context exceeded"},
		{"failed", machine.OutcomeFailed, &machine.LoopError{Kind: machine.KindAPI, Status: 500, Message: "ollama answered 500"}, "", CodeRunFailed, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, func(_ context.Context, req RunRequest, _ Hooks) (engine.Run, error) {
				e := &emitter{req: req}
				var err error
				if tt.err != nil {
					err = tt.err
				}
				return e.run(tt.outcome, "", tt.err), err
			}, nil)
			s := h.start(sdk.ClientCapabilities{})
			resp, err := h.prompt(s.SessionId, "hello")
			if tt.wantCode != 0 {
				var re *sdk.RequestError
				if !errors.As(err, &re) || re.Code != tt.wantCode {
					t.Fatalf("prompt error = %v, want code %d", err, tt.wantCode)
				}
				// One sentence in words: what failed, then why; the record
				// (kind, run id, times) is no part of it.
				if want := "The model could not answer: " + tt.err.Message + "."; re.Message != want || re.Data != nil {
					t.Errorf("error = %q (data %+v), want %q and no data", re.Message, re.Data, want)
				}
				return
			}
			if err != nil {
				t.Fatalf("prompt: %v (an ending other than a failure is never an error)", err)
			}
			if resp.StopReason != tt.want {
				t.Errorf("stopReason = %q, want %q", resp.StopReason, tt.want)
			}
			ups, _ := h.client.snapshot()
			if note := text(ups, "agent_message_chunk"); !strings.Contains(note, tt.wantNote) || (tt.wantNote == "" && note != "") {
				t.Errorf("message chunks = %q, want a note containing %q", note, tt.wantNote)
			}
		})
	}
}

// streamUntilCancelled streams text until the run is cancelled, like the
// engine on a model that never stops.
func streamUntilCancelled(ctx context.Context, req RunRequest, _ Hooks) (engine.Run, error) {
	e := &emitter{req: req}
	e.transition(machine.StateStart, machine.StateStart, machine.EventAcceptInput, 0, "")
	e.transition(machine.StateStart, machine.StateAwaitingModel, machine.EventCallLLM, 1, "")
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			e.transition(machine.StateAwaitingModel, machine.StateTerminal, machine.EventCancel, 1, machine.OutcomeCancelled)
			return e.run(machine.OutcomeCancelled, "", machine.Cancelled()), machine.Cancelled()
		case <-tick.C:
			req.Observer.OnDelta(req.RunID, engine.LaneText, "tick ")
		}
	}
}

func TestCancelWhileStreaming(t *testing.T) {
	first := make(chan struct{})
	var once sync.Once
	client := &testClient{onUpdate: func(sdk.SessionUpdate) { once.Do(func() { close(first) }) }}
	h := newHarness(t, streamUntilCancelled, client)
	s := h.start(sdk.ClientCapabilities{})
	type result struct {
		resp sdk.PromptResponse
		err  error
	}
	done := make(chan result, 1)
	go func() {
		r, err := h.prompt(s.SessionId, "loop forever")
		done <- result{r, err}
	}()
	select {
	case <-first:
	case <-time.After(waitFor):
		t.Fatal("no update streamed before the cancel")
	}
	if err := h.conn.Cancel(h.ctx(), sdk.CancelNotification{SessionId: s.SessionId}); err != nil {
		t.Fatalf("session/cancel: %v", err)
	}
	select {
	case r := <-done:
		if r.err != nil {
			t.Fatalf("a cancelled prompt answered an error: %v", r.err)
		}
		if r.resp.StopReason != sdk.StopReasonCancelled {
			t.Errorf("stopReason = %q, want cancelled", r.resp.StopReason)
		}
	case <-time.After(waitFor):
		t.Fatal("the prompt did not answer after session/cancel")
	}
	_, trs := h.client.snapshot()
	if n := len(trs); n == 0 || trs[n-1].Outcome != machine.OutcomeCancelled {
		t.Errorf("last transition = %+v, want the cancel flushed before the answer", trs)
	}

	// The session is reusable at once.
	h.backend.script = oneToolCall
	if r, err := h.prompt(s.SessionId, "read the README"); err != nil || r.StopReason != sdk.StopReasonEndTurn {
		t.Errorf("prompt after cancel = %v, %v; want end_turn", r.StopReason, err)
	}
}

var sleepCall = machine.ToolCall{ID: "call_sleep", Name: "run_command", Arguments: machine.RawJSON(`{"command":"sleep 30"}`)}

// askToRun announces a run_command call and asks the approver, as the
// workspace's run_command tool does; the output says what was decided.
func askToRun(ctx context.Context, req RunRequest, hooks Hooks) (engine.Run, error) {
	e := &emitter{req: req}
	req.Observer.OnResponse(req.RunID, 1, engine.ModelResponse{Message: machine.Message{Role: machine.RoleAssistant, ToolCalls: []machine.ToolCall{sleepCall}}})
	req.Observer.OnToolPre(engine.ToolEvent{RunID: req.RunID, Call: sleepCall, Status: engine.ToolRunning})
	d, err := hooks.Approver.Approve(ctx, workspace.ApprovalRequest{RunID: req.RunID, Call: sleepCall, Command: "sleep 30", Unapproved: []string{"sleep 30"}})
	if err != nil {
		return e.run(machine.OutcomeFailed, "", machine.Internal(err.Error())), machine.Internal(err.Error())
	}
	status := engine.ToolFailed
	if d.Allows() {
		status = engine.ToolCompleted
	}
	req.Observer.OnToolPost(engine.ToolEvent{RunID: req.RunID, Call: sleepCall, Status: status, Output: "decision: " + string(d)})
	return e.run(machine.OutcomeCompleted, string(d), nil), nil
}

func TestPermissionAskedAndRefused(t *testing.T) {
	client := &testClient{answer: func(p sdk.RequestPermissionRequest) sdk.RequestPermissionResponse {
		return sdk.RequestPermissionResponse{Outcome: sdk.RequestPermissionOutcome{Selected: &sdk.RequestPermissionOutcomeSelected{OptionId: "reject_once"}}}
	}}
	h := newHarness(t, askToRun, client)
	s := h.start(sdk.ClientCapabilities{})
	if _, err := h.prompt(s.SessionId, "sleep"); err != nil {
		t.Fatalf("prompt: %v", err)
	}
	client.mu.Lock()
	perms := client.permissions
	client.mu.Unlock()
	if len(perms) != 1 {
		t.Fatalf("permission requests = %d, want 1", len(perms))
	}
	p := perms[0]
	if p.SessionId != s.SessionId || p.ToolCall.ToolCallId != "call_sleep" || p.ToolCall.Kind == nil || *p.ToolCall.Kind != sdk.ToolKindExecute {
		t.Errorf("permission request = %+v", p)
	}
	if p.ToolCall.Title == nil || !strings.Contains(*p.ToolCall.Title, "sleep 30") {
		t.Errorf("permission title = %v, want the command", p.ToolCall.Title)
	}
	var kinds []string
	for _, o := range p.Options {
		kinds = append(kinds, string(o.Kind))
	}
	if want := []string{"allow_once", "allow_always", "reject_once", "reject_always"}; !reflect.DeepEqual(kinds, want) {
		t.Errorf("option kinds = %v, want %v", kinds, want)
	}
	// The editor hears of the call before it is asked about it.
	var wire []string
	for _, l := range h.wire.snapshot() {
		if strings.HasSuffix(l, ":call_sleep") {
			wire = append(wire, l)
		}
	}
	wantWire := []string{
		"session/update/tool_call:call_sleep",
		"session/update/tool_call_update:call_sleep",
		"session/request_permission:call_sleep",
		"session/update/tool_call_update:call_sleep",
	}
	if !reflect.DeepEqual(wire, wantWire) {
		t.Errorf("sent = %v, want %v", wire, wantWire)
	}
	ups, _ := client.snapshot()
	last := ups[len(ups)-1].ToolCallUpdate
	if last == nil || last.Status == nil || *last.Status != sdk.ToolCallStatusFailed {
		t.Errorf("last update = %+v, want the refused call failed", ups[len(ups)-1])
	}
}

// fakeDisk is the disk editor under the ACP editor.
type fakeDisk struct {
	mu    sync.Mutex
	edits []workspace.FileEdit
}

func (d *fakeDisk) Apply(_ context.Context, e workspace.FileEdit) (workspace.EditResult, error) {
	d.mu.Lock()
	d.edits = append(d.edits, e)
	d.mu.Unlock()
	return workspace.EditResult{Applied: true}, nil
}

func TestEditsByModeAndCapability(t *testing.T) {
	tests := []struct {
		name        string
		mode        Mode
		clientWrite bool
		answer      string
		wantAsked   bool
		wantApplied bool
		wantClient  bool // written through fs/write_text_file
		wantDisk    bool
	}{
		{"edit mode asks, client writes", ModeEdit, true, "allow_once", true, true, true, false},
		{"edit mode asks, disk without fs", ModeEdit, false, "allow_once", true, true, false, true},
		{"edit mode refused", ModeEdit, true, "reject_once", true, false, false, false},
		{"auto mode writes without asking", ModeAuto, true, "", false, true, true, false},
		{"ask mode refuses", ModeAsk, true, "", false, false, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			client := &testClient{answer: func(p sdk.RequestPermissionRequest) sdk.RequestPermissionResponse {
				return sdk.RequestPermissionResponse{Outcome: sdk.RequestPermissionOutcome{Selected: &sdk.RequestPermissionOutcomeSelected{OptionId: sdk.PermissionOptionId(tt.answer)}}}
			}}
			disk := &fakeDisk{}
			var res workspace.EditResult
			h := newHarness(t, func(ctx context.Context, req RunRequest, hooks Hooks) (engine.Run, error) {
				var err error
				res, err = hooks.Editor(disk).Apply(ctx, workspace.FileEdit{Path: "hello.txt", Old: "hello\n", New: "goodbye\n", Exists: true, RunID: req.RunID, CallID: "call_edit"})
				if err != nil {
					return engine.Run{}, err
				}
				return (&emitter{req: req}).run(machine.OutcomeCompleted, "", nil), nil
			}, client)
			s := h.start(sdk.ClientCapabilities{Fs: sdk.FileSystemCapabilities{WriteTextFile: tt.clientWrite}})
			if _, err := h.conn.SetSessionMode(h.ctx(), sdk.SetSessionModeRequest{SessionId: s.SessionId, ModeId: sdk.SessionModeId(tt.mode)}); err != nil {
				t.Fatalf("session/set_mode: %v", err)
			}
			if _, err := h.prompt(s.SessionId, "edit hello.txt"); err != nil {
				t.Fatalf("prompt: %v", err)
			}
			if res.Applied != tt.wantApplied {
				t.Errorf("applied = %v (%q), want %v", res.Applied, res.FailureReason, tt.wantApplied)
			}
			if !tt.wantApplied && res.FailureReason == "" {
				t.Error("a refused edit has no failure reason for the model")
			}
			client.mu.Lock()
			perms, writes := client.permissions, client.writes
			client.mu.Unlock()
			if (len(perms) > 0) != tt.wantAsked {
				t.Errorf("asked = %d requests, want asked %v", len(perms), tt.wantAsked)
			}
			if tt.wantAsked {
				c := perms[0].ToolCall.Content
				if len(c) != 1 || c[0].Diff == nil || c[0].Diff.NewText != "goodbye\n" || c[0].Diff.OldText == nil || *c[0].Diff.OldText != "hello\n" || c[0].Diff.Path != filepath.Join(h.root, "hello.txt") {
					t.Errorf("permission content = %+v, want the whole-file diff", c)
				}
			}
			if got := len(writes) > 0; got != tt.wantClient {
				t.Errorf("fs/write_text_file used = %v, want %v", got, tt.wantClient)
			}
			if tt.wantClient && (writes[0].Path != filepath.Join(h.root, "hello.txt") || writes[0].Content != "goodbye\n" || writes[0].SessionId != s.SessionId) {
				t.Errorf("write = %+v", writes[0])
			}
			if got := len(disk.edits) > 0; got != tt.wantDisk {
				t.Errorf("disk used = %v, want %v", got, tt.wantDisk)
			}
		})
	}
}

func TestLoadSessionReplaysHistory(t *testing.T) {
	h := newHarness(t, oneToolCall, nil)
	h.backend.history["ses_old"] = []machine.Message{
		machine.UserMessage("read the README"),
		{Role: machine.RoleAssistant, ToolCalls: []machine.ToolCall{readCall}},
		machine.ToolResultMessage(readCall, "# Demo\n", false),
		{Role: machine.RoleAssistant, Thinking: "easy", Content: "The tool result was received."},
	}
	if _, err := h.conn.Initialize(h.ctx(), sdk.InitializeRequest{ProtocolVersion: sdk.ProtocolVersionNumber}); err != nil {
		t.Fatal(err)
	}
	resp, err := h.conn.LoadSession(h.ctx(), sdk.LoadSessionRequest{SessionId: "ses_old", Cwd: h.root, McpServers: []sdk.McpServer{}})
	if err != nil {
		t.Fatalf("session/load: %v", err)
	}
	if resp.Modes == nil || resp.Modes.CurrentModeId != sdk.SessionModeId(DefaultMode) || len(resp.ConfigOptions) != 2 {
		t.Errorf("load response = %+v", resp)
	}
	ups, _ := h.client.snapshot()
	var kinds []string
	for _, u := range ups {
		kinds = append(kinds, updateKind(u))
	}
	want := []string{"user_message_chunk", "tool_call", "tool_call_update", "agent_thought_chunk", "agent_message_chunk"}
	if !reflect.DeepEqual(kinds, want) {
		t.Errorf("replayed = %v, want %v", kinds, want)
	}
	if got := text(ups, "user_message_chunk"); got != "read the README" {
		t.Errorf("user text = %q", got)
	}
	// session/list offers it for loading.
	list, err := h.conn.ListSessions(h.ctx(), sdk.ListSessionsRequest{Cwd: sdk.Ptr(h.root)})
	if err != nil {
		t.Fatalf("session/list: %v", err)
	}
	if len(list.Sessions) != 1 || list.Sessions[0].SessionId != "ses_old" || list.Sessions[0].Cwd != h.root ||
		list.Sessions[0].Title == nil || *list.Sessions[0].Title != "read the README" || list.Sessions[0].UpdatedAt == nil || *list.Sessions[0].UpdatedAt != "2026-01-02T03:04:05Z" {
		t.Errorf("session/list = %+v", list.Sessions)
	}
	// A loaded session takes prompts.
	if r, err := h.prompt("ses_old", "read the README"); err != nil || r.StopReason != sdk.StopReasonEndTurn {
		t.Errorf("prompt on a loaded session = %v, %v", r.StopReason, err)
	}

	_, err = h.conn.LoadSession(h.ctx(), sdk.LoadSessionRequest{SessionId: "ses_nope", Cwd: h.root, McpServers: []sdk.McpServer{}})
	var re *sdk.RequestError
	if !errors.As(err, &re) || re.Code != -32602 || !strings.Contains(re.Message, "unknown session") {
		t.Errorf("loading an unknown session = %v, want -32602 unknown session", err)
	}
}

func TestInitializeAndSessionSetup(t *testing.T) {
	h := newHarness(t, oneToolCall, nil)
	init, err := h.conn.Initialize(h.ctx(), sdk.InitializeRequest{ProtocolVersion: sdk.ProtocolVersionNumber})
	if err != nil {
		t.Fatal(err)
	}
	if init.ProtocolVersion != 1 || !init.AgentCapabilities.LoadSession || init.AgentCapabilities.SessionCapabilities.List == nil || !init.AgentCapabilities.PromptCapabilities.EmbeddedContext || init.AgentInfo == nil || init.AgentInfo.Name != "loopls" {
		t.Errorf("initialize = %+v", init)
	}
	if _, err := h.conn.Authenticate(h.ctx(), sdk.AuthenticateRequest{MethodId: "none"}); err != nil {
		t.Errorf("authenticate: %v", err)
	}
	s, err := h.conn.NewSession(h.ctx(), sdk.NewSessionRequest{Cwd: h.root, McpServers: []sdk.McpServer{}})
	if err != nil {
		t.Fatal(err)
	}
	if s.Modes == nil || len(s.Modes.AvailableModes) != 3 || s.Modes.CurrentModeId != "edit" {
		t.Errorf("modes = %+v", s.Modes)
	}
	model := s.ConfigOptions[0].Select
	if model == nil || model.Id != "model" || model.CurrentValue != defaultModelValue {
		t.Fatalf("model option = %+v", model)
	}

	// Pick a model and a mode through the config options; the run gets both.
	if _, err := h.conn.SetSessionConfigOption(h.ctx(), sdk.SetSessionConfigOptionRequest{ValueId: &sdk.SetSessionConfigOptionValueId{SessionId: s.SessionId, ConfigId: "model", Value: "ollama:tiny-think"}}); err != nil {
		t.Fatalf("set model: %v", err)
	}
	got, err := h.conn.SetSessionConfigOption(h.ctx(), sdk.SetSessionConfigOptionRequest{ValueId: &sdk.SetSessionConfigOptionValueId{SessionId: s.SessionId, ConfigId: "mode", Value: "ask"}})
	if err != nil {
		t.Fatalf("set mode: %v", err)
	}
	if got.ConfigOptions[0].Select.CurrentValue != "ollama:tiny-think" || got.ConfigOptions[1].Select.CurrentValue != "ask" {
		t.Errorf("options after set = %+v %+v", got.ConfigOptions[0].Select, got.ConfigOptions[1].Select)
	}
	// The mode change is announced to clients that follow modes.
	ups, _ := h.client.snapshot()
	if n := len(ups); n == 0 || ups[n-1].CurrentModeUpdate == nil || ups[n-1].CurrentModeUpdate.CurrentModeId != "ask" {
		t.Errorf("updates after the mode option = %+v, want a current_mode_update to ask", ups)
	}
	if _, err := h.prompt(s.SessionId, "hi"); err != nil {
		t.Fatal(err)
	}
	if r := h.backend.requests[0]; r.Model != "ollama:tiny-think" || r.Mode != ModeAsk {
		t.Errorf("run request model %q mode %q", r.Model, r.Mode)
	}

	// Bad values are answered, never fatal.
	for name, call := range map[string]func() error{
		"unknown mode": func() error {
			_, err := h.conn.SetSessionMode(h.ctx(), sdk.SetSessionModeRequest{SessionId: s.SessionId, ModeId: "yolo"})
			return err
		},
		"unknown option": func() error {
			_, err := h.conn.SetSessionConfigOption(h.ctx(), sdk.SetSessionConfigOptionRequest{ValueId: &sdk.SetSessionConfigOptionValueId{SessionId: s.SessionId, ConfigId: "colour", Value: "red"}})
			return err
		},
		"relative cwd": func() error {
			_, err := h.conn.NewSession(h.ctx(), sdk.NewSessionRequest{Cwd: "relative/dir", McpServers: []sdk.McpServer{}})
			return err
		},
		"prompt for an unknown session": func() error {
			_, err := h.prompt("ses_nope", "hi")
			return err
		},
		"empty prompt": func() error {
			_, err := h.conn.Prompt(h.ctx(), sdk.PromptRequest{SessionId: s.SessionId, Prompt: []sdk.ContentBlock{}})
			return err
		},
	} {
		var re *sdk.RequestError
		if err := call(); !errors.As(err, &re) || re.Code != -32602 {
			t.Errorf("%s: err = %v, want -32602", name, err)
		}
	}
}

// TestClosingInputCancelsRuns: an editor that goes away (stdin closed) stops
// the runs it started; Serve returns once they have ended.
func TestClosingInputCancelsRuns(t *testing.T) {
	first := make(chan struct{})
	var once sync.Once
	ended := make(chan machine.OutcomeName, 1)
	client := &testClient{onUpdate: func(sdk.SessionUpdate) { once.Do(func() { close(first) }) }}
	h := newHarness(t, func(ctx context.Context, req RunRequest, hooks Hooks) (engine.Run, error) {
		r, err := streamUntilCancelled(ctx, req, hooks)
		ended <- r.Outcome
		return r, err
	}, client)
	s := h.start(sdk.ClientCapabilities{})
	go func() { _, _ = h.prompt(s.SessionId, "loop forever") }()
	select {
	case <-first:
	case <-time.After(waitFor):
		t.Fatal("the run never streamed")
	}
	h.closeIn()
	select {
	case got := <-ended:
		if got != machine.OutcomeCancelled {
			t.Errorf("run outcome = %q, want cancelled", got)
		}
	case <-time.After(waitFor):
		t.Fatal("closing the agent's input did not cancel the run")
	}
	select {
	case err := <-h.served:
		if err != nil {
			t.Errorf("Serve = %v", err)
		}
		h.served <- nil // for the harness cleanup
	case <-time.After(waitFor):
		t.Fatal("Serve did not return after its input closed")
	}
	if !h.backend.closed {
		t.Error("the backend was not closed")
	}
}

// TestApprovalOfAMarkedTool: a tool the settings mark for approval is asked
// about as itself, not as a command line.
func TestApprovalOfAMarkedTool(t *testing.T) {
	var got workspace.Decision
	h := newHarness(t, func(ctx context.Context, req RunRequest, hooks Hooks) (engine.Run, error) {
		req.Observer.OnResponse(req.RunID, 1, engine.ModelResponse{Message: machine.Message{Role: machine.RoleAssistant, ToolCalls: []machine.ToolCall{readCall}}})
		d, err := hooks.Approver.Approve(ctx, workspace.ApprovalRequest{RunID: req.RunID, Call: readCall})
		got = d
		return (&emitter{req: req}).run(machine.OutcomeCompleted, "", nil), err
	}, nil)
	s := h.start(sdk.ClientCapabilities{})
	if _, err := h.prompt(s.SessionId, "read"); err != nil {
		t.Fatal(err)
	}
	h.client.mu.Lock()
	p := h.client.permissions[0].ToolCall
	h.client.mu.Unlock()
	if got != workspace.DecisionAllowOnce || *p.Title != "Read README.md" || *p.Kind != sdk.ToolKindRead || p.ToolCallId != "call_read1" {
		t.Errorf("decision %q, asked about %q (%s)", got, *p.Title, *p.Kind)
	}
}

// After session/cancel the client answers its pending permission request
// with "cancelled", as ACP has it; loopls takes that answer and never
// withdraws the request with $/cancel_request (issue 27: it did, because the
// request ran on the run's context, whose end makes the SDK withdraw it).
func TestPermissionAnsweredAfterCancelIsNotWithdrawn(t *testing.T) {
	var h *harness
	runCtx := make(chan context.Context, 1)
	decided := make(chan workspace.Decision, 1)
	client := &testClient{}
	client.answer = func(p sdk.RequestPermissionRequest) sdk.RequestPermissionResponse {
		// The client cancels the turn while its permission prompt is open,
		// and answers the prompt once loopls has stopped the run.
		if err := h.conn.Cancel(h.ctx(), sdk.CancelNotification{SessionId: p.SessionId}); err != nil {
			t.Errorf("session/cancel: %v", err)
		}
		select {
		case ctx := <-runCtx:
			<-ctx.Done()
		case <-time.After(waitFor):
			t.Error("the run had not started")
		}
		return sdk.RequestPermissionResponse{Outcome: sdk.RequestPermissionOutcome{Cancelled: &sdk.RequestPermissionOutcomeCancelled{Outcome: "cancelled"}}}
	}
	script := func(ctx context.Context, req RunRequest, hooks Hooks) (engine.Run, error) {
		runCtx <- ctx
		e := &emitter{req: req}
		req.Observer.OnResponse(req.RunID, 1, engine.ModelResponse{Message: machine.Message{Role: machine.RoleAssistant, ToolCalls: []machine.ToolCall{sleepCall}}})
		req.Observer.OnToolPre(engine.ToolEvent{RunID: req.RunID, Call: sleepCall, Status: engine.ToolRunning})
		d, err := hooks.Approver.Approve(ctx, workspace.ApprovalRequest{RunID: req.RunID, Call: sleepCall, Command: "sleep 30", Unapproved: []string{"sleep 30"}})
		if err != nil {
			return e.run(machine.OutcomeFailed, "", machine.Internal(err.Error())), machine.Internal(err.Error())
		}
		decided <- d
		return e.run(machine.OutcomeCancelled, "", machine.Cancelled()), machine.Cancelled()
	}
	h = newHarness(t, script, client)
	s := h.start(sdk.ClientCapabilities{})
	r, err := h.prompt(s.SessionId, "sleep")
	if err != nil || r.StopReason != sdk.StopReasonCancelled {
		t.Fatalf("prompt = %v, %v; want cancelled", r.StopReason, err)
	}
	if d := <-decided; d != workspace.DecisionCancelled {
		t.Errorf("decision = %q, want cancelled", d)
	}
	// Everything loopls wrote, once its input is closed and Serve returned.
	h.closeIn()
	select {
	case err := <-h.served:
		h.served <- err
	case <-time.After(waitFor):
		t.Fatal("Serve did not return")
	}
	for _, l := range h.wire.snapshot() {
		if strings.HasPrefix(l, "$/cancel_request") {
			t.Errorf("loopls withdrew a permission request the client answered: sent %v", h.wire.snapshot())
			break
		}
	}
}

// A request the client has not answered when the run ends some other way
// than session/cancel (here the tool's own context) is withdrawn with
// $/cancel_request, and the approval is cancelled.
func TestUnansweredPermissionIsWithdrawn(t *testing.T) {
	asked := make(chan struct{})
	withdrawn := make(chan struct{})
	client := &testClient{answerCtx: func(ctx context.Context, p sdk.RequestPermissionRequest) sdk.RequestPermissionResponse {
		close(asked)
		select {
		case <-ctx.Done():
			close(withdrawn)
		case <-time.After(waitFor):
			t.Error("the unanswered request was not withdrawn")
		}
		return sdk.RequestPermissionResponse{Outcome: sdk.RequestPermissionOutcome{Cancelled: &sdk.RequestPermissionOutcomeCancelled{Outcome: "cancelled"}}}
	}}
	decided := make(chan workspace.Decision, 1)
	script := func(ctx context.Context, req RunRequest, hooks Hooks) (engine.Run, error) {
		e := &emitter{req: req}
		req.Observer.OnResponse(req.RunID, 1, engine.ModelResponse{Message: machine.Message{Role: machine.RoleAssistant, ToolCalls: []machine.ToolCall{sleepCall}}})
		req.Observer.OnToolPre(engine.ToolEvent{RunID: req.RunID, Call: sleepCall, Status: engine.ToolRunning})
		toolCtx, stop := context.WithCancel(ctx)
		defer stop()
		go func() {
			select {
			case <-asked:
				stop()
			case <-toolCtx.Done():
			}
		}()
		d, err := hooks.Approver.Approve(toolCtx, workspace.ApprovalRequest{RunID: req.RunID, Call: sleepCall, Command: "sleep 30", Unapproved: []string{"sleep 30"}})
		if err != nil {
			return e.run(machine.OutcomeFailed, "", machine.Internal(err.Error())), machine.Internal(err.Error())
		}
		decided <- d
		return e.run(machine.OutcomeCompleted, string(d), nil), nil
	}
	h := newHarness(t, script, client)
	s := h.start(sdk.ClientCapabilities{})
	if _, err := h.prompt(s.SessionId, "sleep"); err != nil {
		t.Fatalf("prompt: %v", err)
	}
	if d := <-decided; d != workspace.DecisionCancelled {
		t.Errorf("decision = %q, want cancelled", d)
	}
	select {
	case <-withdrawn:
	case <-time.After(waitFor):
		t.Fatal("the client's handler never saw the request withdrawn")
	}
}
