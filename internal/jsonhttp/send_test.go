package jsonhttp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

type roundTripperFunc func(*http.Request) (*http.Response, error)

func (f roundTripperFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func TestSendSuccess(t *testing.T) {
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/api/x" {
			t.Errorf("request %s %s", r.Method, r.URL.Path)
		}
		if r.Header.Get("Accept") != "application/x-ndjson" || r.Header.Get("Content-Type") != "application/json" || r.Header.Get("User-Agent") != "loopls" {
			t.Errorf("headers %v", r.Header)
		}
		var in struct{ Model string }
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in.Model != "m" {
			t.Errorf("body %+v, %v", in, err)
		}
		_, _ = io.WriteString(w, `{"answer":42}`)
	}))
	defer hs.Close()
	header := http.Header{"User-Agent": {"loopls"}, "Accept": {"text/html"}}
	resp, answer, err := Send(context.Background(), hs.Client(), Request{
		Method: http.MethodPost, URL: hs.URL + "/api/x", Header: header,
		Body: map[string]string{"model": "m"}, Accept: "application/x-ndjson",
	})
	if err != nil || answer != nil {
		t.Fatalf("Send: %+v, %v", answer, err)
	}
	defer resp.Body.Close()
	var out struct{ Answer int }
	if err := DecodeBounded(resp.Body, 1<<10, &out); err != nil || out.Answer != 42 {
		t.Fatalf("decoded %+v, %v", out, err)
	}
	if got := header.Get("Accept"); got != "text/html" {
		t.Errorf("Send changed the caller's header: Accept %q", got)
	}
}

func TestSendWithoutBodyHasNoContentType(t *testing.T) {
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if ct := r.Header.Get("Content-Type"); ct != "" {
			t.Errorf("Content-Type %q on a GET without body", ct)
		}
		_, _ = io.WriteString(w, `{}`)
	}))
	defer hs.Close()
	resp, answer, err := Send(context.Background(), hs.Client(), Request{Method: http.MethodGet, URL: hs.URL, Accept: "application/json"})
	if err != nil || answer != nil {
		t.Fatalf("Send: %+v, %v", answer, err)
	}
	resp.Body.Close()
}

func TestSendSuccessRule(t *testing.T) {
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNotModified)
	}))
	defer hs.Close()
	send := func(ok func(int) bool) (*http.Response, *ErrorAnswer) {
		t.Helper()
		resp, answer, err := Send(context.Background(), hs.Client(), Request{Method: http.MethodGet, URL: hs.URL, Accept: "application/json", OK: ok})
		if err != nil {
			t.Fatal(err)
		}
		if resp != nil {
			resp.Body.Close()
		}
		return resp, answer
	}
	if resp, answer := send(nil); resp != nil || answer == nil || answer.Status != http.StatusNotModified {
		t.Errorf("default rule (2xx): resp %v, answer %+v; want a 304 error answer", resp, answer)
	}
	if resp, answer := send(Below400); resp == nil || answer != nil {
		t.Errorf("Below400: resp %v, answer %+v; want the response", resp, answer)
	}
}

func TestSendErrorAnswerIsBounded(t *testing.T) {
	big := strings.Repeat("x", MaxErrorBody+4096)
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "7")
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = io.WriteString(w, big)
	}))
	defer hs.Close()
	resp, answer, err := Send(context.Background(), hs.Client(), Request{Method: http.MethodGet, URL: hs.URL, Accept: "application/json"})
	if err != nil || resp != nil {
		t.Fatalf("Send: resp %v, %v", resp, err)
	}
	if answer.Status != http.StatusServiceUnavailable || answer.Header.Get("Retry-After") != "7" {
		t.Errorf("answer status %d header %v", answer.Status, answer.Header)
	}
	if len(answer.Body) != MaxErrorBody || !bytes.Equal(answer.Body, []byte(big[:MaxErrorBody])) {
		t.Errorf("body of %d bytes, want the first %d", len(answer.Body), MaxErrorBody)
	}
}

// cancellingBody ends the context on the first read and fails, the way a
// body read fails when the request's context ends.
type cancellingBody struct {
	cancel context.CancelFunc
	ctx    context.Context
}

func (b *cancellingBody) Read([]byte) (int, error) {
	b.cancel()
	return 0, b.ctx.Err()
}

func (b *cancellingBody) Close() error { return nil }

func TestSendContextEndsDuringErrorRead(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	hc := &http.Client{Transport: roundTripperFunc(func(r *http.Request) (*http.Response, error) {
		return &http.Response{StatusCode: http.StatusInternalServerError, Header: http.Header{}, Body: &cancellingBody{cancel, ctx}, Request: r}, nil
	})}
	resp, answer, err := Send(ctx, hc, Request{Method: http.MethodGet, URL: "http://model.invalid/", Accept: "application/json"})
	if resp != nil || answer != nil || err != context.Canceled {
		t.Fatalf("resp %v, answer %+v, err %v; want exactly context.Canceled", resp, answer, err)
	}
}

func TestSendErrorReadFailureKeepsTheAnswer(t *testing.T) {
	hc := &http.Client{Transport: roundTripperFunc(func(r *http.Request) (*http.Response, error) {
		body := io.NopCloser(io.MultiReader(strings.NewReader(`{"error":"par`), iotestErr{}))
		return &http.Response{StatusCode: http.StatusBadGateway, Header: http.Header{}, Body: body, Request: r}, nil
	})}
	_, answer, err := Send(context.Background(), hc, Request{Method: http.MethodGet, URL: "http://model.invalid/", Accept: "application/json"})
	if err != nil || answer == nil || answer.Status != http.StatusBadGateway || string(answer.Body) != `{"error":"par` {
		t.Fatalf("answer %+v, err %v; want the 502 with what was read", answer, err)
	}
}

type iotestErr struct{}

func (iotestErr) Read([]byte) (int, error) { return 0, errors.New("connection reset") }

func TestSendBodyEncodingError(t *testing.T) {
	hc := &http.Client{Transport: roundTripperFunc(func(r *http.Request) (*http.Response, error) {
		t.Error("a request whose body cannot be encoded was sent")
		return nil, errors.New("unreachable")
	})}
	_, answer, err := Send(context.Background(), hc, Request{Method: http.MethodPost, URL: "http://model.invalid/", Body: map[string]any{"f": func() {}}, Accept: "application/json"})
	if !errors.Is(err, ErrEncoding) || answer != nil {
		t.Fatalf("answer %+v, err %v; want ErrEncoding", answer, err)
	}
	var ute *json.UnsupportedTypeError
	if !errors.As(err, &ute) {
		t.Errorf("err %v does not carry the encoder's error", err)
	}
}
