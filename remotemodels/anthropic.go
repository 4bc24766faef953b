package remotemodels

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	"github.com/loopls/loopls/engine"
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
	// HTTPClient sends the requests; nil means the SDK's default.
	HTTPClient *http.Client
	// FirstChunkTimeout and StallTimeout end a silent stream with a
	// transient error (0 means the package defaults).
	FirstChunkTimeout time.Duration
	StallTimeout      time.Duration
}

// Anthropic is a model behind the Anthropic Messages API. It implements
// engine.Model.
type Anthropic struct {
	model  string
	base   string
	client anthropic.Client
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
	ropts := []option.RequestOption{
		option.WithAPIKey(opts.APIKey),
		// SDK v2.15's WithAPIKey sends only "Authorization: Bearer"; the
		// Messages API documents x-api-key for API keys, so send both.
		option.WithHeader("x-api-key", opts.APIKey),
		option.WithBaseURL(base),
		option.WithMaxRetries(0), // the engine retries, see NewOpenAI
	}
	if opts.HTTPClient != nil {
		ropts = append(ropts, option.WithHTTPClient(opts.HTTPClient))
	}
	return &Anthropic{model: model, base: base, client: anthropic.NewClient(ropts...), opts: opts}, nil
}

// Name returns the model string, "anthropic:NAME".
func (a *Anthropic) Name() string { return "anthropic:" + a.model }

// Stream implements engine.Model with a streaming Messages call.
func (a *Anthropic) Stream(ctx context.Context, req engine.ModelRequest, onDelta func(engine.Delta)) (engine.ModelResponse, error) {
	params, err := a.params(req)
	if err != nil {
		return engine.ModelResponse{}, err
	}
	sctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	dog := startWatchdog(cancel, a.opts.FirstChunkTimeout, a.opts.StallTimeout)
	stream := a.client.Messages.NewStreaming(sctx, params)
	acc := anthropicStream{blocks: map[int64]*anthropicBlock{}}
	err = drain(stream, dog, func(ev anthropic.MessageStreamEventUnion) { acc.add(ev, onDelta) })
	if err := streamEnd(ctx, sctx, a.Name(), err, acc.stopped, a.classify); err != nil {
		return engine.ModelResponse{}, err
	}
	return acc.response(a.Name()), nil
}

func (a *Anthropic) classify(err error) error {
	var apiErr *anthropic.Error
	if errors.As(err, &apiErr) {
		var body struct {
			Error struct {
				Type    string `json:"type"`
				Message string `json:"message"`
			} `json:"error"`
		}
		_ = json.Unmarshal([]byte(apiErr.RawJSON()), &body)
		status := apiErr.StatusCode
		if status < 400 {
			// An error event in a stream that began with 200: its type
			// says what the status would have been.
			status = statusOfAnthropicError(body.Error.Type)
		}
		return classifyHTTP("Anthropic", a.model, httpFailure{status: status, resp: apiErr.Response, msg: body.Error.Message}, err)
	}
	return classifyTransport("Anthropic", a.base, a.model, err)
}

