package acp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"
)

func TestCheckLine(t *testing.T) {
	tests := []struct {
		line     string
		pass     bool
		wantCode int
		wantID   string
	}{
		{`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`, true, 0, ""},
		{`{"jsonrpc":"2.0","method":"session/cancel","params":{}}`, true, 0, ""},
		{`{"jsonrpc":"2.0","id":"a","result":{}}`, true, 0, ""},
		{`{"jsonrpc":"2.0","id":null,"method":"x"}`, true, 0, ""},
		{`not json`, false, codeParseError, "null"},
		{`{"jsonrpc":"2.0","id":1,"method":"initialize"`, false, codeParseError, "null"},
		{`[1,2,3]`, false, codeInvalidRequest, "null"},
		{`"hello"`, false, codeInvalidRequest, "null"},
		{`{"id":7,"method":"initialize"}`, false, codeInvalidRequest, "7"},
		{`{"jsonrpc":"1.0","id":"x","method":"initialize"}`, false, codeInvalidRequest, `"x"`},
		{`{"jsonrpc":"2.0","id":3,"method":""}`, false, codeInvalidRequest, "3"},
		{`{"jsonrpc":"2.0"}`, false, codeInvalidRequest, "null"},
		{`{"jsonrpc":"2.0","id":{"a":1},"method":"x"}`, false, codeInvalidRequest, "null"},
	}
	for _, tt := range tests {
		answer, pass := checkLine([]byte(tt.line))
		if pass != tt.pass {
			t.Errorf("checkLine(%s) pass = %v, want %v", tt.line, pass, tt.pass)
			continue
		}
		if pass {
			continue
		}
		var e struct {
			JSONRPC string          `json:"jsonrpc"`
			ID      json.RawMessage `json:"id"`
			Error   struct {
				Code    int    `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(answer, &e); err != nil {
			t.Errorf("checkLine(%s) answer %q is not JSON: %v", tt.line, answer, err)
			continue
		}
		if e.JSONRPC != "2.0" || e.Error.Code != tt.wantCode || string(e.ID) != tt.wantID || e.Error.Message == "" {
			t.Errorf("checkLine(%s) answer = %s, want code %d id %s", tt.line, answer, tt.wantCode, tt.wantID)
		}
		if !bytes.HasSuffix(answer, []byte("\n")) || bytes.Count(answer, []byte("\n")) != 1 {
			t.Errorf("answer %q is not one line", answer)
		}
	}
}

func FuzzCheckLine(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}`,
		`{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"s"}}`,
		`not json`, `[]`, `{}`, `{"jsonrpc":"2.0","id":{},"method":"x"}`, "\x00\xff",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		answer, pass := checkLine(line)
		if pass {
			// Field names match as encoding/json (and so the SDK) matches them.
			var m struct {
				JSONRPC string `json:"jsonrpc"`
			}
			if json.Unmarshal(line, &m) != nil || m.JSONRPC != "2.0" {
				t.Fatalf("passed a line that is no JSON-RPC object: %q", line)
			}
			return
		}
		var e struct {
			Error *struct{ Code int } `json:"error"`
		}
		if err := json.Unmarshal(answer, &e); err != nil || e.Error == nil || e.Error.Code == 0 {
			t.Fatalf("answer %q to %q is not a JSON-RPC error", answer, line)
		}
	})
}

func TestGuardInputPassesGoodLinesAndAnswersBadOnes(t *testing.T) {
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"a"}`,
		``,
		`garbage`,
		`   {"jsonrpc":"2.0","method":"b"}   `,
		`{"jsonrpc":"2.0","id":2,"method":"c"}`, // no newline at EOF
	}, "\n")
	pr, pw := io.Pipe()
	var answers bytes.Buffer
	done := make(chan struct{})
	go func() {
		defer close(done)
		guardInput(strings.NewReader(in), pw, &answers)
	}()
	passed, err := io.ReadAll(pr)
	if err != nil {
		t.Fatalf("read passed lines: %v", err)
	}
	<-done
	want := `{"jsonrpc":"2.0","id":1,"method":"a"}` + "\n" + `{"jsonrpc":"2.0","method":"b"}` + "\n" + `{"jsonrpc":"2.0","id":2,"method":"c"}` + "\n"
	if string(passed) != want {
		t.Errorf("passed = %q, want %q", passed, want)
	}
	if !strings.Contains(answers.String(), `"code":-32700`) || strings.Count(answers.String(), "\n") != 1 {
		t.Errorf("answers = %q, want one parse error", answers.String())
	}
}

func TestGuardInputAnswersAnOverlongLine(t *testing.T) {
	long := `{"jsonrpc":"2.0","id":1,"method":"a","params":"` + strings.Repeat("x", maxLine) + `"}`
	in := long + "\n" + `{"jsonrpc":"2.0","id":2,"method":"b"}` + "\n"
	pr, pw := io.Pipe()
	var answers bytes.Buffer
	done := make(chan struct{})
	go func() {
		defer close(done)
		guardInput(strings.NewReader(in), pw, &answers)
	}()
	passed, _ := io.ReadAll(pr)
	<-done
	if string(passed) != `{"jsonrpc":"2.0","id":2,"method":"b"}`+"\n" {
		t.Errorf("passed = %.200q, want only the line after the long one", passed)
	}
	if !strings.Contains(answers.String(), "longer than") {
		t.Errorf("answers = %q, want the long line refused", answers.String())
	}
}

// TestBadInputIsAnsweredNeverFatal drives Serve with raw lines, as a broken
// client would send them, and reads the raw answers.
func TestBadInputIsAnsweredNeverFatal(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	served := make(chan error, 1)
	go func() {
		served <- Serve(context.Background(), inR, outW, Config{
			Open:   func(context.Context, string, Hooks) (Backend, error) { return newFakeBackend(oneToolCall), nil },
			Logger: slog.New(slog.DiscardHandler),
		})
	}()
	lines := bufio.NewScanner(outR)
	lines.Buffer(nil, 1<<20)
	next := make(chan string)
	go func() {
		defer close(next)
		for lines.Scan() {
			next <- lines.Text()
		}
	}()
	send := func(s string) {
		t.Helper()
		if _, err := io.WriteString(inW, s+"\n"); err != nil {
			t.Fatalf("write: %v", err)
		}
	}
	expect := func(what string, check func(id json.RawMessage, code int, msg string, result json.RawMessage) bool) {
		t.Helper()
		select {
		case l, ok := <-next:
			if !ok {
				t.Fatalf("%s: the agent closed its output", what)
			}
			var m struct {
				ID     json.RawMessage `json:"id"`
				Result json.RawMessage `json:"result"`
				Error  *struct {
					Code    int    `json:"code"`
					Message string `json:"message"`
				} `json:"error"`
			}
			if err := json.Unmarshal([]byte(l), &m); err != nil {
				t.Fatalf("%s: answer %q is not JSON", what, l)
			}
			code, msg := 0, ""
			if m.Error != nil {
				code, msg = m.Error.Code, m.Error.Message
			}
			if !check(m.ID, code, msg, m.Result) {
				t.Errorf("%s: answer = %s", what, l)
			}
		case <-time.After(waitFor):
			t.Fatalf("%s: no answer", what)
		}
	}
	send(`this is not json`)
	expect("malformed line", func(id json.RawMessage, code int, _ string, _ json.RawMessage) bool {
		return string(id) == "null" && code == -32700
	})
	send(`{"jsonrpc":"2.0","id":1,"method":"no/such/method","params":{}}`)
	expect("unknown method", func(id json.RawMessage, code int, _ string, _ json.RawMessage) bool {
		return string(id) == "1" && code == -32601
	})
	send(`{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":1,"clientCapabilities":{}}}`)
	expect("initialize after garbage", func(id json.RawMessage, code int, _ string, result json.RawMessage) bool {
		return string(id) == "2" && code == 0 && strings.Contains(string(result), `"protocolVersion":1`)
	})
	send(`{"jsonrpc":"2.0","id":3,"method":"session/prompt","params":{"sessionId":"ses_nope","prompt":[{"type":"text","text":"hi"}]}}`)
	expect("prompt for an unknown session", func(id json.RawMessage, code int, msg string, _ json.RawMessage) bool {
		return string(id) == "3" && code == -32602 && strings.Contains(msg, "unknown session")
	})
	send(`{"jsonrpc":"2.0","id":4,"method":"session/new","params":{"cwd":42}}`)
	expect("ill-typed params", func(id json.RawMessage, code int, _ string, _ json.RawMessage) bool {
		return string(id) == "4" && code == -32602
	})
	send(`{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"ses_nope"}}`)
	send(`{"jsonrpc":"2.0","id":5,"method":"authenticate","params":{"methodId":"none"}}`)
	expect("still serving", func(id json.RawMessage, code int, _ string, _ json.RawMessage) bool {
		return string(id) == "5" && code == 0
	})

	inW.Close()
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("Serve = %v", err)
		}
	case <-time.After(waitFor):
		t.Fatal("Serve did not return when its input closed")
	}
	outW.Close()
	for range next {
	}
}

