package rpc

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/loopls/loopls/redact"
)

// MaxMessageBytes is the largest message body the daemon reads. A bigger one
// is answered with an error at once and skipped unread: the stream
// resynchronises at the next message's Content-Length header, so a length
// that lies (2^63-1 bytes that never come) cannot silence the daemon, and
// memory stays bounded whatever the length says. The connection goes on.
const MaxMessageBytes = 16 << 20

// maxHeaderLine bounds one header line, so a stream of garbage without a
// newline cannot grow a buffer without limit.
const maxHeaderLine = 64 << 10

// aliasPrefix marks the string ids the stream substitutes for numeric ids
// that jsonrpc2 v0.2 cannot carry (negative, fractional, beyond int64). A
// NUL byte never appears in an id a real client picks.
const aliasPrefix = "\x00loopls-id:"

// stream is a jsonrpc2.ObjectStream over the LSP base protocol
// (Content-Length framed JSON). Unlike jsonrpc2's own codec it never ends the
// connection over a bad message: malformed JSON, a batch, a frame without
// Content-Length, an oversized body or an id jsonrpc2 cannot represent are
// each answered with a JSON-RPC error, and reading goes on with the next
// message. Only an I/O error (EOF included) ends it.
type stream struct {
	r      *bufio.Reader
	closer io.Closer

	wmu sync.Mutex // one frame at a time
	w   *bufio.Writer

	amu     sync.Mutex
	aliases map[string]json.RawMessage // alias → the id the client sent
	byRaw   map[string]string          // the id the client sent → alias
	nextID  uint64

	// resync is set after a frame without Content-Length: its body has an
	// unknown length, so reading skips to the next Content-Length header.
	resync bool
}

func newStream(r io.Reader, w io.Writer, closer io.Closer) *stream {
	return &stream{
		r:       bufio.NewReaderSize(r, maxHeaderLine),
		w:       bufio.NewWriterSize(w, 32<<10),
		closer:  closer,
		aliases: make(map[string]json.RawMessage),
		byRaw:   make(map[string]string),
	}
}

// frameError is a message that could not be read but left the stream in
// step: it is answered, and reading goes on.
type frameError struct {
	code int64
	msg  string
	id   json.RawMessage // nil = null
}

func (e *frameError) Error() string { return e.msg }

// ReadObject implements jsonrpc2.ObjectStream. It returns only well-formed
// single messages; everything else is answered here.
func (s *stream) ReadObject(v any) error {
	for {
		body, err := s.readFrame()
		var fe *frameError
		if errors.As(err, &fe) {
			if werr := s.writeError(fe); werr != nil {
				return werr
			}
			continue
		}
		if err != nil {
			return err
		}
		msg, fe := s.check(body)
		if fe != nil {
			if werr := s.writeError(fe); werr != nil {
				return werr
			}
			continue
		}
		// Zero v first: a failed decode may leave half a message in it.
		rv := reflect.ValueOf(v).Elem()
		rv.Set(reflect.Zero(rv.Type()))
		if err := json.Unmarshal(msg, v); err != nil {
			fe := &frameError{code: jsonrpc2.CodeInvalidRequest, msg: "invalid request: " + err.Error(), id: idOf(msg)}
			if werr := s.writeError(fe); werr != nil {
				return werr
			}
			continue
		}
		return nil
	}
}

// readFrame reads one message body. A *frameError means the frame was bad
// but the stream is still in step.
func (s *stream) readFrame() ([]byte, error) {
	if s.resync {
		if err := s.skipToContentLength(); err != nil {
			return nil, err
		}
	}
	length := int64(-1)
	headers := 0
	if s.resync {
		s.resync = false
		line, err := s.readLine()
		if err != nil {
			return nil, err
		}
		headers++
		length, err = parseLength(line)
		if err != nil {
			length = -2
		}
	}
	for {
		line, err := s.readLine()
		if err != nil {
			return nil, err
		}
		if line == "" {
			if headers == 0 {
				continue // a stray blank line between messages
			}
			break
		}
		headers++
		name, value, ok := strings.Cut(line, ":")
		if !ok || !strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			continue // Content-Type and unknown headers are ignored
		}
		n, err := parseLength(value)
		if err != nil {
			length = -2
			continue
		}
		length = n
	}
	switch {
	case length == -1:
		s.resync = true
		return nil, &frameError{code: jsonrpc2.CodeParseError, msg: "the message has no Content-Length header: every message needs `Content-Length: N` followed by a blank line"}
	case length == -2:
		s.resync = true
		return nil, &frameError{code: jsonrpc2.CodeParseError, msg: "the Content-Length header is not a byte count"}
	case length > MaxMessageBytes:
		// Answered before the body is skipped, and skipped by looking for
		// the next header rather than by counting: the body may never come.
		s.resync = true
		return nil, &frameError{code: jsonrpc2.CodeInvalidRequest,
			msg: fmt.Sprintf("message of %d bytes exceeds the limit of %d bytes (MaxMessageBytes) and was skipped: reading resumes at the next Content-Length header", length, MaxMessageBytes)}
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(s.r, body); err != nil {
		return nil, err
	}
	return body, nil
}

