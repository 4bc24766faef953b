package localmodels

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/fakeollama"
	"github.com/loopls/loopls/internal/jsonhttp"
	"github.com/loopls/loopls/internal/jsonhttp/jsonhttptest"
)

// waitBound bounds every wait on an event in these tests.
const waitBound = 10 * time.Second

func newModel(t *testing.T, host, model string, opts OllamaOptions) *Ollama {
	t.Helper()
	o, err := NewOllama(host, model, opts)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// tools are the specs of loopls's workspace tools that the scripts react to.
func tools(names ...string) []engine.ToolSpec {
	var out []engine.ToolSpec
	for _, n := range names {
		out = append(out, engine.ToolSpec{
			Name:        n,
			Description: "the " + n + " tool",
			Parameters:  json.RawMessage(`{"type":"object","properties":{"path":{"type":"string","description":"a path"}},"required":["path"]}`),
		})
	}
	return out
}

// recorder collects deltas per lane.
type recorder struct {
	deltas []engine.Delta
}

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

func stream(t *testing.T, o *Ollama, req engine.ModelRequest) (engine.ModelResponse, *recorder, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitBound)
	defer cancel()
	var rec recorder
	resp, err := o.Stream(ctx, req, rec.on)
	return resp, &rec, err
}

func userReq(prompt string, specs []engine.ToolSpec) engine.ModelRequest {
	return engine.ModelRequest{Messages: []machine.Message{machine.UserMessage(prompt)}, Tools: specs}
}

func TestStreamTextInManyChunks(t *testing.T) {
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	o := newModel(t, srv.Host, "tiny", OllamaOptions{})
	resp, rec, err := stream(t, o, userReq("chat please", tools("read_file")))
	if err != nil {
		t.Fatal(err)
	}
	text, n := rec.lane(engine.LaneText)
	if want := "Hello from the tiny test model."; text != want || resp.Message.Content != want {
		t.Fatalf("text deltas %q, content %q, want %q", text, resp.Message.Content, want)
	}
	if n != 6 {
		t.Errorf("got %d text deltas, want 6 (one per chunk)", n)
	}
	if resp.Message.Role != machine.RoleAssistant || len(resp.Message.ToolCalls) != 0 {
		t.Errorf("message = %+v, want an assistant answer without calls", resp.Message)
	}
	if resp.StopReason != "stop" || resp.Model != "ollama:tiny" {
		t.Errorf("stop reason %q, model %q", resp.StopReason, resp.Model)
	}
	if resp.Usage.InputTokens <= 0 || resp.Usage.OutputTokens != 6 {
		t.Errorf("usage = %+v, want prompt_eval_count > 0 and eval_count 6", resp.Usage)
	}
}

func TestStreamOneToolCall(t *testing.T) {
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	o := newModel(t, srv.Host, "tiny", OllamaOptions{})
	resp, rec, err := stream(t, o, userReq("read the README", tools("read_file", "list_dir")))
	if err != nil {
		t.Fatal(err)
	}
	calls := resp.Message.ToolCalls
	if len(calls) != 1 || calls[0].Name != "read_file" || string(calls[0].Arguments) != `{"path":"README.md"}` {
		t.Fatalf("calls = %+v, want one read_file {\"path\":\"README.md\"}", calls)
	}
	if !strings.HasPrefix(string(calls[0].ID), "call_") {
		t.Errorf("id %q: want Ollama's call_ id", calls[0].ID)
	}
	var toolDeltas []machine.ToolCall
	for _, d := range rec.deltas {
		if d.Lane == engine.LaneTool {
			toolDeltas = append(toolDeltas, *d.ToolCall)
		}
	}
	if len(toolDeltas) != 1 || toolDeltas[0].ID != calls[0].ID {
		t.Errorf("tool-lane deltas %+v, want the one call", toolDeltas)
	}
	// The tool specs reach the server as Ollama tools with their schema.
	reqs := srv.Requests()
	if len(reqs) != 1 || len(reqs[0].Tools) != 2 || reqs[0].Tools[0].Function.Name != "read_file" {
		t.Fatalf("requests = %+v", reqs)
	}
	p, ok := reqs[0].Tools[0].Function.Parameters.Properties.Get("path")
	if !ok || p.Type.String() != "string" || reqs[0].Tools[0].Function.Parameters.Required[0] != "path" {
		t.Errorf("read_file schema lost on the way: %s", reqs[0].Tools[0].Function.Parameters.String())
	}
}

