package localmodels

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/loopls/loopls/internal/jsonhttp"
)

const (
	// maxShowBody and maxTagsBody bound the answers of /api/show (a
	// model's metadata, its template and licence) and /api/tags.
	maxShowBody = 32 << 20
	maxTagsBody = 16 << 20
)

// userAgent names loopls to the server.
const userAgent = "loopls"

// requestHeader is what every request carries besides Accept and
// Content-Type. jsonhttp.Send only reads it.
var requestHeader = http.Header{"User-Agent": {userAgent}}

// client sends loopls's requests to one Ollama server. It never retries:
// the engine retries transient failures with its own backoff.
type client struct {
	http *http.Client
	base *url.URL
}

func newClient(base *url.URL, hc *http.Client) *client {
	return &client{http: httpClient(hc), base: base}
}

// httpClient returns c, or a fresh client when c is nil. A fresh client
// has no overall timeout, because a stream may last as long as the model
// keeps generating; Stream catches stalls itself.
func httpClient(c *http.Client) *http.Client {
	if c == nil {
		return &http.Client{}
	}
	return c
}

// statusError is an answer with an error status: the status, what the
// body's "error" says (else the start of the body), and the advice of a
// Retry-After header.
type statusError struct {
	status     int
	message    string
	retryAfter time.Duration
}

func (e *statusError) Error() string {
	if e.message == "" {
		return fmt.Sprintf("%d %s", e.status, http.StatusText(e.status))
	}
	return fmt.Sprintf("%d %s: %s", e.status, http.StatusText(e.status), e.message)
}

// errStreamCut is the cause of a stream that ended without done:true: the
// connection was cut, or the server stopped sending.
var errStreamCut = errors.New("stream ended without done")

// do sends method to path (below the base), with body as JSON when it is
// not nil, and returns the response when its status is below 400; the
// caller closes its body. An error status is a *statusError.
func (c *client) do(ctx context.Context, method, path string, body any, accept string) (*http.Response, error) {
	resp, answer, err := jsonhttp.Send(ctx, c.http, jsonhttp.Request{
		Method: method, URL: c.base.JoinPath(path).String(), Header: requestHeader,
		Body: body, Accept: accept, OK: jsonhttp.Below400,
	})
	if err != nil {
		return nil, err
	}
	if answer != nil {
		return nil, readStatusError(answer)
	}
	return resp, nil
}

// readStatusError reads an error answer: Ollama's {"error":"…"}, or any
// other body quoted. A 401 without a message says "unauthorized".
func readStatusError(a *jsonhttp.ErrorAnswer) *statusError {
	e := &statusError{status: a.Status, retryAfter: jsonhttp.RetryAfter(a.Header, time.Now())}
	var body errorBody
	if json.Unmarshal(a.Body, &body) == nil {
		e.message = body.Error
	} else {
		e.message = jsonhttp.Quote(a.Body)
	}
	if e.message == "" && a.Status == http.StatusUnauthorized {
		e.message = "unauthorized"
	}
	return e
}

// getJSON and postJSON exchange one JSON value of at most limit bytes.
func (c *client) getJSON(ctx context.Context, path string, limit int64, out any) error {
	return c.exchange(ctx, http.MethodGet, path, nil, limit, out)
}

func (c *client) postJSON(ctx context.Context, path string, in any, limit int64, out any) error {
	return c.exchange(ctx, http.MethodPost, path, in, limit, out)
}

func (c *client) exchange(ctx context.Context, method, path string, in any, limit int64, out any) error {
	resp, err := c.do(ctx, method, path, in, "application/json")
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if err := jsonhttp.DecodeBounded(resp.Body, limit, out); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("%s %s: %w", method, path, err)
	}
	// Read the rest (a newline) so that the connection is reused: a run's
	// /api/chat follows its /api/show.
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 4<<10))
	return nil
}

// chat POSTs req to /api/chat and calls fn with each line of the NDJSON
// stream, in order. It returns nil when the stream ended cleanly (whether
// or not a line said done), a *statusError for an error status, an error
// wrapping errStreamCut when reading the body failed, and a plain error
// for an {"error":…} line, a line that is not the JSON expected, or one
// over maxNDJSONLine (ErrLineTooLarge).
func (c *client) chat(ctx context.Context, req *chatRequest, fn func(*chatChunk)) error {
	resp, err := c.do(ctx, http.MethodPost, "/api/chat", req, "application/x-ndjson")
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return readChat(resp.Body, fn)
}

// readChat reads a /api/chat stream from body (see chat).
func readChat(body io.Reader, fn func(*chatChunk)) error {
	nd := newNDJSONReader(body)
	var chunk chatChunk
	for {
		line, err := nd.next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if errors.Is(err, ErrLineTooLarge) {
			return err
		}
		if err != nil {
			return fmt.Errorf("%w: %w", errStreamCut, err)
		}
		chunk = chatChunk{}
		if err := json.Unmarshal(line, &chunk); err != nil {
			return fmt.Errorf("a line of the stream is not the JSON expected (%s): %q", err, jsonhttp.Quote(line))
		}
		if chunk.Error != "" {
			return errors.New(chunk.Error)
		}
		fn(&chunk)
	}
}
