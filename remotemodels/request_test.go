package remotemodels

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/loopls/loopls/engine"
)

// What the SDKs used to do for loopls, now done by request.go and sse.go:
// error bodies, status mapping, base URLs, redirects, paging, framing.

// providers makes the two adapters, each pointed at a server of its own
// with its script.
func providers(t *testing.T, openai, anthropic sseScript) map[string]func() (engine.Model, *sseServer) {
	t.Helper()
	return map[string]func() (engine.Model, *sseServer){
		"openai": func() (engine.Model, *sseServer) {
			s := newSSEServer(t, "/v1/chat/completions", openai)
			return newOpenAI(t, s, OpenAIOptions{}), s
		},
		"anthropic": func() (engine.Model, *sseServer) {
			s := newSSEServer(t, "/v1/messages", anthropic)
			return newAnthropic(t, s, AnthropicOptions{}), s
		},
	}
}

func TestStatusMappingOfBothAPIs(t *testing.T) {
	bodies := map[string]func(typ, msg string) string{
		"openai": func(typ, msg string) string {
			return fmt.Sprintf(`{"error":{"message":%q,"type":%q,"param":null,"code":null}}`, msg, typ)
		},
		"anthropic": func(typ, msg string) string {
			return fmt.Sprintf(`{"type":"error","error":{"type":%q,"message":%q},"request_id":"req_1"}`, typ, msg)
		},
	}
	for _, tc := range []struct {
		status    int
		typ, msg  string
		transient bool
		rateLimit bool
		// quoted: the provider's message reaches the APIError's message
		quoted bool
	}{
		{401, "authentication_error", "invalid x-api-key", false, false, false},
		{403, "permission_error", "not allowed", false, false, false},
		{422, "invalid_request_error", "messages.0.content: field required", false, false, true},
		{429, "rate_limit_error", "slow down", true, true, false},
		{500, "api_error", "Internal server error", true, false, true},
		{503, "api_error", "Service unavailable", true, false, true},
		{529, "overloaded_error", "Overloaded", true, false, true},
	} {
		script := func(api string) sseScript {
			return sseScript{status: tc.status, header: map[string]string{"Retry-After": "1"}, body: bodies[api](tc.typ, tc.msg)}
		}
		for name, mk := range providers(t, script("openai"), script("anthropic")) {
			t.Run(fmt.Sprint(name, " ", tc.status), func(t *testing.T) {
				m, s := mk()
				_, _, err := streamOnce(t, m, userReq("q"))
				var apiErr *engine.APIError
				if !errors.As(err, &apiErr) {
					t.Fatalf("err = %v, want *engine.APIError", err)
				}
				if apiErr.Status != tc.status || apiErr.Transient != tc.transient || apiErr.RateLimit != tc.rateLimit {
					t.Errorf("%+v: want status %d, transient %v, rate limit %v", apiErr, tc.status, tc.transient, tc.rateLimit)
				}
				if tc.rateLimit && time.Duration(apiErr.RetryAfter) != time.Second {
					t.Errorf("retry after %v, want 1s", time.Duration(apiErr.RetryAfter))
				}
				if tc.quoted && !strings.Contains(apiErr.Message, tc.msg) {
					t.Errorf("message %q does not say %q", apiErr.Message, tc.msg)
				}
				if n := s.requests(); n != 1 {
					t.Errorf("%d requests: the client must not retry on its own", n)
				}
			})
		}
	}
}

// A body that is not the API's error JSON (a proxy's HTML page) is quoted,
// bounded, on one line.
func TestErrorBodyThatIsNotJSON(t *testing.T) {
	page := "<html>\n<body>\n<h1>502 Bad Gateway</h1>\n" + strings.Repeat("<p>nginx</p>\n", 10000) + "</body></html>"
	bad := sseScript{status: 502, body: page}
	for name, mk := range providers(t, bad, bad) {
		t.Run(name, func(t *testing.T) {
			m, _ := mk()
			_, _, err := streamOnce(t, m, userReq("q"))
			apiErr := wantTransient(t, err, 502)
			if !strings.Contains(apiErr.Message, "502 Bad Gateway") || strings.Contains(apiErr.Message, "\n") || len(apiErr.Message) > 600 {
				t.Errorf("message %q", apiErr.Message)
			}
		})
	}
}