// parseLength parses a Content-Length value.
func parseLength(v string) (int64, error) {
	n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("bad Content-Length %q", v)
	}
	return n, nil
}

// readLine reads one header line without its line ending ("\r\n" or "\n").
func (s *stream) readLine() (string, error) {
	line, err := s.r.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		// A header line this long is garbage; drop it whole.
		for errors.Is(err, bufio.ErrBufferFull) {
			_, err = s.r.ReadSlice('\n')
		}
		if err != nil {
			return "", err
		}
		return "X-Oversized-Header: dropped", nil
	}
	if err != nil {
		return "", err
	}
	line = bytes.TrimRight(line, "\r\n")
	return string(line), nil
}

// skipToContentLength discards input up to and including the next
// "Content-Length:" (any case), leaving the header's value to be read.
func (s *stream) skipToContentLength() error {
	const want = "content-length:"
	matched := 0
	for matched < len(want) {
		b, err := s.r.ReadByte()
		if err != nil {
			return err
		}
		c := b
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		switch {
		case c == want[matched]:
			matched++
		case c == want[0]:
			matched = 1
		default:
			matched = 0
		}
	}
	return nil
}

// check validates one body as a single JSON-RPC message and returns it,
// with an unrepresentable id replaced by an alias.
func (s *stream) check(body []byte) ([]byte, *frameError) {
	body = bytes.TrimSpace(body)
	if !json.Valid(body) {
		return nil, &frameError{code: jsonrpc2.CodeParseError, msg: "parse error: the message is not valid JSON"}
	}
	switch {
	case len(body) > 0 && body[0] == '[':
		return nil, &frameError{code: jsonrpc2.CodeInvalidRequest, msg: "batches are not supported by the LSP base protocol: send one message per frame"}
	case len(body) == 0 || body[0] != '{':
		return nil, &frameError{code: jsonrpc2.CodeInvalidRequest, msg: "invalid request: a message must be a JSON object"}
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(body, &fields); err != nil {
		return nil, &frameError{code: jsonrpc2.CodeInvalidRequest, msg: "invalid request: " + err.Error()}
	}
	rawID, hasID := fields["id"]
	if hasID && !bytes.Equal(rawID, []byte("null")) {
		switch rawID[0] {
		case '"':
			// Strings are fine, unless one mimics an alias.
			var str string
			if json.Unmarshal(rawID, &str) == nil && strings.HasPrefix(str, aliasPrefix) {
				return nil, &frameError{code: jsonrpc2.CodeInvalidRequest, msg: "invalid request: the id holds a NUL byte"}
			}
		case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
			if n, err := strconv.ParseInt(string(rawID), 10, 64); err != nil || n < 0 {
				fields["id"] = s.alias(rawID)
				body, _ = json.Marshal(fields)
			}
		default:
			return nil, &frameError{code: jsonrpc2.CodeInvalidRequest, msg: "invalid request: the id must be a number or a string"}
		}
	}
	method, hasMethod := fields["method"]
	if hasMethod {
		var m string
		if err := json.Unmarshal(method, &m); err != nil {
			return nil, &frameError{code: jsonrpc2.CodeInvalidRequest, msg: "invalid request: method must be a string", id: s.clientID(fields["id"])}
		}
		if p, ok := fields["params"]; ok && len(p) > 0 && p[0] != '{' && p[0] != '[' && !bytes.Equal(p, []byte("null")) {
			return nil, &frameError{code: jsonrpc2.CodeInvalidRequest, msg: "invalid request: params must be an object or an array", id: s.clientID(fields["id"])}
		}
	} else if _, r := fields["result"]; !r {
		if _, e := fields["error"]; !e {
			return nil, &frameError{code: jsonrpc2.CodeInvalidRequest, msg: "invalid request: the message has no method", id: s.clientID(fields["id"])}
		}
	}
	return body, nil
}

// alias returns a string id standing for raw, creating it if needed.
func (s *stream) alias(raw json.RawMessage) json.RawMessage {
	s.amu.Lock()
	defer s.amu.Unlock()
	key := string(raw)
	a, ok := s.byRaw[key]
	if !ok {
		s.nextID++
		a = aliasPrefix + strconv.FormatUint(s.nextID, 10)
		s.aliases[a] = append(json.RawMessage(nil), raw...)
		s.byRaw[key] = a
	}
	b, _ := json.Marshal(a)
	return b
}

// clientID returns the id as the client wrote it, undoing an alias.
func (s *stream) clientID(id json.RawMessage) json.RawMessage {
	if len(id) == 0 {
		return nil
	}
	var str string
	if json.Unmarshal(id, &str) == nil && strings.HasPrefix(str, aliasPrefix) {
		s.amu.Lock()
		defer s.amu.Unlock()
		return s.aliases[str]
	}
	return id
}

// requestID maps an id as the client wrote it (in $/cancelRequest) to the
// ID jsonrpc2 knows its request by: the alias of an id jsonrpc2 cannot
// carry, else the id itself. Aliases never leave the stream.
func (s *stream) requestID(raw json.RawMessage) (jsonrpc2.ID, bool) {
	raw = bytes.TrimSpace(raw)
	s.amu.Lock()
	a, ok := s.byRaw[string(raw)]
	s.amu.Unlock()
	if ok {
		return jsonrpc2.ID{Str: a, IsString: true}, true
	}
	var str string
	if json.Unmarshal(raw, &str) == nil {
		return jsonrpc2.ID{Str: str, IsString: true}, true
	}
	n, err := strconv.ParseUint(string(raw), 10, 64)
	if err != nil {
		return jsonrpc2.ID{}, false
	}
	return jsonrpc2.ID{Num: n}, true
}

// idOf extracts a message's id for an error reply, or nil.
func idOf(msg []byte) json.RawMessage {
	var m struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(msg, &m) != nil {
		return nil
	}
	return m.ID
}

// WriteObject implements jsonrpc2.ObjectStream.
func (s *stream) WriteObject(obj any) error {
	data, err := json.Marshal(obj)
	if err != nil {
		return err
	}
	// Everything the daemon sends passes here: no secret leaves in it.
	data = redact.Default().Bytes(data)
	if bytes.Contains(data, []byte(`"\u0000loopls-id:`)) {
		data = s.unalias(data)
	}
	return s.writeFrame(data)
}

// unalias puts the client's own id back into a response to an aliased one.
func (s *stream) unalias(data []byte) []byte {
	var fields map[string]json.RawMessage
	if json.Unmarshal(data, &fields) != nil {
		return data
	}
	var str string
	if json.Unmarshal(fields["id"], &str) != nil || !strings.HasPrefix(str, aliasPrefix) {
		return data
	}
	_, isReply := fields["result"]
	_, isErr := fields["error"]
	s.amu.Lock()
	raw, ok := s.aliases[str]
	if ok && (isReply || isErr) {
		delete(s.aliases, str)
		delete(s.byRaw, string(raw))
	}
	s.amu.Unlock()
	if !ok {
		return data
	}
	fields["id"] = raw
	out, err := json.Marshal(fields)
	if err != nil {
		return data
	}
	return out
}

// writeError answers a bad frame.
func (s *stream) writeError(fe *frameError) error {
	id := fe.id
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	data, err := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   *jsonrpc2.Error `json:"error"`
	}{"2.0", id, &jsonrpc2.Error{Code: fe.code, Message: fe.msg}})
	if err != nil {
		return err
	}
	return s.writeFrame(data)
}

func (s *stream) writeFrame(data []byte) error {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	if _, err := fmt.Fprintf(s.w, "Content-Length: %d\r\n\r\n", len(data)); err != nil {
		return err
	}
	if _, err := s.w.Write(data); err != nil {
		return err
	}
	return s.w.Flush()
}

// Close implements jsonrpc2.ObjectStream.
func (s *stream) Close() error {
	if s.closer == nil {
		return nil
	}
	return s.closer.Close()
}
