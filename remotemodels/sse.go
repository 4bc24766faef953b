package remotemodels

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/loopls/loopls/engine"
)

// ErrEventTooLarge: a line or an event of a provider's event stream is
// larger than the reader holds. Both APIs send deltas of a few hundred
// bytes; a megabytes-long line is a broken or hostile server.
var ErrEventTooLarge = errors.New("event-stream event too large")

// maxSSEEvent bounds one line and one event's data (the sum of its data
// lines) of an event stream.
const maxSSEEvent = 8 << 20

// sseEvent is one dispatched event of a text/event-stream.
type sseEvent struct {
	// typ is the event's "event:" field, "" when it has none.
	typ string
	// data is its "data:" lines joined by "\n". It is valid until the
	// reader's next call.
	data []byte
}

// sseReader reads a text/event-stream (the WHATWG HTML "server-sent
// events" format) as both chat APIs stream it: lines end in LF, CRLF or
// CR; a line starting with ':' is a comment; "field: value" lines with one
// optional space after the colon; a blank line dispatches the event when it
// has data. "id" and "retry" mean nothing to a single request and are
// ignored; an event cut off by the end of the stream is dropped.
type sseReader struct {
	scn   *bufio.Scanner
	limit int
	typ   string
	data  []byte
	has   bool // a data line arrived since the last dispatch
	line  int  // lines read, for the BOM and error messages
	// skipLF: the last line ended in a CR at the end of the bytes read,
	// so an LF that comes next is its terminator's second half.
	skipLF bool
}

func newSSEReader(body io.Reader) *sseReader { return newSSEReaderLimit(body, maxSSEEvent) }

// newSSEReaderLimit reads with limit bytes as the bound of a line and of an
// event's data.
func newSSEReaderLimit(body io.Reader, limit int) *sseReader {
	scn := bufio.NewScanner(body)
	// Room for the longest line and its terminator (CRLF, or a CR and the
	// byte that tells whether an LF follows); longer ones fail below.
	scn.Buffer(make([]byte, 0, min(4096, limit+2)), limit+2)
	r := &sseReader{scn: scn, limit: limit}
	scn.Split(r.split)
	return r
}

// next returns the next event; io.EOF when the stream ended cleanly,
// ErrEventTooLarge (wrapped) for a line or event over the bound, or the
// body's read error.
func (r *sseReader) next() (sseEvent, error) {
	if r.has || r.typ != "" {
		r.reset()
	}
	for r.scn.Scan() {
		line := r.scn.Bytes()
		r.line++
		if r.line == 1 {
			line = bytes.TrimPrefix(line, []byte("\xef\xbb\xbf"))
		}
		if len(line) > r.limit {
			return sseEvent{}, r.tooLarge(r.line)
		}
		if len(line) == 0 {
			if r.has {
				return sseEvent{typ: r.typ, data: r.data[:len(r.data)-1]}, nil
			}
			r.reset()
			continue
		}
		if line[0] == ':' {
			continue // a comment: keep-alives such as ": OPENROUTER PROCESSING"
		}
		name, value, _ := bytes.Cut(line, []byte(":"))
		if len(value) > 0 && value[0] == ' ' {
			value = value[1:]
		}
		switch string(name) {
		case "event":
			r.typ = string(value)
		case "data":
			if len(r.data)+len(value) > r.limit {
				return sseEvent{}, r.tooLarge(r.line)
			}
			r.data = append(r.data, value...)
			r.data = append(r.data, '\n')
			r.has = true
		}
	}
	if err := r.scn.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return sseEvent{}, r.tooLarge(r.line + 1)
		}
		return sseEvent{}, err
	}
	return sseEvent{}, io.EOF
}

func (r *sseReader) reset() {
	r.typ, r.data, r.has = "", r.data[:0], false
}

func (r *sseReader) tooLarge(line int) error {
	return fmt.Errorf("%w: line %d of the stream is, or makes an event, longer than %d bytes", ErrEventTooLarge, line, r.limit)
}

// split cuts lines at LF, CRLF or a lone CR, dropping the terminator. A CR
// that ends the bytes read so far ends its line at once (an event must not
// wait for the next one), and an LF right after it is then skipped.
func (r *sseReader) split(data []byte, atEOF bool) (int, []byte, error) {
	if r.skipLF && len(data) > 0 {
		r.skipLF = false
		if data[0] == '\n' {
			return 1, nil, nil
		}
	}
	i := bytes.IndexAny(data, "\r\n")
	if i < 0 {
		if atEOF && len(data) > 0 {
			return len(data), data, nil
		}
		return 0, nil, nil
	}
	if data[i] == '\r' {
		if i+1 < len(data) {
			if data[i+1] == '\n' {
				return i + 2, data[:i], nil
			}
			return i + 1, data[:i], nil
		}
		r.skipLF = true
	}
	return i + 1, data[:i], nil
}

// drain reads the event stream of body, handing each event to handle,
// until handle says the answer is finished, returns an error, or the body
// ends (nil: the caller decides whether the answer was finished). Pings are
// keep-alives, not progress: they never reach handle, so they produce no
// delta and do not feed the driver's stream watchdog. drain closes body.
func drain(body io.ReadCloser, handle func(sseEvent) (done bool, err error)) error {
	defer body.Close()
	r := newSSEReader(body)
	for {
		ev, err := r.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if ev.typ == "ping" {
			continue
		}
		done, err := handle(ev)
		if err != nil {
			return err
		}
		if done {
			// What follows the last event is at most a blank line: read
			// a little of it so the connection can serve the next call.
			_, _ = io.CopyN(io.Discard, body, 4<<10)
			return nil
		}
	}
}

// ErrStreamCut: the stream ended before the answer was finished.
var ErrStreamCut = errors.New("stream ended before the answer finished")

// streamEnd decides the outcome of a finished stream in the order that
// matters: the caller gave up (or its watchdog, the driver's, cut the
// stream), an error, a stream that never said it was finished.
func streamEnd(ctx context.Context, name string, err error, finished bool, classify func(error) error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("%s: stream abandoned: %w", name, ctx.Err())
	}
	if err != nil {
		return classify(err)
	}
	if !finished {
		return &engine.APIError{Transient: true, Cause: ErrStreamCut,
			Message: fmt.Sprintf("the stream of %s ended before the answer was finished (connection cut): it may be retried", name)}
	}
	return nil
}
