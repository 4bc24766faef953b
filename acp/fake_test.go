package acp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// waitFor bounds every wait of these tests.
const waitFor = 10 * time.Second

// script is what a fake run does: it emits events on req.Observer, may use
// the hooks, and returns the run's ending. ctx is cancelled by Cancel.
type script func(ctx context.Context, req RunRequest, hooks Hooks) (engine.Run, error)

// fakeBackend is a Backend whose runs follow a script; it records requests.
type fakeBackend struct {
	hooks  Hooks
	script script

	mu       sync.Mutex
	next     int
	requests []RunRequest
	history  map[machine.SessionID][]machine.Message
	closed   bool
}

func newFakeBackend(s script) *fakeBackend {
	return &fakeBackend{script: s, history: map[machine.SessionID][]machine.Message{}}
}

func (b *fakeBackend) NewSession(context.Context) (machine.SessionID, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.next++
	id := machine.SessionID(fmt.Sprintf("ses_%d", b.next))
	b.history[id] = nil
	return id, nil
}

func (b *fakeBackend) Start(ctx context.Context, req RunRequest) (RunHandle, error) {
	b.mu.Lock()
	b.requests = append(b.requests, req)
	b.mu.Unlock()
	rctx, cancel := context.WithCancel(ctx)
	h := &fakeHandle{cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(h.done)
		defer cancel()
		// As session.Handle does, the handle gives out a complete record.
		h.run, h.err = b.script(rctx, req, b.hooks)
		h.run, h.err = h.run.Complete(h.err)
	}()
	return h, nil
}

func (b *fakeBackend) History(_ context.Context, id machine.SessionID) ([]machine.Message, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	h, ok := b.history[id]
	if !ok {
		return nil, fmt.Errorf("session %s: %w", id, ErrUnknownSession)
	}
	return h, nil
}

func (b *fakeBackend) Sessions(context.Context) ([]SessionSummary, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []SessionSummary
	for id, h := range b.history {
		if len(h) > 0 {
			out = append(out, SessionSummary{ID: id, Title: h[0].Content, UpdatedAt: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)})
		}
	}
	return out, nil
}

func (b *fakeBackend) Close() error {
	b.mu.Lock()
	b.closed = true
	b.mu.Unlock()
	return nil
}

type fakeHandle struct {
	cancel context.CancelFunc
	done   chan struct{}
	run    engine.Run
	err    error
}

func (h *fakeHandle) Wait() (engine.Run, error) { <-h.done; return h.run, h.err }
func (h *fakeHandle) Cancel()                   { h.cancel() }

// testClient is an ACP client that records what the agent sent.
type testClient struct {
	mu          sync.Mutex
	updates     []sdk.SessionUpdate
	transitions []engine.Transition
	permissions []sdk.RequestPermissionRequest
	writes      []sdk.WriteTextFileRequest
	// answer picks the permission answer; nil selects the first option.
	answer func(sdk.RequestPermissionRequest) sdk.RequestPermissionResponse
	// answerCtx, if set, answers instead, seeing the request's context
	// (which $/cancel_request from the agent ends).
	answerCtx func(context.Context, sdk.RequestPermissionRequest) sdk.RequestPermissionResponse
	// asked receives each permission request as it arrives.
	asked chan sdk.RequestPermissionRequest
	// onUpdate, if set, sees each update as it arrives.
	onUpdate func(sdk.SessionUpdate)
	// buffers are the editor's unsaved texts by absolute path, answered to
	// fs/read_text_file; nil answers method-not-found.
	buffers map[string]string
	reads   []sdk.ReadTextFileRequest
	// terms plays terminal/*; nil answers method-not-found.
	terms *fakeTerminals
}

var _ sdk.Client = (*testClient)(nil)

func (c *testClient) RequestPermission(ctx context.Context, p sdk.RequestPermissionRequest) (sdk.RequestPermissionResponse, error) {
	c.mu.Lock()
	c.permissions = append(c.permissions, p)
	answer, answerCtx := c.answer, c.answerCtx
	c.mu.Unlock()
	if c.asked != nil {
		c.asked <- p
	}
	if answerCtx != nil {
		return answerCtx(ctx, p), nil
	}
	if answer != nil {
		return answer(p), nil
	}
	return sdk.RequestPermissionResponse{Outcome: sdk.RequestPermissionOutcome{Selected: &sdk.RequestPermissionOutcomeSelected{OptionId: p.Options[0].OptionId}}}, nil
}

func (c *testClient) SessionUpdate(_ context.Context, n sdk.SessionNotification) error {
	c.mu.Lock()
	c.updates = append(c.updates, n.Update)
	on := c.onUpdate
	c.mu.Unlock()
	if on != nil {
		on(n.Update)
	}
	return nil
}