func TestStreamSeveralToolCallsAcrossChunks(t *testing.T) {
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	o := newModel(t, srv.Host, "tiny", OllamaOptions{})
	resp, _, err := stream(t, o, userReq("two cities", tools("get_weather")))
	if err != nil {
		t.Fatal(err)
	}
	calls := resp.Message.ToolCalls
	if len(calls) != 2 {
		t.Fatalf("got %d calls, want 2 accumulated from two chunks: %+v", len(calls), calls)
	}
	if string(calls[0].Arguments) != `{"city":"Paris"}` || string(calls[1].Arguments) != `{"city":"London"}` {
		t.Errorf("calls = %s, %s; want Paris then London", calls[0].Arguments, calls[1].Arguments)
	}
	if calls[0].ID == calls[1].ID {
		t.Errorf("both calls have id %q", calls[0].ID)
	}
}

func TestStreamArgumentsAreCanonical(t *testing.T) {
	// Ollama sends argument keys in random order; the same call must come
	// out byte-identical so loop detection sees a repeat.
	orders := []string{
		`{"path":"hello.txt","old_string":"hello","new_string":"goodbye"}`,
		`{"new_string":"goodbye","path":"hello.txt","old_string":"hello"}`,
	}
	i := 0
	srv := fakeollama.StartTB(t, fakeollama.Options{Script: func(*api.ChatRequest) *fakeollama.Reply {
		r := fakeollama.ToolCalls(fakeollama.Call{Name: "edit_file", Args: orders[i%2]})
		i++
		return r
	}})
	o := newModel(t, srv.Host, "tiny", OllamaOptions{})
	var got []string
	for range orders {
		resp, _, err := stream(t, o, userReq("edit hello.txt", tools("edit_file")))
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, string(resp.Message.ToolCalls[0].Arguments))
	}
	want := `{"new_string":"goodbye","old_string":"hello","path":"hello.txt"}`
	if got[0] != want || got[1] != want {
		t.Errorf("arguments %q, want both %q", got, want)
	}
}

func TestStreamThinkingLane(t *testing.T) {
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	o := newModel(t, srv.Host, "tiny-think", OllamaOptions{})
	resp, rec, err := stream(t, o, userReq("what is the answer", nil))
	if err != nil {
		t.Fatal(err)
	}
	thinking, _ := rec.lane(engine.LaneThinking)
	text, _ := rec.lane(engine.LaneText)
	if thinking != "Let me think briefly." || resp.Message.Thinking != thinking {
		t.Errorf("thinking %q / %q", thinking, resp.Message.Thinking)
	}
	if text != "Answer: forty-two." || resp.Message.Content != text {
		t.Errorf("text %q / %q", text, resp.Message.Content)
	}
	reqs := srv.Requests()
	if reqs[0].Think == nil || !reqs[0].Think.Bool() {
		t.Errorf("think = %v, want true for a thinking-capable model", reqs[0].Think)
	}
}

func TestStreamDoesNotAskThinkingOfAModelWithout(t *testing.T) {
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	o := newModel(t, srv.Host, "tiny", OllamaOptions{})
	if _, _, err := stream(t, o, userReq("chat", nil)); err != nil {
		t.Fatal(err) // the server answers 400 to think:true on tiny
	}
	if th := srv.Requests()[0].Think; th != nil {
		t.Errorf("think = %v sent to a model without thinking", th.Value)
	}
}

