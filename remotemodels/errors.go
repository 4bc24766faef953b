// Package remotemodels adapts remote chat APIs to the engine's Model
// interface: OpenAI-compatible chat completions (OpenAI, vLLM, llama.cpp's
// server, LM Studio, OpenRouter) and Anthropic Messages.
//
// It speaks the two APIs itself, over net/http and encoding/json, rather
// than through the official Go SDKs: loopls uses one streaming endpoint and
// one /models endpoint of each, and the SDKs' packages cost the daemon,
// which idles in every open editor, about 8 MiB of resident memory, 26 MB
// of binary and 2 ms of start (docs/performance.md).
package remotemodels

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/jsonhttp"
)

// ErrNotConfigured: the provider is named but its key or URL is not set.
// The remote adapters' other kinds: ErrNotStreamed (request.go),
// ErrStreamCut and ErrEventTooLarge (sse.go); a URL where nothing answers
// is jsonhttp.ErrUnreachable, for every adapter.
var ErrNotConfigured = errors.New("provider not configured")

// httpFailure is what a provider's error answer tells: the status, the
// wait its Retry-After asked for, the message and the code.
type httpFailure struct {
	status     int
	retryAfter time.Duration
	msg        string
	code       string // the provider's error code, when it sends one
}

// isContextOverflow recognises "the prompt is too long" as OpenAI
// (context_length_exceeded), vLLM, llama.cpp and Anthropic ("prompt is too
// long") word it.
func isContextOverflow(code, msg string) bool {
	if code == "context_length_exceeded" {
		return true
	}
	m := strings.ToLower(msg)
	for _, s := range []string{"context length", "context_length", "prompt is too long", "context window", "exceeds the available context", "maximum context"} {
		if strings.Contains(m, s) {
			return true
		}
	}
	return false
}

// classifyHTTP maps a provider's HTTP error status. The result is scrubbed
// of secrets: a provider may echo the request's Authorization header.
func classifyHTTP(provider, model string, f httpFailure, cause error) *engine.APIError {
	return classifyStatus(provider, model, f, cause).Scrubbed()
}

func classifyStatus(provider, model string, f httpFailure, cause error) *engine.APIError {
	e := &engine.APIError{Status: f.status, Cause: cause}
	msg := f.msg
	if msg == "" {
		msg = http.StatusText(f.status)
	}
	switch {
	case f.status == http.StatusBadRequest && isContextOverflow(f.code, msg):
		// The conversation no longer fits: the engine's ContextExceeded
		// kind (through Cause), so the run says to compact or start anew.
		limit := &machine.LoopError{Kind: machine.KindContextExceeded,
			Message: fmt.Sprintf("the conversation does not fit in the context window of %s (%s): compact it, set contextWindow so loopls compacts in time, or start a new session", model, msg)}
		e.Message = limit.Message
		e.Cause = fmt.Errorf("%w: %w", limit, cause)
	case f.status == http.StatusTooManyRequests:
		e.Transient, e.RateLimit, e.RetryAfter = true, true, int64(f.retryAfter)
		e.Message = fmt.Sprintf("%s is rate limiting requests for %s (429): retrying later", provider, model)
	case f.status >= 500 || f.status == http.StatusRequestTimeout || f.status == 529:
		e.Transient = true
		e.Message = fmt.Sprintf("%s failed with %d for %s: %s", provider, f.status, model, msg)
	case f.status == http.StatusUnauthorized || f.status == http.StatusForbidden:
		e.Message = fmt.Sprintf("%s refused the API key (%d): check the key in the environment (it is never logged)", provider, f.status)
	case f.status == http.StatusNotFound:
		e.Message = fmt.Sprintf("%s does not know model '%s' (404): check the model name (`loopls models` lists them)", provider, model)
	default:
		e.Message = fmt.Sprintf("%s rejected the request for %s (%d): %s", provider, model, f.status, msg)
	}
	return e
}

// classifyTransport maps an error that carries no HTTP status: a refused
// connection is not worth a retry (the server is not running); a reset, a
// cut body or an undecodable event is.
func classifyTransport(provider, base, model string, err error) *engine.APIError {
	if jsonhttp.IsRefused(err) {
		return &engine.APIError{Cause: fmt.Errorf("%w: %w", jsonhttp.ErrUnreachable, err),
			Message: fmt.Sprintf("cannot reach %s at %s: is the server running and the base URL right?", provider, base)}
	}
	if errors.Is(err, ErrNotStreamed) {
		// It will answer the same way again: not worth a retry.
		return (&engine.APIError{Cause: err,
			Message: fmt.Sprintf("%s at %s does not stream answers for %s: %v", provider, base, model, err)}).Scrubbed()
	}
	return (&engine.APIError{Transient: true, Cause: err,
		Message: fmt.Sprintf("the stream from %s for %s failed: %v", provider, model, err)}).Scrubbed()
}