// Ollama's native error shape, {"error":"text"}, and llama.cpp's numeric
// code are read too.
func TestOtherErrorShapes(t *testing.T) {
	s := newSSEServer(t, "/v1/chat/completions", sseScript{status: 400, body: `{"error":"model \"gpt-test\" not found, try pulling it first"}`})
	_, _, err := streamOnce(t, newOpenAI(t, s, OpenAIOptions{}), userReq("q"))
	if apiErr := wantPermanent(t, err, 400); !strings.Contains(apiErr.Message, "try pulling it first") {
		t.Errorf("message %q", apiErr.Message)
	}
	pe := readErrorBody([]byte(`{"error":{"code":400,"message":"too long","type":"exceed_context_size_error"}}`))
	if pe.code != "400" || pe.message != "too long" || pe.typ != "exceed_context_size_error" {
		t.Errorf("%+v", pe)
	}
}

// An error event after the 200, in OpenAI's shape, is transient and says
// what the server said.
func TestOpenAIErrorEventMessage(t *testing.T) {
	s := newSSEServer(t, "/v1/chat/completions", sseScript{events: []string{
		oaDelta(`{"content":"Half"}`, ""),
		"data: {\"error\":{\"message\":\"upstream overloaded\",\"type\":\"server_error\"}}\n\n",
	}})
	_, _, err := streamOnce(t, newOpenAI(t, s, OpenAIOptions{}), userReq("q"))
	if apiErr := wantTransient(t, err, 0); !strings.Contains(apiErr.Message, "upstream overloaded") {
		t.Errorf("message %q", apiErr.Message)
	}
}

// A chat completion that said finish_reason but never [DONE] was cut: the
// usage that comes after the finish is missing.
// A stream that gave its finish reason and ended without [DONE] is whole
// (some OpenAI-compatible servers omit it); one that ended before any finish
// reason was cut.
func TestOpenAIStreamWithoutDone(t *testing.T) {
	s := newSSEServer(t, "/v1/chat/completions", sseScript{events: []string{oaDelta(`{"content":"All"}`, ""), oaDelta(`{}`, "stop")}})
	resp, _, err := streamOnce(t, newOpenAI(t, s, OpenAIOptions{}), userReq("q"))
	if err != nil || resp.Message.Content != "All" {
		t.Fatalf("finish reason, no [DONE]: resp %+v, err %v", resp, err)
	}
	s = newSSEServer(t, "/v1/chat/completions", sseScript{events: []string{oaDelta(`{"content":"All"}`, "")}})
	_, _, err = streamOnce(t, newOpenAI(t, s, OpenAIOptions{}), userReq("q"))
	if wantTransient(t, err, 0); !errors.Is(err, ErrStreamCut) {
		t.Errorf("no finish reason, no [DONE]: err = %v, want ErrStreamCut", err)
	}
}

// Both streams read the same with CRLF line ends, comments between events
// and data split over lines.
func TestStreamsWithCRLFAndComments(t *testing.T) {
	crlf := func(events ...string) []string {
		out := []string{": keep-alive\r\n\r\n"}
		for _, e := range events {
			out = append(out, strings.ReplaceAll(e, "\n", "\r\n"), ":\r\n")
		}
		return out
	}
	t.Run("openai", func(t *testing.T) {
		s := newSSEServer(t, "/v1/chat/completions", sseScript{events: crlf(
			oaDelta(`{"content":"Hel"}`, ""),
			// One chunk's JSON over two data lines: joined by a newline,
			// which JSON reads as space.
			"data: {\"choices\":[{\"index\":0,\n"+"data: \"delta\":{\"content\":\"lo\"},\"finish_reason\":\"stop\"}]}\n\n",
			oaUsage, oaDone)})
		resp, _, err := streamOnce(t, newOpenAI(t, s, OpenAIOptions{}), userReq("q"))
		if err != nil || resp.Message.Content != "Hello" || resp.Usage.InputTokens != 42 {
			t.Fatalf("resp %+v, err %v", resp, err)
		}
	})
	t.Run("anthropic", func(t *testing.T) {
		s := newSSEServer(t, "/v1/messages", sseScript{events: crlf(
			anStart, anBlockStart(0, `{"type":"text","text":""}`), anPing, anDelta(0, `{"type":"text_delta","text":"Hello"}`),
			anBlockStop(0), anMessageDelta("end_turn", 2), anStop)})
		resp, _, err := streamOnce(t, newAnthropic(t, s, AnthropicOptions{}), userReq("q"))
		if err != nil || resp.Message.Content != "Hello" || resp.StopReason != "end_turn" {
			t.Fatalf("resp %+v, err %v", resp, err)
		}
	})
}

