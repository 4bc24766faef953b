package engine_test

import (
	"context"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
	"github.com/loopls/loopls/internal/fakeollama"
)

// heapObserver samples the live heap while deltas arrive and keeps the
// highest value, and the text observers were sent.
type heapObserver struct {
	engine.NopObserver
	mu     sync.Mutex
	n      int
	peak   uint64
	sample []metrics.Sample
	deltas strings.Builder
}

func newHeapObserver() *heapObserver {
	return &heapObserver{sample: []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}}
}

func (o *heapObserver) read() uint64 {
	metrics.Read(o.sample)
	return o.sample[0].Value.Uint64()
}

func (o *heapObserver) OnDelta(_ machine.RunID, _ engine.Lane, text string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.deltas.Len() < 4<<20 {
		o.deltas.WriteString(text)
	}
	o.n++
	o.peak = max(o.peak, o.read())
}

// A model that streams 50 MB through the real Ollama adapter is cut at
// MaxAnswerBytes: the answer ends with the marker, and the heap stays
// flat — far below what holding (let alone re-copying) 50 MB would take.
func TestFiftyMegabyteStreamKeepsMemoryFlat(t *testing.T) {
	const total = 50 << 20
	chunk := strings.Repeat("all work and no play makes a dull model. ", 1600) // ~64 KiB
	reply := &fakeollama.Reply{Delay: time.Microsecond}
	for n := 0; n < total; n += len(chunk) {
		reply.Chunks = append(reply.Chunks, fakeollama.Chunk{Content: chunk})
	}
	srv := fakeollama.StartTB(t, fakeollama.Options{Script: func(*api.ChatRequest) *fakeollama.Reply { return reply }})
	obs := newHeapObserver()
	a, _ := httpAgent(t, engine.AgentConfig{Model: ollama(t, srv, "tiny"), Observers: []engine.Observer{obs}})

	runtime.GC()
	base := obs.read()
	run, err := a.Run(context.Background(), engine.RunInput{Prompt: "write forever"})
	if err != nil {
		t.Fatal(err)
	}
	if run.Outcome != machine.OutcomeCompleted || !strings.Contains(run.Output, "MaxAnswerBytes") {
		t.Errorf("run %s, output ends %q; want completed with the MaxAnswerBytes marker", run.Outcome, run.Output[max(0, len(run.Output)-200):])
	}
	if len(run.Output) > engine.MaxAnswerBytes+len(chunk)+1024 {
		t.Errorf("answer of %d bytes, want at most about MaxAnswerBytes (%d)", len(run.Output), engine.MaxAnswerBytes)
	}
	obs.mu.Lock()
	defer obs.mu.Unlock()
	if !strings.HasSuffix(obs.deltas.String(), run.Output[max(0, len(run.Output)-100):]) {
		t.Errorf("the deltas do not end with the marker the answer ends with")
	}
	// Holding the 50 MB stream once would take 50 MB; the old bookkeeping
	// copied the whole text on every delta. 32 MiB above the start is far
	// above the bounded path (a few MiB) and far below either.
	const bound = 32 << 20
	if grew := int64(obs.peak) - int64(base); grew > bound {
		t.Errorf("the heap grew by %d MiB while the model streamed, over the %d MiB bound", grew>>20, bound>>20)
	}
	t.Logf("heap: base %d MiB, peak %d MiB over %d deltas", base>>20, obs.peak>>20, obs.n)
}
