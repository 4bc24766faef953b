package mcp

import (
	"errors"
	"io"
	"net/http"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/loopls/loopls/config"
)

// httpTransport is the streamable HTTP transport to cfg.URL, sending the
// configured headers with every request and bounding every response body.
func httpTransport(cfg config.MCPServer) sdk.Transport {
	client := &http.Client{Transport: &headerTransport{base: http.DefaultTransport, headers: cfg.Headers}}
	return &sdk.StreamableClientTransport{
		Endpoint:     cfg.URL,
		HTTPClient:   client,
		MaxEventSize: maxFrame,
		MaxRetries:   2,
	}
}

// headerTransport adds headers and caps what a response body may send.
type headerTransport struct {
	base    http.RoundTripper
	headers map[string]string
}

func (t *headerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	for k, v := range t.headers {
		req.Header.Set(k, v)
	}
	resp, err := t.base.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	if resp.Header.Get("Content-Type") != "text/event-stream" {
		// A JSON answer is one message; an event stream is bounded per
		// event by the SDK (MaxEventSize) and may run for the session.
		resp.Body = &cappedBody{r: resp.Body, left: maxFrame}
	}
	return resp, nil
}

// errTooLarge reports a server answer over the frame bound.
var errTooLarge = errors.New("MCP server answer exceeds the size limit")

type cappedBody struct {
	r    io.ReadCloser
	left int64
}

func (b *cappedBody) Read(p []byte) (int, error) {
	if b.left <= 0 {
		var one [1]byte
		if n, err := b.r.Read(one[:]); n == 0 && err != nil {
			return 0, err // the body ended exactly at the bound
		}
		return 0, errTooLarge
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.r.Read(p)
	b.left -= int64(n)
	return n, err
}

func (b *cappedBody) Close() error { return b.r.Close() }
