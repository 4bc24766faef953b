package localmodels

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// ErrLineTooLarge: a line of Ollama's NDJSON stream is longer than the
// reader holds. A chunk of an answer is a few hundred bytes and a tool
// call rarely more than a file's content; a line of megabytes is a broken
// or hostile server.
var ErrLineTooLarge = errors.New("NDJSON line too large")

const (
	// maxNDJSONLine bounds one line of a stream.
	maxNDJSONLine = 8 << 20
	// ndjsonBufferSize is the reader's buffer, the memory a stream costs
	// while its lines are shorter; a longer line grows a buffer of its own
	// as far as it needs, up to maxNDJSONLine.
	ndjsonBufferSize = 16 << 10
)

// ndjsonReader reads newline-delimited JSON as Ollama streams it: one
// value a line, lines ended by LF (a CR before it is dropped too). Blank
// lines are skipped; a last line without its LF is still a line.
type ndjsonReader struct {
	br    *bufio.Reader
	limit int
	long  []byte // the line being read, when it outgrows br's buffer
	line  int    // lines read, for error messages
}

func newNDJSONReader(body io.Reader) *ndjsonReader {
	return newNDJSONReaderSize(body, ndjsonBufferSize, maxNDJSONLine)
}

// newNDJSONReaderSize reads with a buffer of size bytes (bufio's minimum
// is 16) and limit bytes as the bound of a line, its terminator excluded.
func newNDJSONReaderSize(body io.Reader, size, limit int) *ndjsonReader {
	return &ndjsonReader{br: bufio.NewReaderSize(body, min(size, limit+2)), limit: limit}
}

// next returns the next line that is not blank, without its terminator;
// it is valid until the next call. It returns io.EOF when the stream
// ended cleanly, ErrLineTooLarge (wrapped) for a line over the bound, or
// the body's read error.
func (r *ndjsonReader) next() ([]byte, error) {
	for {
		line, err := r.readLine()
		if err != nil {
			return nil, err
		}
		r.line++
		if len(line) > r.limit {
			return nil, r.tooLarge()
		}
		if len(bytes.TrimSpace(line)) > 0 {
			return line, nil
		}
	}
}

// readLine returns one line without its LF or CRLF. Only a line longer
// than br's buffer is copied, into r.long, which never holds more than
// limit plus the two bytes of a CRLF.
func (r *ndjsonReader) readLine() ([]byte, error) {
	r.long = r.long[:0]
	for {
		frag, err := r.br.ReadSlice('\n')
		switch {
		case err == nil:
			if len(r.long) > 0 {
				r.long = append(r.long, frag...)
				frag = r.long
			}
			frag = frag[:len(frag)-1]
			return bytes.TrimSuffix(frag, []byte("\r")), nil
		case errors.Is(err, bufio.ErrBufferFull):
			if len(r.long)+len(frag) > r.limit+1 {
				// Even if the next byte is the LF after a CR, the line is
				// over the bound: stop before holding more of it.
				r.line++
				return nil, r.tooLarge()
			}
			r.long = append(r.long, frag...)
		case errors.Is(err, io.EOF):
			if len(r.long)+len(frag) == 0 {
				return nil, io.EOF
			}
			r.long = append(r.long, frag...)
			return bytes.TrimSuffix(r.long, []byte("\r")), nil
		default:
			return nil, err
		}
	}
}

func (r *ndjsonReader) tooLarge() error {
	return fmt.Errorf("%w: line %d of the stream is longer than %d bytes", ErrLineTooLarge, r.line, r.limit)
}
