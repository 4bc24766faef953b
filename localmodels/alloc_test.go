package localmodels

import (
	"bytes"
	"context"
	"fmt"
	"runtime"
	"testing"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/internal/fakeollama"
)

// allocated returns the bytes and objects allocated per call of f, over
// runs calls. Only what the process allocates counts, whichever goroutine
// does it; the collector's timing does not change the totals.
func allocated(runs int, f func()) (bytes, objects uint64) {
	f() // warm up: the first call may grow package-level state
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for range runs {
		f()
	}
	runtime.ReadMemStats(&after)
	return (after.TotalAlloc - before.TotalAlloc) / uint64(runs), (after.Mallocs - before.Mallocs) / uint64(runs)
}

// chatBody is a /api/chat stream of n text chunks and the done line, as
// Ollama writes it.
func chatBody(n int) []byte {
	var b bytes.Buffer
	for i := range n {
		fmt.Fprintf(&b, `{"model":"tiny","created_at":"2026-12-02T00:00:00.%09dZ","message":{"role":"assistant","content":"word%d "},"done":false}`+"\n", i, i)
	}
	b.WriteString(`{"model":"tiny","created_at":"2026-12-02T00:00:01Z","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","total_duration":1,"prompt_eval_count":12,"eval_count":` + fmt.Sprint(n) + "}\n")
	return b.Bytes()
}

// The official client allocated an 8 MiB line buffer for every streamed
// call, whatever the stream's length. Reading a stream now costs a small
// buffer plus a constant per chunk: a chunk more costs as much at the
// thousandth chunk as at the tenth.
func TestReadChatAllocatesPerChunk(t *testing.T) {
	measure := func(n int) (uint64, uint64) {
		body := chatBody(n)
		return allocated(10, func() {
			var acc ollamaStream
			if err := readChat(bytes.NewReader(body), func(c *chatChunk) { acc.add(c, func(engine.Delta) {}) }); err != nil || !acc.done {
				t.Fatalf("readChat: %v, done %v", err, acc.done)
			}
		})
	}
	b10, o10 := measure(10)
	b100, o100 := measure(100)
	b1000, o1000 := measure(1000)
	t.Logf("10 chunks: %d B, %d allocs; 100: %d B, %d allocs; 1000: %d B, %d allocs", b10, o10, b100, o100, b1000, o1000)
	if b10 > 64<<10 {
		t.Errorf("a 10-chunk stream allocated %d bytes, want under 64 KiB (a %d-byte buffer and a few hundred bytes a chunk)", b10, ndjsonBufferSize)
	}
	// The marginal cost of a chunk, from 10 to 100 chunks and from 100 to
	// 1000. The answer's text is kept in a builder that doubles, so bytes
	// get some slack; objects none.
	bytesEarly, bytesLate := (b100-b10)/90, (b1000-b100)/900
	objsEarly, objsLate := float64(o100-o10)/90, float64(o1000-o100)/900
	if bytesLate > 2*bytesEarly+64 {
		t.Errorf("a chunk costs %d bytes at 1000 chunks and %d at 100: not linear", bytesLate, bytesEarly)
	}
	if objsLate > objsEarly+0.5 {
		t.Errorf("a chunk costs %.1f allocations at 1000 chunks and %.1f at 100: not constant", objsLate, objsEarly)
	}
}

// A whole streamed call through the adapter, the HTTP client and the
// scripted server in this process allocates far less than the 8 MiB the
// official client's line buffer alone took.
func TestStreamAllocatesNoLineBuffer(t *testing.T) {
	srv := fakeollama.StartTB(t, fakeollama.Options{})
	o := newModel(t, srv.Host, "tiny", OllamaOptions{})
	req := userReq("chat please", tools("read_file", "list_dir", "edit_file"))
	perCall, _ := allocated(10, func() {
		resp, err := o.Stream(context.Background(), req, func(engine.Delta) {})
		if err != nil || resp.Message.Content == "" {
			t.Fatalf("Stream: %+v, %v", resp, err)
		}
	})
	t.Logf("%d bytes allocated per streamed call, server included", perCall)
	if perCall > 1<<20 {
		t.Errorf("a six-chunk streamed call allocated %d bytes, want under 1 MiB", perCall)
	}
}
