// Package localmodels adapts a local Ollama server to the engine's Model
// interface. It speaks Ollama's native HTTP API itself (ollama_wire.go,
// client.go, ndjson.go): docs/contract.md C1 says why not the official
// client.
package localmodels

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/redact"
)

// OllamaOptions tune an Ollama adapter. The zero value is ready to use.
type OllamaOptions struct {
	// HTTPClient is the client to send requests with; nil means a fresh one
	// without an overall timeout.
	HTTPClient *http.Client
	// KeepAlive is how long Ollama keeps the model loaded after a request:
	// 0 leaves the server's default, a negative value keeps it loaded.
	KeepAlive time.Duration
	// Logger receives a debug line per call (model, host, tokens, timing;
	// never message text); nil means slog.Default().
	Logger *slog.Logger
	// FreeMemory reports the memory free for the model, in bytes, when the
	// server is this machine (window.go); nil means the system's count
	// (MemAvailable on Linux). Tests set it.
	FreeMemory func() (int64, error)
}

// Info is what /api/show says about a model.
type Info struct {
	// ContextWindow is <arch>.context_length, 0 when the server does not say.
	// It is the model's window, not the one loopls asks for (Window).
	ContextWindow int
	// Shape prices the model's KV cache (window.go).
	Shape Shape
	// Tools and Thinking report the capabilities of the same names.
	Tools    bool
	Thinking bool
	// Capabilities is the server's list as sent.
	Capabilities []string
}

// Ollama is one model on one Ollama server. It implements engine.Model and
// engine.WindowProber and is safe for concurrent use.
type Ollama struct {
	base   *url.URL
	model  string
	client *client
	opts   OllamaOptions
	log    *slog.Logger

	mu     sync.Mutex
	info   *Info         // cached after the first successful /api/show
	window *WindowChoice // chosen once, see Window
}

var (
	_ engine.Model        = (*Ollama)(nil)
	_ engine.WindowProber = (*Ollama)(nil)
)

// NewOllama returns the adapter for model on the server at host (any
// OLLAMA_HOST form, see ParseHost). It contacts nothing: the first request
// happens when a run needs the model.
func NewOllama(host, model string, opts OllamaOptions) (*Ollama, error) {
	if strings.TrimSpace(model) == "" {
		return nil, fmt.Errorf("%w: the model name is empty: set model, e.g. \"ollama:qwen2.5-coder\"", ErrNoModel)
	}
	base, err := ParseHost(host)
	if err != nil {
		return nil, err
	}
	log := opts.Logger
	if log == nil {
		log = slog.Default()
	}
	return &Ollama{
		base:   base,
		model:  model,
		client: newClient(base, opts.HTTPClient),
		opts:   opts,
		log:    log,
	}, nil
}

// Name returns the model string, "ollama:NAME".
func (o *Ollama) Name() string { return "ollama:" + o.model }

// Model returns the model's name as Ollama knows it.
func (o *Ollama) Model() string { return o.model }

// Host returns the server's base URL.
func (o *Ollama) Host() string { return o.base.String() }

// Capabilities asks /api/show for the model's context length and
// capabilities. A successful answer is cached for the adapter's lifetime,
// and for showTTL for every adapter of the process on the same server and
// model (show_cache.go).
func (o *Ollama) Capabilities(ctx context.Context) (Info, error) {
	o.mu.Lock()
	cached := o.info
	o.mu.Unlock()
	if cached != nil {
		return *cached, nil
	}
	key := showKey{host: o.base.String(), model: o.model}
	info, ok := cachedShow(key, time.Now())
	if !ok {
		var err error
		if info, err = o.client.show(ctx, o.model); err != nil {
			return Info{}, o.classify(ctx, err, 0)
		}
		rememberShow(key, info, time.Now())
	}
	o.mu.Lock()
	o.info = &info
	o.mu.Unlock()
	return info, nil
}

// ContextWindow implements engine.WindowProber: the window loopls asks
// Ollama for (num_ctx) when the contextWindow setting does not say, sized
// for the machine (window.go). The run's policy, and so its compaction,
// uses the same number.
func (o *Ollama) ContextWindow(ctx context.Context) (int, error) {
	c, err := o.Window(ctx)
	return c.Window, err
}

// Window chooses the window for this model, and says why. It is chosen
// once per process for each server and model (window_memo.go): the
// memory a loaded model takes would otherwise shrink the next run's
// window, and Ollama reloads a model whose num_ctx changes.
func (o *Ollama) Window(ctx context.Context) (WindowChoice, error) {
	o.mu.Lock()
	cached := o.window
	o.mu.Unlock()
	if cached != nil {
		return *cached, nil
	}
	info, err := o.Capabilities(ctx)
	if err != nil {
		return WindowChoice{}, err
	}
	c := windowFor(o.base, o.model, info, o.opts.FreeMemory, func() int64 { return o.client.modelSize(ctx, o.model) })
	o.log.Debug("ollama window", "model", o.model, "host", o.base.String(), "num_ctx", c.Window, "why", c.Reason)
	o.mu.Lock()
	o.window = &c
	o.mu.Unlock()
	return c, nil
}