func TestNumCtxIsTheWindowAndTruncationIsOff(t *testing.T) {
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	o := newModel(t, srv.Host, "tiny", OllamaOptions{KeepAlive: 10 * time.Minute})
	for _, tc := range []struct {
		window, want int
	}{
		{window: 4096, want: 4096}, // the configured window
		{window: 0, want: 8192},    // else the probed <arch>.context_length
	} {
		req := userReq("chat", nil)
		req.ContextWindow = tc.window
		if _, _, err := stream(t, o, req); err != nil {
			t.Fatal(err)
		}
		reqs := srv.Requests()
		last := reqs[len(reqs)-1]
		if got, _ := last.Options["num_ctx"].(float64); int(got) != tc.want {
			t.Errorf("window %d: num_ctx = %v, want %d", tc.window, last.Options["num_ctx"], tc.want)
		}
		if last.Truncate == nil || *last.Truncate || last.Shift == nil || *last.Shift {
			t.Errorf("truncate = %v, shift = %v; want both false", last.Truncate, last.Shift)
		}
		if last.KeepAlive == nil || last.KeepAlive.Duration != 10*time.Minute {
			t.Errorf("keep_alive = %v, want 10m", last.KeepAlive)
		}
	}
}

func TestOverlongPromptIsAnErrorNotACut(t *testing.T) {
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	o := newModel(t, srv.Host, "tiny", OllamaOptions{})
	req := userReq("chat "+strings.Repeat("x", 3000), nil)
	req.ContextWindow = 1024
	_, _, err := stream(t, o, req)
	if !errors.Is(err, machine.ErrContextExceeded) {
		t.Fatalf("err = %v, want a ContextExceeded kind", err)
	}
	var apiErr *engine.APIError
	if !errors.As(err, &apiErr) || apiErr.Transient || apiErr.Status != http.StatusBadRequest {
		t.Fatalf("err = %#v, want a non-transient 400 APIError", err)
	}
	if !strings.Contains(apiErr.Message, "1024") {
		t.Errorf("message %q does not name the window", apiErr.Message)
	}
}

func TestHistoryRoundTrip(t *testing.T) {
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	o := newModel(t, srv.Host, "tiny", OllamaOptions{})
	first, _, err := stream(t, o, userReq("read the README", tools("read_file")))
	if err != nil {
		t.Fatal(err)
	}
	call := first.Message.ToolCalls[0]
	req := engine.ModelRequest{
		System: "You are loopls.",
		Messages: []machine.Message{
			machine.UserMessage("read the README"),
			first.Message,
			machine.ToolResultMessage(call, "# Demo\n", false),
		},
		Tools: tools("read_file"),
	}
	second, _, err := stream(t, o, req)
	if err != nil {
		t.Fatal(err)
	}
	if second.Message.Content != "The tool result was received." {
		t.Errorf("second answer %q", second.Message.Content)
	}
	sent := srv.Requests()[1].Messages
	if len(sent) != 4 || sent[0].Role != "system" || sent[0].Content != "You are loopls." {
		t.Fatalf("messages sent = %+v", sent)
	}
	asst, tool := sent[2], sent[3]
	if len(asst.ToolCalls) != 1 || asst.ToolCalls[0].ID != string(call.ID) || asst.ToolCalls[0].Function.Name != "read_file" {
		t.Errorf("assistant call sent as %+v", asst.ToolCalls)
	}
	if p, _ := asst.ToolCalls[0].Function.Arguments.Get("path"); p != "README.md" {
		t.Errorf("assistant call arguments sent as %s", asst.ToolCalls[0].Function.Arguments.String())
	}
	if tool.Role != "tool" || tool.ToolName != "read_file" || tool.ToolCallID != string(call.ID) || tool.Content != "# Demo\n" {
		t.Errorf("tool result sent as %+v", tool)
	}
}

