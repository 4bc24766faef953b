package remotemodels

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/shared"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/redact"
)

// DefaultOpenAIBaseURL is OpenAI's own API.
const DefaultOpenAIBaseURL = "https://api.openai.com/v1/"

// OpenAIOptions configure an OpenAI-compatible adapter.
type OpenAIOptions struct {
	// BaseURL is the server (OPENAI_BASE_URL): e.g. http://127.0.0.1:8080/v1
	// for llama.cpp's server, https://openrouter.ai/api/v1. Empty means OpenAI.
	BaseURL string
	// APIKey is sent as a bearer token (OPENAI_API_KEY); local servers need none.
	APIKey string
	// HTTPClient sends the requests; nil means the SDK's default.
	HTTPClient *http.Client
	// FirstChunkTimeout and StallTimeout end a silent stream with a
	// transient error (0 means the package defaults).
	FirstChunkTimeout time.Duration
	StallTimeout      time.Duration
}

// OpenAI is a model behind an OpenAI-compatible chat completions API. It
// implements engine.Model.
type OpenAI struct {
	model  string
	base   string
	client openai.Client
	opts   OpenAIOptions
}

var _ engine.Model = (*OpenAI)(nil)

// NewOpenAI returns the adapter for model. One of BaseURL or APIKey must be
// set: without either there is nothing to talk to.
func NewOpenAI(model string, opts OpenAIOptions) (*OpenAI, error) {
	if opts.BaseURL == "" && opts.APIKey == "" {
		return nil, fmt.Errorf("%w: openai:%s needs OPENAI_API_KEY, or OPENAI_BASE_URL for a local server (llama.cpp, vLLM, LM Studio)", ErrNotConfigured, model)
	}
	base := opts.BaseURL
	if base == "" {
		base = DefaultOpenAIBaseURL
	}
	if !strings.HasSuffix(base, "/") {
		base += "/"
	}
	ropts := []option.RequestOption{
		option.WithBaseURL(base),
		// The engine retries transient failures itself, with its own
		// backoff and fallback; SDK retries would multiply them.
		option.WithMaxRetries(0),
	}
	if opts.APIKey != "" {
		redact.Register(opts.APIKey) // wherever the key came from, it never leaves
		ropts = append(ropts, option.WithAPIKey(opts.APIKey))
	}
	if opts.HTTPClient != nil {
		ropts = append(ropts, option.WithHTTPClient(opts.HTTPClient))
	}
	return &OpenAI{model: model, base: base, client: openai.NewClient(ropts...), opts: opts}, nil
}

// Name returns the model string, "openai:NAME".
func (o *OpenAI) Name() string { return "openai:" + o.model }

// Stream implements engine.Model with a streaming chat completion.
func (o *OpenAI) Stream(ctx context.Context, req engine.ModelRequest, onDelta func(engine.Delta)) (engine.ModelResponse, error) {
	params, err := o.params(req)
	if err != nil {
		return engine.ModelResponse{}, err
	}
	sctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	dog := startWatchdog(cancel, o.opts.FirstChunkTimeout, o.opts.StallTimeout)
	stream := o.client.Chat.Completions.NewStreaming(sctx, params)
	var acc openaiStream
	err = drain(stream, dog, func(c openai.ChatCompletionChunk) { acc.add(c, onDelta) })
	if err := streamEnd(ctx, sctx, o.Name(), err, acc.finishReason != "", o.classify); err != nil {
		return engine.ModelResponse{}, err
	}
	return acc.response(o.Name(), onDelta), nil
}

func (o *OpenAI) classify(err error) error {
	var apiErr *openai.Error
	if errors.As(err, &apiErr) {
		return classifyHTTP("the OpenAI-compatible server at "+o.base, o.model,
			httpFailure{status: apiErr.StatusCode, resp: apiErr.Response, msg: apiErr.Message, code: apiErr.Code}, err)
	}
	return classifyTransport("the OpenAI-compatible server", o.base, o.model, err)
}

// MaxOpenAITokens bounds the tokens of one answer (max_tokens).
const MaxOpenAITokens = 8192

