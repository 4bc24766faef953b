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

// anEvent renders one Messages stream event as the API sends it.
func anEvent(typ, data string) string {
	return fmt.Sprintf("event: %s\ndata: %s\n\n", typ, data)
}

var (
	anStart = anEvent("message_start", `{"type":"message_start","message":{"id":"msg_01","type":"message","role":"assistant","content":[],"model":"claude-test","stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":25,"cache_creation_input_tokens":0,"cache_read_input_tokens":5,"output_tokens":1}}}`)
	anPing  = anEvent("ping", `{"type": "ping"}`)
	anStop  = anEvent("message_stop", `{"type":"message_stop"}`)
)

func anBlockStart(i int, block string) string {
	return anEvent("content_block_start", fmt.Sprintf(`{"type":"content_block_start","index":%d,"content_block":%s}`, i, block))
}

func anDelta(i int, delta string) string {
	return anEvent("content_block_delta", fmt.Sprintf(`{"type":"content_block_delta","index":%d,"delta":%s}`, i, delta))
}

func anBlockStop(i int) string {
	return anEvent("content_block_stop", fmt.Sprintf(`{"type":"content_block_stop","index":%d}`, i))
}

func anMessageDelta(stop string, out int) string {
	return anEvent("message_delta", fmt.Sprintf(`{"type":"message_delta","delta":{"stop_reason":"%s","stop_sequence":null},"usage":{"output_tokens":%d}}`, stop, out))
}

