package remotemodels

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// waitBound bounds every wait on an event in these tests: a guard against a
// hang, not a speed limit, so generous enough for -race on a loaded machine
// (streaming the 8 MiB overlong event took over 10 s in a fresh root under load).
const waitBound = 2 * time.Minute

// sseServer is a scripted provider on 127.0.0.1: each request to path is
// answered by the next script, written event by event with a flush after
// each, the way the real APIs stream.
type sseServer struct {
	*httptest.Server
	mu      sync.Mutex
	bodies  []map[string]any
	headers []http.Header
	scripts []sseScript
	gone    chan struct{} // a request's context ended before the script did
	served  int
}

type sseScript struct {
	status  int
	header  map[string]string
	body    string   // a whole non-streamed body (errors)
	events  []string // SSE events, each written then flushed
	stall   bool     // after the events, wait for the client to leave
	cut     bool     // after the events, drop the connection
	endless string   // after the events, repeat this event until the client leaves
}

func newSSEServer(t *testing.T, path string, scripts ...sseScript) *sseServer {
	t.Helper()
	s := &sseServer{scripts: scripts, gone: make(chan struct{}, 16)}
	mux := http.NewServeMux()
	mux.HandleFunc(path, s.handle)
	s.Server = httptest.NewServer(mux)
	t.Cleanup(s.Close)
	return s
}

func (s *sseServer) handle(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	var body map[string]any
	_ = json.Unmarshal(raw, &body)
	s.mu.Lock()
	s.bodies = append(s.bodies, body)
	s.headers = append(s.headers, r.Header.Clone())
	sc := s.scripts[min(s.served, len(s.scripts)-1)]
	s.served++
	s.mu.Unlock()

	for k, v := range sc.header {
		w.Header().Set(k, v)
	}
	if sc.status != 0 && sc.status != http.StatusOK {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(sc.status)
		_, _ = io.WriteString(w, sc.body)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	fl := w.(http.Flusher)
	for _, ev := range sc.events {
		if _, err := io.WriteString(w, ev); err != nil {
			s.gone <- struct{}{}
			return
		}
		fl.Flush()
	}
	switch {
	case sc.stall:
		<-r.Context().Done()
		s.gone <- struct{}{}
	case sc.cut:
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			conn.Close()
		}
	case sc.endless != "":
		for {
			if _, err := io.WriteString(w, sc.endless); err != nil {
				s.gone <- struct{}{}
				return
			}
			fl.Flush()
			select {
			case <-r.Context().Done():
				s.gone <- struct{}{}
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	}
}

func (s *sseServer) body(i int) map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.bodies[i]
}

func (s *sseServer) requests() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.served
}

func (s *sseServer) header(i int) http.Header {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.headers[i]
}

// waitGone waits until the server saw the client leave.
func (s *sseServer) waitGone(t *testing.T) {
	t.Helper()
	select {
	case <-s.gone:
	case <-time.After(waitBound):
		t.Fatal("the server never saw the client close the request")
	}
}

// recorder collects deltas.
type recorder struct{ deltas []engine.Delta }

func (r *recorder) on(d engine.Delta) { r.deltas = append(r.deltas, d) }

func (r *recorder) lane(l engine.Lane) (string, int) {
	var b strings.Builder
	n := 0
	for _, d := range r.deltas {
		if d.Lane == l {
			b.WriteString(d.Text)
			n++
		}
	}
	return b.String(), n
}

func (r *recorder) calls() []machine.ToolCall {
	var out []machine.ToolCall
	for _, d := range r.deltas {
		if d.Lane == engine.LaneTool {
			out = append(out, *d.ToolCall)
		}
	}
	return out
}

func streamOnce(t *testing.T, m engine.Model, req engine.ModelRequest) (engine.ModelResponse, *recorder, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitBound)
	defer cancel()
	var rec recorder
	resp, err := m.Stream(ctx, req, rec.on)
	return resp, &rec, err
}

// streamCutAtFirstDelta streams req and cancels the call's context when
// the first delta arrives, as the driver's watchdog does to a stream that
// then goes silent.
func streamCutAtFirstDelta(t *testing.T, m engine.Model, req engine.ModelRequest) error {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitBound)
	defer cancel()
	_, err := m.Stream(ctx, req, func(engine.Delta) { cancel() })
	return err
}

func userReq(prompt string, tools ...string) engine.ModelRequest {
	req := engine.ModelRequest{Messages: []machine.Message{machine.UserMessage(prompt)}}
	for _, n := range tools {
		req.Tools = append(req.Tools, engine.ToolSpec{Name: n, Description: "the " + n + " tool",
			Parameters: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"],"additionalProperties":false}`)})
	}
	return req
}

func wantTransient(t *testing.T, err error, status int) *engine.APIError {
	t.Helper()
	var apiErr *engine.APIError
	if !errors.As(err, &apiErr) {
		t.Fatalf("err = %v (%T), want *engine.APIError", err, err)
	}
	if !apiErr.Transient || apiErr.Status != status {
		t.Fatalf("err = %+v, want transient with status %d", apiErr, status)
	}
	return apiErr
}

func wantPermanent(t *testing.T, err error, status int) *engine.APIError {
	t.Helper()
	var apiErr *engine.APIError
	if !errors.As(err, &apiErr) {
		t.Fatalf("err = %v (%T), want *engine.APIError", err, err)
	}
	if apiErr.Transient || apiErr.Status != status {
		t.Fatalf("err = %+v, want permanent with status %d", apiErr, status)
	}
	return apiErr
}

// newJSONServer answers path with body.
func newJSONServer(t *testing.T, path, body string) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, body)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// cancelMidStream runs stream, cancels it after its first delta, and checks
// that it returns context.Canceled and that s sees the request closed.
func cancelMidStream(t *testing.T, s *sseServer, stream func(context.Context, func(engine.Delta)) error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	first := make(chan struct{}, 1)
	done := make(chan error, 1)
	go func() {
		done <- stream(ctx, func(engine.Delta) {
			select {
			case first <- struct{}{}:
			default:
			}
		})
	}()
	select {
	case <-first:
	case <-time.After(waitBound):
		t.Fatal("no delta")
	}
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v, want context.Canceled", err)
		}
	case <-time.After(waitBound):
		t.Fatal("Stream did not return after cancel")
	}
	s.waitGone(t)
}
