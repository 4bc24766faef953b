package remotemodels

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

// readAll reads every event of stream with a reader bounded at limit.
func readAll(stream string, limit int) ([]sseEvent, error) {
	r := newSSEReaderLimit(strings.NewReader(stream), limit)
	var out []sseEvent
	for {
		ev, err := r.next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, sseEvent{typ: ev.typ, data: bytes.Clone(ev.data)})
	}
}

func TestSSEFraming(t *testing.T) {
	type ev struct{ typ, data string }
	for _, tc := range []struct {
		name   string
		stream string
		want   []ev
	}{
		{"one event", "data: {\"a\":1}\n\n", []ev{{"", `{"a":1}`}}},
		{"multi-line data joined by LF", "data: one\ndata: two\ndata:\ndata: four\n\n", []ev{{"", "one\ntwo\n\nfour"}}},
		{"event type", "event: message_start\ndata: {}\n\nevent: ping\ndata: {}\n\n", []ev{{"message_start", "{}"}, {"ping", "{}"}}},
		{"type does not leak into the next event", "event: a\ndata: 1\n\ndata: 2\n\n", []ev{{"a", "1"}, {"", "2"}}},
		{"comments and keep-alives", ": OPENROUTER PROCESSING\n\n:\ndata: x\n: mid-event comment\n\n", []ev{{"", "x"}}},
		{"CRLF", "event: e\r\ndata: a\r\ndata: b\r\n\r\ndata: [DONE]\r\n\r\n", []ev{{"e", "a\nb"}, {"", "[DONE]"}}},
		{"lone CR", "data: a\rdata: b\r\rdata: c\r\r", []ev{{"", "a\nb"}, {"", "c"}}},
		{"mixed endings", "data: a\r\n\ndata: b\r\r\ndata: c\n\r", []ev{{"", "a"}, {"", "b"}, {"", "c"}}},
		{"no space after the colon", "data:x\nevent:t\n\n", []ev{{"t", "x"}}},
		{"only one space is stripped", "data:  two spaces\n\n", []ev{{"", " two spaces"}}},
		{"colon in the value", "data: {\"url\":\"http://x\"}\n\n", []ev{{"", `{"url":"http://x"}`}}},
		{"id and retry ignored", "id: 7\nretry: 100\ndata: x\n\n", []ev{{"", "x"}}},
		{"unknown field and field without colon", "foo: bar\ndata\n\n", []ev{{"", ""}}},
		{"blank lines without data dispatch nothing", "\n\nevent: lonely\n\n\ndata: x\n\n", []ev{{"", "x"}}},
		{"byte order mark", "\xef\xbb\xbfdata: x\n\n", []ev{{"", "x"}}},
		{"event cut by the end is dropped", "data: whole\n\ndata: half", []ev{{"", "whole"}}},
		{"event without its blank line is dropped", "data: whole\n\ndata: half\n", []ev{{"", "whole"}}},
		{"empty stream", "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := readAll(tc.stream, 1024)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("events %q, want %q", got, tc.want)
			}
			for i, w := range tc.want {
				if got[i].typ != w.typ || string(got[i].data) != w.data {
					t.Errorf("event %d = %q %q, want %q %q", i, got[i].typ, got[i].data, w.typ, w.data)
				}
			}
		})
	}
}

func TestSSEBoundsLinesAndEvents(t *testing.T) {
	for name, stream := range map[string]string{
		"a long line":                   "data: ok\n\ndata: " + strings.Repeat("x", 200) + "\n\n",
		"a long line without its end":   "data: ok\n\ndata: " + strings.Repeat("x", 200),
		"a long comment":                "data: ok\n\n:" + strings.Repeat("x", 200) + "\n",
		"many short lines in one event": "data: ok\n\n" + strings.Repeat("data: 0123456789\n", 20) + "\n",
		"a long line with CRLF":         "data: ok\r\n\r\ndata: " + strings.Repeat("x", 100) + "\r\n\r\n",
	} {
		t.Run(name, func(t *testing.T) {
			got, err := readAll(stream, 100)
			if !errors.Is(err, ErrEventTooLarge) {
				t.Fatalf("err = %v, want ErrEventTooLarge", err)
			}
			if !strings.Contains(err.Error(), "100 bytes") || !strings.Contains(err.Error(), "line") {
				t.Errorf("the error does not say what was too long: %v", err)
			}
			if len(got) != 1 || string(got[0].data) != "ok" {
				t.Errorf("events before the long line: %q", got)
			}
		})
	}
	// At the bound exactly, a line and an event pass.
	line := "data: " + strings.Repeat("x", 94)
	if got, err := readAll(line+"\r\n\r\n", 100); err != nil || len(got) != 1 || len(got[0].data) != 94 {
		t.Fatalf("a line at the bound: %d events, %v", len(got), err)
	}
}