func (c *testClient) WriteTextFile(_ context.Context, p sdk.WriteTextFileRequest) (sdk.WriteTextFileResponse, error) {
	c.mu.Lock()
	c.writes = append(c.writes, p)
	c.mu.Unlock()
	return sdk.WriteTextFileResponse{}, nil
}

func (c *testClient) ReadTextFile(_ context.Context, p sdk.ReadTextFileRequest) (sdk.ReadTextFileResponse, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.buffers == nil {
		return sdk.ReadTextFileResponse{}, sdk.NewMethodNotFound(sdk.ClientMethodFsReadTextFile)
	}
	c.reads = append(c.reads, p)
	text, ok := c.buffers[p.Path]
	if !ok {
		return sdk.ReadTextFileResponse{}, sdk.NewInvalidParams(map[string]any{"path": p.Path, "error": "no such buffer"})
	}
	return sdk.ReadTextFileResponse{Content: text}, nil
}

func (c *testClient) CreateTerminal(ctx context.Context, p sdk.CreateTerminalRequest) (sdk.CreateTerminalResponse, error) {
	if c.terms == nil {
		return sdk.CreateTerminalResponse{}, sdk.NewMethodNotFound(sdk.ClientMethodTerminalCreate)
	}
	return c.terms.create(ctx, p)
}

func (c *testClient) KillTerminal(_ context.Context, p sdk.KillTerminalRequest) (sdk.KillTerminalResponse, error) {
	if c.terms == nil {
		return sdk.KillTerminalResponse{}, sdk.NewMethodNotFound(sdk.ClientMethodTerminalKill)
	}
	return sdk.KillTerminalResponse{}, c.terms.kill(p.TerminalId)
}

func (c *testClient) TerminalOutput(_ context.Context, p sdk.TerminalOutputRequest) (sdk.TerminalOutputResponse, error) {
	if c.terms == nil {
		return sdk.TerminalOutputResponse{}, sdk.NewMethodNotFound(sdk.ClientMethodTerminalOutput)
	}
	return c.terms.output(p.TerminalId)
}

func (c *testClient) ReleaseTerminal(_ context.Context, p sdk.ReleaseTerminalRequest) (sdk.ReleaseTerminalResponse, error) {
	if c.terms == nil {
		return sdk.ReleaseTerminalResponse{}, sdk.NewMethodNotFound(sdk.ClientMethodTerminalRelease)
	}
	return sdk.ReleaseTerminalResponse{}, c.terms.release(p.TerminalId)
}

func (c *testClient) WaitForTerminalExit(ctx context.Context, p sdk.WaitForTerminalExitRequest) (sdk.WaitForTerminalExitResponse, error) {
	if c.terms == nil {
		return sdk.WaitForTerminalExitResponse{}, sdk.NewMethodNotFound(sdk.ClientMethodTerminalWaitForExit)
	}
	return c.terms.wait(ctx, p.TerminalId)
}

// HandleExtensionMethod receives `_loopls/transition`.
func (c *testClient) HandleExtensionMethod(_ context.Context, method string, params json.RawMessage) (any, error) {
	if method != TransitionMethod {
		return nil, sdk.NewMethodNotFound(method)
	}
	var t engine.Transition
	if err := json.Unmarshal(params, &t); err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.transitions = append(c.transitions, t)
	c.mu.Unlock()
	return nil, nil
}

func (c *testClient) snapshot() ([]sdk.SessionUpdate, []engine.Transition) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]sdk.SessionUpdate(nil), c.updates...), append([]engine.Transition(nil), c.transitions...)
}

// harness is an agent served over in-memory pipes with an SDK client on the
// other end.
type harness struct {
	t       testing.TB
	backend *fakeBackend
	client  *testClient
	conn    *sdk.ClientSideConnection
	root    string
	// raw writes straight into the agent's input, for malformed lines.
	raw io.Writer
	// wire records what the agent wrote, in order.
	wire    *wireLog
	served  chan error
	closeIn func()
}

func newHarness(t testing.TB, s script, client *testClient) *harness {
	t.Helper()
	if client == nil {
		client = &testClient{}
	}
	b := newFakeBackend(s)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	h := &harness{t: t, backend: b, client: client, root: t.TempDir(), raw: inW, served: make(chan error, 1), wire: &wireLog{}}
	cfg := Config{
		Open: func(_ context.Context, _ string, hooks Hooks) (Backend, error) {
			b.hooks = hooks
			return b, nil
		},
		Model:   func() string { return "ollama:tiny" },
		Version: "test",
		Logger:  slog.New(slog.DiscardHandler),
	}
	go func() { h.served <- Serve(context.Background(), inR, io.MultiWriter(h.wire, outW), cfg) }()
	h.conn = sdk.NewClientSideConnection(client, inW, outR)
	h.conn.SetLogger(slog.New(slog.DiscardHandler))
	h.closeIn = func() { inW.Close() }
	t.Cleanup(func() {
		inW.Close()
		select {
		case err := <-h.served:
			if err != nil {
				t.Errorf("Serve: %v", err)
			}
		case <-time.After(waitFor):
			t.Errorf("Serve did not return after stdin closed")
		}
		outW.Close()
		select {
		case <-h.conn.Done():
		case <-time.After(waitFor):
			t.Errorf("client connection did not close")
		}
	})
	return h
}

