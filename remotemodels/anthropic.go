package remotemodels

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/redact"
)

// DefaultAnthropicBaseURL is Anthropic's own API.
const DefaultAnthropicBaseURL = "https://api.anthropic.com/"

// DefaultAnthropicMaxTokens is the answer budget of one call; the Messages
// API requires one.
const DefaultAnthropicMaxTokens = 8192

// AnthropicOptions configure an Anthropic adapter.
type AnthropicOptions struct {
	// BaseURL is the server (ANTHROPIC_BASE_URL); empty means Anthropic's.
	BaseURL string
	// APIKey is ANTHROPIC_API_KEY. Required.
	APIKey string
	// MaxTokens bounds one answer (0 means DefaultAnthropicMaxTokens).
	MaxTokens int
	// HTTPClient sends the requests; nil means a plain http.Client. Its
	// redirects are confined to the base URL's server.
	HTTPClient *http.Client
}

// Anthropic is a model behind the Anthropic Messages API. It implements
// engine.Model.
type Anthropic struct {
	model  string
	base   string
	client *client
	opts   AnthropicOptions
}

var _ engine.Model = (*Anthropic)(nil)

// NewAnthropic returns the adapter for model.
func NewAnthropic(model string, opts AnthropicOptions) (*Anthropic, error) {
	if opts.APIKey == "" {
		return nil, fmt.Errorf("%w: anthropic:%s needs ANTHROPIC_API_KEY", ErrNotConfigured, model)
	}
	base := opts.BaseURL
	if base == "" {
		base = DefaultAnthropicBaseURL
	}
	if opts.MaxTokens <= 0 {
		opts.MaxTokens = DefaultAnthropicMaxTokens
	}
	redact.Register(opts.APIKey) // wherever the key came from, it never leaves
	header := http.Header{}
	header.Set("x-api-key", opts.APIKey)
	// The key as a bearer token too, as the SDK sent it: gateways in front
	// of Anthropic-compatible servers read that one.
	header.Set("Authorization", "Bearer "+opts.APIKey)
	header.Set("anthropic-version", anthropicVersion)
	c, err := newClient(base, opts.HTTPClient, header)
	if err != nil {
		return nil, fmt.Errorf("anthropic:%s: %w", model, err)
	}
	return &Anthropic{model: model, base: base, client: c, opts: opts}, nil
}

// Name returns the model string, "anthropic:NAME".
func (a *Anthropic) Name() string { return "anthropic:" + a.model }

// Stream implements engine.Model with a streaming Messages call.
func (a *Anthropic) Stream(ctx context.Context, req engine.ModelRequest, onDelta func(engine.Delta)) (engine.ModelResponse, error) {
	body, err := a.params(req)
	if err != nil {
		return engine.ModelResponse{}, err
	}
	acc := anthropicStream{blocks: map[int64]*anthropicBlock{}}
	events, err := a.client.stream(ctx, "v1/messages", body)
	if err == nil {
		err = drain(events, func(ev sseEvent) (bool, error) { return acc.event(ev, onDelta) })
	}
	if err := streamEnd(ctx, a.Name(), err, acc.stopped, a.classify); err != nil {
		return engine.ModelResponse{}, err
	}
	return acc.response(a.Name()), nil
}

func (a *Anthropic) classify(err error) error {
	if pe, ok := asProviderError(err); ok {
		status := pe.status
		if status < 400 {
			// An error event in a stream that began with 200: its type
			// says what the status would have been.
			status = statusOfAnthropicError(pe.typ)
		}
		return classifyHTTP("Anthropic", a.model, httpFailure{status: status, retryAfter: pe.retryAfter, msg: pe.message}, err)
	}
	return classifyTransport("Anthropic", a.base, a.model, err)
}

