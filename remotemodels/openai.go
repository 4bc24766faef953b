package remotemodels

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/jsonhttp"
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
	// HTTPClient sends the requests; nil means a plain http.Client. Its
	// redirects are confined to the base URL's server.
	HTTPClient *http.Client
}

// OpenAI is a model behind an OpenAI-compatible chat completions API. It
// implements engine.Model.
type OpenAI struct {
	model  string
	base   string
	client *client
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
	header := http.Header{}
	if opts.APIKey != "" {
		redact.Register(opts.APIKey) // wherever the key came from, it never leaves
		header.Set("Authorization", "Bearer "+opts.APIKey)
	}
	c, err := newClient(base, opts.HTTPClient, header)
	if err != nil {
		return nil, fmt.Errorf("openai:%s: %w", model, err)
	}
	return &OpenAI{model: model, base: base, client: c, opts: opts}, nil
}

// Name returns the model string, "openai:NAME".
func (o *OpenAI) Name() string { return "openai:" + o.model }

// Stream implements engine.Model with a streaming chat completion.
func (o *OpenAI) Stream(ctx context.Context, req engine.ModelRequest, onDelta func(engine.Delta)) (engine.ModelResponse, error) {
	body, err := o.params(req)
	if err != nil {
		return engine.ModelResponse{}, err
	}
	var acc openaiStream
	events, err := o.client.stream(ctx, "chat/completions", body)
	if err == nil {
		err = drain(events, func(ev sseEvent) (bool, error) { return acc.event(ev, onDelta) })
	}
	// A stream that gave its finish reason is whole, [DONE] or not: some
	// OpenAI-compatible servers end the body without it (the SDK took
	// them too).
	if err := streamEnd(ctx, o.Name(), err, acc.finishReason != "", o.classify); err != nil {
		return engine.ModelResponse{}, err
	}
	return acc.response(o.Name(), onDelta), nil
}

func (o *OpenAI) classify(err error) error {
	if pe, ok := asProviderError(err); ok && pe.status != 0 {
		return classifyHTTP("the OpenAI-compatible server at "+o.base, o.model,
			httpFailure{status: pe.status, retryAfter: pe.retryAfter, msg: pe.message, code: pe.code}, err)
	}
	return classifyTransport("the OpenAI-compatible server", o.base, o.model, err)
}

// MaxOpenAITokens bounds the tokens of one answer (max_tokens).
const MaxOpenAITokens = 8192

// params builds the request: the conversation, the tools, and usage in the
// stream's last chunk.
func (o *OpenAI) params(req engine.ModelRequest) (*chatRequest, error) {
	p := &chatRequest{
		Model:         o.model,
		Stream:        true,
		StreamOptions: chatStreamOptions{IncludeUsage: true},
		// One turn's answer is bounded; every OpenAI-compatible server
		// reads max_tokens (finish_reason "length" when reached).
		MaxTokens: MaxOpenAITokens,
	}
	text := func(role, content string) chatMessage { return chatMessage{Role: role, Content: &content} }
	if req.System != "" {
		p.Messages = append(p.Messages, text("system", req.System))
	}
	for _, m := range req.Messages {
		switch m.Role {
		case machine.RoleSystem:
			p.Messages = append(p.Messages, text("system", m.Content))
		case machine.RoleUser:
			p.Messages = append(p.Messages, text("user", m.Content))
		case machine.RoleAssistant:
			a := chatMessage{Role: "assistant"}
			if m.Content != "" || len(m.ToolCalls) == 0 {
				a.Content = &m.Content
			}
			for _, c := range m.ToolCalls {
				args := string(c.Arguments)
				if args == "" {
					args = "{}"
				}
				a.ToolCalls = append(a.ToolCalls, chatToolCall{ID: string(c.ID), Type: "function",
					Function: chatFunctionCall{Name: c.Name, Arguments: args}})
			}
			p.Messages = append(p.Messages, a)
		case machine.RoleTool:
			content := m.Content
			if m.IsError {
				content = "error: " + content
			}
			t := text("tool", content)
			t.ToolCallID = string(m.ToolCallID)
			p.Messages = append(p.Messages, t)
		}
	}
	for _, t := range req.Tools {
		params, err := schemaObject(t)
		if err != nil {
			return nil, err
		}
		p.Tools = append(p.Tools, chatTool{Type: "function",
			Function: chatFunctionDef{Name: t.Name, Description: t.Description, Parameters: params}})
	}
	return p, nil
}