func (h *harness) ctx() context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	h.t.Cleanup(cancel)
	return ctx
}

// start initializes and opens a session.
func (h *harness) start(caps sdk.ClientCapabilities) sdk.NewSessionResponse {
	h.t.Helper()
	if _, err := h.conn.Initialize(h.ctx(), sdk.InitializeRequest{ProtocolVersion: sdk.ProtocolVersionNumber, ClientCapabilities: caps}); err != nil {
		h.t.Fatalf("initialize: %v", err)
	}
	s, err := h.conn.NewSession(h.ctx(), sdk.NewSessionRequest{Cwd: h.root, McpServers: []sdk.McpServer{}})
	if err != nil {
		h.t.Fatalf("session/new: %v", err)
	}
	return s
}

func (h *harness) prompt(sid sdk.SessionId, text string) (sdk.PromptResponse, error) {
	return h.conn.Prompt(h.ctx(), sdk.PromptRequest{SessionId: sid, Prompt: []sdk.ContentBlock{sdk.TextBlock(text)}})
}

func updateKind(u sdk.SessionUpdate) string {
	switch {
	case u.UserMessageChunk != nil:
		return "user_message_chunk"
	case u.AgentMessageChunk != nil:
		return "agent_message_chunk"
	case u.AgentThoughtChunk != nil:
		return "agent_thought_chunk"
	case u.ToolCall != nil:
		return "tool_call"
	case u.ToolCallUpdate != nil:
		return "tool_call_update"
	}
	return "other"
}

func updateToolID(u sdk.SessionUpdate) string {
	switch {
	case u.ToolCall != nil:
		return string(u.ToolCall.ToolCallId)
	case u.ToolCallUpdate != nil:
		return string(u.ToolCallUpdate.ToolCallId)
	}
	return ""
}

// text concatenates the text chunks of one kind.
func text(ups []sdk.SessionUpdate, kind string) string {
	var s string
	for _, u := range ups {
		switch {
		case kind == "agent_message_chunk" && u.AgentMessageChunk != nil && u.AgentMessageChunk.Content.Text != nil:
			s += u.AgentMessageChunk.Content.Text.Text
		case kind == "agent_thought_chunk" && u.AgentThoughtChunk != nil && u.AgentThoughtChunk.Content.Text != nil:
			s += u.AgentThoughtChunk.Content.Text.Text
		case kind == "user_message_chunk" && u.UserMessageChunk != nil && u.UserMessageChunk.Content.Text != nil:
			s += u.UserMessageChunk.Content.Text.Text
		}
	}
	return s
}

// wireLog records the agent's outgoing messages as "method:toolCallId" (the
// id of the tool call they concern, if any), in the order they were written;
// an update that embeds a terminal is "method/terminal:toolCallId".
// The SDK client handles requests and notifications on different
// goroutines, so only the wire shows the order the agent sent them in.
type wireLog struct {
	mu    sync.Mutex
	lines []string
}

func (w *wireLog) Write(p []byte) (int, error) {
	var msg struct {
		Method string `json:"method"`
		Params struct {
			Update struct {
				SessionUpdate string `json:"sessionUpdate"`
				ToolCallID    string `json:"toolCallId"`
				Content       []struct {
					Type string `json:"type"`
				} `json:"content"`
			} `json:"update"`
			ToolCall struct {
				ToolCallID string `json:"toolCallId"`
			} `json:"toolCall"`
		} `json:"params"`
	}
	if json.Unmarshal(p, &msg) == nil && msg.Method != "" {
		id := msg.Params.Update.ToolCallID + msg.Params.ToolCall.ToolCallID
		name := msg.Method
		if msg.Params.Update.SessionUpdate != "" {
			name += "/" + msg.Params.Update.SessionUpdate
		}
		for _, c := range msg.Params.Update.Content {
			if c.Type == "terminal" {
				name += "/terminal"
				break
			}
		}
		w.mu.Lock()
		w.lines = append(w.lines, name+":"+id)
		w.mu.Unlock()
	}
	return len(p), nil
}

func (w *wireLog) snapshot() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string(nil), w.lines...)
}
