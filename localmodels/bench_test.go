package localmodels

import (
	"context"
	"testing"
	"time"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/fakeollama"
)

// BenchmarkStreamChat is one streamed /api/chat call of six chunks through
// the adapter and its own NDJSON client against the scripted server on
// 127.0.0.1: the overhead loopls adds around a model's own time.
func BenchmarkStreamChat(b *testing.B) {
	srv := fakeollama.StartTB(b, fakeollama.Options{ChunkDelay: time.Nanosecond})
	o, err := NewOllama(srv.Host, "tiny", OllamaOptions{})
	if err != nil {
		b.Fatal(err)
	}
	req := engine.ModelRequest{Messages: []machine.Message{machine.UserMessage("chat")}, Tools: tools("read_file", "list_dir", "edit_file")}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		resp, err := o.Stream(ctx, req, func(engine.Delta) {})
		if err != nil || resp.Message.Content == "" {
			b.Fatal(resp, err)
		}
	}
}

// BenchmarkStreamToolCall is one call answered with a tool call.
func BenchmarkStreamToolCall(b *testing.B) {
	srv := fakeollama.StartTB(b, fakeollama.Options{ChunkDelay: time.Nanosecond})
	o, err := NewOllama(srv.Host, "tiny", OllamaOptions{})
	if err != nil {
		b.Fatal(err)
	}
	req := engine.ModelRequest{Messages: []machine.Message{machine.UserMessage("edit hello.txt")}, Tools: tools("read_file", "edit_file")}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		resp, err := o.Stream(ctx, req, func(engine.Delta) {})
		if err != nil || len(resp.Message.ToolCalls) != 1 {
			b.Fatal(resp, err)
		}
	}
}
