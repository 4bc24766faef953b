package localmodels

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/jsonhttp"
	"github.com/loopls/loopls/redact"
)

// Kinds of failure of Ollama's own a caller may test with errors.Is (a host
// where nothing answers is jsonhttp.ErrUnreachable, for every adapter). They
// come inside an *engine.APIError (as its Cause), so the engine's retry
// logic and the user-facing message both stay intact.
var (
	// ErrModelNotFound: the server does not have the model.
	ErrModelNotFound = errors.New("model not found")
	// ErrNoToolSupport: the model cannot call tools, so it cannot run an agent loop.
	ErrNoToolSupport = errors.New("model does not support tools")
	// ErrNoModel: no model is configured and the server offers none that fits.
	ErrNoModel = errors.New("no model available")
)

// statusOf returns the HTTP status and message of an error answer, if err
// is one.
func statusOf(err error) (*statusError, bool) {
	var se *statusError
	ok := errors.As(err, &se)
	return se, ok
}

// unreachable is the error of a host where nothing listens.
func unreachable(host string, cause error) *engine.APIError {
	return &engine.APIError{
		Message: fmt.Sprintf("cannot reach Ollama at %s: is `ollama serve` running? (set OLLAMA_HOST or ollamaHost if it listens elsewhere)", host),
		Cause:   fmt.Errorf("%w: %w", jsonhttp.ErrUnreachable, cause),
	}
}

// notFound is the error of a model the server does not have.
func notFound(model string, cause error) *engine.APIError {
	return &engine.APIError{
		Status:  http.StatusNotFound,
		Message: fmt.Sprintf("model '%s' not found: run `ollama pull %s`", model, model),
		Cause:   fmt.Errorf("%w: %w", ErrModelNotFound, cause),
	}
}

// classify turns an error of the exchange with Ollama into what the engine
// expects: a wrapped context error when the caller gave up, else an
// *engine.APIError whose message says what to do and whose Transient flag
// says whether a retry may help.
func (o *Ollama) classify(ctx context.Context, err error, window int) error {
	out := o.classifyErr(ctx, err, window)
	var ae *engine.APIError
	if errors.As(out, &ae) {
		ae.Scrubbed()
		return out
	}
	return redact.Error(out)
}

func (o *Ollama) classifyErr(ctx context.Context, err error, window int) error {
	if ctx.Err() != nil {
		return fmt.Errorf("%s: %w", o.Name(), ctx.Err())
	}
	if se, ok := statusOf(err); ok {
		return o.fromStatus(se, err, window)
	}
	if jsonhttp.IsRefused(err) {
		return unreachable(o.base.String(), err)
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		// The caller's context is alive, so this is our own watchdog or the
		// transport's timeout: worth a retry.
		return &engine.APIError{Transient: true, Cause: err,
			Message: fmt.Sprintf("the request to Ollama at %s timed out: it may be retried", o.base)}
	}
	// A reset connection, an {"error":…} line mid-stream, a line that is
	// not JSON or one over the bound: all are worth a retry.
	return &engine.APIError{Transient: true, Cause: err,
		Message: fmt.Sprintf("Ollama at %s failed mid-answer for %s: %v", o.base, o.model, err)}
}

// fromStatus maps an error answer of Ollama.
func (o *Ollama) fromStatus(se *statusError, cause error, window int) *engine.APIError {
	status, msg := se.status, se.message
	lower := strings.ToLower(msg)
	e := &engine.APIError{Status: status, Cause: cause}
	switch {
	case status == http.StatusNotFound && o.model != "" && (strings.Contains(lower, "model") || msg == ""):
		return notFound(o.model, cause)
	case status == http.StatusNotFound:
		e.Message = fmt.Sprintf("%s answered 404 (%s): is OLLAMA_HOST (or ollamaHost) pointing at an Ollama server?", o.base, msg)
	case strings.Contains(lower, "does not support tools"):
		e.Message = fmt.Sprintf("model '%s' does not support tools, so it cannot run an agent loop: choose a tool-capable model (see `loopls models`), e.g. `ollama pull qwen2.5-coder`", o.model)
		e.Cause = fmt.Errorf("%w: %w", ErrNoToolSupport, cause)
	case strings.Contains(lower, "exceeds the context length"):
		limit := &machine.LoopError{Kind: machine.KindContextExceeded, Limit: window,
			Message: fmt.Sprintf("the prompt does not fit in the context window of %d tokens (num_ctx): compact the conversation, raise contextWindow or start a new session", window)}
		e.Message = limit.Message
		e.Cause = fmt.Errorf("%w: %w", limit, cause)
	case status == http.StatusTooManyRequests:
		e.Transient, e.RateLimit, e.RetryAfter = true, true, int64(se.retryAfter)
		e.Message = fmt.Sprintf("Ollama at %s is rate limiting requests (429): retrying later", o.base)
	case status >= 500 || status == http.StatusRequestTimeout:
		e.Transient = true
		e.Message = fmt.Sprintf("Ollama at %s failed with %d for %s: %s", o.base, status, o.model, orStatus(msg, status))
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		e.Message = fmt.Sprintf("Ollama at %s refused the request (%d %s): check the server's access settings", o.base, status, orStatus(msg, status))
	default:
		e.Message = fmt.Sprintf("Ollama at %s rejected the request for %s (%d): %s", o.base, o.model, status, orStatus(msg, status))
	}
	return e
}

func orStatus(msg string, status int) string {
	if msg != "" {
		return msg
	}
	return http.StatusText(status)
}