// A server that sends a line longer than the reader holds ends the stream
// with a clear, transient error instead of growing a buffer without end.
func TestOverlongEventEndsTheStream(t *testing.T) {
	huge := "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"" + strings.Repeat("a", maxSSEEvent) + "\"}}]}\n\n"
	s := newSSEServer(t, "/v1/chat/completions", sseScript{events: []string{oaDelta(`{"content":"Hi"}`, ""), huge, oaDone}})
	_, rec, err := streamOnce(t, newOpenAI(t, s, OpenAIOptions{}), userReq("q"))
	apiErr := wantTransient(t, err, 0)
	if !errors.Is(err, ErrEventTooLarge) || !strings.Contains(apiErr.Message, "longer than") {
		t.Errorf("err = %v, want ErrEventTooLarge saying so", err)
	}
	if text, _ := rec.lane(engine.LaneText); text != "Hi" {
		t.Errorf("deltas before the long line: %q", text)
	}
}

// Tool arguments some servers send as a JSON object instead of a string
// still reach the call.
func TestOpenAIArgumentsAsObject(t *testing.T) {
	s := newSSEServer(t, "/v1/chat/completions", sseScript{events: []string{
		oaDelta(`{"tool_calls":[{"index":0,"id":"c1","type":"function","function":{"name":"read_file","arguments":{"path":"a.go"}}}]}`, ""),
		oaDelta(`{}`, "tool_calls"), oaDone,
	}})
	resp, _, err := streamOnce(t, newOpenAI(t, s, OpenAIOptions{}), userReq("q", "read_file"))
	if err != nil || len(resp.Message.ToolCalls) != 1 || string(resp.Message.ToolCalls[0].Arguments) != `{"path":"a.go"}` {
		t.Fatalf("resp %+v, err %v", resp.Message, err)
	}
}

func TestBaseURLs(t *testing.T) {
	script := sseScript{events: []string{oaDelta(`{"content":"ok"}`, "stop"), oaDone}}
	for _, suffix := range []string{"/v1", "/v1/"} {
		s := newSSEServer(t, "/v1/chat/completions", script)
		o, err := NewOpenAI("gpt-test", OpenAIOptions{BaseURL: s.URL + suffix})
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := streamOnce(t, o, userReq("q")); err != nil {
			t.Errorf("base %q: %v", suffix, err)
		}
	}
	// An Anthropic-compatible server under a path prefix.
	s := newSSEServer(t, "/proxy/anthropic/v1/messages", sseScript{events: []string{anStart, anMessageDelta("end_turn", 1), anStop}})
	a, err := NewAnthropic("claude-test", AnthropicOptions{APIKey: "k", BaseURL: s.URL + "/proxy/anthropic"})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := streamOnce(t, a, userReq("q")); err != nil {
		t.Errorf("prefixed base: %v", err)
	}
	if h := s.header(0); h.Get("X-Api-Key") != "k" || h.Get("Anthropic-Version") != "2023-06-01" || h.Get("Content-Type") != "application/json" {
		t.Errorf("headers %v", h)
	}
	for _, bad := range []string{"localhost:8080/v1", "ftp://host/v1", "http://", "http://host/%zz"} {
		if _, err := NewOpenAI("m", OpenAIOptions{BaseURL: bad}); err == nil || !strings.Contains(err.Error(), "base URL") {
			t.Errorf("base %q: err = %v, want a base URL error", bad, err)
		}
		if _, err := NewAnthropic("m", AnthropicOptions{APIKey: "k", BaseURL: bad}); err == nil || !strings.Contains(err.Error(), "base URL") {
			t.Errorf("anthropic base %q: err = %v, want a base URL error", bad, err)
		}
	}
}