func TestModelNotFound(t *testing.T) {
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	o := newModel(t, srv.Host, "nope", OllamaOptions{})
	_, _, err := stream(t, o, userReq("chat", nil))
	if !errors.Is(err, ErrModelNotFound) {
		t.Fatalf("err = %v, want ErrModelNotFound", err)
	}
	var apiErr *engine.APIError
	if !errors.As(err, &apiErr) || apiErr.Transient || apiErr.Status != 404 {
		t.Fatalf("err = %#v, want a non-transient 404", err)
	}
	if want := "model 'nope' not found: run `ollama pull nope`"; apiErr.Message != want {
		t.Errorf("message %q, want %q", apiErr.Message, want)
	}
}

func TestRefusedConnection(t *testing.T) {
	addr := jsonhttptest.ClosedAddr(t)
	o := newModel(t, addr, "tiny", OllamaOptions{})
	_, _, err := stream(t, o, userReq("chat", nil))
	if !errors.Is(err, jsonhttp.ErrUnreachable) {
		t.Fatalf("err = %v, want jsonhttp.ErrUnreachable", err)
	}
	var apiErr *engine.APIError
	if !errors.As(err, &apiErr) {
		t.Fatalf("err = %T, want *engine.APIError", err)
	}
	if want := "cannot reach Ollama at http://" + addr + ": is `ollama serve` running?"; !strings.HasPrefix(apiErr.Message, want) {
		t.Errorf("message %q, want it to start with %q", apiErr.Message, want)
	}
}

// wantTransient asserts err is a transient *engine.APIError.
func wantTransient(t *testing.T, err error, status int) *engine.APIError {
	t.Helper()
	var apiErr *engine.APIError
	if !errors.As(err, &apiErr) {
		t.Fatalf("err = %v (%T), want *engine.APIError", err, err)
	}
	if !apiErr.Transient || apiErr.Status != status {
		t.Fatalf("err = %+v, want transient with status %d", apiErr, status)
	}
	if errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v looks like a cancel", err)
	}
	return apiErr
}

func TestStreamCutMidway(t *testing.T) {
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	o := newModel(t, srv.Host, "tiny", OllamaOptions{})
	_, rec, err := stream(t, o, userReq("reset now", nil))
	wantTransient(t, err, 0)
	if text, _ := rec.lane(engine.LaneText); text != "Partial answer" {
		t.Errorf("deltas before the cut %q", text)
	}
}

// TestStalledStreamEndsWithItsContext: the driver's watchdog cuts a silent
// stream by cancelling its context (engine's TestHTTPStallIsCutByTheIdle-
// TimeoutAndRetried); the adapter must give up and close the request.
func TestStalledStreamEndsWithItsContext(t *testing.T) {
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	o := newModel(t, srv.Host, "tiny", OllamaOptions{})
	ctx, cancel := context.WithTimeout(context.Background(), waitBound)
	defer cancel()
	_, err := o.Stream(ctx, userReq("stall please", nil), func(engine.Delta) { cancel() })
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	wait, stop := context.WithTimeout(context.Background(), waitBound)
	defer stop()
	if err := srv.WaitDisconnect(wait); err != nil {
		t.Fatalf("the server never saw the stalled request closed: %v", err)
	}
}

func TestGarbageLine(t *testing.T) {
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	o := newModel(t, srv.Host, "tiny", OllamaOptions{})
	_, _, err := stream(t, o, userReq("garbage in", nil))
	apiErr := wantTransient(t, err, 0)
	if !strings.Contains(apiErr.Message, "this is not json") {
		t.Errorf("message %q does not show the line", apiErr.Message)
	}
}

func TestErrorLineMidStream(t *testing.T) {
	srv := fakeollama.StartTB(t, fakeollama.Options{Script: func(*api.ChatRequest) *fakeollama.Reply {
		return &fakeollama.Reply{Chunks: []fakeollama.Chunk{{Content: "Half"}},
			ErrorLine: "an error was encountered while running the model: unexpected EOF"}
	}})
	o := newModel(t, srv.Host, "tiny", OllamaOptions{})
	_, _, err := stream(t, o, userReq("chat", nil))
	apiErr := wantTransient(t, err, 0)
	if !strings.Contains(apiErr.Message, "unexpected EOF") {
		t.Errorf("message %q does not carry the server's error", apiErr.Message)
	}
}

