package outbox

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/loopls/loopls/engine"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// waitBound bounds every wait for the writer.
const waitBound = 10 * time.Second

// client records what the Box writes. Its writer blocks while gate is
// held, as a client that stops reading does.
type client struct {
	got  chan string
	gate chan struct{}
}

func newClient() *client {
	c := &client{got: make(chan string, 1<<16), gate: make(chan struct{})}
	close(c.gate)
	return c
}

// stuck makes the client stop reading until the returned func is called.
func (c *client) stuck() func() {
	c.gate = make(chan struct{})
	return func() { close(c.gate) }
}

func (c *client) send(m string) {
	<-c.gate
	c.got <- m
}

func (c *client) next(t *testing.T) string {
	t.Helper()
	select {
	case m := <-c.got:
		return m
	case <-time.After(waitBound):
		t.Fatal("nothing written")
		return ""
	}
}

func newBox(t *testing.T, c *client, interval time.Duration, burst int) *Box[string] {
	b := New(Config[string]{
		Send: c.send,
		Text: func(stream string, lane engine.Lane, text string) string {
			return stream + "/" + string(lane) + ":" + text
		},
		Interval: interval,
		Burst:    burst,
	})
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), waitBound)
		defer cancel()
		if err := b.Close(ctx); err != nil {
			t.Errorf("close: %v", err)
		}
	})
	return b
}

// Text that waits is merged per stream and lane without losing a byte,
// and a stream's text is written before the message pushed after it.
func TestTextCoalescedLosslesslyBeforeItsStreamsNextMessage(t *testing.T) {
	c := newClient()
	b := newBox(t, c, 0, 0)
	b.Start()
	release := c.stuck()
	b.Push("first", "")
	var text strings.Builder
	for i := range 1000 {
		piece := fmt.Sprintf("%d,", i)
		text.WriteString(piece)
		b.Text("run_a", engine.LaneText, piece)
	}
	b.Text("run_a", engine.LaneThinking, "hmm")
	b.Text("run_a", engine.LaneText, "end")
	b.Push("transition", "run_a")
	release()
	want := []string{"first", "run_a/text:" + text.String(), "run_a/thinking:hmm", "run_a/text:end", "transition"}
	for i, w := range want {
		if got := c.next(t); got != w {
			t.Fatalf("message %d = %.60q, want %.60q", i, got, w)
		}
	}
}

// A message pushed under a key takes the place of the one still waiting
// under it; one already written is not replaced.
func TestPushKeyedReplacesTheWaitingMessage(t *testing.T) {
	c := newClient()
	b := newBox(t, c, 0, 0) // not started: everything waits
	for i := range 100 {
		b.PushKeyed(fmt.Sprintf("report %d", i), "progress")
	}
	b.Push("transition", "")
	b.Start()
	if got := c.next(t); got != "report 99" {
		t.Errorf("first = %q, want the latest report alone", got)
	}
	if got := c.next(t); got != "transition" {
		t.Errorf("second = %q", got)
	}
	b.PushKeyed("report 100", "progress")
	if got := c.next(t); got != "report 100" {
		t.Errorf("a report after the written one = %q", got)
	}
}

// Paced text waits for its turn while other messages go ahead; Flush
// writes it at once.
func TestPacedTextWaitsAndFlushWritesIt(t *testing.T) {
	c := newClient()
	b := newBox(t, c, time.Hour, 1)
	b.Start()
	b.Text("run_a", engine.LaneText, "one")
	if got := c.next(t); got != "run_a/text:one" {
		t.Fatalf("first text = %q: the first flush is never held back", got)
	}
	b.Text("run_a", engine.LaneText, "two")
	b.Push("notice", "")
	if got := c.next(t); got != "notice" {
		t.Fatalf("got %q; want the notice ahead of text paced an hour away", got)
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitBound)
	defer cancel()
	if err := b.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if got := c.next(t); got != "run_a/text:two" {
		t.Errorf("after Flush = %q", got)
	}
}

