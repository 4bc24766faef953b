package localmodels

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/loopls/loopls/engine"
)

// readLines reads every line of stream with a buffer of size and a bound
// of limit, through a body that returns one byte a read when slow is set.
func readLines(stream string, size, limit int, slow bool) ([]string, error) {
	var body io.Reader = strings.NewReader(stream)
	if slow {
		body = iotest.OneByteReader(body)
	}
	r := newNDJSONReaderSize(body, size, limit)
	var out []string
	for {
		line, err := r.next()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, string(line))
	}
}

// referenceLines is what a reader must return: the stream cut at LF, a CR
// before the LF dropped, blank lines skipped.
func referenceLines(stream string) []string {
	var out []string
	for _, l := range strings.Split(stream, "\n") {
		l = strings.TrimSuffix(l, "\r")
		if len(bytes.TrimSpace([]byte(l))) > 0 {
			out = append(out, l)
		}
	}
	return out
}

func TestNDJSONLines(t *testing.T) {
	long := `{"message":{"content":"` + strings.Repeat("x", 200) + `"}}`
	for _, tc := range []struct {
		name, stream string
		want         []string
	}{
		{"LF", "{\"a\":1}\n{\"b\":2}\n", []string{`{"a":1}`, `{"b":2}`}},
		{"CRLF", "{\"a\":1}\r\n{\"b\":2}\r\n", []string{`{"a":1}`, `{"b":2}`}},
		{"blank lines", "\n\r\n  \n{\"a\":1}\n\n", []string{`{"a":1}`}},
		{"last line without LF", "{\"a\":1}\n{\"b\":", []string{`{"a":1}`, `{"b":`}},
		{"a line longer than the buffer", long + "\n" + long + "\r\n{}\n", []string{long, long, "{}"}},
		{"empty", "", nil},
	} {
		for _, slow := range []bool{false, true} {
			got, err := readLines(tc.stream, 16, 1024, slow)
			if err != nil {
				t.Fatalf("%s (slow %v): %v", tc.name, slow, err)
			}
			if strings.Join(got, "|") != strings.Join(tc.want, "|") || len(got) != len(tc.want) {
				t.Errorf("%s (slow %v): lines %q, want %q", tc.name, slow, got, tc.want)
			}
		}
	}
}

func TestNDJSONLineTooLarge(t *testing.T) {
	const limit = 64
	atBound := strings.Repeat("y", limit)
	got, err := readLines("{}\n"+atBound+"\r\n"+atBound+"y\n{}\n", 16, limit, false)
	if !errors.Is(err, ErrLineTooLarge) {
		t.Fatalf("err = %v, want ErrLineTooLarge", err)
	}
	if len(got) != 2 || got[1] != atBound {
		t.Errorf("lines before the long one %q, want {} and the %d-byte line", got, limit)
	}
	if msg := err.Error(); !strings.Contains(msg, "line 3") || !strings.Contains(msg, "64 bytes") {
		t.Errorf("message %q should name the line and the bound", msg)
	}
	// A last line without its LF is bounded the same way.
	if _, err := readLines(atBound+"z", 16, limit, true); !errors.Is(err, ErrLineTooLarge) {
		t.Errorf("unterminated long line: err = %v", err)
	}
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// endless is a body of one line that never ends.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	return len(p), nil
}

func TestNDJSONEndlessLineStopsAtTheBound(t *testing.T) {
	const limit = 1 << 20
	body := &countingReader{r: endless{}}
	r := newNDJSONReaderSize(body, 4096, limit)
	if _, err := r.next(); !errors.Is(err, ErrLineTooLarge) {
		t.Fatalf("err = %v, want ErrLineTooLarge", err)
	}
	if body.n > limit+2*4096 {
		t.Errorf("read %d bytes of an endless line, bound %d", body.n, limit)
	}
	if cap(r.long) > 2*limit {
		t.Errorf("held %d bytes for a line bounded at %d", cap(r.long), limit)
	}
}

func TestNDJSONReadErrorIsNotEOF(t *testing.T) {
	boom := errors.New("connection reset")
	body := io.MultiReader(strings.NewReader("{\"a\":1}\n{\"b\""), iotest.ErrReader(boom))
	r := newNDJSONReaderSize(body, 16, 1024)
	if line, err := r.next(); err != nil || string(line) != `{"a":1}` {
		t.Fatalf("first line %q, %v", line, err)
	}
	if _, err := r.next(); !errors.Is(err, boom) {
		t.Fatalf("err = %v, want the body's error, not a cut line or EOF", err)
	}
}