func TestServerErrors(t *testing.T) {
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	o := newModel(t, srv.Host, "tiny", OllamaOptions{})

	_, _, err := stream(t, o, userReq("fail500", nil))
	wantTransient(t, err, 500)

	_, _, err = stream(t, o, userReq("ratelimit", nil))
	apiErr := wantTransient(t, err, 429)
	if !apiErr.RateLimit || time.Duration(apiErr.RetryAfter) != time.Second {
		t.Errorf("429: RateLimit %v RetryAfter %v, want true and 1s from the header", apiErr.RateLimit, time.Duration(apiErr.RetryAfter))
	}
	// The second request of that prompt succeeds: nothing sticks.
	if _, _, err := stream(t, o, userReq("ratelimit", nil)); err != nil {
		t.Errorf("retry after 429: %v", err)
	}
}

func TestErrorStatusWithEmptyBody(t *testing.T) {
	// The client reads no line from an empty error body and returns nil;
	// the status must still decide.
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/show", func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(`{"capabilities":["completion","tools"],"model_info":{"general.architecture":"qwen2","qwen2.context_length":32768}}`))
	})
	mux.HandleFunc("POST /api/chat", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "7")
		w.WriteHeader(http.StatusServiceUnavailable)
	})
	hs := httptest.NewServer(mux)
	defer hs.Close()
	o := newModel(t, hs.URL, "qwen", OllamaOptions{})
	_, _, err := stream(t, o, userReq("chat", nil))
	apiErr := wantTransient(t, err, 503)
	if apiErr.RateLimit {
		t.Errorf("503 marked as a rate limit")
	}
	info, err := o.Capabilities(context.Background())
	if err != nil || info.ContextWindow != 32768 || !info.Tools || info.Thinking {
		t.Errorf("capabilities %+v, %v", info, err)
	}
}

func TestNoToolSupport(t *testing.T) {
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	o := newModel(t, srv.Host, "nope-tools", OllamaOptions{})
	info, err := o.Capabilities(context.Background())
	if err != nil || info.Tools || info.ContextWindow != 8192 {
		t.Fatalf("capabilities %+v, %v", info, err)
	}
	_, _, err = stream(t, o, userReq("read it", tools("read_file")))
	if !errors.Is(err, ErrNoToolSupport) {
		t.Fatalf("err = %v, want ErrNoToolSupport", err)
	}
	if !strings.Contains(err.Error(), "ollama pull qwen2.5-coder") {
		t.Errorf("message %q does not suggest a tool-capable model", err)
	}
}

func TestCancelClosesTheRequest(t *testing.T) {
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	o := newModel(t, srv.Host, "tiny", OllamaOptions{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	deltas := make(chan struct{}, 1)
	done := make(chan error, 1)
	go func() {
		_, err := o.Stream(ctx, userReq("loop forever", nil), func(engine.Delta) {
			select {
			case deltas <- struct{}{}:
			default:
			}
		})
		done <- err
	}()
	select {
	case <-deltas:
	case <-time.After(waitBound):
		t.Fatal("no delta from the endless stream")
	}
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v, want one wrapping context.Canceled", err)
		}
		var apiErr *engine.APIError
		if errors.As(err, &apiErr) {
			t.Errorf("a cancel reported as an API error: %v", apiErr)
		}
	case <-time.After(waitBound):
		t.Fatal("Stream did not return after cancel")
	}
	wctx, wcancel := context.WithTimeout(context.Background(), waitBound)
	defer wcancel()
	if err := srv.WaitDisconnect(wctx); err != nil {
		t.Fatalf("the server never saw the request closed: %v", err)
	}
}

