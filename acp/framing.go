package acp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"sync"

	"github.com/loopls/loopls/redact"
)

// maxLine bounds one incoming message. The SDK's reader stops the whole
// connection on a longer line, so longer lines are answered and dropped here.
const maxLine = 8 << 20

// lockedWriter serializes whole-message writes of the SDK and of the input
// guard onto one stream, so their lines never interleave. Every message
// leaves scrubbed of secrets (a message is one line: scrubbing a whole
// write never splits a secret).
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, err := l.w.Write(redact.Default().Bytes(p)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// rpcError is a JSON-RPC error answer written by the input guard.
type rpcError struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// The JSON-RPC codes of bad input.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
)

// checkLine decides whether a line may go on to the SDK. It returns the
// error answer for a line that must not: a line that is not JSON (-32700), or
// JSON that is no JSON-RPC message (-32600). The SDK only logs those and
// leaves the client waiting; JSON-RPC 2.0 says they are answered.
func checkLine(line []byte) (answer []byte, pass bool) {
	if !json.Valid(line) {
		return errorLine(nil, codeParseError, "parse error: the line is not JSON; send one JSON-RPC message per line"), false
	}
	var msg struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Method  *string         `json:"method"`
		Result  json.RawMessage `json:"result"`
		Error   json.RawMessage `json:"error"`
	}
	if err := json.Unmarshal(line, &msg); err != nil {
		return errorLine(nil, codeInvalidRequest, "invalid request: a message must be a JSON object"), false
	}
	id := validID(msg.ID)
	switch {
	case msg.JSONRPC != "2.0":
		return errorLine(id, codeInvalidRequest, `invalid request: "jsonrpc" must be "2.0"`), false
	case msg.Method != nil && *msg.Method == "":
		return errorLine(id, codeInvalidRequest, `invalid request: "method" must not be empty`), false
	case msg.Method == nil && len(msg.ID) == 0:
		return errorLine(nil, codeInvalidRequest, `invalid request: a message needs a "method" or, for a response, an "id"`), false
	case len(msg.ID) > 0 && id == nil:
		return errorLine(nil, codeInvalidRequest, `invalid request: "id" must be a string, a number or null`), false
	}
	return nil, true
}

// validID returns id if it is a legal JSON-RPC id, else nil.
func validID(id json.RawMessage) json.RawMessage {
	id = bytes.TrimSpace(id)
	if len(id) == 0 {
		return nil
	}
	switch id[0] {
	case '"', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return id
	case 'n':
		return id // null
	}
	return nil
}

func errorLine(id json.RawMessage, code int, message string) []byte {
	e := rpcError{JSONRPC: "2.0", ID: id}
	if e.ID == nil {
		e.ID = json.RawMessage("null")
	}
	e.Error.Code = code
	e.Error.Message = message
	b, _ := json.Marshal(e) // plain strings and raw JSON: cannot fail
	return append(b, '\n')
}

// guardInput copies the client's lines to w, answering bad lines on out
// instead of passing them on. It returns when in ends or w is closed.
func guardInput(in io.Reader, w *io.PipeWriter, out io.Writer) {
	r := bufio.NewReaderSize(in, 64<<10)
	var line []byte
	tooLong := false
	for {
		chunk, err := r.ReadSlice('\n')
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			if !tooLong {
				line = append(line, chunk...)
				if len(line) > maxLine {
					tooLong, line = true, nil
				}
			}
			continue
		case err != nil && len(chunk) == 0 && len(line) == 0:
			w.CloseWithError(err)
			return
		}
		if !tooLong {
			line = append(line, chunk...)
			tooLong = len(bytes.TrimRight(line, "\r\n")) > maxLine
		}
		msg := bytes.TrimSpace(line)
		switch {
		case tooLong:
			if _, werr := out.Write(errorLine(nil, codeInvalidRequest, "invalid request: the message is longer than 8 MiB")); werr != nil {
				w.CloseWithError(werr)
				return
			}
		case len(msg) == 0:
		default:
			if answer, pass := checkLine(msg); !pass {
				if _, werr := out.Write(answer); werr != nil {
					w.CloseWithError(werr)
					return
				}
			} else if _, werr := w.Write(append(msg, '\n')); werr != nil {
				return
			}
		}
		line, tooLong = line[:0], false
		if err != nil {
			w.CloseWithError(err)
			return
		}
	}
}
