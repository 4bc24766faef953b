package localmodels

import (
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/loopls/loopls/engine"
)

// ollamaStub is an Ollama server of one /api/show answer and one /api/chat
// handler, and what the last /api/chat request's body was.
func ollamaStub(t *testing.T, chat http.HandlerFunc) (*httptest.Server, *[]byte) {
	t.Helper()
	var last []byte
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/show", func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(`{"capabilities":["completion","tools"],"model_info":{"general.architecture":"qwen2","qwen2.context_length":32768}}`))
	})
	mux.HandleFunc("POST /api/chat", func(w http.ResponseWriter, r *http.Request) {
		last, _ = io.ReadAll(r.Body)
		chat(w, r)
	})
	hs := httptest.NewServer(mux)
	t.Cleanup(hs.Close)
	return hs, &last
}

func TestChatRequestOnTheWire(t *testing.T) {
	hs, last := ollamaStub(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Content-Type") != "application/json" || r.Header.Get("Accept") != "application/x-ndjson" {
			t.Errorf("headers %v", r.Header)
		}
		_, _ = io.WriteString(w, `{"message":{"role":"assistant","content":"ok"},"done":true,"done_reason":"stop"}`+"\n")
	})
	o := newModel(t, hs.URL, "qwen", OllamaOptions{KeepAlive: -1})
	specs := []engine.ToolSpec{
		{Name: "bare", Description: "no schema"},
		{Name: "ordered", Parameters: json.RawMessage(`{"type":"object","properties":{"z":{"type":"string"},"a":{"type":"integer"}},"additionalProperties":false}`)},
		{Name: "untyped", Parameters: json.RawMessage(`{"required":["q"]}`)},
	}
	if _, _, err := stream(t, o, userReq("hi", specs)); err != nil {
		t.Fatal(err)
	}
	var sent struct {
		Stream    bool            `json:"stream"`
		KeepAlive json.RawMessage `json:"keep_alive"`
		Truncate  *bool           `json:"truncate"`
		Shift     *bool           `json:"shift"`
		Think     json.RawMessage `json:"think"`
		Options   map[string]any  `json:"options"`
		Tools     []struct {
			Function struct {
				Name       string          `json:"name"`
				Parameters json.RawMessage `json:"parameters"`
			} `json:"function"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(*last, &sent); err != nil {
		t.Fatalf("request body %s: %v", *last, err)
	}
	if !sent.Stream || string(sent.KeepAlive) != "-1" || sent.Truncate == nil || *sent.Truncate || sent.Shift == nil || *sent.Shift || sent.Think != nil {
		t.Errorf("request body %s: want stream, keep_alive -1, truncate and shift false, no think", *last)
	}
	// The stub's model_info has a window but no shape: num_ctx is the
	// default, not its 32,768 (window.go).
	if sent.Options["num_ctx"] != float64(DefaultWindow) || sent.Options["num_predict"] != float64(MaxPredictTokens) {
		t.Errorf("options %v", sent.Options)
	}
	want := []string{
		`{"type":"object","properties":{}}`,
		`{"type":"object","properties":{"z":{"type":"string"},"a":{"type":"integer"}},"additionalProperties":false}`,
		`{"properties":{},"required":["q"],"type":"object"}`,
	}
	for i, w := range want {
		if got := string(sent.Tools[i].Function.Parameters); got != w {
			t.Errorf("tool %s parameters %s, want %s", sent.Tools[i].Function.Name, got, w)
		}
	}
}

func TestToolSchemaThatIsNotAnObject(t *testing.T) {
	hs, _ := ollamaStub(t, func(w http.ResponseWriter, r *http.Request) { t.Error("a request was sent") })
	o := newModel(t, hs.URL, "qwen", OllamaOptions{})
	_, _, err := stream(t, o, userReq("hi", []engine.ToolSpec{{Name: "bad", Parameters: json.RawMessage(`["a"]`)}}))
	if err == nil || !strings.Contains(err.Error(), `tool "bad": its parameters are not a JSON schema object`) {
		t.Fatalf("err = %v", err)
	}
}

// Ollama sends arguments as an object. Arguments in another shape do not
// fail the answer: the call keeps them, and the tool's error tells the
// model.
func TestToolCallArgumentsNotAnObject(t *testing.T) {
	hs, _ := ollamaStub(t, func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, `{"message":{"role":"assistant","content":"","tool_calls":[{"function":{"name":"read_file","arguments":"{\"path\":1}"}},{"id":"call_x","function":{"name":"list_dir"}}]},"done":false}`+"\n"+
			`{"message":{"role":"assistant","content":""},"done":true,"done_reason":"stop"}`+"\n")
	})
	o := newModel(t, hs.URL, "qwen", OllamaOptions{})
	resp, _, err := stream(t, o, userReq("hi", tools("read_file", "list_dir")))
	if err != nil {
		t.Fatal(err)
	}
	calls := resp.Message.ToolCalls
	if len(calls) != 2 || string(calls[0].Arguments) != `"{\"path\":1}"` || string(calls[1].Arguments) != `{}` || calls[1].ID != "call_x" {
		t.Fatalf("calls %+v", calls)
	}
}

func TestUnauthorizedWithoutABody(t *testing.T) {
	hs, _ := ollamaStub(t, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusUnauthorized) })
	o := newModel(t, hs.URL, "qwen", OllamaOptions{})
	_, _, err := stream(t, o, userReq("hi", nil))
	var apiErr *engine.APIError
	if !errors.As(err, &apiErr) || apiErr.Transient || apiErr.Status != 401 || !strings.Contains(apiErr.Message, "refused the request (401 unauthorized)") {
		t.Fatalf("err = %#v", err)
	}
}

func TestErrorStatusWithAPage(t *testing.T) {
	hs, _ := ollamaStub(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusBadGateway)
		_, _ = io.WriteString(w, "<html>\n<body>bad gateway</body>\n</html>\n")
	})
	o := newModel(t, hs.URL, "qwen", OllamaOptions{})
	_, _, err := stream(t, o, userReq("hi", nil))
	apiErr := wantTransient(t, err, 502)
	if !strings.Contains(apiErr.Message, "<html> <body>bad gateway</body> </html>") {
		t.Errorf("message %q should quote the page on one line", apiErr.Message)
	}
}

func TestLineOverTheBound(t *testing.T) {
	hs, _ := ollamaStub(t, func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, `{"message":{"content":"`+strings.Repeat("x", maxNDJSONLine)+`"},"done":true}`+"\n")
	})
	o := newModel(t, hs.URL, "qwen", OllamaOptions{})
	_, _, err := stream(t, o, userReq("hi", nil))
	apiErr := wantTransient(t, err, 0)
	if !errors.Is(err, ErrLineTooLarge) || !strings.Contains(apiErr.Message, "longer than 8388608 bytes") {
		t.Fatalf("err = %v, want ErrLineTooLarge naming the bound", err)
	}
}

// A connection cut after the done line loses nothing.
func TestCutAfterDoneIsWhole(t *testing.T) {
	hs, _ := ollamaStub(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "1000") // promises more than it sends
		_, _ = io.WriteString(w, `{"message":{"content":"all"},"done":true,"done_reason":"stop"}`+"\n")
	})
	o := newModel(t, hs.URL, "qwen", OllamaOptions{})
	resp, _, err := stream(t, o, userReq("hi", nil))
	if err != nil || resp.Message.Content != "all" {
		t.Fatalf("resp %+v, err %v", resp, err)
	}
}

// A run's /api/chat calls go over the connection its /api/show opened:
// every answer is read to its end, so the connection goes back to the pool.
func TestShowThenChatShareAConnection(t *testing.T) {
	var mu sync.Mutex
	conns := 0
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/show", func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, `{"capabilities":["completion","tools"],"model_info":{"general.architecture":"qwen2","qwen2.context_length":32768}}`+"\n")
	})
	mux.HandleFunc("POST /api/chat", func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, `{"message":{"role":"assistant","content":"ok"},"done":true,"done_reason":"stop"}`+"\n")
	})
	hs := httptest.NewUnstartedServer(mux)
	hs.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			mu.Lock()
			conns++
			mu.Unlock()
		}
	}
	hs.Start()
	t.Cleanup(hs.Close)
	tr := &http.Transport{}
	t.Cleanup(tr.CloseIdleConnections)
	// A model name of its own: the process's show cache must not answer.
	o := newModel(t, hs.URL, "conn-"+t.Name(), OllamaOptions{HTTPClient: &http.Client{Transport: tr}})
	for range 2 {
		if _, _, err := stream(t, o, userReq("hi", nil)); err != nil {
			t.Fatal(err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if conns != 1 {
		t.Errorf("/api/show and two /api/chat calls opened %d connections, want 1", conns)
	}
}