func TestCapabilitiesAreCached(t *testing.T) {
	shows := 0
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/show", func(w http.ResponseWriter, r *http.Request) {
		shows++
		_, _ = w.Write([]byte(`{"capabilities":["completion","tools","thinking"],"model_info":{"general.architecture":"llama","llama.context_length":8192}}`))
	})
	hs := httptest.NewServer(mux)
	defer hs.Close()
	o := newModel(t, hs.URL, "m", OllamaOptions{})
	for range 3 {
		n, err := o.ContextWindow(context.Background())
		if err != nil || n != 8192 {
			t.Fatalf("window %d, %v", n, err)
		}
	}
	if shows != 1 {
		t.Errorf("/api/show asked %d times, want once", shows)
	}
}

func TestListOllama(t *testing.T) {
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	got, err := ListOllama(context.Background(), srv.Host)
	if err != nil {
		t.Fatal(err)
	}
	const why = "8,192 (the model's full window): default, the model's shape is unknown"
	want := []ModelInfo{
		{Model: "ollama:tiny:latest", ContextWindow: 8192, Tools: true, Window: 8192, WindowReason: why},
		{Model: "ollama:tiny-think:latest", ContextWindow: 8192, Tools: true, Window: 8192, WindowReason: why},
		{Model: "ollama:nope-tools:latest", ContextWindow: 8192, Tools: false, Window: 8192, WindowReason: why},
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("model %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestListOllamaUnreachable(t *testing.T) {
	_, err := ListOllama(context.Background(), jsonhttptest.ClosedAddr(t))
	if !errors.Is(err, jsonhttp.ErrUnreachable) {
		t.Fatalf("err = %v, want jsonhttp.ErrUnreachable", err)
	}
}

func TestConcurrentStreamsShareOneAdapter(t *testing.T) {
	// Sessions run concurrently and may share a resolved model.
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	o := newModel(t, srv.Host, "tiny", OllamaOptions{})
	errs := make(chan error, 4)
	for range 4 {
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), waitBound)
			defer cancel()
			resp, err := o.Stream(ctx, userReq("chat", nil), func(engine.Delta) {})
			if err == nil && resp.Message.Content != "Hello from the tiny test model." {
				err = errors.New("wrong answer " + resp.Message.Content)
			}
			errs <- err
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// Every run of a daemon resolves its model anew: the adapters of one process
// share /api/show answers for showTTL, per server and model.
func TestCapabilitiesAreSharedAcrossAdapters(t *testing.T) {
	var mu sync.Mutex
	shows := map[string]int{}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/show", func(w http.ResponseWriter, r *http.Request) {
		var req struct{ Model string }
		_ = json.NewDecoder(r.Body).Decode(&req)
		mu.Lock()
		shows[req.Model]++
		mu.Unlock()
		_, _ = w.Write([]byte(`{"capabilities":["completion","tools"],"model_info":{"general.architecture":"llama","llama.context_length":4096}}`))
	})
	hs := httptest.NewServer(mux)
	defer hs.Close()
	count := func(m string) int {
		mu.Lock()
		defer mu.Unlock()
		return shows[m]
	}
	for range 3 { // three runs, three adapters
		info, err := newModel(t, hs.URL, "a", OllamaOptions{}).Capabilities(context.Background())
		if err != nil || info.ContextWindow != 4096 || !info.Tools {
			t.Fatalf("Capabilities = %+v, %v", info, err)
		}
	}
	if n := count("a"); n != 1 {
		t.Errorf("three adapters of one model asked /api/show %d times, want once", n)
	}
	if _, err := newModel(t, hs.URL, "b", OllamaOptions{}).Capabilities(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := count("b"); n != 1 {
		t.Errorf("another model: /api/show asked %d times, want once", n)
	}
	// Once the answer is older than showTTL, it is asked again.
	key := showKey{host: newModel(t, hs.URL, "a", OllamaOptions{}).Host(), model: "a"}
	showCache.mu.Lock()
	e := showCache.m[key]
	e.at = e.at.Add(-showTTL)
	showCache.m[key] = e
	showCache.mu.Unlock()
	if _, err := newModel(t, hs.URL, "a", OllamaOptions{}).Capabilities(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := count("a"); n != 2 {
		t.Errorf("after showTTL: /api/show asked %d times in all, want 2", n)
	}
}
