package remotemodels

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/loopls/loopls/internal/jsonhttp"
)

// maxErrorBody bounds what is read of a provider's error answer, and
// maxListBody what is read of a /models list (OpenRouter's is a megabyte).
const (
	maxErrorBody = jsonhttp.MaxErrorBody
	maxListBody  = 32 << 20
	// maxRedirects bounds the redirects one request follows.
	maxRedirects = 10
)

// client sends loopls's requests to one provider: the base URL, the
// headers every request carries (the key, the API version), and the HTTP
// client. It never retries: the engine retries transient failures with its
// own backoff and fallback, and retries here would multiply them.
type client struct {
	http   *http.Client
	base   *url.URL
	header http.Header
}

// newClient parses base the way the SDKs did: a path that does not end in
// "/" gets one, and request paths are resolved relative to it, so
// "http://host/v1" and "http://host/v1/" both lead to
// "http://host/v1/chat/completions".
func newClient(base string, hc *http.Client, header http.Header) (*client, error) {
	u, err := url.Parse(base)
	if err != nil {
		return nil, fmt.Errorf("base URL %q: %w", base, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return nil, fmt.Errorf("base URL %q: want http:// or https:// and a host", base)
	}
	if u.Path != "" && !strings.HasSuffix(u.Path, "/") {
		u.Path += "/"
	}
	c := http.Client{}
	if hc != nil {
		c = *hc
	}
	c.CheckRedirect = sameOrigin(c.CheckRedirect)
	return &client{http: &c, base: u, header: header}, nil
}

// sameOrigin refuses a redirect to another scheme, host or port: the key
// travels in headers (x-api-key among them, which net/http would forward
// anywhere), so it goes nowhere but the configured server. next is the
// caller's own policy, if any.
func sameOrigin(next func(*http.Request, []*http.Request) error) func(*http.Request, []*http.Request) error {
	return func(req *http.Request, via []*http.Request) error {
		if len(via) >= maxRedirects {
			return fmt.Errorf("stopped after %d redirects", maxRedirects)
		}
		if o := via[0].URL; req.URL.Scheme != o.Scheme || req.URL.Host != o.Host {
			return fmt.Errorf("refused a redirect from %s to another server (%s://%s): the API key goes only to the configured server", o.Host, req.URL.Scheme, req.URL.Host)
		}
		if next != nil {
			return next(req, via)
		}
		return nil
	}
}

// do sends method to path (relative to the base), with body as JSON when it
// is not nil, and returns the response when its status is 2xx; the caller
// closes its body. Any other status is a *providerError with what the body
// says.
func (c *client) do(ctx context.Context, method, path string, body any, accept string) (*http.Response, error) {
	u, err := c.base.Parse(path)
	if err != nil {
		return nil, fmt.Errorf("request path %q: %w", path, err)
	}
	resp, answer, err := jsonhttp.Send(ctx, c.http, jsonhttp.Request{
		Method: method, URL: u.String(), Header: c.header, Body: body, Accept: accept,
	})
	if err != nil {
		return nil, err
	}
	if answer != nil {
		pe := readErrorBody(answer.Body)
		pe.method, pe.url, pe.status = method, u.Redacted(), answer.Status
		pe.retryAfter = jsonhttp.RetryAfter(answer.Header, time.Now())
		return nil, pe
	}
	return resp, nil
}

// stream POSTs body to path asking for an event stream, and returns the
// stream's body. A 2xx answer in JSON instead (a server that ignored
// "stream": true, or one that reports an error with 200) is an error that
// says so, with the error the body holds if it holds one.
func (c *client) stream(ctx context.Context, path string, body any) (io.ReadCloser, error) {
	resp, err := c.do(ctx, http.MethodPost, path, body, "text/event-stream")
	if err != nil {
		return nil, err
	}
	if mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type")); mt != "application/json" {
		return resp.Body, nil
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	var withError struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(raw, &withError) == nil && len(withError.Error) > 0 && string(withError.Error) != "null" {
		if pe, ok := readErrorObject(withError.Error); ok {
			return nil, pe // as an error event in the stream
		}
	}
	return nil, fmt.Errorf("%w: POST %s answered %d with JSON, not an event stream: %s", ErrNotStreamed, path, resp.StatusCode, jsonhttp.Quote(raw))
}

// ErrNotStreamed: the server answered a streamed request with a whole JSON
// body.
var ErrNotStreamed = errors.New("the server did not stream its answer")

// getJSON GETs path and decodes its JSON answer, at most limit bytes, into
// out.
func (c *client) getJSON(ctx context.Context, path string, limit int64, out any) error {
	resp, err := c.do(ctx, http.MethodGet, path, nil, "application/json")
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if err := jsonhttp.DecodeBounded(resp.Body, limit, out); err != nil {
		return fmt.Errorf("GET %s: %w", path, err)
	}
	return nil
}

// providerError is a provider's answer with an error status, or an error
// event in the middle of a stream (status 0): what the HTTP exchange and
// the body say. Both APIs put the error in an "error" object: OpenAI's
// {"error":{"message","type","code"}}, Anthropic's
// {"type":"error","error":{"type","message"}}.
type providerError struct {
	method, url string
	status      int
	retryAfter  time.Duration // what Retry-After asked for, 0 if nothing
	message     string        // error.message, else the start of a non-JSON body
	typ         string        // error.type
	code        string        // error.code (a string at OpenAI, a number at llama.cpp)
}

func (e *providerError) Error() string {
	var b strings.Builder
	if e.status != 0 {
		fmt.Fprintf(&b, "%s %s: %d %s", e.method, e.url, e.status, http.StatusText(e.status))
	} else {
		b.WriteString("error event in the stream")
	}
	if e.typ != "" {
		fmt.Fprintf(&b, " (%s)", e.typ)
	}
	if e.message != "" {
		fmt.Fprintf(&b, ": %s", e.message)
	}
	return b.String()
}

// readErrorBody reads both APIs' error JSON; a body in another shape
// leaves its first bytes, printable, as the message.
func readErrorBody(raw []byte) *providerError {
	var body struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(raw, &body) == nil && len(body.Error) > 0 {
		if pe, ok := readErrorObject(body.Error); ok {
			return pe
		}
	}
	return &providerError{message: jsonhttp.Quote(raw)}
}

// readErrorObject reads the value of "error": an object with message, type
// and code, or (Ollama's native shape) a string.
func readErrorObject(raw json.RawMessage) (*providerError, bool) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return &providerError{message: s}, s != ""
	}
	var obj struct {
		Message string          `json:"message"`
		Type    string          `json:"type"`
		Code    json.RawMessage `json:"code"`
	}
	if json.Unmarshal(raw, &obj) != nil {
		return nil, false
	}
	pe := &providerError{message: obj.Message, typ: obj.Type}
	if len(obj.Code) > 0 && string(obj.Code) != "null" {
		if json.Unmarshal(obj.Code, &pe.code) != nil {
			pe.code = string(obj.Code)
		}
	}
	return pe, true
}

// errStreamJSON wraps an event whose data is not the JSON expected.
func errStreamJSON(err error) error {
	return fmt.Errorf("an event of the stream is not the JSON expected: %w", err)
}

// asProviderError finds a *providerError in err's chain.
func asProviderError(err error) (*providerError, bool) {
	var pe *providerError
	ok := errors.As(err, &pe)
	return pe, ok
}
