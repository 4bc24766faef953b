package rpc

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/loopls/loopls/engine"
	"github.com/loopls/loopls/engine/machine"
)

// outboxPair is an outbox writing to a connection whose other end the test
// reads.
type outboxPair struct {
	out  *connOutbox
	conn *jsonrpc2.Conn
	r    *stream
	peer net.Conn
}

func newOutboxPair(t testing.TB) *outboxPair {
	p := newIdleOutboxPair(t)
	p.out.start(p.conn)
	return p
}

// newIdleOutboxPair is an outboxPair whose outbox is not started yet: what
// is pushed stays queued until the test starts it.
func newIdleOutboxPair(t testing.TB) *outboxPair {
	server, peer := net.Pipe()
	st := newStream(server, server, server)
	conn := jsonrpc2.NewConn(context.Background(), st, jsonrpc2.HandlerWithError(
		func(context.Context, *jsonrpc2.Conn, *jsonrpc2.Request) (any, error) { return nil, nil }))
	o := newOutbox(slog.New(slog.DiscardHandler))
	p := &outboxPair{out: o, conn: conn, r: newStream(peer, io.Discard, nil), peer: peer}
	t.Cleanup(func() {
		peer.Close()
		conn.Close()
		o.close()
	})
	return p
}

// next reads one notification from the peer side.
func (p *outboxPair) next(t testing.TB) (string, json.RawMessage) {
	t.Helper()
	body, err := p.r.readFrame()
	if err != nil {
		t.Fatalf("reading: %v", err)
	}
	var m struct {
		Method string          `json:"method"`
		Params json.RawMessage `json:"params"`
	}
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatal(err)
	}
	return m.Method, m.Params
}

// Deltas are coalesced without losing a byte, and a run's text always
// precedes the transition queued after it.
func TestOutboxCoalescesDeltasLosslessly(t *testing.T) {
	p := newOutboxPair(t)
	const n = 2000
	var want strings.Builder
	for i := range n {
		piece := fmt.Sprintf("%d,", i)
		want.WriteString(piece)
		p.out.delta("run_a", engine.LaneText, piece)
		if i == n/2 {
			p.out.notify("loopls/transition", map[string]any{"runId": "run_a", "seq": 1}, "run_a")
		}
	}
	p.out.notify("loopls/transition", map[string]any{"runId": "run_a", "seq": 2}, "run_a")

	var got strings.Builder
	deltas := 0
	var beforeFirst string
	for {
		method, params := p.next(t)
		if method == "loopls/transition" {
			if strings.Contains(string(params), `"seq":1`) {
				beforeFirst = got.String()
				continue
			}
			break
		}
		var d DeltaParams
		json.Unmarshal(params, &d)
		if d.RunID != "run_a" || d.Lane != engine.LaneText {
			t.Fatalf("delta %+v", d)
		}
		deltas++
		got.WriteString(d.Text)
	}
	if got.String() != want.String() {
		t.Errorf("the deltas lost or reordered text: got %d bytes, want %d", got.Len(), want.Len())
	}
	if !strings.HasSuffix(beforeFirst, fmt.Sprintf("%d,", n/2)) || strings.Contains(beforeFirst, fmt.Sprintf(",%d,", n/2+1)) {
		t.Errorf("the transition queued after delta %d came after %q", n/2, tail(beforeFirst))
	}
	if deltas >= n/10 {
		t.Errorf("%d delta notifications for %d deltas pushed at once: not coalesced", deltas, n)
	}
}

func tail(s string) string {
	if len(s) > 40 {
		return "…" + s[len(s)-40:]
	}
	return s
}

// Progress reports waiting in the queue are replaced, not piled up.
func TestOutboxReplacesQueuedProgressReports(t *testing.T) {
	p := newIdleOutboxPair(t) // not started: everything stays queued
	for i := range 100 {
		p.out.push(&outMsg{kind: outNotify, method: "$/progress", params: i, key: "progress t"})
	}
	p.out.notify("loopls/transition", 1, "")
	p.out.start(p.conn)
	if method, params := p.next(t); method != "$/progress" || string(params) != "99" {
		t.Errorf("first message %s %s; want the latest report alone, $/progress 99", method, params)
	}
	if method, params := p.next(t); method != "loopls/transition" || string(params) != "1" {
		t.Errorf("second message %s %s; want the transition", method, params)
	}
}

// BenchmarkOutboxNotifications measures notifications per second to a
// client that reads as fast as it can.
func BenchmarkOutboxNotifications(b *testing.B) {
	p := newOutboxPair(b)
	done := make(chan int)
	go func() {
		r := bufio.NewReaderSize(p.peer, 64<<10)
		s := &stream{r: r}
		count := 0
		for range b.N {
			if _, err := s.readFrame(); err != nil {
				break
			}
			count++
		}
		done <- count
	}()
	tr := engine.Transition{RunID: "run_bench", SessionID: "ses_bench", From: machine.StateStart,
		To: machine.StateAwaitingModel, Event: machine.EventCallLLM, Turn: 1, ContextTokens: 1234}
	b.ResetTimer()
	for i := range b.N {
		tr.Seq = i + 1
		p.out.notify("loopls/transition", tr, "")
	}
	got := <-done
	b.StopTimer()
	if got != b.N {
		b.Fatalf("read %d of %d", got, b.N)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "notifications/s")
}

func TestTransitionMessage(t *testing.T) {
	for _, tc := range []struct {
		tr   engine.Transition
		want string
	}{
		{engine.Transition{Turn: 1, To: machine.StateAwaitingModel}, "turn 2 · thinking"},
		{engine.Transition{Turn: 0, To: machine.StateAwaitingTools}, "turn 1 · running tools"},
		{engine.Transition{Turn: 3, To: machine.StateTerminal, Outcome: machine.OutcomeCancelled}, "turn 4 · cancelled"},
	} {
		if got := transitionMessage(tc.tr); got != tc.want {
			t.Errorf("transitionMessage(%+v) = %q, want %q", tc.tr, got, tc.want)
		}
	}
}

// An editor that stops reading does not stall the engine: pushing never
// blocks, however much is queued behind the stuck writer.
func TestOutboxNeverBlocksOnAStuckEditor(t *testing.T) {
	p := newOutboxPair(t) // nobody reads the peer end
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := range 20000 {
			p.out.delta("run_a", engine.LaneText, "x")
			p.out.notify("loopls/transition", map[string]any{"seq": i}, "run_a")
		}
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("pushing blocked behind an editor that does not read")
	}
}