// Stream implements engine.Model: one streaming /api/chat call.
func (o *Ollama) Stream(ctx context.Context, req engine.ModelRequest, onDelta func(engine.Delta)) (engine.ModelResponse, error) {
	info, err := o.Capabilities(ctx)
	if err != nil {
		return engine.ModelResponse{}, err
	}
	window := req.ContextWindow
	if window <= 0 {
		c, err := o.Window(ctx)
		if err != nil {
			return engine.ModelResponse{}, err
		}
		window = c.Window
	}
	creq, err := o.chatRequest(req, info, window)
	if err != nil {
		return engine.ModelResponse{}, err
	}

	var acc ollamaStream
	start := time.Now()
	err = o.client.chat(ctx, creq, func(c *chatChunk) { acc.add(c, onDelta) })
	o.log.Debug("ollama chat ended", "model", o.model, "host", o.base.String(), "num_ctx", window,
		"done", acc.done, "done_reason", acc.doneReason, "prompt_tokens", acc.usage.InputTokens,
		"eval_tokens", acc.usage.OutputTokens, "elapsed", time.Since(start), "err", err)

	// A cancel fails the body's read: the context decides before err does.
	// The driver's watchdog cuts a silent stream this way too, and names
	// the stall itself.
	if ctx.Err() != nil {
		return engine.ModelResponse{}, fmt.Errorf("%s: stream abandoned: %w", o.Name(), ctx.Err())
	}
	if err != nil && !errors.Is(err, errStreamCut) {
		return engine.ModelResponse{}, o.classify(ctx, err, window)
	}
	// A body that failed after done:true lost nothing of the answer.
	if !acc.done {
		cause := errStreamCut
		if err != nil {
			cause = err
		}
		return engine.ModelResponse{}, &engine.APIError{
			Transient: true,
			Message:   fmt.Sprintf("the stream from Ollama at %s ended before %s finished its answer (connection cut or generation dropped): it may be retried", o.base, o.model),
			Cause:     redact.Error(cause),
		}
	}
	return acc.response(o.Name()), nil
}

// chatRequest builds the /api/chat request. num_ctx is always the effective
// window (the run's, else Window's), and truncate and shift are off, so that Ollama answers an
// over-long prompt with an error instead of silently dropping messages.
func (o *Ollama) chatRequest(req engine.ModelRequest, info Info, window int) (*chatRequest, error) {
	tools, err := toChatTools(req.Tools)
	if err != nil {
		return nil, err
	}
	creq := &chatRequest{
		Model:    o.model,
		Messages: toChatMessages(req.System, req.Messages),
		Tools:    tools,
		Stream:   true,
		// One turn's answer is bounded (Ollama's default, -1, is no
		// bound): the engine says so in the answer when the model
		// reaches it.
		Options: chatOptions{NumCtx: max(window, 0), NumPredict: MaxPredictTokens},
	}
	if info.Thinking {
		creq.Think = true
	}
	if o.opts.KeepAlive != 0 {
		creq.KeepAlive = &keepAlive{d: o.opts.KeepAlive}
	}
	return creq, nil
}

// MaxPredictTokens bounds the tokens of one answer (num_predict). A model
// that reaches it stops with done_reason "length".
const MaxPredictTokens = 8192

// ollamaStream accumulates the chunks of one /api/chat stream.
type ollamaStream struct {
	text, thinking strings.Builder
	calls          []machine.ToolCall
	done           bool
	doneReason     string
	usage          engine.Usage
	timings        engine.Timings
}

func (s *ollamaStream) add(r *chatChunk, onDelta func(engine.Delta)) {
	if t := r.Message.Thinking; t != "" {
		s.thinking.WriteString(t)
		onDelta(engine.Delta{Lane: engine.LaneThinking, Text: t})
	}
	if t := r.Message.Content; t != "" {
		s.text.WriteString(t)
		onDelta(engine.Delta{Lane: engine.LaneText, Text: t})
	}
	// Calls arrive whole, one or more per chunk; several chunks may carry
	// them, so they are appended, never replaced.
	for _, tc := range r.Message.ToolCalls {
		call := fromChatToolCall(tc)
		s.calls = append(s.calls, call)
		onDelta(engine.Delta{Lane: engine.LaneTool, ToolCall: &call})
	}
	if r.Done {
		s.done = true
		s.doneReason = r.DoneReason
		s.usage = engine.Usage{InputTokens: r.PromptEvalCount, OutputTokens: r.EvalCount}
		s.timings = engine.Timings{
			Load:       time.Duration(r.LoadDuration),
			PromptEval: time.Duration(r.PromptEvalDuration),
			Eval:       time.Duration(r.EvalDuration),
		}
	}
}

func (s *ollamaStream) response(name string) engine.ModelResponse {
	return engine.ModelResponse{
		Message: machine.Message{
			Role:      machine.RoleAssistant,
			Content:   s.text.String(),
			Thinking:  s.thinking.String(),
			ToolCalls: s.calls,
		},
		Usage:      s.usage,
		Timings:    s.timings,
		StopReason: s.doneReason,
		Model:      name,
	}
}

// fromChatToolCall converts one Ollama call, canonicalising its arguments
// (Ollama sends their keys in random order) and naming it if the server did
// not. Arguments that are not JSON (they were valid in the line, so this
// cannot happen) would be kept as a string, as the engine keeps any
// malformed call.
func fromChatToolCall(tc chatToolCall) machine.ToolCall {
	args, _ := engine.CanonicalArguments(tc.Function.Arguments)
	id := tc.ID
	if id == "" {
		id = newCallID()
	}
	return machine.ToolCall{ID: machine.ToolCallID(id), Name: tc.Function.Name, Arguments: machine.RawJSON(args)}
}

// newCallID makes an id in Ollama's own form, call_ + 8 characters.
func newCallID() string {
	var b [4]byte
	_, _ = rand.Read(b[:])
	return "call_" + hex.EncodeToString(b[:])
}