// params builds the request. Anthropic wants tool results inside a user
// message and strictly alternating roles, so consecutive tool results and a
// user message after them are merged into one user turn.
func (a *Anthropic) params(req engine.ModelRequest) (*msgRequest, error) {
	p := &msgRequest{Model: a.model, MaxTokens: a.opts.MaxTokens, Stream: true}
	system := []string{}
	if req.System != "" {
		system = append(system, req.System)
	}
	var pending []msgBlock // the user turn being built
	flushUser := func() {
		if len(pending) > 0 {
			p.Messages = append(p.Messages, msgMessage{Role: "user", Content: pending})
			pending = nil
		}
	}
	for _, m := range req.Messages {
		switch m.Role {
		case machine.RoleSystem:
			system = append(system, m.Content)
		case machine.RoleUser:
			pending = append(pending, textBlock(m.Content))
		case machine.RoleTool:
			pending = append(pending, toolResultBlock(string(m.ToolCallID), m.Content, m.IsError))
		case machine.RoleAssistant:
			flushUser()
			var blocks []msgBlock
			if m.Content != "" {
				blocks = append(blocks, textBlock(m.Content))
			}
			for _, c := range m.ToolCalls {
				input := json.RawMessage(`{}`)
				if len(c.Arguments) > 0 && c.Arguments[0] == '{' && json.Valid(c.Arguments) {
					input = json.RawMessage(c.Arguments)
				}
				blocks = append(blocks, toolUseBlock(string(c.ID), c.Name, input))
			}
			if len(blocks) == 0 {
				// The API refuses an empty turn; an answer that was only
				// thinking still needs a place in the alternation.
				blocks = append(blocks, textBlock("(no answer)"))
			}
			p.Messages = append(p.Messages, msgMessage{Role: "assistant", Content: blocks})
		}
	}
	flushUser()
	for _, s := range system {
		p.System = append(p.System, textBlock(s))
	}
	for _, t := range req.Tools {
		schema, err := inputSchema(t)
		if err != nil {
			return nil, err
		}
		p.Tools = append(p.Tools, msgTool{Name: t.Name, Description: t.Description, InputSchema: schema})
	}
	return p, nil
}

// inputSchema is a tool's parameters as Anthropic's input_schema: an object
// schema ("type" is always "object") with its properties (empty when it has
// none), its required names that are strings, and every other keyword as
// given.
func inputSchema(t engine.ToolSpec) (json.RawMessage, error) {
	raw := map[string]json.RawMessage{}
	if len(t.Parameters) > 0 && string(t.Parameters) != "null" {
		if err := json.Unmarshal(t.Parameters, &raw); err != nil {
			return nil, fmt.Errorf("tool %q: its parameters are not a JSON schema object: %w", t.Name, err)
		}
		if raw == nil {
			raw = map[string]json.RawMessage{}
		}
	}
	raw["type"] = json.RawMessage(`"object"`)
	if _, ok := raw["properties"]; !ok {
		raw["properties"] = json.RawMessage(`{}`)
	}
	var required []any
	_ = json.Unmarshal(raw["required"], &required)
	var names []string
	for _, r := range required {
		if s, ok := r.(string); ok {
			names = append(names, s)
		}
	}
	delete(raw, "required")
	if len(names) > 0 {
		b, _ := json.Marshal(names)
		raw["required"] = b
	}
	return json.Marshal(raw)
}

// anthropicStream assembles a Messages stream: content blocks keyed by
// index, tool inputs from input_json_delta fragments.
type anthropicStream struct {
	text, thinking strings.Builder
	blocks         map[int64]*anthropicBlock
	calls          []machine.ToolCall
	stopReason     string
	usage          engine.Usage
	stopped        bool // message_stop arrived
}

type anthropicBlock struct {
	kind  string
	id    string
	name  string
	input strings.Builder
	done  bool
}

// event reads one event of the stream; message_stop finishes it, and an
// error event ends it with the error.
func (s *anthropicStream) event(ev sseEvent, onDelta func(engine.Delta)) (bool, error) {
	var e msgEvent
	if err := json.Unmarshal(ev.data, &e); err != nil {
		return false, errStreamJSON(err)
	}
	if ev.typ == "error" || e.Type == "error" {
		return false, &providerError{typ: e.Error.Type, message: e.Error.Message}
	}
	s.add(e, onDelta)
	return s.stopped, nil
}

