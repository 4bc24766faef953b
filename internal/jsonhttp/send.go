// Package jsonhttp holds what loopls's model clients share: sending one
// JSON request to a model server, returning the response or the bounded
// body of an error answer, reading a bounded JSON answer, how long an
// error answer asks to wait (RetryAfter), and whether a failure is one to
// connect at all (IsRefused). Each client keeps its own headers, success
// rule and error types.
package jsonhttp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

// MaxErrorBody bounds what is read of an error answer's body.
const MaxErrorBody = 64 << 10

// Request is one request to send.
type Request struct {
	Method string
	URL    string
	// Header is sent as is (a User-Agent, a key, an API version); Send
	// sets Accept, and Content-Type when there is a body, over it.
	Header http.Header
	// Body is sent as JSON when it is not nil.
	Body   any
	Accept string
	// OK says which statuses are a success; nil means 2xx.
	OK func(status int) bool
}

// ErrorAnswer is an answer whose status is not a success: its status,
// header, and at most MaxErrorBody bytes of its body, for the caller to
// classify.
type ErrorAnswer struct {
	Status int
	Header http.Header
	Body   []byte
}

// Send sends r with hc and returns the response when its status is a
// success (the caller closes its body), else the error answer. The error
// is ctx.Err() when the context ended while the error body was read, an
// error wrapping ErrEncoding when the body is not JSON-encodable, or what
// building or sending the request returned.
func Send(ctx context.Context, hc *http.Client, r Request) (*http.Response, *ErrorAnswer, error) {
	var rd io.Reader
	if r.Body != nil {
		raw, err := json.Marshal(r.Body)
		if err != nil {
			return nil, nil, fmt.Errorf("%w: %w", ErrEncoding, err)
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, r.Method, r.URL, rd)
	if err != nil {
		return nil, nil, err
	}
	for k, v := range r.Header {
		req.Header[k] = v
	}
	req.Header.Set("Accept", r.Accept)
	if r.Body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := hc.Do(req)
	if err != nil {
		return nil, nil, err
	}
	ok := r.OK
	if ok == nil {
		ok = Is2xx
	}
	if ok(resp.StatusCode) {
		return resp, nil, nil
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, MaxErrorBody))
	if err != nil && ctx.Err() != nil {
		return nil, nil, ctx.Err()
	}
	return nil, &ErrorAnswer{Status: resp.StatusCode, Header: resp.Header, Body: raw}, nil
}

// Is2xx is the success rule of most APIs.
func Is2xx(status int) bool { return status/100 == 2 }

// Below400 takes every status below 400 for a success.
func Below400(status int) bool { return status < http.StatusBadRequest }
