package remotemodels

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/jsonhttp"
	"github.com/loopls/loopls/internal/jsonhttp/jsonhttptest"
)

// oaEvent renders one chat.completion.chunk as the API streams it.
func oaEvent(choices string) string {
	return fmt.Sprintf("data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1764489600,\"model\":\"gpt-test\",\"system_fingerprint\":\"fp_1\",\"choices\":%s}\n\n", choices)
}

func oaDelta(delta string, finish string) string {
	f := "null"
	if finish != "" {
		f = `"` + finish + `"`
	}
	return oaEvent(fmt.Sprintf(`[{"index":0,"delta":%s,"logprobs":null,"finish_reason":%s}]`, delta, f))
}

const oaUsage = "data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1764489600,\"model\":\"gpt-test\",\"choices\":[],\"usage\":{\"prompt_tokens\":42,\"completion_tokens\":7,\"total_tokens\":49}}\n\n"

const oaDone = "data: [DONE]\n\n"

func newOpenAI(t *testing.T, s *sseServer, opts OpenAIOptions) *OpenAI {
	t.Helper()
	opts.BaseURL = s.URL + "/v1"
	if opts.APIKey == "" {
		opts.APIKey = "sk-test-secret"
	}
	o, err := NewOpenAI("gpt-test", opts)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func TestOpenAITextInManyChunks(t *testing.T) {
	s := newSSEServer(t, "/v1/chat/completions", sseScript{events: []string{
		oaDelta(`{"role":"assistant","content":"","refusal":null}`, ""),
		oaDelta(`{"content":"Hel"}`, ""),
		oaDelta(`{"content":"lo, "}`, ""),
		oaDelta(`{"content":"world"}`, ""),
		oaDelta(`{"content":"."}`, ""),
		oaDelta(`{}`, "stop"),
		oaUsage,
		oaDone,
	}})
	o := newOpenAI(t, s, OpenAIOptions{})
	req := userReq("hi", "read_file")
	req.System = "You are loopls."
	resp, rec, err := streamOnce(t, o, req)
	if err != nil {
		t.Fatal(err)
	}
	text, n := rec.lane(engine.LaneText)
	if text != "Hello, world." || resp.Message.Content != text || n != 4 {
		t.Errorf("text %q in %d deltas, content %q", text, n, resp.Message.Content)
	}
	if resp.Usage != (engine.Usage{InputTokens: 42, OutputTokens: 7}) || resp.StopReason != "stop" || resp.Model != "openai:gpt-test" {
		t.Errorf("usage %+v, stop %q, model %q", resp.Usage, resp.StopReason, resp.Model)
	}
	body := s.body(0)
	if body["model"] != "gpt-test" || body["stream"] != true {
		t.Errorf("request body %v", body)
	}
	if so, _ := body["stream_options"].(map[string]any); so["include_usage"] != true {
		t.Errorf("stream_options = %v, want include_usage", body["stream_options"])
	}
	msgs, _ := body["messages"].([]any)
	if len(msgs) != 2 || msgs[0].(map[string]any)["role"] != "system" {
		t.Errorf("messages %v", msgs)
	}
	tools, _ := body["tools"].([]any)
	fn := tools[0].(map[string]any)["function"].(map[string]any)
	if fn["name"] != "read_file" || fn["parameters"].(map[string]any)["additionalProperties"] != false {
		t.Errorf("tool sent as %v", fn)
	}
	if got := s.header(0).Get("Authorization"); got != "Bearer sk-test-secret" {
		t.Errorf("Authorization = %q", got)
	}
}

func TestOpenAIToolCallsSplitAcrossFragments(t *testing.T) {
	s := newSSEServer(t, "/v1/chat/completions", sseScript{events: []string{
		oaDelta(`{"role":"assistant","content":null,"tool_calls":[{"index":0,"id":"call_a","type":"function","function":{"name":"read_file","arguments":""}}]}`, ""),
		oaDelta(`{"tool_calls":[{"index":0,"function":{"arguments":"{\"pa"}}]}`, ""),
		oaDelta(`{"tool_calls":[{"index":0,"function":{"arguments":"th\": \"READ"}}]}`, ""),
		oaDelta(`{"tool_calls":[{"index":1,"id":"call_b","type":"function","function":{"name":"list_dir","arguments":""}}]}`, ""),
		oaDelta(`{"tool_calls":[{"index":0,"function":{"arguments":"ME.md\"}"}}]}`, ""),
		oaDelta(`{"tool_calls":[{"index":1,"function":{"arguments":"{\"path\":\".\"}"}}]}`, ""),
		oaDelta(`{}`, "tool_calls"),
		oaUsage,
		oaDone,
	}})
	o := newOpenAI(t, s, OpenAIOptions{})
	resp, rec, err := streamOnce(t, o, userReq("read", "read_file", "list_dir"))
	if err != nil {
		t.Fatal(err)
	}
	want := []machine.ToolCall{
		{ID: "call_a", Name: "read_file", Arguments: []byte(`{"path":"README.md"}`)},
		{ID: "call_b", Name: "list_dir", Arguments: []byte(`{"path":"."}`)},
	}
	got := resp.Message.ToolCalls
	if len(got) != 2 {
		t.Fatalf("calls %+v", got)
	}
	for i := range want {
		if got[i].ID != want[i].ID || got[i].Name != want[i].Name || string(got[i].Arguments) != string(want[i].Arguments) {
			t.Errorf("call %d = %s %s %s, want %s %s %s", i, got[i].ID, got[i].Name, got[i].Arguments, want[i].ID, want[i].Name, want[i].Arguments)
		}
	}
	if lane := rec.calls(); len(lane) != 2 || lane[0].ID != "call_a" {
		t.Errorf("tool lane %+v", lane)
	}
	if resp.StopReason != "tool_calls" {
		t.Errorf("stop %q", resp.StopReason)
	}
}

func TestOpenAICallsAllNumberedZero(t *testing.T) {
	// Some servers number every call 0; a new id means a new call.
	s := newSSEServer(t, "/v1/chat/completions", sseScript{events: []string{
		oaDelta(`{"tool_calls":[{"index":0,"id":"c1","type":"function","function":{"name":"get_weather","arguments":"{\"city\":\"Paris\"}"}}]}`, ""),
		oaDelta(`{"tool_calls":[{"index":0,"id":"c2","type":"function","function":{"name":"get_weather","arguments":"{\"city\":\"London\"}"}}]}`, ""),
		oaDelta(`{}`, "tool_calls"),
		oaDone,
	}})
	resp, _, err := streamOnce(t, newOpenAI(t, s, OpenAIOptions{}), userReq("two", "get_weather"))
	if err != nil {
		t.Fatal(err)
	}
	if c := resp.Message.ToolCalls; len(c) != 2 || string(c[1].Arguments) != `{"city":"London"}` {
		t.Errorf("calls %+v", c)
	}
}

func TestOpenAIMalformedArgumentsReachTheToolAsAString(t *testing.T) {
	s := newSSEServer(t, "/v1/chat/completions", sseScript{events: []string{
		oaDelta(`{"tool_calls":[{"index":0,"id":"c1","type":"function","function":{"name":"read_file","arguments":"{\"path\": \"READ"}}]}`, ""),
		oaDelta(`{}`, "tool_calls"),
		oaDone,
	}})
	resp, _, err := streamOnce(t, newOpenAI(t, s, OpenAIOptions{}), userReq("read", "read_file"))
	if err != nil {
		t.Fatalf("a malformed call must not fail the stream: %v", err)
	}
	if got := string(resp.Message.ToolCalls[0].Arguments); got != `"{\"path\": \"READ"` {
		t.Errorf("arguments %s, want the text as a JSON string", got)
	}
}

func TestOpenAIReasoningLane(t *testing.T) {
	s := newSSEServer(t, "/v1/chat/completions", sseScript{events: []string{
		oaDelta(`{"role":"assistant","reasoning_content":"Let me"}`, ""),
		oaDelta(`{"reasoning_content":" think."}`, ""),
		oaDelta(`{"content":"42"}`, ""),
		oaDelta(`{}`, "stop"),
		oaDone,
	}})
	resp, rec, err := streamOnce(t, newOpenAI(t, s, OpenAIOptions{}), userReq("q"))
	if err != nil {
		t.Fatal(err)
	}
	if th, _ := rec.lane(engine.LaneThinking); th != "Let me think." || resp.Message.Thinking != th || resp.Message.Content != "42" {
		t.Errorf("thinking %q, message %+v", th, resp.Message)
	}
}

func TestOpenAIHistoryRoundTrip(t *testing.T) {
	s := newSSEServer(t, "/v1/chat/completions", sseScript{events: []string{oaDelta(`{"content":"ok"}`, "stop"), oaDone}})
	call := machine.ToolCall{ID: "call_a", Name: "read_file", Arguments: []byte(`{"path":"README.md"}`)}
	req := engine.ModelRequest{Messages: []machine.Message{
		machine.UserMessage("read"),
		{Role: machine.RoleAssistant, ToolCalls: []machine.ToolCall{call}},
		machine.ToolResultMessage(call, "no such file", true),
	}}
	if _, _, err := streamOnce(t, newOpenAI(t, s, OpenAIOptions{}), req); err != nil {
		t.Fatal(err)
	}
	msgs := s.body(0)["messages"].([]any)
	asst := msgs[1].(map[string]any)
	tc := asst["tool_calls"].([]any)[0].(map[string]any)
	if tc["id"] != "call_a" || tc["function"].(map[string]any)["arguments"] != `{"path":"README.md"}` {
		t.Errorf("assistant call sent as %v", tc)
	}
	tool := msgs[2].(map[string]any)
	if tool["role"] != "tool" || tool["tool_call_id"] != "call_a" || !strings.Contains(fmt.Sprint(tool["content"]), "error: no such file") {
		t.Errorf("tool result sent as %v", tool)
	}
}

func TestOpenAIErrors(t *testing.T) {
	errBody := `{"error":{"message":"Incorrect API key provided: sk-tes***ret.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}`
	t.Run("401", func(t *testing.T) {
		s := newSSEServer(t, "/v1/chat/completions", sseScript{status: 401, body: errBody})
		_, _, err := streamOnce(t, newOpenAI(t, s, OpenAIOptions{}), userReq("q"))
		apiErr := wantPermanent(t, err, 401)
		if strings.Contains(apiErr.Message, "sk-test-secret") {
			t.Errorf("the key leaked into %q", apiErr.Message)
		}
	})
	t.Run("404 model", func(t *testing.T) {
		s := newSSEServer(t, "/v1/chat/completions", sseScript{status: 404, body: `{"error":{"message":"The model 'gpt-test' does not exist","type":"invalid_request_error","code":"model_not_found"}}`})
		_, _, err := streamOnce(t, newOpenAI(t, s, OpenAIOptions{}), userReq("q"))
		if apiErr := wantPermanent(t, err, 404); !strings.Contains(apiErr.Message, "gpt-test") {
			t.Errorf("message %q", apiErr.Message)
		}
	})
	t.Run("429", func(t *testing.T) {
		s := newSSEServer(t, "/v1/chat/completions", sseScript{status: 429, header: map[string]string{"Retry-After": "3"}, body: `{"error":{"message":"Rate limit reached","type":"requests","code":"rate_limit_exceeded"}}`})
		_, _, err := streamOnce(t, newOpenAI(t, s, OpenAIOptions{}), userReq("q"))
		apiErr := wantTransient(t, err, 429)
		if !apiErr.RateLimit || time.Duration(apiErr.RetryAfter) != 3*time.Second {
			t.Errorf("rate limit %v, retry after %v", apiErr.RateLimit, time.Duration(apiErr.RetryAfter))
		}
		if n := s.requests(); n != 1 {
			t.Errorf("the SDK retried on its own: %d requests", n)
		}
	})
	t.Run("500", func(t *testing.T) {
		s := newSSEServer(t, "/v1/chat/completions", sseScript{status: 500, body: `{"error":{"message":"boom","type":"server_error"}}`})
		_, _, err := streamOnce(t, newOpenAI(t, s, OpenAIOptions{}), userReq("q"))
		wantTransient(t, err, 500)
	})
	t.Run("error event mid-stream", func(t *testing.T) {
		s := newSSEServer(t, "/v1/chat/completions", sseScript{events: []string{
			oaDelta(`{"content":"Half"}`, ""),
			"data: {\"error\":{\"message\":\"The server had an error while processing your request.\",\"type\":\"server_error\"}}\n\n",
		}})
		_, _, err := streamOnce(t, newOpenAI(t, s, OpenAIOptions{}), userReq("q"))
		wantTransient(t, err, 0)
	})
	t.Run("garbage", func(t *testing.T) {
		s := newSSEServer(t, "/v1/chat/completions", sseScript{events: []string{
			oaDelta(`{"content":"Half"}`, ""),
			"data: this is not json\n\n",
		}})
		_, _, err := streamOnce(t, newOpenAI(t, s, OpenAIOptions{}), userReq("q"))
		wantTransient(t, err, 0)
	})
	t.Run("cut", func(t *testing.T) {
		s := newSSEServer(t, "/v1/chat/completions", sseScript{events: []string{oaDelta(`{"content":"Half"}`, "")}, cut: true})
		_, rec, err := streamOnce(t, newOpenAI(t, s, OpenAIOptions{}), userReq("q"))
		wantTransient(t, err, 0)
		if text, _ := rec.lane(engine.LaneText); text != "Half" {
			t.Errorf("deltas before the cut: %q", text)
		}
	})
	t.Run("ended without finish", func(t *testing.T) {
		s := newSSEServer(t, "/v1/chat/completions", sseScript{events: []string{oaDelta(`{"content":"Half"}`, "")}})
		_, _, err := streamOnce(t, newOpenAI(t, s, OpenAIOptions{}), userReq("q"))
		if wantTransient(t, err, 0); !errors.Is(err, ErrStreamCut) {
			t.Errorf("err = %v, want ErrStreamCut", err)
		}
	})
	t.Run("stall cut by its context", func(t *testing.T) {
		// The driver's watchdog cuts a silent stream by cancelling its
		// context: the adapter must give up and close the connection.
		s := newSSEServer(t, "/v1/chat/completions", sseScript{events: []string{oaDelta(`{"content":"Half"}`, "")}, stall: true})
		err := streamCutAtFirstDelta(t, newOpenAI(t, s, OpenAIOptions{}), userReq("q"))
		if !errors.Is(err, context.Canceled) {
			t.Errorf("err = %v, want context.Canceled", err)
		}
		s.waitGone(t)
	})
	t.Run("refused", func(t *testing.T) {
		o, err := NewOpenAI("gpt-test", OpenAIOptions{BaseURL: "http://" + jsonhttptest.ClosedAddr(t) + "/v1"})
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = streamOnce(t, o, userReq("q"))
		if wantPermanent(t, err, 0); !errors.Is(err, jsonhttp.ErrUnreachable) {
			t.Errorf("err = %v, want jsonhttp.ErrUnreachable", err)
		}
	})
}

func TestOpenAICancelClosesTheRequest(t *testing.T) {
	s := newSSEServer(t, "/v1/chat/completions", sseScript{endless: oaDelta(`{"content":"tick "}`, "")})
	o := newOpenAI(t, s, OpenAIOptions{})
	cancelMidStream(t, s, func(ctx context.Context, on func(engine.Delta)) error {
		_, err := o.Stream(ctx, userReq("loop"), on)
		return err
	})
}

func TestOpenAINeedsAKeyOrAURL(t *testing.T) {
	if _, err := NewOpenAI("gpt-4.1-mini", OpenAIOptions{}); !errors.Is(err, ErrNotConfigured) || !strings.Contains(err.Error(), "OPENAI_API_KEY") {
		t.Errorf("err = %v", err)
	}
}

func TestOpenAIList(t *testing.T) {
	srv := newJSONServer(t, "/v1/models", `{"object":"list","data":[{"id":"qwen2.5-coder","object":"model","created":1,"owned_by":"llamacpp","max_model_len":32768},{"id":"gpt-test","object":"model","created":1,"owned_by":"openai"}]}`)
	o, err := NewOpenAI("", OpenAIOptions{BaseURL: srv.URL + "/v1"})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitBound)
	defer cancel()
	got, err := o.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0] != (Listed{ID: "qwen2.5-coder", ContextWindow: 32768}) || got[1] != (Listed{ID: "gpt-test"}) {
		t.Errorf("listed %+v", got)
	}
}