// FuzzGuardInput: whatever the client sends, the guard ends, forwards only
// lines the check passes, and answers every other non-blank line.
func FuzzGuardInput(f *testing.F) {
	f.Add([]byte("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"a\"}\ngarbage\n\n{\"jsonrpc\":\"2.0\",\"method\":\"b\"}"))
	f.Add([]byte("\r\n\x00\n[1]\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		pr, pw := io.Pipe()
		var answers bytes.Buffer
		done := make(chan struct{})
		go func() {
			defer close(done)
			guardInput(bytes.NewReader(in), pw, &answers)
		}()
		passed, _ := io.ReadAll(pr)
		<-done
		forwarded := 0
		for _, l := range bytes.Split(passed, []byte("\n")) {
			if len(l) == 0 {
				continue
			}
			forwarded++
			if _, ok := checkLine(l); !ok {
				t.Fatalf("forwarded a line the check refuses: %q", l)
			}
		}
		nonBlank := 0
		for _, l := range bytes.Split(in, []byte("\n")) {
			if len(bytes.TrimSpace(l)) > 0 {
				nonBlank++
			}
		}
		if got := forwarded + bytes.Count(answers.Bytes(), []byte("\n")); got != nonBlank {
			t.Fatalf("%d lines forwarded or answered, want %d (input %q)", got, nonBlank, in)
		}
	})
}