func newAnthropic(t *testing.T, s *sseServer, opts AnthropicOptions) *Anthropic {
	t.Helper()
	opts.BaseURL = s.URL
	opts.APIKey = "sk-ant-test-secret"
	a, err := NewAnthropic("claude-test", opts)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestAnthropicTextThinkingAndTools(t *testing.T) {
	s := newSSEServer(t, "/v1/messages", sseScript{events: []string{
		anStart,
		anBlockStart(0, `{"type":"thinking","thinking":"","signature":""}`),
		anDelta(0, `{"type":"thinking_delta","thinking":"Let me "}`),
		anDelta(0, `{"type":"thinking_delta","thinking":"look."}`),
		anDelta(0, `{"type":"signature_delta","signature":"EqQBCgIYAhIM"}`),
		anBlockStop(0),
		anBlockStart(1, `{"type":"text","text":""}`),
		anPing,
		anDelta(1, `{"type":"text_delta","text":"I'll read "}`),
		anDelta(1, `{"type":"text_delta","text":"it."}`),
		anBlockStop(1),
		anBlockStart(2, `{"type":"tool_use","id":"toolu_01","name":"read_file","input":{}}`),
		anDelta(2, `{"type":"input_json_delta","partial_json":""}`),
		anDelta(2, `{"type":"input_json_delta","partial_json":"{\"pa"}`),
		anDelta(2, `{"type":"input_json_delta","partial_json":"th\": \"README.md\"}"}`),
		anBlockStop(2),
		anBlockStart(3, `{"type":"tool_use","id":"toolu_02","name":"list_dir","input":{}}`),
		anDelta(3, `{"type":"input_json_delta","partial_json":"{\"path\":\".\"}"}`),
		anBlockStop(3),
		anMessageDelta("tool_use", 89),
		anStop,
	}})
	a := newAnthropic(t, s, AnthropicOptions{})
	req := userReq("read", "read_file", "list_dir")
	req.System = "You are loopls."
	resp, rec, err := streamOnce(t, a, req)
	if err != nil {
		t.Fatal(err)
	}
	if th, _ := rec.lane(engine.LaneThinking); th != "Let me look." || resp.Message.Thinking != th {
		t.Errorf("thinking %q / %q", th, resp.Message.Thinking)
	}
	if text, n := rec.lane(engine.LaneText); text != "I'll read it." || n != 2 || resp.Message.Content != text {
		t.Errorf("text %q (%d deltas) / %q", text, n, resp.Message.Content)
	}
	calls := resp.Message.ToolCalls
	if len(calls) != 2 || calls[0].ID != "toolu_01" || calls[0].Name != "read_file" || string(calls[0].Arguments) != `{"path":"README.md"}` ||
		calls[1].Name != "list_dir" || string(calls[1].Arguments) != `{"path":"."}` {
		t.Errorf("calls %+v", calls)
	}
	if lane := rec.calls(); len(lane) != 2 {
		t.Errorf("tool lane %+v", lane)
	}
	if resp.Usage != (engine.Usage{InputTokens: 30, OutputTokens: 89}) || resp.StopReason != "tool_use" || resp.Model != "anthropic:claude-test" {
		t.Errorf("usage %+v stop %q model %q", resp.Usage, resp.StopReason, resp.Model)
	}
	body := s.body(0)
	if body["model"] != "claude-test" || body["stream"] != true || body["max_tokens"] != float64(DefaultAnthropicMaxTokens) {
		t.Errorf("body %v", body)
	}
	if sys := fmt.Sprint(body["system"]); !strings.Contains(sys, "You are loopls.") {
		t.Errorf("system %v", body["system"])
	}
	tool := body["tools"].([]any)[0].(map[string]any)
	schema := tool["input_schema"].(map[string]any)
	if tool["name"] != "read_file" || schema["type"] != "object" || schema["additionalProperties"] != false || fmt.Sprint(schema["required"]) != "[path]" {
		t.Errorf("tool sent as %v", tool)
	}
	h := s.header(0)
	// The SDK sends the key as a bearer token (older versions: X-Api-Key).
	if key := h.Get("X-Api-Key"); key != "sk-ant-test-secret" {
		t.Errorf("the key was not sent: x-api-key %q, authorization %q", key, h.Get("Authorization"))
	}
	if h.Get("Anthropic-Version") == "" {
		t.Errorf("no anthropic-version header")
	}
}

func TestAnthropicHistoryAlternates(t *testing.T) {
	s := newSSEServer(t, "/v1/messages", sseScript{events: []string{
		anStart, anBlockStart(0, `{"type":"text","text":""}`), anDelta(0, `{"type":"text_delta","text":"done"}`),
		anBlockStop(0), anMessageDelta("end_turn", 3), anStop,
	}})
	c1 := machine.ToolCall{ID: "toolu_01", Name: "read_file", Arguments: []byte(`{"path":"a"}`)}
	c2 := machine.ToolCall{ID: "toolu_02", Name: "read_file", Arguments: []byte(`{"path":"b"}`)}
	req := engine.ModelRequest{Messages: []machine.Message{
		machine.UserMessage("read both"),
		{Role: machine.RoleAssistant, ToolCalls: []machine.ToolCall{c1, c2}},
		machine.ToolResultMessage(c1, "A", false),
		machine.ToolResultMessage(c2, "missing", true),
		machine.UserMessage("and now?"),
	}}
	resp, _, err := streamOnce(t, newAnthropic(t, s, AnthropicOptions{}), req)
	if err != nil || resp.Message.Content != "done" {
		t.Fatalf("resp %+v, err %v", resp, err)
	}
	msgs := s.body(0)["messages"].([]any)
	if len(msgs) != 3 {
		t.Fatalf("want user, assistant, user; got %v", msgs)
	}
	last := msgs[2].(map[string]any)
	blocks := last["content"].([]any)
	if last["role"] != "user" || len(blocks) != 3 {
		t.Fatalf("the two results and the follow-up must share one user turn: %v", last)
	}
	r2 := blocks[1].(map[string]any)
	if r2["type"] != "tool_result" || r2["tool_use_id"] != "toolu_02" || r2["is_error"] != true {
		t.Errorf("second result sent as %v", r2)
	}
	use := msgs[1].(map[string]any)["content"].([]any)[0].(map[string]any)
	if use["type"] != "tool_use" || fmt.Sprint(use["input"]) != "map[path:a]" {
		t.Errorf("tool use sent as %v", use)
	}
}

func TestAnthropicErrors(t *testing.T) {
	t.Run("429", func(t *testing.T) {
		s := newSSEServer(t, "/v1/messages", sseScript{status: 429, header: map[string]string{"Retry-After": "2"},
			body: `{"type":"error","error":{"type":"rate_limit_error","message":"Number of request tokens has exceeded your per-minute rate limit"}}`})
		_, _, err := streamOnce(t, newAnthropic(t, s, AnthropicOptions{}), userReq("q"))
		apiErr := wantTransient(t, err, 429)
		if !apiErr.RateLimit || time.Duration(apiErr.RetryAfter) != 2*time.Second {
			t.Errorf("%+v", apiErr)
		}
	})
	t.Run("401", func(t *testing.T) {
		s := newSSEServer(t, "/v1/messages", sseScript{status: 401, body: `{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}`})
		_, _, err := streamOnce(t, newAnthropic(t, s, AnthropicOptions{}), userReq("q"))
		if apiErr := wantPermanent(t, err, 401); strings.Contains(apiErr.Message, "sk-ant-test-secret") {
			t.Errorf("key leaked: %q", apiErr.Message)
		}
	})
	t.Run("overloaded event mid-stream", func(t *testing.T) {
		s := newSSEServer(t, "/v1/messages", sseScript{events: []string{
			anStart, anBlockStart(0, `{"type":"text","text":""}`), anDelta(0, `{"type":"text_delta","text":"Hal"}`),
			anEvent("error", `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`),
		}})
		_, _, err := streamOnce(t, newAnthropic(t, s, AnthropicOptions{}), userReq("q"))
		wantTransient(t, err, 529)
	})
	t.Run("garbage", func(t *testing.T) {
		s := newSSEServer(t, "/v1/messages", sseScript{events: []string{anStart, "event: content_block_delta\ndata: {not json\n\n"}})
		_, _, err := streamOnce(t, newAnthropic(t, s, AnthropicOptions{}), userReq("q"))
		wantTransient(t, err, 0)
	})
	t.Run("cut", func(t *testing.T) {
		s := newSSEServer(t, "/v1/messages", sseScript{events: []string{anStart, anBlockStart(0, `{"type":"text","text":""}`)}, cut: true})
		_, _, err := streamOnce(t, newAnthropic(t, s, AnthropicOptions{}), userReq("q"))
		wantTransient(t, err, 0)
	})
	t.Run("no message_stop", func(t *testing.T) {
		s := newSSEServer(t, "/v1/messages", sseScript{events: []string{anStart, anMessageDelta("end_turn", 1)}})
		_, _, err := streamOnce(t, newAnthropic(t, s, AnthropicOptions{}), userReq("q"))
		if wantTransient(t, err, 0); !errors.Is(err, ErrStreamCut) {
			t.Errorf("err = %v", err)
		}
	})
	t.Run("stall cut by its context", func(t *testing.T) {
		// The driver's watchdog cuts a silent stream by cancelling its
		// context: the adapter must give up and close the connection.
		s := newSSEServer(t, "/v1/messages", sseScript{events: []string{anStart, anBlockStart(0, `{"type":"text","text":""}`), anDelta(0, `{"type":"text_delta","text":"Hal"}`)}, stall: true})
		err := streamCutAtFirstDelta(t, newAnthropic(t, s, AnthropicOptions{}), userReq("q"))
		if !errors.Is(err, context.Canceled) {
			t.Errorf("err = %v, want context.Canceled", err)
		}
		s.waitGone(t)
	})
	t.Run("refused", func(t *testing.T) {
		a, err := NewAnthropic("claude-test", AnthropicOptions{APIKey: "k", BaseURL: "http://" + jsonhttptest.ClosedAddr(t)})
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = streamOnce(t, a, userReq("q"))
		if wantPermanent(t, err, 0); !errors.Is(err, jsonhttp.ErrUnreachable) {
			t.Errorf("err = %v", err)
		}
	})
}

func TestAnthropicCancelClosesTheRequest(t *testing.T) {
	s := newSSEServer(t, "/v1/messages", sseScript{
		events:  []string{anStart, anBlockStart(0, `{"type":"text","text":""}`)},
		endless: anDelta(0, `{"type":"text_delta","text":"tick "}`),
	})
	a := newAnthropic(t, s, AnthropicOptions{})
	cancelMidStream(t, s, func(ctx context.Context, on func(engine.Delta)) error {
		_, err := a.Stream(ctx, userReq("loop"), on)
		return err
	})
}

func TestAnthropicNeedsAKey(t *testing.T) {
	if _, err := NewAnthropic("claude-x", AnthropicOptions{}); !errors.Is(err, ErrNotConfigured) || !strings.Contains(err.Error(), "ANTHROPIC_API_KEY") {
		t.Errorf("err = %v", err)
	}
}

// listAnthropic lists the models of the Anthropic server at base, bounded
// in time.
func listAnthropic(t *testing.T, base string) ([]Listed, error) {
	t.Helper()
	a, err := NewAnthropic("", AnthropicOptions{APIKey: "k", BaseURL: base})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitBound)
	defer cancel()
	return a.List(ctx)
}