// schemaObject returns a tool's parameters as the JSON schema object to
// send: as given, or an empty object schema when the tool has none.
func schemaObject(t engine.ToolSpec) (json.RawMessage, error) {
	if len(t.Parameters) == 0 || string(t.Parameters) == "null" {
		return json.RawMessage(`{"type":"object","properties":{}}`), nil
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(t.Parameters, &obj); err != nil {
		return nil, fmt.Errorf("tool %q: its parameters are not a JSON schema object: %w", t.Name, err)
	}
	if obj == nil {
		return nil, fmt.Errorf("tool %q: its parameters are not a JSON schema object", t.Name)
	}
	return json.RawMessage(t.Parameters), nil
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

// event reads one event of the stream: a chunk, an error, or [DONE],
// after which the stream is finished.
func (s *openaiStream) event(ev sseEvent, onDelta func(engine.Delta)) (bool, error) {
	if bytes.HasPrefix(ev.data, []byte("[DONE]")) {
		return true, nil
	}
	var chunk chatChunk
	if err := json.Unmarshal(ev.data, &chunk); err != nil {
		return false, errStreamJSON(err)
	}
	if len(chunk.Error) > 0 && string(chunk.Error) != "null" {
		// An error after the 200: the server gave up mid-answer.
		pe, ok := readErrorObject(chunk.Error)
		if !ok {
			pe = &providerError{message: jsonhttp.Quote(chunk.Error)}
		}
		return false, pe
	}
	s.add(chunk, onDelta)
	return false, nil
}

func (s *openaiStream) add(chunk chatChunk, onDelta func(engine.Delta)) {
	if chunk.Usage != nil && (chunk.Usage.PromptTokens > 0 || chunk.Usage.CompletionTokens > 0) {
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
func (s *openaiStream) fragment(tc chatToolCallDelta) {
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
	p.args.WriteString(string(tc.Function.Arguments))
}

// reasoningText reads the reasoning text that OpenAI-compatible servers
// (vLLM, llama.cpp, OpenRouter, LM Studio) put beside content under one of
// two names OpenAI's schema does not have.
func reasoningText(d chatDelta) string {
	if t := jsonString(d.ReasoningContent); t != "" {
		return t
	}
	return jsonString(d.Reasoning)
}

// response finishes the message: calls in index order, arguments
// canonicalised, each announced on the tool lane.
func (s *openaiStream) response(name string, onDelta func(engine.Delta)) engine.ModelResponse {
	sort.SliceStable(s.calls, func(i, j int) bool { return s.calls[i].index < s.calls[j].index })
	msg := machine.Message{Role: machine.RoleAssistant, Content: s.text.String(), Thinking: s.thinking.String()}
	for i, p := range s.calls {
		args, _ := engine.CanonicalArguments([]byte(p.args.String())) // malformed: kept as a string for the tool to refuse
		id := p.id
		if id == "" {
			id = fmt.Sprintf("call_%d", i)
		}
		call := machine.ToolCall{ID: machine.ToolCallID(id), Name: p.name, Arguments: machine.RawJSON(args)}
		msg.ToolCalls = append(msg.ToolCalls, call)
		onDelta(engine.Delta{Lane: engine.LaneTool, ToolCall: &call})
	}
	return engine.ModelResponse{Message: msg, Usage: s.usage, StopReason: s.finishReason, Model: name}
}