// A server that redirects to another server does not get the key sent
// there: x-api-key is a header net/http would forward anywhere.
func TestRedirectToAnotherServerIsRefused(t *testing.T) {
	var mu sync.Mutex
	var seen []http.Header
	elsewhere := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Header.Clone())
		mu.Unlock()
		_, _ = io.Copy(io.Discard, r.Body)
	}))
	defer elsewhere.Close()
	redirector := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		http.Redirect(w, r, elsewhere.URL+r.URL.Path, http.StatusTemporaryRedirect)
	}))
	defer redirector.Close()
	o, err := NewOpenAI("m", OpenAIOptions{BaseURL: redirector.URL + "/v1", APIKey: "sk-redirect-secret"})
	if err != nil {
		t.Fatal(err)
	}
	a, err := NewAnthropic("m", AnthropicOptions{BaseURL: redirector.URL, APIKey: "sk-ant-redirect-secret"})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []engine.Model{o, a} {
		_, _, err := streamOnce(t, m, userReq("q"))
		if err == nil || !strings.Contains(err.Error(), "redirect") {
			t.Errorf("%s: err = %v, want the redirect refused", m.Name(), err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(seen) != 0 {
		t.Errorf("the other server got %d requests, headers %v", len(seen), seen)
	}
}

// Anthropic's model list comes in pages; every page is read.
func TestAnthropicListFollowsPages(t *testing.T) {
	var mu sync.Mutex
	var afters []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		afters = append(afters, r.URL.Query().Get("after_id"))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Query().Get("after_id") == "" {
			_, _ = io.WriteString(w, `{"data":[{"type":"model","id":"claude-a","max_input_tokens":200000}],"has_more":true,"first_id":"claude-a","last_id":"claude-a"}`)
			return
		}
		_, _ = io.WriteString(w, `{"data":[{"type":"model","id":"claude-b","max_input_tokens":1000000}],"has_more":false,"first_id":"claude-b","last_id":"claude-b"}`)
	}))
	defer srv.Close()
	got, err := listAnthropic(t, srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[1] != (Listed{ID: "claude-b", ContextWindow: 1000000}) {
		t.Errorf("listed %+v", got)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(afters) != 2 || afters[1] != "claude-a" {
		t.Errorf("after_id of the pages %q", afters)
	}
}

// A server whose list never ends (has_more with a new id forever) is read
// for a bounded number of pages.
func TestAnthropicListIsBounded(t *testing.T) {
	var mu sync.Mutex
	n := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		n++
		id := fmt.Sprint("m", n)
		mu.Unlock()
		fmt.Fprintf(w, `{"data":[{"id":%q}],"has_more":true,"last_id":%q}`, id, id)
	}))
	defer srv.Close()
	got, err := listAnthropic(t, srv.URL)
	if err != nil || len(got) != maxModelPages {
		t.Fatalf("%d models, %v; want %d pages read", len(got), err, maxModelPages)
	}
}

// A server that answers a streamed request with one JSON body (it ignored
// "stream": true) gets an error that says so, not a retry; one that puts an
// error in that body gets that error.
func TestJSONInsteadOfAStream(t *testing.T) {
	serve := func(t *testing.T, path, body string) string {
		mux := http.NewServeMux()
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			_, _ = io.Copy(io.Discard, r.Body)
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			_, _ = io.WriteString(w, body)
		})
		srv := httptest.NewServer(mux)
		t.Cleanup(srv.Close)
		return srv.URL
	}
	whole := serve(t, "/v1/chat/completions", `{"id":"chatcmpl-1","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"all at once"},"finish_reason":"stop"}]}`)
	o, err := NewOpenAI("gpt-test", OpenAIOptions{BaseURL: whole + "/v1"})
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = streamOnce(t, o, userReq("q"))
	if apiErr := wantPermanent(t, err, 0); !errors.Is(err, ErrNotStreamed) || !strings.Contains(apiErr.Message, "does not stream") {
		t.Errorf("err = %v, want ErrNotStreamed", err)
	}
	overloaded := serve(t, "/v1/messages", `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`)
	a, err := NewAnthropic("claude-test", AnthropicOptions{APIKey: "k", BaseURL: overloaded})
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = streamOnce(t, a, userReq("q"))
	wantTransient(t, err, 529)
}