func (s *anthropicStream) add(ev msgEvent, onDelta func(engine.Delta)) {
	switch ev.Type {
	case "message_start":
		u := ev.Message.Usage
		s.usage.InputTokens = int(u.input())
		s.usage.OutputTokens = int(u.OutputTokens)
	case "content_block_start":
		b := &anthropicBlock{kind: ev.ContentBlock.Type, id: ev.ContentBlock.ID, name: ev.ContentBlock.Name}
		s.blocks[ev.Index] = b
		// A block may start with text already in it.
		if t := ev.ContentBlock.Text; t != "" && b.kind == "text" {
			s.text.WriteString(t)
			onDelta(engine.Delta{Lane: engine.LaneText, Text: t})
		}
		if t := ev.ContentBlock.Thinking; t != "" && b.kind == "thinking" {
			s.thinking.WriteString(t)
			onDelta(engine.Delta{Lane: engine.LaneThinking, Text: t})
		}
	case "content_block_delta":
		b := s.blocks[ev.Index]
		switch ev.Delta.Type {
		case "text_delta":
			s.text.WriteString(ev.Delta.Text)
			onDelta(engine.Delta{Lane: engine.LaneText, Text: ev.Delta.Text})
		case "thinking_delta":
			s.thinking.WriteString(ev.Delta.Thinking)
			onDelta(engine.Delta{Lane: engine.LaneThinking, Text: ev.Delta.Thinking})
		case "input_json_delta":
			if b != nil {
				b.input.WriteString(string(ev.Delta.PartialJSON))
			}
		}
	case "content_block_stop":
		if b := s.blocks[ev.Index]; b != nil && b.kind == "tool_use" && !b.done {
			b.done = true
			s.emitCall(b, onDelta)
		}
	case "message_delta":
		if ev.Delta.StopReason != "" {
			s.stopReason = string(ev.Delta.StopReason)
		}
		if ev.Usage.OutputTokens > 0 {
			s.usage.OutputTokens = int(ev.Usage.OutputTokens)
		}
		if in := ev.Usage.input(); in > 0 {
			s.usage.InputTokens = int(in)
		}
	case "message_stop":
		s.stopped = true
	}
}

func (s *anthropicStream) emitCall(b *anthropicBlock, onDelta func(engine.Delta)) {
	args, _ := engine.CanonicalArguments([]byte(b.input.String())) // malformed: kept as a string for the tool to refuse
	call := machine.ToolCall{ID: machine.ToolCallID(b.id), Name: b.name, Arguments: machine.RawJSON(args)}
	s.calls = append(s.calls, call)
	onDelta(engine.Delta{Lane: engine.LaneTool, ToolCall: &call})
}

func (s *anthropicStream) response(name string) engine.ModelResponse {
	return engine.ModelResponse{
		Message: machine.Message{
			Role:      machine.RoleAssistant,
			Content:   s.text.String(),
			Thinking:  s.thinking.String(),
			ToolCalls: s.calls,
		},
		Usage:      s.usage,
		StopReason: s.stopReason,
		Model:      name,
	}
}

// statusOfAnthropicError maps the error types of Anthropic's error events to
// the HTTP status the same error has before a stream starts.
func statusOfAnthropicError(typ string) int {
	switch typ {
	case "overloaded_error":
		return 529
	case "rate_limit_error":
		return http.StatusTooManyRequests
	case "api_error":
		return http.StatusInternalServerError
	case "timeout_error":
		return http.StatusGatewayTimeout
	case "authentication_error":
		return http.StatusUnauthorized
	case "permission_error":
		return http.StatusForbidden
	case "not_found_error":
		return http.StatusNotFound
	default:
		return http.StatusBadRequest
	}
}