// params builds the request. Anthropic wants tool results inside a user
// message and strictly alternating roles, so consecutive tool results and a
// user message after them are merged into one user turn.
func (a *Anthropic) params(req engine.ModelRequest) (anthropic.MessageNewParams, error) {
	p := anthropic.MessageNewParams{
		Model:     anthropic.Model(a.model),
		MaxTokens: int64(a.opts.MaxTokens),
	}
	system := []string{}
	if req.System != "" {
		system = append(system, req.System)
	}
	var pending []anthropic.ContentBlockParamUnion // the user turn being built
	flushUser := func() {
		if len(pending) > 0 {
			p.Messages = append(p.Messages, anthropic.NewUserMessage(pending...))
			pending = nil
		}
	}
	for _, m := range req.Messages {
		switch m.Role {
		case engine.RoleSystem:
			system = append(system, m.Content)
		case engine.RoleUser:
			pending = append(pending, anthropic.NewTextBlock(m.Content))
		case engine.RoleTool:
			pending = append(pending, anthropic.NewToolResultBlock(string(m.ToolCallID), m.Content, m.IsError))
		case engine.RoleAssistant:
			flushUser()
			var blocks []anthropic.ContentBlockParamUnion
			if m.Content != "" {
				blocks = append(blocks, anthropic.NewTextBlock(m.Content))
			}
			for _, c := range m.ToolCalls {
				var input any = map[string]any{}
				if len(c.Arguments) > 0 && c.Arguments[0] == '{' {
					input = json.RawMessage(c.Arguments)
				}
				blocks = append(blocks, anthropic.NewToolUseBlock(string(c.ID), input, c.Name))
			}
			if len(blocks) == 0 {
				// The API refuses an empty turn; an answer that was only
				// thinking still needs a place in the alternation.
				blocks = append(blocks, anthropic.NewTextBlock("(no answer)"))
			}
			p.Messages = append(p.Messages, anthropic.NewAssistantMessage(blocks...))
		}
	}
	flushUser()
	for _, s := range system {
		p.System = append(p.System, anthropic.TextBlockParam{Text: s})
	}
	for _, t := range req.Tools {
		schema := anthropic.ToolInputSchemaParam{Properties: map[string]any{}}
		if len(t.Parameters) > 0 && string(t.Parameters) != "null" {
			var raw map[string]any
			if err := json.Unmarshal(t.Parameters, &raw); err != nil {
				return p, fmt.Errorf("tool %q: its parameters are not a JSON schema object: %w", t.Name, err)
			}
			if props, ok := raw["properties"]; ok {
				schema.Properties = props
			}
			if req, ok := raw["required"].([]any); ok {
				for _, r := range req {
					if s, ok := r.(string); ok {
						schema.Required = append(schema.Required, s)
					}
				}
			}
			for k, v := range raw {
				if k != "properties" && k != "required" && k != "type" {
					if schema.ExtraFields == nil {
						schema.ExtraFields = map[string]any{}
					}
					schema.ExtraFields[k] = v
				}
			}
		}
		tool := anthropic.ToolParam{Name: t.Name, InputSchema: schema}
		if t.Description != "" {
			tool.Description = anthropic.String(t.Description)
		}
		p.Tools = append(p.Tools, anthropic.ToolUnionParam{OfTool: &tool})
	}
	return p, nil
}

// anthropicStream assembles a Messages stream: content blocks keyed by
// index, tool inputs from input_json_delta fragments.
type anthropicStream struct {
	text, thinking strings.Builder
	blocks         map[int64]*anthropicBlock
	calls          []engine.ToolCall
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

func (s *anthropicStream) add(ev anthropic.MessageStreamEventUnion, onDelta func(engine.Delta)) {
	switch ev.Type {
	case "message_start":
		u := ev.Message.Usage
		s.usage.InputTokens = int(u.InputTokens + u.CacheCreationInputTokens + u.CacheReadInputTokens)
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
				b.input.WriteString(ev.Delta.PartialJSON)
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
		if in := ev.Usage.InputTokens + ev.Usage.CacheCreationInputTokens + ev.Usage.CacheReadInputTokens; in > 0 {
			s.usage.InputTokens = int(in)
		}
	case "message_stop":
		s.stopped = true
	}
}

func (s *anthropicStream) emitCall(b *anthropicBlock, onDelta func(engine.Delta)) {
	args, _ := engine.CanonicalArguments([]byte(b.input.String())) // malformed: kept as a string for the tool to refuse
	call := engine.ToolCall{ID: engine.ToolCallID(b.id), Name: b.name, Arguments: engine.RawJSON(args)}
	s.calls = append(s.calls, call)
	onDelta(engine.Delta{Lane: engine.LaneTool, ToolCall: &call})
}

func (s *anthropicStream) response(name string) engine.ModelResponse {
	return engine.ModelResponse{
		Message: engine.Message{
			Role:      engine.RoleAssistant,
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