func TestOpenAIContextOverflowIsContextExceeded(t *testing.T) {
	for _, body := range []string{
		// OpenAI
		`{"error":{"message":"This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.","type":"invalid_request_error","param":"messages","code":"context_length_exceeded"}}`,
		// llama.cpp's server
		`{"error":{"code":400,"message":"the request exceeds the available context size, try increasing it","type":"exceed_context_size_error"}}`,
	} {
		s := newSSEServer(t, "/v1/chat/completions", sseScript{status: 400, body: body})
		_, _, err := streamOnce(t, newOpenAI(t, s, OpenAIOptions{}), userReq("q"))
		wantPermanent(t, err, 400)
		if !errors.Is(err, machine.ErrContextExceeded) {
			t.Errorf("body %s: err = %v, want ContextExceeded", body, err)
		}
	}
	s := newSSEServer(t, "/v1/chat/completions", sseScript{status: 400, body: `{"error":{"message":"Invalid 'tools[0].function.name'","type":"invalid_request_error"}}`})
	if _, _, err := streamOnce(t, newOpenAI(t, s, OpenAIOptions{}), userReq("q")); errors.Is(err, machine.ErrContextExceeded) {
		t.Errorf("an unrelated 400 read as an overflow: %v", err)
	}
}

func TestOpenAIProbesTheWindow(t *testing.T) {
	srv := newJSONServer(t, "/v1/models", `{"object":"list","data":[{"id":"other","object":"model","created":1,"owned_by":"x","max_model_len":4096},{"id":"qwen-probe","object":"model","created":1,"owned_by":"x","max_model_len":32768}]}`)
	o, err := NewOpenAI("qwen-probe", OpenAIOptions{BaseURL: srv.URL + "/v1"})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitBound)
	defer cancel()
	if n, err := o.ContextWindow(ctx); err != nil || n != 32768 {
		t.Fatalf("window %d, %v; want 32768", n, err)
	}
	srv.Close() // cached: no second request
	if n, err := o.ContextWindow(ctx); err != nil || n != 32768 {
		t.Fatalf("cached window %d, %v", n, err)
	}
}