// A read error of the body is the reader's error, after the events before
// it.
func TestSSEReadError(t *testing.T) {
	boom := errors.New("connection reset")
	r := newSSEReader(io.MultiReader(strings.NewReader("data: a\n\n"), &failingReader{err: boom}))
	if ev, err := r.next(); err != nil || string(ev.data) != "a" {
		t.Fatalf("first event %q, %v", ev.data, err)
	}
	if _, err := r.next(); !errors.Is(err, boom) {
		t.Fatalf("err = %v, want the read error", err)
	}
}

type failingReader struct{ err error }

func (f *failingReader) Read([]byte) (int, error) { return 0, f.err }

// An event whose blank line is a CR that ends what the server has sent so
// far is dispatched at once: it does not wait for the server's next bytes
// to see whether an LF follows.
func TestSSELoneCRDoesNotWaitForTheNextEvent(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	r := newSSEReader(pr)
	got := make(chan sseEvent, 1)
	go func() {
		ev, err := r.next()
		if err == nil {
			got <- sseEvent{typ: ev.typ, data: bytes.Clone(ev.data)}
		}
		close(got)
	}()
	if _, err := io.WriteString(pw, "data: first\r\r"); err != nil {
		t.Fatal(err)
	}
	select {
	case ev, ok := <-got:
		if !ok || string(ev.data) != "first" {
			t.Fatalf("event %q (ok %v)", ev.data, ok)
		}
	case <-time.After(waitBound):
		t.Fatal("the event waited for bytes the server had not sent")
	}
	// The LF that may follow the CR is the rest of its line end, not a
	// blank line of its own.
	go func() { _, _ = io.WriteString(pw, "\ndata: second\n\n"); pw.Close() }()
	if ev, err := r.next(); err != nil || string(ev.data) != "second" {
		t.Fatalf("second event %q, %v", ev.data, err)
	}
	if _, err := r.next(); err != io.EOF {
		t.Fatalf("err = %v, want io.EOF", err)
	}
}

// FuzzSSE reads any bytes without panicking, within its bounds, and reads
// the same events whichever line ending the stream uses.
func FuzzSSE(f *testing.F) {
	f.Add([]byte("data: {\"a\":1}\n\n"))
	f.Add([]byte("event: message_start\ndata: {}\n\n: comment\ndata: a\ndata: b\n\n"))
	f.Add([]byte("data: [DONE]\n\n"))
	f.Add([]byte("\xef\xbb\xbfdata:x\nid: 1\nretry: 5\n\ndata: half"))
	f.Add([]byte("data: " + strings.Repeat("y", 80) + "\n\n"))
	f.Fuzz(func(t *testing.T, stream []byte) {
		const limit = 64
		lf, errLF := readAll(string(stream), limit)
		for _, ev := range lf {
			if len(ev.data) > limit {
				t.Fatalf("an event of %d bytes passed a bound of %d", len(ev.data), limit)
			}
		}
		if errLF != nil && !errors.Is(errLF, ErrEventTooLarge) {
			t.Fatalf("err = %v", errLF)
		}
		if bytes.IndexByte(stream, '\r') >= 0 {
			return
		}
		for _, eol := range []string{"\r\n", "\r"} {
			other, err := readAll(strings.ReplaceAll(string(stream), "\n", eol), limit)
			if (err != nil) != (errLF != nil) || len(other) != len(lf) {
				t.Fatalf("%q endings: %d events, %v; with LF %d events, %v", eol, len(other), err, len(lf), errLF)
			}
			for i := range lf {
				if other[i].typ != lf[i].typ || !bytes.Equal(other[i].data, lf[i].data) {
					t.Fatalf("%q endings: event %d = %q %q, with LF %q %q", eol, i, other[i].typ, other[i].data, lf[i].typ, lf[i].data)
				}
			}
		}
	})
}