func TestAnthropicList(t *testing.T) {
	srv := newJSONServer(t, "/v1/models", `{"data":[{"type":"model","id":"claude-test","display_name":"Claude Test","created_at":"2026-01-01T00:00:00Z","max_input_tokens":200000,"max_tokens":64000}],"has_more":false,"first_id":"claude-test","last_id":"claude-test"}`)
	got, err := listAnthropic(t, srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0] != (Listed{ID: "claude-test", ContextWindow: 200000}) {
		t.Errorf("listed %+v", got)
	}
}

func TestAnthropicPromptTooLongIsContextExceeded(t *testing.T) {
	s := newSSEServer(t, "/v1/messages", sseScript{status: 400,
		body: `{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 208310 tokens > 200000 maximum"}}`})
	_, _, err := streamOnce(t, newAnthropic(t, s, AnthropicOptions{}), userReq("q"))
	wantPermanent(t, err, 400)
	if !errors.Is(err, machine.ErrContextExceeded) {
		t.Errorf("err = %v, want ContextExceeded", err)
	}
}

func TestAnthropicProbesTheWindow(t *testing.T) {
	srv := newJSONServer(t, "/v1/models/claude-probe", `{"type":"model","id":"claude-probe","display_name":"Claude Probe","created_at":"2026-01-01T00:00:00Z","max_input_tokens":200000,"max_tokens":64000}`)
	a, err := NewAnthropic("claude-probe", AnthropicOptions{APIKey: "k", BaseURL: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitBound)
	defer cancel()
	if n, err := a.ContextWindow(ctx); err != nil || n != 200000 {
		t.Fatalf("window %d, %v; want 200000", n, err)
	}
}