// params builds the request: the conversation, the tools, and usage in the
// stream's last chunk.
func (o *OpenAI) params(req engine.ModelRequest) (openai.ChatCompletionNewParams, error) {
	p := openai.ChatCompletionNewParams{
		Model:         shared.ChatModel(o.model),
		StreamOptions: openai.ChatCompletionStreamOptionsParam{IncludeUsage: openai.Bool(true)},
		// One turn's answer is bounded; every OpenAI-compatible server
		// reads max_tokens (finish_reason "length" when reached).
		MaxTokens: openai.Int(MaxOpenAITokens),
	}
	if req.System != "" {
		p.Messages = append(p.Messages, openai.SystemMessage(req.System))
	}
	for _, m := range req.Messages {
		switch m.Role {
		case engine.RoleSystem:
			p.Messages = append(p.Messages, openai.SystemMessage(m.Content))
		case engine.RoleUser:
			p.Messages = append(p.Messages, openai.UserMessage(m.Content))
		case engine.RoleAssistant:
			a := openai.ChatCompletionAssistantMessageParam{}
			if m.Content != "" || len(m.ToolCalls) == 0 {
				a.Content.OfString = openai.String(m.Content)
			}
			for _, c := range m.ToolCalls {
				args := string(c.Arguments)
				if args == "" {
					args = "{}"
				}
				a.ToolCalls = append(a.ToolCalls, openai.ChatCompletionMessageToolCallUnionParam{
					OfFunction: &openai.ChatCompletionMessageFunctionToolCallParam{
						ID:       string(c.ID),
						Function: openai.ChatCompletionMessageFunctionToolCallFunctionParam{Name: c.Name, Arguments: args},
					},
				})
			}
			p.Messages = append(p.Messages, openai.ChatCompletionMessageParamUnion{OfAssistant: &a})
		case engine.RoleTool:
			content := m.Content
			if m.IsError {
				content = "error: " + content
			}
			p.Messages = append(p.Messages, openai.ToolMessage(content, string(m.ToolCallID)))
		}
	}
	for _, t := range req.Tools {
		params := shared.FunctionParameters{"type": "object", "properties": map[string]any{}}
		if len(t.Parameters) > 0 && string(t.Parameters) != "null" {
			params = shared.FunctionParameters{}
			if err := json.Unmarshal(t.Parameters, &params); err != nil {
				return p, fmt.Errorf("tool %q: its parameters are not a JSON schema object: %w", t.Name, err)
			}
		}
		def := shared.FunctionDefinitionParam{Name: t.Name, Parameters: params}
		if t.Description != "" {
			def.Description = openai.String(t.Description)
		}
		p.Tools = append(p.Tools, openai.ChatCompletionFunctionTool(def))
	}
	return p, nil
}

// openaiStream assembles a chat completion stream. Tool calls arrive as
// fragments keyed by index: the first carries the id and name, the rest
// pieces of the arguments string.
type openaiStream struct {
	text, thinking strings.Builder
	calls          []*partialCall
	finishReason   string
	usage          engine.Usage
}

type partialCall struct {
	index int64
	id    string
	name  string
	args  strings.Builder
}

func (s *openaiStream) add(chunk openai.ChatCompletionChunk, onDelta func(engine.Delta)) {
	if chunk.Usage.PromptTokens > 0 || chunk.Usage.CompletionTokens > 0 {
		s.usage = engine.Usage{InputTokens: int(chunk.Usage.PromptTokens), OutputTokens: int(chunk.Usage.CompletionTokens)}
	}
	for _, ch := range chunk.Choices {
		if ch.Index != 0 {
			continue // we ask for one choice; ignore any other
		}
		d := ch.Delta
		if t := reasoningText(d); t != "" {
			s.thinking.WriteString(t)
			onDelta(engine.Delta{Lane: engine.LaneThinking, Text: t})
		}
		if d.Content != "" {
			s.text.WriteString(d.Content)
			onDelta(engine.Delta{Lane: engine.LaneText, Text: d.Content})
		}
		for _, tc := range d.ToolCalls {
			s.fragment(tc)
		}
		if ch.FinishReason != "" {
			s.finishReason = ch.FinishReason
		}
	}
}

// fragment merges one tool-call fragment into the call its index names. A
// fragment that brings a new id for an index whose call already has one is
// a new call: some servers number every call 0.
func (s *openaiStream) fragment(tc openai.ChatCompletionChunkChoiceDeltaToolCall) {
	var p *partialCall
	for i := len(s.calls) - 1; i >= 0; i-- {
		if s.calls[i].index == tc.Index {
			p = s.calls[i]
			break
		}
	}
	if p == nil || (tc.ID != "" && p.id != "" && tc.ID != p.id) {
		p = &partialCall{index: tc.Index}
		s.calls = append(s.calls, p)
	}
	if tc.ID != "" {
		p.id = tc.ID
	}
	if tc.Function.Name != "" {
		p.name += tc.Function.Name
	}
	p.args.WriteString(tc.Function.Arguments)
}

// reasoningText reads the reasoning text that OpenAI-compatible servers
// (vLLM, llama.cpp, OpenRouter, LM Studio) put beside content under one of
// two names the SDK does not model.
func reasoningText(d openai.ChatCompletionChunkChoiceDelta) string {
	for _, key := range []string{"reasoning_content", "reasoning"} {
		f, ok := d.JSON.ExtraFields[key]
		if !ok {
			continue
		}
		var s string
		if json.Unmarshal([]byte(f.Raw()), &s) == nil && s != "" {
			return s
		}
	}
	return ""
}

// response finishes the message: calls in index order, arguments
// canonicalised, each announced on the tool lane.
func (s *openaiStream) response(name string, onDelta func(engine.Delta)) engine.ModelResponse {
	sort.SliceStable(s.calls, func(i, j int) bool { return s.calls[i].index < s.calls[j].index })
	msg := engine.Message{Role: engine.RoleAssistant, Content: s.text.String(), Thinking: s.thinking.String()}
	for i, p := range s.calls {
		args, _ := engine.CanonicalArguments([]byte(p.args.String())) // malformed: kept as a string for the tool to refuse
		id := p.id
		if id == "" {
			id = fmt.Sprintf("call_%d", i)
		}
		call := engine.ToolCall{ID: engine.ToolCallID(id), Name: p.name, Arguments: engine.RawJSON(args)}
		msg.ToolCalls = append(msg.ToolCalls, call)
		onDelta(engine.Delta{Lane: engine.LaneTool, ToolCall: &call})
	}
	return engine.ModelResponse{Message: msg, Usage: s.usage, StopReason: s.finishReason, Model: name}
}