// Flush returns once everything before it was written; on a Box not started
// that is after Start, never before (rpc's exit can be read before Serve
// starts the writer, and tears the connection down once Flush returns); a
// stuck client ends the wait with ctx.
func TestFlush(t *testing.T) {
	c := newClient()
	b := newBox(t, c, time.Hour, 1)
	b.Push("initialize reply", "")
	early, cancelEarly := context.WithCancel(context.Background())
	cancelEarly()
	if err := b.Flush(early); err != context.Canceled {
		t.Errorf("Flush of a Box not started, with a reply queued = %v, want context.Canceled: it returned before the reply was written", err)
	}
	flushed := make(chan error, 1)
	go func() { flushed <- b.Flush(context.Background()) }()
	b.Start()
	select {
	case err := <-flushed:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(waitBound):
		t.Fatal("Flush did not return after Start wrote what was queued")
	}
	if got := c.next(t); got != "initialize reply" {
		t.Fatalf("written before Start's Flush returned = %q", got)
	}
	release := c.stuck()
	b.Push("reply", "")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := b.Flush(ctx); err != context.Canceled {
		t.Errorf("Flush behind a stuck client = %v, want context.Canceled", err)
	}
	release()
	b.Text("run_a", engine.LaneText, "tail")
	ctx2, cancel2 := context.WithTimeout(context.Background(), waitBound)
	defer cancel2()
	if err := b.Flush(ctx2); err != nil {
		t.Fatal(err)
	}
	if len(c.got) != 2 {
		t.Fatalf("%d messages written when Flush returned, want 2", len(c.got))
	}
	if got := c.next(t); got != "reply" {
		t.Errorf("first = %q", got)
	}
	if got := c.next(t); got != "run_a/text:tail" {
		t.Errorf("second = %q", got)
	}
}

// Close writes what is queued, pending text included, and refuses what
// comes after it.
func TestCloseDrainsAndRefusesMore(t *testing.T) {
	c := newClient()
	b := New(Config[string]{Send: c.send, Interval: time.Hour, Burst: 1,
		Text: func(stream string, lane engine.Lane, text string) string { return text }})
	b.Start()
	b.Push("a", "")
	b.Text("run_a", engine.LaneText, "b")
	ctx, cancel := context.WithTimeout(context.Background(), waitBound)
	defer cancel()
	if err := b.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if got := c.next(t) + c.next(t); got != "ab" {
		t.Errorf("written %q, want ab", got)
	}
	if b.Push("late", "") || b.PushKeyed("late", "k") {
		t.Error("a push after Close was taken")
	}
	b.Text("run_a", engine.LaneText, "late")
	if len(c.got) != 0 {
		t.Errorf("written after Close: %q", <-c.got)
	}
}

// Pushing never blocks, however much waits behind a client that stopped
// reading.
func TestPushNeverBlocksOnAStuckClient(t *testing.T) {
	c := newClient()
	b := newBox(t, c, 0, 0)
	b.Start()
	release := c.stuck()
	defer release()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := range 20000 {
			b.Text("run_a", engine.LaneText, "x")
			b.Push(fmt.Sprint(i), "run_a")
		}
	}()
	select {
	case <-done:
	case <-time.After(waitBound):
		t.Fatal("pushing blocked behind a client that does not read")
	}
}

// Queuing text while the client reads nothing costs the same per piece
// however long the pending text is: ×10 the pieces cost ×10, not ×100.
func TestTextCostLinear(t *testing.T) {
	cost := func(n int) (allocs, bytes uint64) {
		b := New(Config[string]{Send: func(string) {}, Text: func(_ string, _ engine.Lane, s string) string { return s }})
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		for range n {
			b.Text("run_a", engine.LaneText, "a token ")
		}
		runtime.ReadMemStats(&m1)
		return m1.Mallocs - m0.Mallocs, m1.TotalAlloc - m0.TotalAlloc
	}
	cost(1000) // warm up the runtime's caches
	a1, b1 := cost(10_000)
	a10, b10 := cost(100_000)
	if a10 > 10*a1+50 || b10 > 15*b1 {
		t.Errorf("10× the text cost %d allocations and %d bytes, against %d and %d: not linear", a10, b10, a1, b1)
	}
}