func FuzzNDJSON(f *testing.F) {
	f.Add([]byte("{\"message\":{\"content\":\"Hi\"},\"done\":false}\n{\"done\":true}\n"))
	f.Add([]byte("{\"a\":1}\r\n\r\n{\"b\":2}"))
	f.Add([]byte("\n\n \t\n"))
	f.Add([]byte(strings.Repeat("z", 70) + "\n{}\n"))
	f.Add([]byte("{\"error\":\"boom\"}\r"))
	f.Fuzz(func(t *testing.T, stream []byte) {
		const limit = 64
		want := referenceLines(string(stream))
		// Every line is bounded, blank or not: overLong is how many of
		// the wanted lines come before the first line over the bound.
		overLong, off := -1, 0
		for _, l := range strings.Split(string(stream), "\n") {
			if len(strings.TrimSuffix(l, "\r")) > limit {
				overLong = len(referenceLines(string(stream)[:off]))
				break
			}
			off += len(l) + 1
		}
		for _, slow := range []bool{false, true} {
			got, err := readLines(string(stream), 16, limit, slow)
			if overLong < 0 {
				if err != nil {
					t.Fatalf("slow %v: err = %v", slow, err)
				}
				if strings.Join(got, "\x00") != strings.Join(want, "\x00") || len(got) != len(want) {
					t.Fatalf("slow %v: lines %q, want %q", slow, got, want)
				}
				continue
			}
			// Lines are bounded: a reader stops at or before the first line
			// over the bound, having returned the ones before it whole. (A
			// line of blanks over the bound stops it too.)
			if !errors.Is(err, ErrLineTooLarge) {
				t.Fatalf("slow %v: err = %v, want ErrLineTooLarge: a line is over %d bytes", slow, err, limit)
			}
			if len(got) > overLong {
				t.Fatalf("slow %v: %d lines returned, the %dth is over the bound", slow, len(got), overLong+1)
			}
			for i, l := range got {
				if l != want[i] {
					t.Fatalf("slow %v: line %d = %q, want %q", slow, i, l, want[i])
				}
			}
		}
	})
}

// FuzzNDJSONChat reads any body as a /api/chat stream: it never panics,
// the answer is the sum of its deltas, and every call's arguments are JSON.
func FuzzNDJSONChat(f *testing.F) {
	f.Add([]byte("{\"message\":{\"content\":\"Hel\"}}\n{\"message\":{\"content\":\"lo\"},\"done\":true,\"done_reason\":\"stop\",\"eval_count\":2}\n"))
	f.Add([]byte("{\"message\":{\"thinking\":\"hm\",\"tool_calls\":[{\"function\":{\"name\":\"read_file\",\"arguments\":{\"path\":\"a\",\"n\":12345678901234567890}}}]},\"done\":true}\n"))
	f.Add([]byte("{\"message\":{\"tool_calls\":[{\"function\":{\"name\":\"x\",\"arguments\":\"[1,\"}}]}}\n"))
	f.Add([]byte("{\"message\":{\"content\":\"Half\"}}\n{\"error\":\"boom\"}\n"))
	f.Add([]byte("{\"error\":{\"message\":\"nested\"}}\n"))
	f.Add([]byte("not json\n"))
	f.Fuzz(func(t *testing.T, body []byte) {
		var acc ollamaStream
		var text, thinking strings.Builder
		err := readChat(bytes.NewReader(body), func(c *chatChunk) {
			acc.add(c, func(d engine.Delta) {
				switch d.Lane {
				case engine.LaneText:
					text.WriteString(d.Text)
				case engine.LaneThinking:
					thinking.WriteString(d.Text)
				}
			})
		})
		resp := acc.response("ollama:fuzz")
		if resp.Message.Content != text.String() || resp.Message.Thinking != thinking.String() {
			t.Fatalf("answer %q / %q, deltas %q / %q", resp.Message.Content, resp.Message.Thinking, text.String(), thinking.String())
		}
		for _, c := range resp.Message.ToolCalls {
			if !json.Valid(c.Arguments) || c.ID == "" {
				t.Fatalf("call %+v: arguments not JSON or no id", c)
			}
		}
		if err != nil && errors.Is(err, io.EOF) {
			t.Fatalf("err = %v: a clean end is nil", err)
		}
	})
}
