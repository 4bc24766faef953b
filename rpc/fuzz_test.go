package rpc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/loopls/loopls/config"
	"github.com/loopls/loopls/providers"
)

func frame(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }

// FuzzServe feeds arbitrary bytes to the whole daemon: framing, message
// checks, lifecycle and dispatch. Whatever comes in, Serve must neither
// panic nor hang, and everything it writes must be well-framed JSON.
func FuzzServe(f *testing.F) {
	init := frame(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{"window":{"workDoneProgress":true}}}}`)
	for _, seed := range []string{
		"",
		init,
		init + frame(`{"jsonrpc":"2.0","id":2,"method":"loopls/run","params":{"prompt":"chat"}}`),
		init + frame(`{"jsonrpc":"2.0","id":2,"method":"workspace/executeCommand","params":{"command":"loopls.run","arguments":[{"prompt":"x"}]}}`),
		init + frame(`{"jsonrpc":"2.0","id":2,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///x"},"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":1}}}}`),
		init + frame(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///tmp/a","languageId":"go","version":1,"text":"a"}}}`),
		init + frame(`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///tmp/a","version":2},"contentChanges":[{"text":"b"}]}}`),
		init + frame(`{"jsonrpc":"2.0","id":3,"method":"shutdown"}`) + frame(`{"jsonrpc":"2.0","method":"exit"}`),
		frame(`{"jsonrpc":"2.0","id":1,"method":`),
		frame(`[{"jsonrpc":"2.0","id":1,"method":"initialize"}]`),
		"Content-Type: x\r\n\r\n{}" + frame(`{}`),
		"Content-Length: 99999999999\r\n\r\n{}",
		frame(`{"jsonrpc":"2.0","id":-1,"method":"initialize","params":{}}`),
		frame(`{"jsonrpc":"2.0","id":1e400,"method":"x"}`),
		init + frame(`{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":2}}`),
		init + frame(`{"jsonrpc":"2.0","method":"workspace/didChangeConfiguration","params":{"settings":{"loopls":{"maxTurns":-1}}}}`),
	} {
		f.Add([]byte(seed))
	}
	root := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		var out bytes.Buffer
		opts := Options{
			NoStore: true,
			Root:    root,
			Resolve: func(context.Context, config.Settings, string) (providers.Resolved, error) {
				return providers.Resolved{}, errors.New("fuzzing: no model")
			},
		}
		Serve(context.Background(), bytes.NewReader(data), &out, opts)
		checkFrames(t, out.Bytes())
	})
}

// checkFrames fails unless b is a sequence of Content-Length frames of JSON.
func checkFrames(t *testing.T, b []byte) {
	t.Helper()
	s := newStream(bytes.NewReader(b), io.Discard, nil)
	for {
		body, err := s.readFrame()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatalf("the daemon wrote a bad frame: %v\n%q", err, b)
		}
		if _, fe := s.check(body); fe != nil {
			t.Fatalf("the daemon wrote a bad message: %v\n%q", fe, body)
		}
	}
}
